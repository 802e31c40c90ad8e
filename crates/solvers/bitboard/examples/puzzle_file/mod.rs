//! Reading a puzzle file for the crate's examples: each line's first 81
//! characters are a puzzle (`1`-`9` givens, anything else blank), and
//! shorter lines are skipped.

/// The puzzles of the file at `path`, or `None` once the error that names
/// it is written to standard error.
pub fn read(path: &str) -> Option<Vec<[u8; 81]>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text.lines().filter_map(puzzle).collect()),
        Err(error) => {
            eprintln!("{path}: {error}");
            None
        }
    }
}

/// The puzzle in the first 81 characters of `line`, if it has that many.
fn puzzle(line: &str) -> Option<[u8; 81]> {
    let mut cells = [0; 81];
    let mut characters = line.chars();
    for cell in &mut cells {
        // `0` is a digit but not a given: it reads as 0, a blank, too.
        let digit = characters.next()?.to_digit(10);
        *cell = digit
            .and_then(|digit| u8::try_from(digit).ok())
            .unwrap_or(0);
    }
    Some(cells)
}
