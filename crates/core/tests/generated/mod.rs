//! Files that mix the three formats with broken records of every kind the
//! reader must take as one record each, and what reading them must give.
//! Shared by sudoku-core's property test (tests/records.rs) and the CLI's
//! (crates/cli/tests/records.rs includes this file).
//!
//! What "one record" is for a broken record has to be well defined, and for
//! some it is only when a blank line or a comment follows (`needs_a_gap`):
//! - A grid without separator lines is nine rows by definition, so a grid
//!   with a row too few there ends only where the next record clearly
//!   begins; the generator puts a gap after it. A grid with a row too many
//!   there would be two records (nine rows, then one), so long grids are
//!   made only with separator lines, where the bands mark them.
//! - With separator lines, a row missing from the last band is not told
//!   from one missing from the first band of a grid right after it; a gap
//!   follows a grid short there.
//! - A stray `[` goes on over a line starting with `[` but not `[[` (the
//!   `[` of its first row, as far as can be told): a gap comes between it
//!   and a `[` alone after it (another stray one, or the first line of an
//!   indented board).
//! - A grid whose rows are not nine wide goes on over rows not nine wide
//!   after its ninth (a 10×10 grid is one record), so a gap comes between it
//!   and another such grid.

#![allow(dead_code)] // each test binary uses its own part of it

use proptest::prelude::*;
use sudoku_core::corpus;
use sudoku_core::Board;

/// One record of the input.
#[derive(Debug, Clone)]
pub enum Piece {
    /// A corpus puzzle in `line` format.
    Line(usize),
    /// A corpus puzzle as a grid: with box separator lines (as `sudoku
    /// solve --output-format grid` writes it), or rows of digits only,
    /// spaced or not.
    Grid {
        index: usize,
        separated: bool,
        spaced: bool,
    },
    /// A corpus puzzle in LeetCode JSON.
    Json { index: usize, layout: Layout },
    /// A `[` alone on its line.
    StrayBracket,
    /// A LeetCode board missing its last bracket.
    UnterminatedJson { layout: Layout },
    /// A grid with one row fewer (`extra` false) or one more than nine,
    /// in `band` (0 to 2); one more only with separator lines, in the
    /// first two bands (a fourth row in the last is a record of its own).
    WrongRowCount {
        separated: bool,
        band: usize,
        extra: bool,
    },
    /// A grid whose rows are not nine cells: 10×10, 9 rows of 10, or `-`
    /// for its blanks (which a grid reads as a separator).
    WrongWidth(Width),
    /// A byte that is not UTF-8 in a line record.
    BadByteInLine,
    /// A byte that is not UTF-8 in one row of a grid.
    BadByteInGrid { row: usize, separated: bool },
    /// A byte that is not UTF-8 in one row of a spread LeetCode board.
    BadByteInJson { row: usize },
    /// A line far longer than the reader keeps.
    TooLong,
    /// A line of the wrong number of cells.
    WrongLength,
    /// A line record with a character that is not a cell.
    BadCharacter,
}

/// The ways a grid's rows can be other than nine cells wide.
#[derive(Debug, Clone, Copy)]
pub enum Width {
    TenByTen,
    NineRowsOfTen,
    DashBlanks,
}

/// How a LeetCode board is laid out over lines.
#[derive(Debug, Clone, Copy)]
pub enum Layout {
    /// On one line.
    OneLine,
    /// A row a line.
    Spread,
    /// As Python's `json.dumps(board, indent=2)` writes it: every bracket
    /// and cell on a line of its own.
    Indented,
}

/// What goes between two records.
#[derive(Debug, Clone, Copy)]
pub enum Gap {
    Nothing,
    Blank,
    Comment,
    /// A comment with a byte that is not UTF-8 in it.
    BadComment,
    /// A comment longer than the reader keeps any line.
    LongComment,
    /// Spaces, more than the reader keeps of any line.
    LongBlank,
}

/// The grid rows of `board`, without separator lines, spaced or not.
fn plain_rows(board: &Board, spaced: bool) -> Vec<Vec<u8>> {
    board
        .to_line()
        .as_bytes()
        .chunks(9)
        .map(|row| {
            if spaced {
                let cells: Vec<String> = row
                    .iter()
                    .map(|&cell| char::from(cell).to_string())
                    .collect();
                cells.join(" ").into_bytes()
            } else {
                row.to_vec()
            }
        })
        .collect()
}

/// The lines of `board` as a grid: with separators as the reader's writer
/// makes them, or plain rows.
fn grid_lines(board: &Board, separated: bool) -> Vec<Vec<u8>> {
    if separated {
        board
            .to_grid()
            .lines()
            .map(|line| line.as_bytes().to_vec())
            .collect()
    } else {
        plain_rows(board, true)
    }
}

