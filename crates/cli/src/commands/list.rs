//! `sudoku list`: the approaches of the catalog, one line each.

use std::io::{self, Write};

use crate::output::{Output, Status};

/// List the approaches: id, family, origin and note.
#[derive(clap::Args)]
pub struct Args {}

/// Prints a header and one line per approach, in catalog order.
pub fn run(output: &mut Output<impl Write>, _: &Args) -> io::Result<Status> {
    let id_width = sudoku_catalog::ids().map(str::len).max().unwrap_or(0);
    let note_width = sudoku_catalog::APPROACHES
        .iter()
        .map(|approach| approach.note().len())
        .max()
        .unwrap_or(0);
    // The origin goes last: it holds CJK titles whose display width is not their length.
    output.line(&format!(
        "{:id_width$}  {:9}  {:note_width$}  origin",
        "id", "family", "note"
    ))?;
    for approach in sudoku_catalog::APPROACHES {
        output.line(&format!(
            "{:id_width$}  {:9}  {:note_width$}  {}",
            approach.id,
            approach.family.name(),
            approach.note(),
            approach.origin
        ))?;
    }
    Ok(Status::Success)
}
