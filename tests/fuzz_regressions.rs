//! The fuzz targets' checks (fuzz/checks.rs), run on stable over the
//! committed seeds and over every input that ever made a target fail
//! (fuzz/regressions/): what the fuzzers found stays fixed.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::Path;

/// Every file under fuzz/<folder>/<target>/, read.
fn inputs(folder: &str, target: &str) -> Vec<(String, Vec<u8>)> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(folder)
        .join(target);
    let mut inputs: Vec<(String, Vec<u8>)> = std::fs::read_dir(&directory)
        .unwrap_or_else(|error| panic!("{}: {error}", directory.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            (path.display().to_string(), std::fs::read(&path).unwrap())
        })
        .filter(|(path, _)| !path.ends_with(".gitkeep"))
        .collect();
    inputs.sort();
    inputs
}

/// Runs `check` on every seed and regression of `target`.
fn run(target: &str, check: fn(&[u8])) {
    let seeds = inputs("seeds", target);
    assert!(!seeds.is_empty(), "{target} has no seeds");
    for (path, input) in seeds.iter().chain(&inputs("regressions", target)) {
        let caught = std::panic::catch_unwind(|| check(input));
        assert!(caught.is_ok(), "{path} fails {target}'s check");
    }
}

#[test]
fn the_reader_check_holds_on_every_seed_and_regression() {
    run("reader", checks::reader);
}

#[test]
fn the_solvers_check_holds_on_every_seed_and_regression() {
    run("solvers", checks::solvers);
}

#[test]
fn the_seconds_check_holds_on_every_seed_and_regression() {
    run("seconds", checks::seconds);
}
