//! The English and Chinese notes stay in step, and no link in the docs is
//! broken.
//!
//! - Every note in notes/ has a Chinese twin in notes/zh/ with the same name,
//!   and the reverse; each links to the other at the top. The one exception
//!   is notes/benchmarks.md, the one home of every timing figure, which a
//!   twin would copy (the records of notes/lab/ are English only too).
//! - Twins have the same sections (the same sequence of heading levels), the
//!   same code blocks (byte for byte: code and commands are not translated)
//!   and the same numbers outside code, so a figure cannot change in one
//!   language only.
//! - README.zh-CN.md is the README's twin, held to the same rules.
//! - Every relative link in README.md, README.zh-CN.md and the notes names a
//!   file that exists and, with `#anchor`, a heading of that file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::markdown::{anchor, code_blocks, headings, links, prose};
use crate::common::{read, root};

/// The note with no Chinese twin: the home of every timing figure.
const WITHOUT_TWIN: &str = "benchmarks.md";

/// The names of the Markdown files directly in `dir`.
fn notes_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| Path::new(name).extension().is_some_and(|ext| ext == "md"))
        .collect()
}

/// The numbers written outside code blocks and inline code: `4,208`,
/// `1.06`, `16`, ... (a digit, then digits, commas and points, ending on a
/// digit). Inline code may run over a line end; a blank line ends it.
fn numbers(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut in_inline = false;
    let mut current = String::new();
    for line in prose(text) {
        if line.trim().is_empty() {
            in_inline = false;
        }
        for ch in line.chars().chain([' ']) {
            if ch == '`' {
                in_inline = !in_inline;
            }
            let digit_or_joint =
                ch.is_ascii_digit() || (!current.is_empty() && (ch == ',' || ch == '.'));
            if !in_inline && digit_or_joint {
                current.push(ch);
            } else if !current.is_empty() {
                found.insert(current.trim_end_matches([',', '.']).to_string());
                current.clear();
            }
        }
    }
    found
}

/// Fails unless `english` and `chinese` have the same heading levels, code
/// blocks and numbers; `what` names the pair in messages.
fn same_shape(what: &str, english: &str, chinese: &str) {
    let levels =
        |text: &str| -> Vec<usize> { headings(text).into_iter().map(|(level, _)| level).collect() };
    assert_eq!(
        levels(english),
        levels(chinese),
        "{what}: the sections differ (heading levels in order)\nEnglish: {:?}\nChinese: {:?}",
        headings(english),
        headings(chinese)
    );
    let (ours, theirs) = (code_blocks(english), code_blocks(chinese));
    assert_eq!(
        ours.len(),
        theirs.len(),
        "{what}: a different number of code blocks"
    );
    for (index, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert!(
            a == b,
            "{what}: code block {} differs:\n{}\n---\n{}",
            index + 1,
            a.body,
            b.body
        );
    }
    let (a, b) = (numbers(english), numbers(chinese));
    assert!(
        a == b,
        "{what}: numbers only in English: {:?}; only in Chinese: {:?}",
        a.difference(&b).collect::<Vec<_>>(),
        b.difference(&a).collect::<Vec<_>>()
    );
}

#[test]
fn every_note_has_a_chinese_twin_with_the_same_sections_code_and_numbers() {
    let english_dir = root().join("notes");
    let chinese_dir = english_dir.join("zh");
    let mut english = notes_in(&english_dir);
    assert!(
        english.remove(WITHOUT_TWIN),
        "notes/{WITHOUT_TWIN} is missing"
    );
    let chinese = notes_in(&chinese_dir);
    assert!(english.len() >= 13, "notes/ holds {} notes", english.len());
    assert_eq!(
        english, chinese,
        "notes/ and notes/zh/ hold different notes"
    );
    for name in &english {
        let ours = read(&english_dir.join(name));
        let theirs = read(&chinese_dir.join(name));
        let top = |text: &str| text.lines().take(4).collect::<Vec<_>>().join("\n");
        assert!(
            top(&ours).contains(&format!("(zh/{name})")),
            "notes/{name} does not link to its Chinese twin at the top"
        );
        assert!(
            top(&theirs).contains(&format!("(../{name})")),
            "notes/zh/{name} does not link to its English twin at the top"
        );
        same_shape(&format!("notes/{name} and notes/zh/{name}"), &ours, &theirs);
    }
}

#[test]
fn the_chinese_readme_is_the_readmes_twin() {
    let readme = read(&root().join("README.md"));
    let chinese = read(&root().join("README.zh-CN.md"));
    assert!(readme
        .lines()
        .take(4)
        .any(|line| line.contains("(README.zh-CN.md)")));
    assert!(chinese
        .lines()
        .take(4)
        .any(|line| line.contains("(README.md)")));
    same_shape("README.md and README.zh-CN.md", &readme, &chinese);
}

/// The files whose links are checked.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![
        root().join("README.md"),
        root().join("README.zh-CN.md"),
        root().join("ARCHITECTURE.md"),
    ];
    // Not notes/lab/: its records keep their links as they were written.
    for dir in [root().join("notes"), root().join("notes/zh")] {
        files.extend(notes_in(&dir).into_iter().map(|name| dir.join(name)));
    }
    files
}

#[test]
fn every_relative_link_in_the_docs_leads_somewhere() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = read(&document);
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                document.clone()
            } else {
                document.parent().unwrap().join(path)
            };
            if !file.exists() {
                broken.push(format!("{}: {target}: no such file", document.display()));
                continue;
            }
            if let Some(fragment) = fragment {
                let found = headings(&read(&file))
                    .iter()
                    .any(|(_, title)| anchor(title) == fragment);
                if !found {
                    broken.push(format!("{}: {target}: no such heading", document.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(anchor("The `sudoku` command"), "the-sudoku-command");
    assert_eq!(
        anchor("Complexity, as you would say it"),
        "complexity-as-you-would-say-it"
    );
    assert_eq!(anchor("复杂度：面试时怎么说"), "复杂度面试时怎么说");
    assert_eq!(
        numbers("a 4,208-cell b 1.06× `9.9` c 7."),
        ["1.06", "4,208", "7"].map(String::from).into()
    );
}
