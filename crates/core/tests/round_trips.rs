//! Property: a board written in any output format reads back identical,
//! whether the reader detects the format or is told it.

use proptest::prelude::*;
use sudoku_core::{Board, Format, Records};

/// Any board: 81 cells of 0 (empty) to 9, conflicts allowed.
fn boards() -> impl Strategy<Value = Board> {
    prop::collection::vec(0u8..=9, 81).prop_map(|cells| {
        let mut array = [0u8; 81];
        array.copy_from_slice(&cells);
        Board::from_cells(array).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_board_written_in_any_format_reads_back(board in boards()) {
        for format in Format::ALL {
            let text = format.write(&board);
            for forced in [None, Some(format)] {
                let records: Vec<_> = Records::new(text.as_bytes()).with_format(forced).collect();
                prop_assert_eq!(records.len(), 1, "{} ({:?}): {}", format, forced, text);
                let record = records.into_iter().next().unwrap();
                let record = record.map_err(|error| TestCaseError::fail(format!("{format}: {error}: {text}")))?;
                prop_assert_eq!(record.board, board);
                prop_assert_eq!(record.format, format);
                prop_assert_eq!(record.line, 1);
            }
        }
    }
}
