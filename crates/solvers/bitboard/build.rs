//! Sets the `sudoku_avx512` cfg when the compiler is Rust 1.89 or later,
//! where AVX-512's intrinsics and target features are stable: the AVX-512
//! copy of the search (`src/avx2/wide.rs`, x86-64 only) is compiled only
//! then, and left out by an older compiler.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTC");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    // "rustc 1.95.0 (59807616e 2026-04-14)": the major and minor versions.
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .and_then(|text| {
            let mut numbers = text.split_whitespace().nth(1)?.split('.');
            let major = numbers.next()?.parse::<u32>().ok()?;
            let minor = numbers.next()?.parse::<u32>().ok()?;
            Some((major, minor))
        });
    if version.is_some_and(|version| version >= (1, 89)) {
        println!("cargo:rustc-cfg=sudoku_avx512");
    }
}
