//! An approach's LeetCode submission as a learner pastes it, cut from the
//! text of its `lib.rs` ([`from_source`]).
//!
//! Each solver's `lib.rs` holds its submission between two lines,
//! [`BEGIN`] and [`END`]. Inside, probe lines count the work for `sudoku
//! trace`: each is an attribute `#[cfg(sudoku_trace)]` on one statement or
//! block, which only the trace build compiles. LeetCode would compile none
//! of them either, but a learner should not have to read past them, so the
//! submission leaves out each probe attribute with what it applies to, and
//! keeps every other line as it is.
//!
//! ```
//! let source = "\
//! pub struct Solution;
//! // LeetCode submission begins
//! impl Solution {
//!     pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
//!         #[cfg(sudoku_trace)]
//!         crate::probe::call();
//!         board[0][0] = '5';
//!     }
//! }
//! // LeetCode submission ends
//! ";
//! assert_eq!(
//!     sudoku_catalog::submission::from_source(source).unwrap(),
//!     "\
//! impl Solution {
//!     pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
//!         board[0][0] = '5';
//!     }
//! }
//! "
//! );
//! ```

/// The line that opens the submission in a solver's `lib.rs`.
pub const BEGIN: &str = "// LeetCode submission begins";

/// The line that closes it.
pub const END: &str = "// LeetCode submission ends";

/// The attribute that marks a probe: the statement or block under it
/// exists only in the trace build.
pub const PROBE: &str = "#[cfg(sudoku_trace)]";

/// Why no submission could be cut from a source text. The solvers' files
/// are checked by this crate's tests, so these are for a file edited by hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubmissionError {
    /// A marker line is missing or repeated.
    #[error("the line `{marker}` appears {count} times; it must appear once")]
    Marker {
        /// The marker, [`BEGIN`] or [`END`].
        marker: &'static str,
        /// How many lines of the source are that marker.
        count: usize,
    },
    /// The end marker comes first.
    #[error("`{END}` comes before `{BEGIN}`")]
    OutOfOrder,
    /// The region ends inside what a probe attribute applies to.
    #[error("line {line}: the statement under {PROBE} does not end before the region does")]
    UnfinishedProbe {
        /// The probe attribute's line in the source, from 1.
        line: usize,
    },
}

/// The submission in `source` (the text of a solver's `lib.rs`): the lines
/// between the [`BEGIN`] and [`END`] lines, without the markers, without
/// each [`PROBE`] attribute and the statement or block it applies to,
/// and without blank lines at either end; it ends with one newline.
///
/// A probe's statement runs from the attribute to the first line where its
/// brackets are balanced and its code ends with `;`, `}` or `,` (line
/// comments, strings and character literals are skipped when counting),
/// and on across an `else` or a method call (`.`) that continues it on the
/// next line. So `#[cfg(sudoku_trace)]` may stand over a call, a `let`, an
/// `if` with its block, or a `{ ... }` block, on one line or several.
///
/// # Errors
/// When a marker is missing, repeated or out of order, or when the region
/// ends inside a probe's statement.
pub fn from_source(source: &str) -> Result<String, SubmissionError> {
    let lines: Vec<&str> = source.lines().collect();
    let begin = only_line(&lines, BEGIN)?;
    let end = only_line(&lines, END)?;
    if end < begin {
        return Err(SubmissionError::OutOfOrder);
    }
    let region = &lines[begin + 1..end];
    let mut kept: Vec<&str> = Vec::with_capacity(region.len());
    let mut index = 0;
    while index < region.len() {
        if let Some(rest) = region[index].trim_start().strip_prefix(PROBE) {
            index =
                end_of_statement(region, index, rest).ok_or(SubmissionError::UnfinishedProbe {
                    // The region starts on the line after BEGIN, whose index is `begin`.
                    line: begin + index + 2,
                })?;
        } else {
            kept.push(region[index]);
            index += 1;
        }
    }
    let is_blank = |line: &&str| line.trim().is_empty();
    let first = kept.iter().position(|line| !is_blank(line));
    let last = kept.iter().rposition(|line| !is_blank(line));
    let mut text = String::new();
    if let (Some(first), Some(last)) = (first, last) {
        for line in &kept[first..=last] {
            text.push_str(line);
            text.push('\n');
        }
    }
    Ok(text)
}

/// The index of the one line of `lines` that is `marker` (leading and
/// trailing blanks aside).
fn only_line(lines: &[&str], marker: &'static str) -> Result<usize, SubmissionError> {
    let mut found = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.trim() == marker)
        .map(|(index, _)| index);
    match (found.next(), found.clone().count()) {
        (Some(index), 0) => Ok(index),
        (first, more) => Err(SubmissionError::Marker {
            marker,
            count: usize::from(first.is_some()) + more,
        }),
    }
}

