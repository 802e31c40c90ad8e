//! Reading a puzzle file for the crate's examples: each line's first 81
//! characters are a puzzle (`1`-`9` givens, anything else blank), and
//! shorter lines are skipped.

/// The puzzles of the file at `path`, or the error that names it.
pub fn read(path: &str) -> Result<Vec<[u8; 81]>, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    Ok(text.lines().filter_map(puzzle).collect())
}

/// The puzzle in the first 81 characters of `line`, if it has that many.
fn puzzle(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes().get(..81)?;
    let mut cells = [0; 81];
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        *cell = if (b'1'..=b'9').contains(&byte) {
            byte - b'0'
        } else {
            0
        };
    }
    Some(cells)
}
