//! Running a compiler contained and bounded: in the judge's container with
//! limits on its memory, processor time and files, stopped (with all it
//! started) past a wall-clock limit or when the judge is interrupted, its
//! output read as it comes with only its start kept, and the message shown
//! cut to its first errors.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use super::super::contain::{self, Contained, Interrupt, Limits, Spec};
use super::BuildError;

/// How often the wait for the compiler looks at the clock and for a signal.
const SLICE: Duration = Duration::from_millis(50);

/// How much of each of the compiler's streams is kept.
const KEPT: usize = 64 * 1024;

/// How many lines of the compiler's message are shown, and how wide each.
const SHOWN_LINES: usize = 30;
const SHOWN_WIDTH: usize = 400;

/// What a finished compiler said.
pub struct Compiled {
    pub success: bool,
    /// The start of its stderr, then of its stdout.
    pub message: String,
    /// How many lines the two held in all.
    pub lines: usize,
}

/// Runs the compiler `argv` in `directory` (which it may write), contained
/// with `limits`, and waits for it at most `limit`, wall-clock.
pub fn compile(
    argv: &[OsString],
    directory: &Path,
    limits: Limits,
    environment: &[(OsString, OsString)],
    limit: Duration,
) -> Result<Compiled, BuildError> {
    let interrupt = Interrupt::catch();
    let mut command = contain::command(&Spec {
        argv,
        directory,
        writable: true,
        environment,
        limits,
    })?;
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut compiler = Contained::spawn(command)?;
    let stdout = compiler.inner_mut().stdout.take();
    let stderr = compiler.inner_mut().stderr.take();
    let stdout = thread::spawn(move || Captured::read(stdout));
    let stderr = thread::spawn(move || Captured::read(stderr));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = interrupt.status() {
            compiler.kill_all();
            return Err(BuildError::Interrupted(status));
        }
        if started.elapsed() >= limit {
            compiler.kill_all();
            return Err(BuildError::Compile(format!(
                "the build ran past {} s (--build-time-limit) and was stopped",
                limit.as_secs_f64()
            )));
        }
        if let Some(status) = compiler.inner_mut().wait_timeout(SLICE)? {
            break status;
        }
    };
    // Whatever it left running holds its pipes open.
    compiler.kill_all();
    let stderr = stderr.join().unwrap_or_default();
    let stdout = stdout.join().unwrap_or_default();
    let errors = String::from_utf8_lossy(&stderr.kept).into_owned();
    if contain::launch_failed(Some(status), &errors) {
        return Err(BuildError::Setup(errors.trim_end().to_string()));
    }
    let mut message = errors;
    message.push_str(&String::from_utf8_lossy(&stdout.kept));
    Ok(Compiled {
        success: status.success(),
        message,
        lines: stderr.lines + stdout.lines,
    })
}

/// The start of a stream, and how many lines it held in all.
#[derive(Default)]
struct Captured {
    kept: Vec<u8>,
    lines: usize,
}

impl Captured {
    /// Reads `stream` to its end, keeping its first [`KEPT`] bytes and
    /// reading the rest away, so that the writer never blocks on a full
    /// pipe and the judge never holds more.
    fn read(stream: Option<impl Read>) -> Captured {
        let mut captured = Captured::default();
        let Some(mut stream) = stream else {
            return captured;
        };
        let mut chunk = [0u8; 8192];
        let mut last = b'\n';
        while let Ok(read) = stream.read(&mut chunk) {
            if read == 0 {
                break;
            }
            let chunk = &chunk[..read];
            #[allow(clippy::naive_bytecount)] // 8 KiB at a time: no crate needed.
            let newlines = chunk.iter().filter(|&&byte| byte == b'\n').count();
            captured.lines += newlines;
            last = chunk[read - 1];
            let room = KEPT.saturating_sub(captured.kept.len());
            captured
                .kept
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        if last != b'\n' {
            captured.lines += 1;
        }
        captured
    }
}

/// The first [`SHOWN_LINES`] lines of `message` (which had `lines` lines in
/// all, some perhaps not kept), each cut at [`SHOWN_WIDTH`] characters,
/// and how many more there were.
pub fn first_errors(message: &str, lines: usize) -> String {
    let blank_start = message
        .lines()
        .take_while(|line| line.trim().is_empty())
        .count();
    let kept: Vec<&str> = message.trim_end().lines().skip(blank_start).collect();
    let shown: Vec<String> = kept
        .iter()
        .take(SHOWN_LINES)
        .map(|line| {
            if line.chars().count() > SHOWN_WIDTH {
                let cut: String = line.chars().take(SHOWN_WIDTH).collect();
                format!("{cut}...")
            } else {
                (*line).to_string()
            }
        })
        .collect();
    let total = lines.saturating_sub(blank_start).max(kept.len());
    let mut text = shown.join("\n");
    if total > shown.len() {
        let _ = write!(
            text,
            "\n... ({})",
            sudoku_core::counted(total - shown.len(), "more line")
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_stream_is_counted_in_full_and_kept_in_part() {
        let text = "error: this is wrong\n".repeat(40_000);
        let captured = Captured::read(Some(text.as_bytes()));
        assert_eq!(captured.lines, 40_000);
        assert_eq!(captured.kept.len(), KEPT);
        assert!(text.as_bytes().starts_with(&captured.kept));
        let unterminated = Captured::read(Some(&b"one\ntwo"[..]));
        assert_eq!((unterminated.lines, unterminated.kept.len()), (2, 7));
    }

    /// `count` lines, `PREFIX1` to `PREFIXcount`.
    fn numbered_lines(count: usize, prefix: &str) -> String {
        let mut text = String::new();
        for line in 1..=count {
            let _ = writeln!(text, "{prefix}{line}");
        }
        text
    }

    #[test]
    fn the_message_shown_is_its_first_lines_and_how_many_more() {
        let message = numbered_lines(40, "line ");
        let shown = first_errors(&message, 40);
        assert!(shown.starts_with("line 1\nline 2\n"), "{shown}");
        assert!(shown.ends_with("line 30\n... (10 more lines)"), "{shown}");
        let one_more = numbered_lines(31, "");
        assert!(first_errors(&one_more, 31).ends_with("30\n... (1 more line)"));
        // Lines past what was kept are counted too.
        assert!(first_errors("a\nb\n", 5000).ends_with("b\n... (4998 more lines)"));
        assert_eq!(first_errors("\na\nb\n", 3), "a\nb");
        assert_eq!(first_errors("\na\nb\nc", 4), "a\nb\nc");
        let wide = first_errors(&"x".repeat(1000), 1);
        assert_eq!(wide.len(), SHOWN_WIDTH + 3);
    }
}
