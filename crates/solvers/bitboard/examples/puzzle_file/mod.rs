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
