//! Property: however records are framed (any mix of the three formats and of
//! every kind of broken record the reader reports, any mix of LF, CRLF and
//! CR line ends, blank lines and comments between them), the CLI's record
//! path writes exactly one output record per input record, in order: the
//! solution of each puzzle, an `error:` line for each broken record. It runs
//! the very code `sudoku solve` runs (the reader, batch, the solve work),
//! with one job and with two.

use proptest::prelude::*;
use sudoku_core::corpus;
use sudoku_core::{Board, Format};

use crate::batch::{self, Settings};
use crate::output::{Output, Status};

/// One record of the input, as lines (bytes: some are not UTF-8).
#[derive(Debug, Clone)]
enum Piece {
    /// A corpus puzzle written in a format (the JSON maybe over several lines).
    Puzzle {
        index: usize,
        format: Format,
        spread: bool,
    },
    /// A line of the wrong number of cells.
    WrongLength,
    /// A line record with a character that is not a cell.
    BadCharacter,
    /// A byte that is not UTF-8, in a line record, or in one row of a grid.
    BadByte { in_grid: bool },
    /// A line far longer than the reader keeps.
    TooLong,
    /// A LeetCode board missing its last bracket.
    UnterminatedJson,
    /// A grid of fewer than nine rows.
    ShortGrid,
}

impl Piece {
    /// Its lines, without line ends.
    fn lines(&self, puzzles: &[Board]) -> Vec<Vec<u8>> {
        let example = puzzles[0];
        match self {
            Piece::Puzzle {
                index,
                format,
                spread,
            } => {
                let board = puzzles[*index];
                let text = match (format, spread) {
                    (Format::Leetcode, true) => board.to_leetcode_json().replace("],", "],\n"),
                    _ => format.write(&board),
                };
                text.lines().map(|line| line.as_bytes().to_vec()).collect()
            }
            Piece::WrongLength => vec![b"123456789012".to_vec()],
            Piece::BadCharacter => {
                let mut line = example.to_line().into_bytes();
                line[40] = b'x';
                vec![line]
            }
            Piece::BadByte { in_grid: false } => {
                let mut line = example.to_line().into_bytes();
                line[10] = 0xFF;
                vec![line]
            }
            Piece::BadByte { in_grid: true } => {
                let mut lines: Vec<Vec<u8>> = example
                    .to_grid()
                    .lines()
                    .map(|line| line.as_bytes().to_vec())
                    .collect();
                lines[5][0] = 0xFE;
                lines
            }
            Piece::TooLong => vec![vec![b'1'; 70_000]],
            Piece::UnterminatedJson => {
                let json = example.to_leetcode_json();
                vec![json.as_bytes()[..json.len() - 1].to_vec()]
            }
            Piece::ShortGrid => example
                .to_grid()
                .lines()
                .take(4)
                .map(|line| line.as_bytes().to_vec())
                .collect(),
        }
    }

    /// What the output line for it is: the puzzle's solution, or `None`
    /// for an `error:` line.
    fn expected(&self, solutions: &[Board]) -> Option<String> {
        match self {
            Piece::Puzzle { index, .. } => Some(solutions[*index].to_line()),
            _ => None,
        }
    }

    /// A record that ends only where the next one clearly begins, so that
    /// a blank line or a comment must follow it (as in any real file).
    fn needs_a_separator(&self) -> bool {
        matches!(self, Piece::UnterminatedJson | Piece::ShortGrid)
    }
}

fn pieces(puzzles: usize) -> impl Strategy<Value = Piece> {
    prop_oneof![
        6 => (0..puzzles, prop::sample::select(Format::ALL.to_vec()), any::<bool>())
            .prop_map(|(index, format, spread)| Piece::Puzzle { index, format, spread }),
        1 => Just(Piece::WrongLength),
        1 => Just(Piece::BadCharacter),
        1 => any::<bool>().prop_map(|in_grid| Piece::BadByte { in_grid }),
        1 => Just(Piece::TooLong),
        1 => Just(Piece::UnterminatedJson),
        1 => Just(Piece::ShortGrid),
    ]
}