/// The index of the line after the statement that the probe attribute on
/// line `start` of `region` applies to; `rest` is what follows the
/// attribute on its own line. `None` when the region ends first.
fn end_of_statement(region: &[&str], start: usize, rest: &str) -> Option<usize> {
    let mut depth: i64 = 0;
    let mut line = start;
    let mut text = rest;
    loop {
        let (change, last) = brackets(text);
        depth += change;
        let ends = depth <= 0 && matches!(last, Some(';' | '}' | ','));
        let continued = region.get(line + 1).is_some_and(|next| {
            let next = next.trim_start();
            next.starts_with("else") || next.starts_with('.')
        });
        if ends && !continued {
            return Some(line + 1);
        }
        line += 1;
        text = region.get(line)?;
    }
}

/// How much `line` opens brackets (`(`, `[`, `{`) minus how much it closes
/// them, and its last character of code: line comments, strings and
/// character literals do not count.
fn brackets(line: &str) -> (i64, Option<char>) {
    let characters: Vec<char> = line.chars().collect();
    let mut change = 0;
    let mut last = None;
    let mut index = 0;
    while index < characters.len() {
        let character = characters[index];
        match character {
            '/' if characters.get(index + 1) == Some(&'/') => break,
            '"' => {
                // To the closing quote, past escaped characters.
                index += 1;
                while index < characters.len() && characters[index] != '"' {
                    index += usize::from(characters[index] == '\\') + 1;
                }
            }
            // A character literal ('x' or '\n'); otherwise a lifetime ('a).
            '\'' if characters.get(index + 1) == Some(&'\\') => {
                index += 2;
                while index < characters.len() && characters[index] != '\'' {
                    index += 1;
                }
            }
            '\'' if characters.get(index + 2) == Some(&'\'') => index += 2,
            '(' | '[' | '{' => change += 1,
            ')' | ']' | '}' => change -= 1,
            _ => {}
        }
        if !character.is_whitespace() {
            last = Some(characters[index.min(characters.len() - 1)]);
        }
        index += 1;
    }
    (change, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// `body` between the markers, as a solver's `lib.rs` holds it.
    fn file_with(body: &str) -> String {
        format!("pub struct Solution;\n\n{BEGIN}\n{body}{END}\n\n#[cfg(test)]\nmod tests {{}}\n")
    }

    #[test]
    fn a_single_line_probe_goes_and_everything_else_stays() {
        let source = file_with(
            "impl Solution {
    /// Docs stay.
    #[allow(clippy::ptr_arg)] // So do other attributes.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        #[cfg(sudoku_trace)]
        crate::probe::call();
        // A comment stays.
        board[0][0] = '5';
    }
}
",
        );
        assert_eq!(
            from_source(&source).unwrap(),
            "impl Solution {
    /// Docs stay.
    #[allow(clippy::ptr_arg)] // So do other attributes.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        // A comment stays.
        board[0][0] = '5';
    }
}
"
        );
    }

    /// The shapes bitboard's region has (a `let`, an `if` with its block, a
    /// bare block), and a call over several lines, an `if` with an `else`
    /// on its line or the next, a method call on the line after a block,
    /// one on the attribute's own line and one under a second attribute.
    #[test]
    fn a_probe_over_several_lines_goes_whole() {
        let source = file_with(
            "fn run(&mut self) {
    #[cfg(sudoku_trace)]
    let mut same_node = false;
    loop {
        #[cfg(sudoku_trace)]
        if !std::mem::take(&mut same_node) {
            crate::probe::node();
        }
        match self.step() {
            Some(true) => {
                #[cfg(sudoku_trace)]
                {
                    same_node = true;
                }
                continue;
            }
            _ => {}
        }
        #[cfg(sudoku_trace)]
        crate::probe::guess_in_band(
            band,
            bit, // a comment with a ; in it
            digits.trailing_zeros() as usize,
        );
        #[cfg(sudoku_trace)]
        if self.careful {
            crate::probe::careful('}');
        } else {
            crate::probe::quick(\"{\");
        }
        #[cfg(sudoku_trace)] crate::probe::tick();
        #[cfg(sudoku_trace)]
        let shown = Shown {
            guesses: self.guesses,
        }
        .to_string();
        #[cfg(sudoku_trace)]
        if shown.is_empty() {
            crate::probe::empty();
        }
        else {
            crate::probe::shown(&shown);
        }
        #[cfg(sudoku_trace)]
        #[allow(clippy::cast_possible_truncation)]
        let shown = self.guesses as u32;
        self.place();
    }
}
",
        );
        assert_eq!(
            from_source(&source).unwrap(),
            "fn run(&mut self) {
    loop {
        match self.step() {
            Some(true) => {
                continue;
            }
            _ => {}
        }
        self.place();
    }
}
"
        );
    }

    #[test]
    fn the_text_has_no_blank_line_at_either_end_and_ends_with_a_newline() {
        let source =
            file_with("\n\n#[cfg(sudoku_trace)]\nfn probe_only() {}\n\nimpl Solution {}\n\n\n");
        assert_eq!(from_source(&source).unwrap(), "impl Solution {}\n");
        assert_eq!(from_source(&file_with("")).unwrap(), "");
    }

    #[test]
    fn crlf_line_ends_read_as_lines() {
        let source = file_with("impl Solution {}\n").replace('\n', "\r\n");
        assert_eq!(from_source(&source).unwrap(), "impl Solution {}\n");
    }

    #[test]
    fn markers_missing_repeated_or_out_of_order_are_errors() {
        assert_eq!(
            from_source("impl Solution {}"),
            Err(SubmissionError::Marker {
                marker: BEGIN,
                count: 0
            })
        );
        assert_eq!(
            from_source(&format!("{BEGIN}\n{BEGIN}\n{END}\n")),
            Err(SubmissionError::Marker {
                marker: BEGIN,
                count: 2
            })
        );
        assert_eq!(
            from_source(&format!("{BEGIN}\nimpl Solution {{}}\n")),
            Err(SubmissionError::Marker {
                marker: END,
                count: 0
            })
        );
        assert_eq!(
            from_source(&format!("{END}\n{BEGIN}\n")),
            Err(SubmissionError::OutOfOrder)
        );
    }

    #[test]
    fn a_probe_that_runs_past_the_region_is_an_error_naming_its_line() {
        // Line 1 is `pub struct Solution;`, 2 blank, 3 BEGIN, 4 `fn f() {`.
        let source = file_with("fn f() {\n    #[cfg(sudoku_trace)]\n    if x {\n");
        let error = from_source(&source).unwrap_err();
        assert_eq!(error, SubmissionError::UnfinishedProbe { line: 5 });
        assert_eq!(
            error.to_string(),
            "line 5: the statement under #[cfg(sudoku_trace)] does not end before the region does"
        );
    }

    /// The lines a multi-line probe takes with it, beyond its attribute
    /// and its `probe::` calls, read off each solver's file by hand.
    fn other_probe_lines(id: &str) -> Vec<&'static str> {
        match id {
            "bitboard" => vec![
                // A comment that explains a probe goes with it.
                "// For the trace: propagation goes on after the column rule or the",
                "// triads at the same node, which is not a new one.",
                "let mut same_node = false;",
                "if !std::mem::take(&mut same_node) {",
                "}",
                "{",
                "same_node = true;",
                "}",
            ],
            _ => vec![],
        }
    }

    #[test]
    fn every_approach_loses_its_probes_and_nothing_else() {
        for approach in crate::APPROACHES {
            let text = approach.submission().unwrap();
            let id = approach.id;
            assert!(!text.contains("sudoku_trace"), "{id}");
            assert!(!text.contains("probe::"), "{id}");
            assert!(text.contains("impl Solution {"), "{id}");
            // LeetCode declares it; a second declaration would not compile.
            assert!(!text.contains("struct Solution"), "{id}");
            assert!(!text.starts_with(char::is_whitespace), "{id}");
            assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{id}");

            // What is left is the region's own lines, in order; what is
            // gone is the probes (attribute, calls, and the lines listed
            // above) and blank lines at the ends.
            let lines: Vec<&str> = approach.source.lines().collect();
            let begin = lines.iter().position(|line| *line == BEGIN).unwrap();
            let end = lines.iter().position(|line| *line == END).unwrap();
            let mut region = lines[begin + 1..end].iter();
            let mut gone = Vec::new();
            for line in text.lines() {
                loop {
                    let original = region
                        .next()
                        .unwrap_or_else(|| panic!("{id}: {line:?} is not the region's"));
                    if *original == line {
                        break;
                    }
                    gone.push(original.trim());
                }
            }
            gone.extend(region.map(|line| line.trim()));
            let attributes = gone.iter().filter(|line| **line == PROBE).count();
            assert!(attributes > 0, "{id}: no probe was removed");
            let in_region = lines[begin..end].iter().filter(|line| line.trim() == PROBE);
            assert_eq!(attributes, in_region.count(), "{id}");
            let mut other: Vec<&str> = gone
                .into_iter()
                .filter(|line| *line != PROBE && !line.contains("probe::") && !line.is_empty())
                .collect();
            let mut expected = other_probe_lines(id);
            other.sort_unstable();
            expected.sort_unstable();
            assert_eq!(other, expected, "{id}");
        }
    }
}
