//! Turns on the probe lines inside the solvers' LeetCode regions, for this
//! crate only (see Cargo.toml).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sudoku_trace)");
    println!("cargo::rustc-cfg=sudoku_trace");
}