/// The index in `grid_lines` of the row `row` (from 0).
fn line_of_row(row: usize, separated: bool) -> usize {
    if separated {
        row + row / 3
    } else {
        row
    }
}

impl Piece {
    /// Its lines, without line ends (bytes: some are not UTF-8).
    pub fn lines(&self, puzzles: &[Board]) -> Vec<Vec<u8>> {
        let example = puzzles[0];
        match *self {
            Piece::Line(index) => vec![puzzles[index].to_line().into_bytes()],
            Piece::Grid {
                index,
                separated: true,
                ..
            } => grid_lines(&puzzles[index], true),
            Piece::Grid {
                index,
                separated: false,
                spaced,
            } => plain_rows(&puzzles[index], spaced),
            Piece::Json { index, layout } => json_lines(&puzzles[index], layout),
            Piece::StrayBracket => vec![b"[".to_vec()],
            Piece::UnterminatedJson { layout } => {
                let mut lines = json_lines(&example, layout);
                if let Some(last) = lines.last_mut() {
                    last.pop();
                }
                lines
            }
            Piece::WrongRowCount {
                separated,
                band,
                extra,
            } => {
                let mut lines = grid_lines(&example, separated);
                let at = line_of_row(band * 3 + 1, separated);
                if extra {
                    let copy = lines[at].clone();
                    lines.insert(at, copy);
                } else {
                    lines.remove(at);
                }
                lines
            }
            Piece::WrongWidth(width) => {
                let ten = b"1 2 3 4 5 6 7 8 9 1".to_vec();
                match width {
                    Width::TenByTen => vec![ten; 10],
                    Width::NineRowsOfTen => vec![ten; 9],
                    Width::DashBlanks => plain_rows(&example, true)
                        .into_iter()
                        .map(|row| {
                            row.iter()
                                .map(|&byte| if byte == b'.' { b'-' } else { byte })
                                .collect()
                        })
                        .collect(),
                }
            }
            Piece::BadByteInLine => {
                let mut line = example.to_line().into_bytes();
                line[10] = 0xFF;
                vec![line]
            }
            Piece::BadByteInGrid { row, separated } => {
                let mut lines = grid_lines(&example, separated);
                lines[line_of_row(row, separated)][2] = 0xFE;
                lines
            }
            Piece::BadByteInJson { row } => {
                let mut lines = json_lines(&example, Layout::Spread);
                // The first cell's digit: `[["5"` on the first line, `["6"` after.
                lines[row][if row == 0 { 3 } else { 2 }] = 0xFF;
                lines
            }
            Piece::TooLong => vec![vec![b'1'; 70_000]],
            Piece::WrongLength => vec![b"123456789012".to_vec()],
            Piece::BadCharacter => {
                let mut line = example.to_line().into_bytes();
                line[40] = b'x';
                vec![line]
            }
        }
    }

    /// The board it reads as, or `None` for a broken record.
    pub fn board(&self, puzzles: &[Board]) -> Option<Board> {
        match *self {
            Piece::Line(index) | Piece::Grid { index, .. } | Piece::Json { index, .. } => {
                Some(puzzles[index])
            }
            _ => None,
        }
    }

    /// It ends only where the next record clearly begins (see the module doc).
    fn ends_only_before_a_clear_start(&self) -> bool {
        match *self {
            Piece::WrongRowCount {
                separated, band, ..
            } => !separated || band == 2,
            _ => false,
        }
    }

    fn opens_with_a_lone_bracket(&self) -> bool {
        matches!(
            self,
            Piece::StrayBracket
                | Piece::Json {
                    layout: Layout::Indented,
                    ..
                }
                | Piece::UnterminatedJson {
                    layout: Layout::Indented
                }
        )
    }

    fn is_wrong_width(&self) -> bool {
        matches!(self, Piece::WrongWidth(_))
    }
}

/// `board` as LeetCode JSON, laid out so.
fn json_lines(board: &Board, layout: Layout) -> Vec<Vec<u8>> {
    let json = board.to_leetcode_json();
    let text = match layout {
        Layout::OneLine => json,
        Layout::Spread => json.replace("],", "],\n"),
        Layout::Indented => json
            .replace("\",\"", "\",\n    \"")
            .replace("[[", "[\n  [\n    ")
            .replace("],[", "\n  ],\n  [\n    ")
            .replace("]]", "\n  ]\n]"),
    };
    text.lines().map(|line| line.as_bytes().to_vec()).collect()
}

/// True when a blank line or a comment must stand between `previous` and
/// `next` for each to be one record (see the module doc).
fn needs_a_gap(previous: &Piece, next: &Piece) -> bool {
    previous.ends_only_before_a_clear_start()
        || (matches!(previous, Piece::StrayBracket) && next.opens_with_a_lone_bracket())
        || (previous.is_wrong_width() && next.is_wrong_width())
}

