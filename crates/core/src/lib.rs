//! The shared ground of sudoku-lab: the [`Board`], reading and writing it in
//! every text format, LeetCode 36 validity, verifying a solution, the name
//! of a [`Cell`] in messages, and the embedded puzzle [`corpus`]. It knows no
//! approach: screening and counting solutions, which need one, live in the
//! catalog (`sudoku_catalog::screen`).
//!
//! Every approach crate stands alone (a LeetCode submission depends on
//! nothing); this crate is what the catalog, the tests, the benches and the
//! CLI share around them.
//!
//! ```
//! use sudoku_core::{corpus, validate, verify, Records};
//!
//! let input = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
//! let (_, solution) = corpus::leetcode_example();
//! for record in Records::new(input.as_bytes()) {
//!     let record = record.unwrap();
//!     assert!(validate(&record.board).is_ok());
//!     assert!(verify(&record.board, &solution).is_ok());
//! }
//! ```

#![warn(missing_docs)]
// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]

mod board;
mod cell;
pub mod corpus;
mod error;
pub mod format;
pub mod reader;
mod validate;

pub use board::Board;
pub use cell::Cell;
pub use error::{counted, grouped, ParseError, RecordError};
pub use format::Format;
pub use reader::{ReadError, Record, Records};
pub use validate::{validate, verify, Conflict, Unit, VerifyError};

#[cfg(test)]
mod test_puzzles {
    /// LeetCode 37's example puzzle, shared by the unit tests.
    pub const EXAMPLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// Its published solution.
    pub const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
}
