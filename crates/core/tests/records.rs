//! Where one record ends and the next begins, whatever is broken (issue 31):
//! one result per input record, each good one at its own line. A test per
//! defect, named after it, then a property over generated files that mix
//! every format with every kind of broken record (tests/generated/).

use proptest::prelude::*;
use sudoku_core::reader::MAX_LINE_BYTES;
use sudoku_core::{Board, Format, Records};

use crate::generated::{files, frame, puzzles};

/// The LeetCode example.
const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn example() -> Board {
    EXAMPLE.parse().unwrap()
}

/// Each record as `Ok((line, format))` or `Err(message)`.
fn summary(input: &[u8]) -> Vec<Result<(usize, Format), String>> {
    Records::new(input)
        .map(|record| {
            record
                .map(|record| (record.line, record.format))
                .map_err(|error| error.to_string())
        })
        .collect()
}

/// The grid `sudoku solve --output-format grid` writes: 11 lines.
fn separated_grid() -> String {
    example().to_grid()
}

/// The grid's nine rows only, as digits and dots.
fn plain_grid() -> String {
    ended(
        EXAMPLE
            .as_bytes()
            .chunks(9)
            .map(|row| std::str::from_utf8(row).unwrap()),
    )
}

/// The example as LeetCode JSON, a row a line.
fn board_over_lines() -> String {
    example().to_leetcode_json().replace("],", "],\n")
}

/// `lines`, each ended with a newline.
fn ended<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    lines.flat_map(|line| [line, "\n"]).collect()
}

#[test]
fn a_stray_bracket_does_not_swallow_the_grids_after_it() {
    let input = format!("[\n{}", separated_grid().repeat(1_000));
    let records = summary(input.as_bytes());
    assert_eq!(records.len(), 1_001);
    assert_eq!(
        records[0],
        Err("line 1: LeetCode board is missing its closing bracket".to_string())
    );
    for (index, record) in records[1..].iter().enumerate() {
        assert_eq!(*record, Ok((2 + 11 * index, Format::Grid)));
    }
    // An unterminated board, on one line or several, before a grid or a
    // grid's rows alone.
    let json = example().to_leetcode_json();
    for unterminated in [
        &json[..json.len() - 1],
        &json.replace("],", "],\n")[..json.len() + 7],
    ] {
        for grid in [separated_grid(), plain_grid()] {
            let input = format!("{unterminated}\n{grid}");
            let records = summary(input.as_bytes());
            let lines = unterminated.lines().count();
            assert_eq!(records.len(), 2, "{input}");
            assert!(records[0].is_err(), "{input}");
            assert_eq!(records[1], Ok((lines + 1, Format::Grid)), "{input}");
        }
    }
}

#[test]
fn a_grid_missing_a_row_does_not_break_the_separated_grids_after_it() {
    let grid = separated_grid();
    let lines: Vec<&str> = grid.lines().collect();
    // A row missing from the first band, or the second; and one too many.
    for (change, rows) in [(1, 8), (5, 8), (usize::MAX, 10)] {
        let mut broken: Vec<&str> = lines.clone();
        if change == usize::MAX {
            broken.insert(1, lines[1]);
        } else {
            broken.remove(change);
        }
        let broken = broken.join("\n") + "\n";
        let input = format!("{broken}{}", grid.repeat(3));
        let first_good = broken.lines().count() + 1;
        assert_eq!(
            summary(input.as_bytes()),
            vec![
                Err(format!("line 1: grid has {rows} rows, expected 9")),
                Ok((first_good, Format::Grid)),
                Ok((first_good + 11, Format::Grid)),
                Ok((first_good + 22, Format::Grid)),
            ],
            "{input}"
        );
    }
}

#[test]
fn a_grid_missing_a_row_among_unmarked_grids_says_they_may_be_misread() {
    // Nothing marks where these grids end: a row lost from the first shifts
    // the rest, and the count comes out wrong only at the last.
    let grid = plain_grid();
    let short = ended(grid.lines().skip(1));
    let input = format!("{short}{}\n{EXAMPLE}\n", grid.repeat(3));
    let records = summary(input.as_bytes());
    assert_eq!(records.len(), 5);
    assert_eq!(
        records[3],
        Err("line 28: grid has 8 rows, expected 9; the 3 grids before it had no blank or separator line between them, so a row missing there would shift them: they may be misread".to_string())
    );
    assert_eq!(records[4], Ok((37, Format::Line)));
}

