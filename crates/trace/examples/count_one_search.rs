// Trace one approach on one puzzle: its exact counts and its first events.
use sudoku_core::Board;
use sudoku_trace::Counter;

fn main() {
    let puzzle: Board =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let approach = sudoku_trace::find("coordinate-recursive").unwrap();
    let traced = sudoku_trace::trace(approach, &puzzle, 1_000);
    // Digits written by the search, and those it erased on its way back.
    let placements = traced.counts.get(Counter::Placements);
    let undos = traced.counts.get(Counter::Undos);
    assert_eq!((placements, undos), (4_208, 4_157));
    // 4,208 - 4,157 = 51: each placement not undone stayed, one in each
    // cell the puzzle leaves empty.
    assert_eq!(placements - undos, 81 - puzzle.givens() as u64);
    assert_eq!(traced.events[0].describe(), "call");
    println!("{placements} placements, {undos} undos");
}
