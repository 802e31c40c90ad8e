//! The replay page's WebAssembly module is committed
//! (crates/cli/src/playground.wasm), so that building `sudoku` never needs
//! the WebAssembly target. This test rebuilds it from the sources with
//! scripts/playground-wasm and fails when the committed one differs: an
//! approach, the trace crate or the playground crate changed and the module
//! was not made again.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs the toolchain 1.95.0 with the wasm32-unknown-unknown target; .ci/run installs it and runs this"]
fn the_committed_webassembly_module_is_the_one_the_sources_make() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = tempfile::tempdir().unwrap();
    let rebuilt = folder.path().join("playground.wasm");
    let status = Command::new(root.join("scripts/playground-wasm"))
        .arg(&rebuilt)
        .status()
        .expect("scripts/playground-wasm runs");
    assert!(
        status.success(),
        "scripts/playground-wasm failed ({status}); it needs: rustup toolchain install 1.95.0 \
         --profile minimal --target wasm32-unknown-unknown"
    );
    let committed = std::fs::read(root.join("crates/cli/src/playground.wasm")).unwrap();
    let rebuilt = std::fs::read(&rebuilt).unwrap();
    assert!(
        committed == rebuilt,
        "crates/cli/src/playground.wasm is out of date ({} bytes; the sources make {}): \
         run scripts/playground-wasm and commit the module",
        committed.len(),
        rebuilt.len()
    );
}