#[test]
fn a_grid_whose_rows_are_not_nine_cells_is_one_error() {
    let ten = "1 2 3 4 5 6 7 8 9 1\n";
    let dashes = separated_grid().replace(". ", "- ").replace(" .", " -");
    for (grid, message) in [
        (
            ten.repeat(10),
            "line 1: grid row 1 has 10 cells, expected 9",
        ),
        (ten.repeat(9), "line 1: grid row 1 has 10 cells, expected 9"),
        (dashes, "line 1: grid row 1 has 3 cells, expected 9"),
        // Written solid, as many puzzle sites print a grid: ten wide, and
        // with `-` for blanks (a grid takes `-` for a separator). Each row
        // was a `line` record of its own, one error per row.
        (
            "5300700001\n".repeat(10),
            "line 1: grid row 1 has 10 cells, expected 9",
        ),
        (
            "5300700001\n".repeat(9),
            "line 1: grid row 1 has 10 cells, expected 9",
        ),
        (
            plain_grid().replace('.', "-"),
            "line 1: grid row 1 has 3 cells, expected 9",
        ),
    ] {
        let input = format!("{grid}{}{EXAMPLE}\n", separated_grid());
        let lines = grid.lines().count();
        assert_eq!(
            summary(input.as_bytes()),
            vec![
                Err(message.to_string()),
                Ok((lines + 1, Format::Grid)),
                Ok((lines + 12, Format::Line)),
            ],
            "{grid}"
        );
    }
}

#[test]
fn comments_and_blank_lines_are_skipped_whatever_they_hold() {
    let long_comment = format!("#{}", "x".repeat(MAX_LINE_BYTES + 10));
    let long_blank = " ".repeat(MAX_LINE_BYTES + 10);
    for gap in [
        b"# puzzles by Ren\xe9".to_vec(),
        b"  \t# \xff\xfe".to_vec(),
        long_comment.into_bytes(),
        long_blank.into_bytes(),
    ] {
        let mut input = gap.clone();
        input.push(b'\n');
        input.extend_from_slice(format!("{EXAMPLE}\n").as_bytes());
        // And as what ends a grid short of rows, and an unterminated board.
        let short = ended(plain_grid().lines().take(4));
        let json = example().to_leetcode_json();
        for open in [short, format!("{}\n", &json[..json.len() - 1])] {
            input.extend_from_slice(open.as_bytes());
            input.extend_from_slice(&gap);
            input.push(b'\n');
        }
        input.extend_from_slice(format!("{EXAMPLE}\n").as_bytes());
        let records = summary(&input);
        assert_eq!(records.len(), 4, "{records:?}");
        assert_eq!(records[0], Ok((2, Format::Line)));
        assert!(records[1].is_err() && records[2].is_err(), "{records:?}");
        assert_eq!(records[3], Ok((10, Format::Line)));
    }
}

#[test]
fn a_line_and_a_leetcode_board_have_one_limit() {
    let json = example().to_leetcode_json();
    for length in [MAX_LINE_BYTES, MAX_LINE_BYTES + 1] {
        let board = format!("{}{json}\n", " ".repeat(length - json.len()));
        let line = format!("{EXAMPLE}{}\n", " ".repeat(length - EXAMPLE.len()));
        let too_long = length > MAX_LINE_BYTES;
        for (input, format) in [(board, Format::Leetcode), (line, Format::Line)] {
            let records = summary(input.as_bytes());
            assert_eq!(records.len(), 1);
            assert_eq!(records[0].is_err(), too_long, "{format} of {length} bytes");
        }
    }
    // Spread over lines, a board's limit counts its bytes, not its line ends.
    let spread = json.replace("],", "],\n");
    let padding = MAX_LINE_BYTES - json.len();
    let input = format!("{}{spread}\n", " ".repeat(padding));
    assert_eq!(summary(input.as_bytes()), vec![Ok((1, Format::Leetcode))]);
}