/// What goes between two records: nothing, blank lines, or a comment.
#[derive(Debug, Clone, Copy)]
enum Gap {
    Nothing,
    Blank,
    Comment,
}

/// The line ends: `\n`, `\r\n` or a lone `\r`.
const ENDS: [&[u8]; 3] = [b"\n", b"\r\n", b"\r"];

/// The input: each record's lines, each line ended with one of `ends` in
/// turn, the gaps between records, and maybe no end after the last line.
fn frame(
    records: &[(Piece, Gap)],
    puzzles: &[Board],
    ends: &[usize],
    last_line_ended: bool,
) -> Vec<u8> {
    let mut input = Vec::new();
    let mut next_end = ends.iter().cycle();
    let mut previous_end: &[u8] = b"\n";
    let mut push = |input: &mut Vec<u8>, line: &[u8], blank: bool| {
        // A blank line ends as the line before it did: a lone CR followed by
        // "\n" would be one CRLF, and the blank line would vanish.
        let end = if blank {
            previous_end
        } else {
            ENDS[*next_end.next().unwrap_or(&0)]
        };
        input.extend_from_slice(line);
        input.extend_from_slice(end);
        previous_end = end;
    };
    for (piece, gap) in records {
        for line in piece.lines(puzzles) {
            push(&mut input, &line, false);
        }
        let gap = match gap {
            Gap::Nothing if piece.needs_a_separator() => Gap::Blank,
            gap => *gap,
        };
        match gap {
            Gap::Nothing => {}
            Gap::Blank => push(&mut input, b"", true),
            Gap::Comment => push(&mut input, b"# between records", false),
        }
    }
    if !last_line_ended {
        while input
            .last()
            .is_some_and(|byte| matches!(byte, b'\n' | b'\r'))
        {
            input.pop();
        }
    }
    input
}

/// The output of `sudoku solve --solver bitboard --jobs JOBS` on `input`.
fn solve(input: &[u8], jobs: usize) -> (String, Status) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut file, input).unwrap();
    let approach = sudoku_catalog::find("bitboard").unwrap();
    let work = crate::commands::solve::work(approach, Format::Line);
    let mut output = Output::new(Vec::new());
    let settings = Settings {
        jobs,
        deadline: None,
    };
    let status = batch::run(
        &mut output,
        &[file.path().to_path_buf()],
        None,
        &work,
        settings,
    )
    .unwrap();
    (String::from_utf8(output.into_inner()).unwrap(), status)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn one_output_record_for_every_input_record(
        records in prop::collection::vec(
            (pieces(12), prop::sample::select(vec![Gap::Nothing, Gap::Nothing, Gap::Blank, Gap::Comment])),
            1..24,
        ),
        ends in prop::collection::vec(0usize..3, 1..8),
        last_line_ended in any::<bool>(),
    ) {
        let corpus: Vec<_> = corpus::Tier::Medium.puzzles();
        let puzzles: Vec<Board> = corpus.iter().map(|entry| entry.puzzle).collect();
        let solutions: Vec<Board> = corpus.iter().map(|entry| entry.solution.unwrap()).collect();
        let input = frame(&records, &puzzles, &ends, last_line_ended);
        let expected: Vec<Option<String>> = records.iter().map(|(piece, _)| piece.expected(&solutions)).collect();
        let failing = expected.iter().any(Option::is_none);
        for jobs in [1, 2] {
            let (output, status) = solve(&input, jobs);
            let lines: Vec<&str> = output.lines().collect();
            prop_assert_eq!(lines.len(), records.len(), "--jobs {}: {:?}", jobs, records);
            for ((line, expected), (piece, _)) in lines.iter().zip(&expected).zip(&records) {
                match expected {
                    Some(solution) => prop_assert_eq!(*line, solution.as_str(), "{:?}", piece),
                    None => prop_assert!(line.starts_with("error: "), "{:?}: {}", piece, line),
                }
            }
            let wanted = if failing { Status::RecordFailed } else { Status::Success };
            prop_assert_eq!(status, wanted);
        }
    }
}
