//! One solver's one pass over the bench's sample of a file, for counting
//! its instructions under valgrind (`scripts/instructions`), where time
//! would be the machine's and its neighbours' as much as the solver's.
//!
//! - `instructions check FILE SAMPLE` reads the bench's sample of FILE
//!   (evenly spaced puzzles, at most 1,000), checks it as `side_by_side`
//!   does (every solver counts each puzzle alike up to 2, and each first
//!   solution is one), writes it to SAMPLE, one puzzle per line, and
//!   prints the number of puzzles in it.
//! - `instructions SOLVER MODE FILE` reads the bench's sample of FILE
//!   (the whole of a SAMPLE written above), without the check, and makes
//!   one pass of SOLVER (`bitboard`, `crate`, or `tdoku` when the project
//!   was built with `TDOKU_SRC`) over it, for the first solution (MODE
//!   `first`) or counting to 2 (`count`), inside the function `measured`,
//!   the one whose instructions `callgrind --toggle-collect` is told to
//!   count. For `bitboard` it then prints the path the native API took on
//!   the processor it ran on (`measure::path`: `Avx2` under valgrind where
//!   the host has AVX2, as valgrind shows no AVX-512).

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

mod solvers;

use solvers::{pass, read, read_unchecked, Set, Solver, SOLVERS};

/// The pass whose instructions are counted: never inlined, so that
/// callgrind finds it by its name.
#[inline(never)]
fn measured(solver: Solver, set: &Set, limit: usize) {
    pass(solver, set, limit);
}

/// A solver's name on the command line: the last word of its name in the
/// tables (`crate` for the sudoku crate).
fn short(name: &str) -> &str {
    name.rsplit(' ').next().unwrap_or(name)
}

fn usage() -> ! {
    let names: Vec<&str> = SOLVERS.iter().map(|&(_, name)| short(name)).collect();
    eprintln!(
        "usage: instructions check FILE SAMPLE | instructions SOLVER MODE FILE \
         (SOLVER: {}; MODE: first or count)",
        names.join(", ")
    );
    std::process::exit(2);
}

/// Writes `set`'s puzzles to `path`, one line of 81 characters each (`.`
/// for a blank); exits with a message when it cannot.
fn write_sample(set: &Set, path: &Path) {
    let mut text = String::with_capacity(82 * set.cells.len());
    for cells in &set.cells {
        text.extend(cells.iter().map(|&cell| {
            if cell == 0 {
                '.'
            } else {
                char::from(b'0' + cell)
            }
        }));
        text.push('\n');
    }
    if let Err(error) =
        std::fs::File::create(path).and_then(|mut file| file.write_all(text.as_bytes()))
    {
        eprintln!("{}: {error}", path.display());
        std::process::exit(2);
    }
}

fn main() {
    // Paths as given, UTF-8 or not; the other arguments are words.
    let arguments: Vec<OsString> = std::env::args_os().skip(1).collect();
    let [first, second, third] = arguments.as_slice() else {
        usage();
    };
    if first == "check" {
        let (_, set) = read(Path::new(second));
        write_sample(&set, Path::new(third));
        println!("{}", set.cells.len());
        return;
    }
    let (solver, mode, file) = (
        first.to_string_lossy(),
        second.to_string_lossy(),
        Path::new(third),
    );
    let Some(&(solver, name)) = SOLVERS.iter().find(|&&(_, name)| short(name) == solver) else {
        eprintln!("instructions: no solver '{solver}' in this build");
        usage();
    };
    let limit = match mode.as_ref() {
        "first" => 1,
        "count" => 2,
        _ => {
            eprintln!("instructions: MODE must be first or count, not '{mode}'");
            usage();
        }
    };
    let (_, set) = read_unchecked(file);
    measured(solver, &set, limit);
    if short(name) == "bitboard" {
        println!("{:?}", sudoku_bitboard::measure::path());
    }
}
