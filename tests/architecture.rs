//! The dependency rules of ARCHITECTURE.md, checked against `cargo
//! metadata`: a crate that gains a dependency the document forbids, or a
//! new crate the document does not place, fails here.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use pretty_assertions::assert_eq;
use serde_json::Value;

/// Every workspace crate but the solvers, with the workspace crates it may
/// depend on (normal dependencies; dev-dependencies are free). `SOLVERS`
/// stands for every crate under crates/solvers/.
const ALLOWED: &[(&str, &[&str])] = &[
    ("sudoku-core", &[]),
    ("sudoku-catalog", &["sudoku-core", "SOLVERS"]),
    (
        "sudoku-generate",
        &["sudoku-core", "sudoku-bitboard", "sudoku-bitmask"],
    ),
    ("sudoku-trace", &["sudoku-core"]),
    (
        "sudoku-cli",
        &[
            "sudoku-core",
            "sudoku-catalog",
            "sudoku-generate",
            "sudoku-trace",
        ],
    ),
    ("sudoku-lab", &[]),
];

/// The libraries, whose sources must not touch the terminal, the process
/// or the environment: only the CLI does.
const LIBRARIES: &[&str] = &["core", "catalog", "generate", "trace", "solvers"];

struct Package {
    name: String,
    manifest: String,
    /// (name, kind) of every dependency; kind is None for a normal one.
    dependencies: Vec<(String, Option<String>)>,
}

fn packages() -> Vec<Package> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata is JSON");
    metadata["packages"]
        .as_array()
        .expect("a package list")
        .iter()
        .map(|package| Package {
            name: package["name"].as_str().unwrap().to_string(),
            manifest: package["manifest_path"].as_str().unwrap().to_string(),
            dependencies: package["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|dependency| {
                    (
                        dependency["name"].as_str().unwrap().to_string(),
                        dependency["kind"].as_str().map(str::to_string),
                    )
                })
                .collect(),
        })
        .collect()
}

fn is_solver(package: &Package) -> bool {
    Path::new(&package.manifest)
        .parent()
        .and_then(Path::parent)
        .is_some_and(|folder| folder.ends_with("crates/solvers"))
}

#[test]
fn solver_crates_depend_on_nothing() {
    let packages = packages();
    let solvers: Vec<&Package> = packages
        .iter()
        .filter(|package| is_solver(package))
        .collect();
    assert_eq!(
        solvers.len(),
        sudoku_catalog::APPROACHES.len(),
        "one crate per approach in the catalog"
    );
    for solver in solvers {
        let normal: Vec<&str> = solver
            .dependencies
            .iter()
            .filter(|(_, kind)| kind.is_none())
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(
            normal,
            Vec::<&str>::new(),
            "{} has dependencies",
            solver.name
        );
    }
}

#[test]
fn every_other_crate_depends_only_on_what_architecture_md_allows() {
    let packages = packages();
    let solvers: BTreeSet<&str> = packages
        .iter()
        .filter(|package| is_solver(package))
        .map(|package| package.name.as_str())
        .collect();
    let workspace: BTreeSet<&str> = packages
        .iter()
        .map(|package| package.name.as_str())
        .collect();
    for package in packages.iter().filter(|package| !is_solver(package)) {
        let Some((_, allowed)) = ALLOWED.iter().find(|(name, _)| *name == package.name) else {
            panic!(
                "{} is not in ARCHITECTURE.md's map: add it there and to ALLOWED",
                package.name
            );
        };
        let allowed: BTreeSet<&str> = allowed
            .iter()
            .flat_map(|&name| {
                if name == "SOLVERS" {
                    solvers.iter().copied().collect::<Vec<_>>()
                } else {
                    vec![name]
                }
            })
            .collect();
        let used: BTreeSet<&str> = package
            .dependencies
            .iter()
            .filter(|(name, kind)| kind.is_none() && workspace.contains(name.as_str()))
            .map(|(name, _)| name.as_str())
            .collect();
        let forbidden: Vec<&&str> = used.difference(&allowed).collect();
        assert!(
            forbidden.is_empty(),
            "{} depends on {forbidden:?}, which ARCHITECTURE.md does not allow",
            package.name
        );
    }
}

/// The Rust files under `folder`, leaving out the folders named in `skip`.
fn rust_files(folder: &Path, skip: &[&str]) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !skip.contains(&name.as_str()) {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Printing and exiting are clippy's to find: each library's root denies
/// the lints below, which is checked here. Clippy has no lint for reading
/// the environment or taking the standard streams' handles: those calls are
/// searched for in the sources.
#[test]
fn libraries_never_print_exit_or_read_the_environment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    // As rustfmt writes it, less the white space.
    let lints =
        "#![deny(clippy::print_stdout,clippy::print_stderr,clippy::exit,clippy::dbg_macro)]";
    let (mut offences, mut roots) = (Vec::new(), 0);
    for library in LIBRARIES {
        // Examples and tests are programs of their own.
        let skip = ["examples", "tests", "target", "benches"];
        for path in rust_files(&root.join(library), &skip) {
            if path.file_name().is_some_and(|name| name == "build.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            if path.ends_with("src/lib.rs") {
                roots += 1;
                if !text.split_whitespace().collect::<String>().contains(lints) {
                    offences.push(format!("{}: no {lints}", path.display()));
                }
            }
            for (number, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for call in ["env::var", "stdout()", "stderr()"] {
                    if code.contains(call) {
                        offences.push(format!("{}:{}: {call}", path.display(), number + 1));
                    }
                }
            }
        }
    }
    assert_eq!(offences, Vec::<String>::new());
    // Core, catalog, generate, trace, and a crate per approach.
    assert_eq!(roots, 4 + sudoku_catalog::APPROACHES.len());
}

#[test]
fn unsafe_code_is_allowed_in_one_module_only() {
    // The workspace denies `unsafe_code`; issue 15 allows it in bitboard's
    // AVX2 module alone (calling code compiled for instructions detected at
    // run time). Any other `allow` of it fails here.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Spelt in two, so that this file does not find itself.
    let needle = concat!("allow(", "unsafe_code)");
    let mut allowed = Vec::new();
    for folder in ["crates", "tests", "benches"] {
        for path in rust_files(&root.join(folder), &["target"]) {
            let text = std::fs::read_to_string(&path).unwrap();
            if text
                .lines()
                .any(|line| line.split("//").next().unwrap_or("").contains(needle))
            {
                let relative = path.strip_prefix(root).unwrap();
                allowed.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    assert_eq!(
        allowed,
        vec!["crates/solvers/bitboard/src/avx2.rs".to_string()]
    );
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("unsafe_code = \"deny\""),
        "the workspace lint"
    );
}