#[test]
fn an_unterminated_board_does_not_swallow_a_board_that_opens_on_a_line_of_its_own() {
    // A board as Python's `json.dumps(board, indent=4)` writes it: its `[`
    // alone on the first line, each row's `[` alone too.
    let rows: Vec<String> = EXAMPLE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&cell| format!("        \"{}\"", char::from(cell)))
                .collect();
            format!("    [\n{}\n    ]", cells.join(",\n"))
        })
        .collect();
    let indented = format!("[\n{}\n]\n", rows.join(",\n"));
    let spread = board_over_lines() + "\n";
    let spaced = spread.replacen("[[", "[ [", 1);
    for board in [&indented, &spread] {
        // Without its last `]`, or its last two.
        let without_last_bracket = |text: &str| {
            text.trim_end()[..text.trim_end().len() - 1]
                .trim_end()
                .to_string()
        };
        for unterminated in [
            without_last_bracket(board),
            without_last_bracket(&without_last_bracket(board)),
        ] {
            for next in [&indented, &spaced] {
                let input = format!("{unterminated}\n{next}{next}");
                let lines = unterminated.lines().count();
                assert_eq!(
                    summary(input.as_bytes()),
                    vec![
                        Err("line 1: LeetCode board is missing its closing bracket".to_string()),
                        Ok((lines + 1, Format::Leetcode)),
                        Ok((lines + 1 + next.lines().count(), Format::Leetcode)),
                    ],
                    "{input}"
                );
            }
        }
    }
    // Each of them whole, back to back, is still one record each.
    let input = format!("{indented}{spread}{spaced}{indented}");
    assert_eq!(
        summary(input.as_bytes())
            .iter()
            .filter(|read| read.is_ok())
            .count(),
        4
    );
}

#[test]
fn an_over_long_first_line_of_a_grid_or_board_is_one_error() {
    // The first line alone tells what it begins, as a bad byte there does:
    // the rest of the grid or board is the same record, not eight more.
    let padding = " ".repeat(MAX_LINE_BYTES);
    let padded_first_line = |record: String| record.replacen('\n', &format!("{padding}\n"), 1);
    let json = board_over_lines();
    let json = json.replacen("[[", &format!("[[{padding}"), 1);
    for record in [
        padded_first_line(separated_grid()),
        padded_first_line(plain_grid()),
        json,
    ] {
        let input = format!("{}\n{EXAMPLE}\n", record.trim_end());
        let lines = record.lines().count();
        assert_eq!(
            summary(input.as_bytes()),
            vec![
                Err("line 1: line is longer than 65536 bytes".to_string()),
                Ok((lines + 1, Format::Line)),
            ],
            "{}",
            &record[MAX_LINE_BYTES..]
        );
    }
}

/// `text` in UTF-16, little- or big-endian, with a byte-order mark or not.
fn utf16(text: &str, little: bool, mark: bool) -> Vec<u8> {
    let mark = mark.then_some('\u{feff}');
    mark.into_iter()
        .chain(text.chars())
        .collect::<String>()
        .encode_utf16()
        .flat_map(|unit| {
            if little {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            }
        })
        .collect()
}

#[test]
fn a_utf16_file_is_named_once_with_one_error_per_record() {
    let text = format!("# three\n{EXAMPLE}\r\n{}[\"x\"]\n", separated_grid());
    for little in [true, false] {
        for mark in [true, false] {
            let records = summary(&utf16(&text, little, mark));
            assert_eq!(
                records,
                vec![
                    Err("line 2: the file looks like UTF-16; save it as UTF-8".to_string()),
                    Err(
                        "line 3: not read: the file looks like UTF-16 (see its first record)"
                            .to_string()
                    ),
                    Err(
                        "line 14: not read: the file looks like UTF-16 (see its first record)"
                            .to_string()
                    ),
                ],
                "little-endian {little}, mark {mark}"
            );
        }
    }
}

#[test]
fn a_json_error_names_the_line_of_the_file_it_is_on() {
    let json = example().to_leetcode_json().replace("],", "],\n  ");
    let broken = json.replacen("\"6\"", "6", 1);
    let input = format!("{EXAMPLE}\n{EXAMPLE}\n{broken}\n");
    assert_eq!(
        summary(input.as_bytes()),
        vec![
            Ok((1, Format::Line)),
            Ok((2, Format::Line)),
            Err("line 4: not a LeetCode board: invalid type: integer `6`, expected a string at column 4".to_string()),
        ]
    );
    // Columns count characters, as everywhere else.
    let input = "[[\"é\", \"é\", x]]\n";
    assert_eq!(
        summary(input.as_bytes()),
        vec![Err(
            "line 1: not a LeetCode board: expected value at column 13".to_string()
        )]
    );
}

#[test]
fn a_lost_quote_in_a_board_is_reported_where_it_is() {
    // `[4",` said "missing its closing bracket" on the board's first line,
    // or ended the board there and made each row after it an error: the
    // lost quote left the brackets after it inside a string.
    let json = board_over_lines();
    let broken = json.replacen("[\"4\",", "[4\",", 1);
    assert_ne!(broken, json);
    let input = format!("# a board\n{broken}\n\n{EXAMPLE}\n");
    a_broken_board_on_line_6_then_the_example_on_line_12(&input);
}

