//! Builds tdoku's solver for the bench when `TDOKU_SRC` names a folder
//! holding its sources (`src/solver_dpll_triad_simd.cc`, `src/util.cc` and
//! `include/`, as in `../shared/anchors/tdoku`), with `-O3 -march=native`,
//! the flags tdoku's own build uses (`TDOKU_MARCH` names another `-march`,
//! as `scripts/instructions` does for valgrind, which runs no AVX-512).
//! Without `TDOKU_SRC` nothing is built and the bench compares the `sudoku`
//! crate and our approaches only.
//! tdoku's sources are never copied into this repository: they are read
//! from where `TDOKU_SRC` points, at build time.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed=TDOKU_SRC");
    println!("cargo::rerun-if-env-changed=TDOKU_MARCH");
    let Some(source) = std::env::var_os("TDOKU_SRC") else {
        return;
    };
    let mut root = PathBuf::from(source);
    if root.is_relative() {
        // Relative to the sudoku-lab root, as SUDOKU_LAB_DATA is, when it is
        // not found from this folder (where Cargo runs build scripts).
        let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
        if !here.join(&root).is_dir() {
            root = here.join("../..").join(root);
        }
    }
    let files = ["src/solver_dpll_triad_simd.cc", "src/util.cc"].map(|file| root.join(file));
    for file in &files {
        assert!(
            file.is_file(),
            "TDOKU_SRC={}: {} is missing (it must hold tdoku's src/ and include/)",
            root.display(),
            file.display()
        );
        println!("cargo::rerun-if-changed={}", file.display());
    }
    let march = std::env::var("TDOKU_MARCH").unwrap_or_else(|_| "native".to_string());
    cc::Build::new()
        .cpp(true)
        .files(&files)
        .include(root.join("include"))
        .flag("-std=c++17")
        .flag(format!("-march={march}"))
        .opt_level(3)
        .warnings(false)
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku");
}
