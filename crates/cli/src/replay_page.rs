//! The replay page of `sudoku playground` and `sudoku trace --html`: one
//! self-contained HTML file (styles, script and the approaches themselves,
//! nothing to fetch, nothing to install) that runs the approaches live and
//! replays their search, one or two side by side, step by step.
//!
//! The approaches are in the page: `playground.wasm`, the WebAssembly
//! module that `scripts/playground-wasm` builds from crates/playground (the
//! same probed code as `sudoku trace`), embedded in base64, so building
//! `sudoku` never needs the WebAssembly target. The page is `replay.html`,
//! a minijinja template that takes the module and the state the page opens
//! in when its link says none (the puzzle, the approaches, the alignment).
//!
//! Writing the page is shared too: where it may not go (standard output),
//! and a file opened before any work, removed again when nothing was
//! written into it.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write as _};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use base64::Engine as _;
use minijinja::{context, Environment, Value};
use rustix::fs::OFlags;
use serde::Serialize;
use sudoku_core::Board;

use crate::output::same_target;

const TEMPLATE: &str = include_str!("replay.html");

/// The approaches, compiled to WebAssembly (see the module doc).
pub const MODULE: &[u8] = include_bytes!("playground.wasm");

/// How the page aligns two runs side by side when its link says nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Align {
    /// The scrubber counts steps: both runs have made as many.
    Steps,
    /// The scrubber counts placements, the one count every approach
    /// shares: both runs have written as many digits.
    Placements,
}

/// What the page shows when its link names no state: the page's
/// `#puzzle=...&solvers=...&align=...` when there is no fragment.
#[derive(Debug, Clone, Serialize)]
pub struct Opening {
    /// The 81-character line, `.` for an empty cell.
    pub puzzle: String,
    /// One approach or two, by id.
    pub solvers: Vec<&'static str>,
    pub align: Align,
}

impl Opening {
    /// The page on `puzzle` with `solvers`: two side by side are aligned by
    /// placements, the work they share (by steps, a search that counts
    /// more kinds of step looks slower than it is); one alone by steps,
    /// so that the scrubber reaches every step.
    pub fn new(puzzle: &Board, solvers: Vec<&'static str>) -> Self {
        let align = if solvers.len() > 1 {
            Align::Placements
        } else {
            Align::Steps
        };
        Opening {
            puzzle: puzzle.to_line(),
            solvers,
            align,
        }
    }
}

/// Writes the page, opening on `opening`, into `page`.
///
/// # Errors
/// When writing fails, or the template cannot be rendered (a bug here,
/// not a user's error).
pub fn render(opening: &Opening, page: &mut dyn io::Write) -> Result<(), minijinja::Error> {
    // JSON inside a <script> element: "</" must not end it early.
    let defaults = serde_json::to_string(opening)
        .map_err(|error| {
            minijinja::Error::new(minijinja::ErrorKind::BadSerialization, error.to_string())
        })?
        .replace("</", "<\\/");
    let module = base64::engine::general_purpose::STANDARD.encode(MODULE);
    let mut environment = Environment::new();
    environment.add_template("replay.html", TEMPLATE)?;
    environment
        .get_template("replay.html")?
        .render_captured_to(
            context! {
                defaults => Value::from_safe_string(defaults),
                module => Value::from_safe_string(module),
            },
            page,
        )?;
    Ok(())
}

/// Why the page cannot be written to `page`, when it is standard output
/// (`-`, `/dev/stdout`, or the file standard output is redirected to):
/// `why` says what else goes there, or why a page does not. Nor can it be
/// standard input (`/dev/stdin`, or what it comes from): on a pipe, the
/// page would wait for ever for a reader that is the command itself.
pub fn standard_output_refusal(option: &str, page: &Path, why: &str) -> Option<String> {
    if page.as_os_str() == "-" || same_target(page, "/dev/stdout") == Some(true) {
        return Some(format!(
            "{option}{}: the page cannot go to standard output, {why}: write it to a file",
            page.display()
        ));
    }
    if same_target(page, "/dev/stdin") == Some(true) {
        return Some(format!(
            "{option}{}: the page cannot go to standard input: write it to a file",
            page.display()
        ));
    }
    None
}

/// The page, opened for writing before any work, and written once there
/// is something to write.
pub struct PageFile {
    file: File,
    pub path: PathBuf,
    /// The file did not exist before: it is removed again when no page is
    /// written into it.
    pub created: bool,
}

/// `O_NONBLOCK`, as `open` takes it.
#[allow(clippy::cast_possible_wrap)] // A low bit: no sign to lose.
const NONBLOCK: i32 = OFlags::NONBLOCK.bits() as i32;

impl PageFile {
    /// Opens `path` for writing, creating it if it is missing, without
    /// changing what it holds yet. The open never waits: a FIFO that
    /// nothing reads fails at once rather than before a deadline is kept.
    ///
    /// # Errors
    /// When the file cannot be opened, in the words of [`page_error`].
    pub fn open(path: &Path) -> io::Result<PageFile> {
        let open = |create_new| {
            OpenOptions::new()
                .write(true)
                .create_new(create_new)
                .custom_flags(NONBLOCK)
                .open(path)
        };
        let (file, created) = match open(true) {
            Ok(file) => (file, true),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => (open(false)?, false),
            Err(error) => return Err(error),
        };
        // Writing waits as usual: only the open was not to.
        rustix::fs::fcntl_setfl(&file, OFlags::empty())?;
        Ok(PageFile {
            file,
            path: path.to_path_buf(),
            created,
        })
    }

    /// Replaces what the file holds by the page opening on `opening`.
    ///
    /// # Errors
    /// When writing fails, with the system's words for why.
    pub fn write(&self, opening: &Opening) -> io::Result<()> {
        // A FIFO or a device has nothing to cut.
        if self.file.metadata()?.is_file() {
            self.file.set_len(0)?;
        }
        let mut writer = BufWriter::new(&self.file);
        render(opening, &mut writer).map_err(|error| {
            // The template engine's message names only its own stage
            // ("I/O error during rendering"); the cause, "No space left on
            // device" say, is its source.
            let cause = std::error::Error::source(&error).map(ToString::to_string);
            io::Error::other(cause.unwrap_or_else(|| error.to_string()))
        })?;
        writer.flush()
    }

    /// Removes the page again when this run created it and wrote nothing.
    pub fn discard(path: &Path, created: bool) {
        if created {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// An error opening the page, in words: a FIFO that nothing reads says so.
pub fn page_error(error: &io::Error) -> String {
    if error.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error()) {
        "nothing reads it (a FIFO needs its reader first)".to_string()
    } else {
        error.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_carries_the_module_and_its_opening() {
        let example: Board = sudoku_core::corpus::Tier::Examples.puzzles()[0].puzzle;
        let opening = Opening::new(&example, vec!["bitmask", "bitboard"]);
        let mut page = Vec::new();
        render(&opening, &mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        let module = base64::engine::general_purpose::STANDARD.encode(MODULE);
        assert!(page.contains(&format!(">{module}</script>")));
        assert!(page.contains(&format!(
            r#"{{"puzzle":"{}","solvers":["bitmask","bitboard"],"align":"placements"}}"#,
            example.to_line()
        )));
    }
}