/// What the two tests of a board broken on its sixth line read: one error
/// there, then the example after it on line 12.
fn a_broken_board_on_line_6_then_the_example_on_line_12(input: &str) {
    let records = summary(input.as_bytes());
    assert_eq!(records.len(), 2, "{records:?}");
    let message = records[0].clone().unwrap_err();
    assert!(
        message.starts_with("line 6: not a LeetCode board: "),
        "{message}"
    );
    assert_eq!(records[1], Ok((12, Format::Line)));
}

#[test]
fn a_comment_or_blank_line_inside_a_board_is_skipped_as_everywhere() {
    // A comment between two rows of a board ended it there, and made each
    // row after it an error of its own: 1 record, 7 errors.
    let rows: Vec<String> = board_over_lines().lines().map(String::from).collect();
    let mut board = String::new();
    for (index, row) in rows.iter().enumerate() {
        board.push_str(row);
        board.push('\n');
        match index {
            1 => board.push_str("# the third row [is] the \"hard\" one\n"),
            4 => board.push('\n'),
            _ => {}
        }
    }
    let input = format!("{board}{EXAMPLE}\n");
    assert_eq!(
        summary(input.as_bytes()),
        vec![Ok((1, Format::Leetcode)), Ok((12, Format::Line))]
    );
    // A board that never closes still ends at a blank line before a record
    // that cannot be the rest of it.
    let open = &rows[..3].concat();
    let input = format!("{open}\n\n{}\n{EXAMPLE}\n", example().to_leetcode_json());
    let records = summary(input.as_bytes());
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(
        records[1..],
        [Ok((3, Format::Leetcode)), Ok((4, Format::Line))]
    );
}

#[test]
fn a_grid_with_a_border_is_one_record() {
    let bordered: String = separated_grid()
        .lines()
        .map(|line| {
            if line.starts_with('-') {
                "+-------+-------+-------+\n".to_string()
            } else {
                format!("| {line} |\n")
            }
        })
        .collect();
    let border = "+-------+-------+-------+\n";
    let grid = format!("{border}{bordered}{border}");
    let input = grid.repeat(2);
    assert_eq!(
        summary(input.as_bytes()),
        vec![Ok((1, Format::Grid)), Ok((14, Format::Grid))]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn one_record_for_each_record_of_a_mixed_file((records, end) in files(1..24)) {
        let puzzles = puzzles();
        let (input, expected) = frame(&records, &puzzles, end);
        let read: Vec<_> = Records::new(input.as_slice()).collect();
        prop_assert_eq!(read.len(), expected.len(), "{:?}", records);
        for ((read, (line, board)), (piece, _)) in read.iter().zip(&expected).zip(&records) {
            match (read, board) {
                (Ok(record), Some(board)) => {
                    prop_assert_eq!(record.line, *line, "{:?}", piece);
                    prop_assert_eq!(record.board, *board, "{:?}", piece);
                }
                (Err(_), None) => {}
                (read, _) => prop_assert!(false, "{:?} read as {:?}", piece, read),
            }
        }
    }
}

#[test]
fn a_grid_written_with_dashes_does_not_swallow_the_next_one() {
    // A broken grid took every row after its ninth that was not nine
    // cells wide, and a dashed row (`53--7----`, three cells to a grid)
    // is not: two dashed grids back to back were one error.
    let dashed = plain_grid().replace('.', "-");
    for first in [dashed.clone(), "5300700001\n".repeat(10)] {
        let input = format!("{first}{dashed}{EXAMPLE}\n");
        let lines = first.lines().count();
        assert_eq!(
            summary(input.as_bytes()),
            vec![
                Err(format!(
                    "line 1: grid row 1 has {} cells, expected 9",
                    if lines == 9 { 3 } else { 10 }
                )),
                Err(format!(
                    "line {}: grid row 1 has 3 cells, expected 9",
                    lines + 1
                )),
                Ok((lines + 10, Format::Line)),
            ],
            "{first}"
        );
    }
}

#[test]
fn a_json_error_after_a_skipped_line_names_the_line_it_is_on() {
    // Blank lines and comments skipped inside a board were left out of the
    // text parsed, so an error after them named a line too early (the
    // comment, or the blank line).
    let rows: Vec<String> = board_over_lines().lines().map(String::from).collect();
    let broken = rows[3].replacen("\".\"", "x", 1);
    assert_ne!(broken, rows[3]);
    let input = format!(
        "{}\n# a note [\"\n\n{broken}\n{}\n{EXAMPLE}\n",
        rows[..3].join("\n"),
        rows[4..].join("\n")
    );
    a_broken_board_on_line_6_then_the_example_on_line_12(&input);
}