impl Gap {
    fn line(self) -> Option<Vec<u8>> {
        match self {
            Gap::Nothing => None,
            Gap::Blank => Some(Vec::new()),
            Gap::Comment => Some(b"# between records".to_vec()),
            Gap::BadComment => Some(b"# puzzles by Ren\xe9".to_vec()),
            Gap::LongComment => {
                let mut line = b"#".to_vec();
                line.resize(70_000, b'x');
                Some(line)
            }
            Gap::LongBlank => Some(vec![b' '; 70_000]),
        }
    }
}

/// The puzzles the pieces show: the corpus's medium tier, with one whose
/// every row holds a given first (the broken pieces are made from it: a row
/// of blanks written with `-` would be a separator line).
pub fn puzzles() -> Vec<Board> {
    let mut puzzles: Vec<Board> = corpus::Tier::Medium
        .puzzles()
        .iter()
        .map(|entry| entry.puzzle)
        .collect();
    let every_row_given = |board: &Board| {
        board
            .cells()
            .chunks(9)
            .all(|row| row.iter().any(|&cell| cell != 0))
    };
    let first = puzzles
        .iter()
        .position(every_row_given)
        .expect("a puzzle with a given in every row");
    puzzles.swap(0, first);
    puzzles
}

/// The file: each record's lines with the gap after it (a blank line where
/// one is needed and none was drawn), each line ended with `end`. With the
/// line each record starts on, and its board if it is not broken.
pub fn frame(
    records: &[(Piece, Gap)],
    puzzles: &[Board],
    end: &[u8],
) -> (Vec<u8>, Vec<(usize, Option<Board>)>) {
    let mut input = Vec::new();
    let mut expected = Vec::new();
    let mut line = 1;
    for (index, (piece, gap)) in records.iter().enumerate() {
        expected.push((line, piece.board(puzzles)));
        for text in piece.lines(puzzles) {
            input.extend_from_slice(&text);
            input.extend_from_slice(end);
            line += 1;
        }
        let gap = match (gap, records.get(index + 1)) {
            (Gap::Nothing, Some((next, _))) if needs_a_gap(piece, next) => Gap::Blank,
            (gap, _) => *gap,
        };
        if let Some(text) = gap.line() {
            input.extend_from_slice(&text);
            input.extend_from_slice(end);
            line += 1;
        }
    }
    (input, expected)
}

/// Any piece, about half of them broken.
pub fn pieces(puzzles: usize) -> impl Strategy<Value = Piece> {
    let layout = prop_oneof![
        Just(Layout::OneLine),
        Just(Layout::Spread),
        Just(Layout::Indented)
    ];
    let width = prop_oneof![
        Just(Width::TenByTen),
        Just(Width::NineRowsOfTen),
        Just(Width::DashBlanks)
    ];
    prop_oneof![
        2 => (0..puzzles).prop_map(Piece::Line),
        2 => (0..puzzles, any::<bool>(), any::<bool>())
            .prop_map(|(index, separated, spaced)| Piece::Grid { index, separated, spaced }),
        2 => (0..puzzles, layout.clone()).prop_map(|(index, layout)| Piece::Json { index, layout }),
        1 => Just(Piece::StrayBracket),
        1 => layout.prop_map(|layout| Piece::UnterminatedJson { layout }),
        1 => (any::<bool>(), 0..3usize, any::<bool>()).prop_map(|(separated, band, extra)| {
            Piece::WrongRowCount { separated, band, extra: extra && separated && band < 2 }
        }),
        1 => width.prop_map(Piece::WrongWidth),
        1 => Just(Piece::BadByteInLine),
        1 => (0..9usize, any::<bool>()).prop_map(|(row, separated)| Piece::BadByteInGrid { row, separated }),
        1 => (0..9usize).prop_map(|row| Piece::BadByteInJson { row }),
        1 => Just(Piece::TooLong),
        1 => Just(Piece::WrongLength),
        1 => Just(Piece::BadCharacter),
    ]
}

/// Any gap, nothing most often: back-to-back records are the hard case.
pub fn gaps() -> impl Strategy<Value = Gap> {
    prop_oneof![
        6 => Just(Gap::Nothing),
        1 => Just(Gap::Blank),
        1 => Just(Gap::Comment),
        1 => Just(Gap::BadComment),
        1 => Just(Gap::LongComment),
        1 => Just(Gap::LongBlank),
    ]
}

/// Records with the gaps after them, and the line end of the file.
pub fn files(
    records: std::ops::Range<usize>,
) -> impl Strategy<Value = (Vec<(Piece, Gap)>, &'static [u8])> {
    let count = puzzles().len();
    (
        prop::collection::vec((pieces(count), gaps()), records),
        prop_oneof![Just(&b"\n"[..]), Just(&b"\r\n"[..]), Just(&b"\r"[..])],
    )
}
