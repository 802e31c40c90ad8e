//! The rules of ARCHITECTURE.md that the code's shape can show: the
//! dependency rules, checked against `cargo metadata` (a crate that gains a
//! dependency the document forbids, or a new crate the document does not
//! place, fails here); the libraries' lint lines; `unsafe` in one module;
//! and the invariants of the `sudoku` binary (who writes to the terminal,
//! who reads records, the one `catch_unwind`, the trace crate's includes).

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
        "sudoku-playground",
        &["sudoku-core", "sudoku-catalog", "sudoku-trace"],
    ),
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
const LIBRARIES: &[&str] = &[
    "core",
    "catalog",
    "generate",
    "trace",
    "playground",
    "solvers",
];

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
/// the lints below, which is checked here, and no library allows one of
/// them again. The lints set here do not cover reading the environment or
/// taking the standard streams' handles: those calls are searched for in
/// the sources.
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
                let allows_again = code.contains("allow(")
                    && ["print_stdout", "print_stderr", "clippy::exit", "dbg_macro"]
                        .iter()
                        .any(|lint| code.contains(lint));
                if allows_again {
                    offences.push(format!(
                        "{}:{}: allows a denied lint",
                        path.display(),
                        number + 1
                    ));
                }
                for call in ["env::var", "stdout()", "stderr()"] {
                    if code.contains(call) {
                        offences.push(format!("{}:{}: {call}", path.display(), number + 1));
                    }
                }
            }
        }
    }
    assert_eq!(offences, Vec::<String>::new());
    // Core, catalog, generate, trace, playground, and a crate per approach.
    assert_eq!(roots, 5 + sudoku_catalog::APPROACHES.len());
}

#[test]
fn unsafe_code_is_allowed_in_one_module_only() {
    // The workspace denies `unsafe_code`; issue 15 allows it in bitboard's
    // AVX2 module (calling code compiled for instructions detected at run
    // time), and issue 32 in the playground's exports (the lint flags the
    // plain names a WebAssembly module exports, though nothing there is
    // unsafe). Any other `allow` of it fails here.
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
        [
            "crates/playground/src/exports.rs",
            "crates/solvers/bitboard/src/avx2.rs"
        ]
    );
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("unsafe_code = \"deny\""),
        "the workspace lint"
    );
}

/// The source files of the `sudoku` binary, relative to `crates/cli/src`,
/// with their text; the harnesses and templates of the judge are the
/// learner's program, not ours, and are left out.
fn cli_sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/cli/src");
    rust_files(&src, &["harness", "templates"])
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The lines of `text` that contain `needle` outside a `//` comment, as
/// `file:line`.
fn lines_with(file: &str, text: &str, needle: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.split("//").next().unwrap_or("").contains(needle))
        .map(|(number, _)| format!("{file}:{}", number + 1))
        .collect()
}

/// Only `output.rs` writes to stdout and stderr. The print macros are
/// clippy's to find (main.rs denies them; output.rs alone allows one);
/// the streams' handles are searched for: elsewhere they may only be asked
/// whether they are a terminal, be handed to `Output` (main.rs), or draw
/// the progress bar (batch/progress.rs, on a terminal only).
#[test]
fn the_sudoku_binary_writes_to_the_terminal_only_through_output_rs() {
    let sources = cli_sources();
    let main = &sources
        .iter()
        .find(|(name, _)| name == "main.rs")
        .unwrap()
        .1;
    let lints = "#![deny(clippy::print_stdout,clippy::print_stderr,clippy::dbg_macro)]";
    assert!(
        main.split_whitespace().collect::<String>().contains(lints),
        "crates/cli/src/main.rs no longer has {lints}"
    );
    let allows: Vec<String> = sources
        .iter()
        .flat_map(|(file, text)| lines_with(file, text, "allow(clippy::print_"))
        .collect();
    assert_eq!(
        allows.len(),
        1,
        "one allow of a print lint, on `mod output`: {allows:?}"
    );
    assert!(
        main.contains(
            "#[allow(clippy::print_stderr)] // The one writer of diagnostics.\nmod output;"
        ),
        "main.rs allows print_stderr for `mod output` alone"
    );
    let allowed = [
        ("main.rs", "Output::new(io::stdout().lock())"),
        ("batch/progress.rs", "ProgressDrawTarget::stderr()"),
    ];
    let mut offences = Vec::new();
    for (file, text) in sources.iter().filter(|(name, _)| name != "output.rs") {
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            let handle = code.contains("stdout()") || code.contains("stderr()");
            let asks_only = code.contains(".is_terminal()")
                && !code
                    .replace("stdout().is_terminal()", "")
                    .contains("stdout()")
                && !code
                    .replace("stderr().is_terminal()", "")
                    .contains("stderr()");
            let listed = allowed
                .iter()
                .any(|(name, call)| name == file && code.contains(call));
            if handle && !asks_only && !listed {
                offences.push(format!("{file}: {}", line.trim()));
            }
        }
    }
    assert_eq!(offences, Vec::<String>::new());
}

/// Only `input.rs` opens the reader of sudoku-core, and its
/// `each_record` is called by `batch` (every command that writes one
/// record per input record: solve, check, count, trace) and by the three
/// readers that write something else: trace's page, compare's files, the
/// judge's `--cases`. A new caller belongs in `batch::run`, or in this
/// list with a reason.
#[test]
fn records_are_read_in_input_rs_and_run_through_batch() {
    let callers = [
        "batch/dispatch.rs",
        "batch/mod.rs",
        "commands/trace.rs",
        "commands/compare.rs",
        "commands/judge/cases.rs",
    ];
    let mut found = Vec::new();
    let mut opened = Vec::new();
    for (file, text) in cli_sources() {
        if file != "input.rs" {
            opened.extend(lines_with(&file, &text, "Records::new"));
            if !lines_with(&file, &text, "each_record(").is_empty() {
                found.push(file);
            }
        }
    }
    assert_eq!(opened, Vec::<String>::new());
    found.sort();
    let mut callers = callers.map(str::to_string).to_vec();
    callers.sort();
    assert_eq!(found, callers);
}

/// A panic in an approach becomes one record's error through
/// `guard::catch`; no other code of the workspace catches one, so no
/// panic is swallowed silently (the fuzz regression test, a test, may).
#[test]
fn guard_catch_is_the_only_catch_unwind() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut found = Vec::new();
    for path in rust_files(&crates, &["target", "tests", "examples", "benches"]) {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = path.strip_prefix(&crates).unwrap().display().to_string();
        found.extend(lines_with(&file, &text, "catch_unwind"));
    }
    let files: Vec<&str> = found
        .iter()
        .map(|at| at.split(':').next().unwrap())
        .collect();
    assert_eq!(files, ["cli/src/guard.rs"]);
}

/// `sudoku trace` counts the work of the regions' own code: the trace crate
/// compiles each approach's `lib.rs` by `#[path]`, and holds no region of
/// its own that could drift from the one the catalog solves with.
#[test]
fn trace_counts_come_from_the_regions_own_code() {
    let trace = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/trace/src");
    let lib = std::fs::read_to_string(trace.join("lib.rs")).unwrap();
    for approach in sudoku_catalog::APPROACHES {
        let include = format!("#[path = \"../../solvers/{}/src/lib.rs\"]", approach.id);
        assert!(
            lib.contains(&include),
            "crates/trace/src/lib.rs lacks {include}"
        );
    }
    for path in rust_files(&trace, &[]) {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("LeetCode submission begins"),
            "{} holds a LeetCode region of its own",
            path.display()
        );
    }
}
