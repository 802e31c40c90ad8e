//! The rules that keep the prose of README.md and notes/ true as the code
//! moves (issue 28). Each rule is simple to follow and fails loudly, naming
//! the file, the line and what to do:
//!
//! - **Timings have one home.** A figure with a unit of time or a ratio
//!   (`µs`, `ms`, `ns`, `s`, `×`, `%`, "times faster", and their Chinese
//!   forms) appears only in notes/benchmarks.md, inside a block a script
//!   recorded, or in notes/lab/, the record of experiments. Everywhere else
//!   prose links to notes/benchmarks.md and says what its tables back in
//!   words. Sizes (`9×9`, `3 × 3`) and products (`9 × 27`) are not ratios.
//! - **The benchmarks page is made, not typed.** Every table and every
//!   timing figure of notes/benchmarks.md sits in a block that
//!   `scripts/record` wrote from a command's output, headed by the date,
//!   the processor (`lscpu`'s model name and vector extensions) and the
//!   command.
//! - **Exact counts come from what a test regenerates.** In the English
//!   docs, a number written just before a word for the work of a search
//!   (`placements`, `guesses`, `nodes`, `clues`...) must also stand in a
//!   block of the same file that a test makes again: a `<!-- counts: -->`
//!   table (`tests/notes_counts.rs`), a `console` example
//!   (`crates/cli/tests/doc_examples.rs` runs it and compares its output) or
//!   a `<!-- guesses -->` table (`tests/public_data.rs`). The Chinese twins
//!   hold the same numbers (`tests/notes_sync.rs`), so they follow. A few
//!   facts that no test here makes are listed in `FACTS`, each with its
//!   source.
//! - **The front door stays a front door.** README.md has at most 250
//!   lines and "Start here" within its first 40.
//! - **Names tell the truth.** A corpus puzzle named `...-N-clues-...`, and
//!   a corpus comment that says a puzzle has N clues, match its givens.

use std::path::{Path, PathBuf};

use crate::common::markdown::code_blocks;
use crate::common::{read, root};

/// The Markdown files under `dir`, recursively, sorted.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The path of `file` from the repository root, for messages.
fn shown(file: &Path) -> String {
    file.strip_prefix(root())
        .unwrap_or(file)
        .display()
        .to_string()
}

/// The home of every timing figure.
const BENCHMARKS: &str = "notes/benchmarks.md";

/// The folder of experiment records, which keep their figures as written.
const LAB: &str = "notes/lab";

/// Where the timing rule applies: the READMEs and every note, but the two
/// homes.
fn documents_without_timings() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md"), root().join("README.zh-CN.md")];
    files.extend(
        markdown_under(&root().join("notes"))
            .into_iter()
            .filter(|file| {
                let name = shown(file);
                name != BENCHMARKS && !name.starts_with(LAB)
            }),
    );
    files
}

/// Fenced code blocks in these languages are code, where `%` is a
/// remainder: the timing rule reads the prose and every other block (shell
/// commands, and the `text` and `console` blocks that show output).
const CODE_LANGUAGES: &[&str] = &["rust", "python", "py", "java", "cpp", "c++", "c"];

/// The lines of `text` the timing rule reads, with their numbers (from 1):
/// all but those inside fenced blocks of source code.
fn lines_outside_source_code(text: &str) -> Vec<(usize, &str)> {
    let mut inside: Option<bool> = None; // Some(is source code) inside a block
    let mut kept = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            inside = match inside {
                None => Some(CODE_LANGUAGES.contains(&info.trim())),
                Some(_) => None,
            };
            continue;
        }
        if inside != Some(true) {
            kept.push((index + 1, line));
        }
    }
    kept
}

/// A number as prose writes it: a digit, then digits, commas and points,
/// ending on a digit. Gives the number and the byte just after it, for each
/// number of `line` that does not continue a word (`avx512`, `x86`).
fn numbers_in(line: &str) -> Vec<(&str, usize)> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_word = at == 0 || {
            let before = line[..at].chars().next_back().unwrap();
            !(before.is_alphanumeric() || before == '_' || before == '.' || before == ',')
        };
        if bytes[at].is_ascii_digit() && starts_word {
            let mut end = at;
            while end < bytes.len()
                && (bytes[end].is_ascii_digit()
                    || ((bytes[end] == b',' || bytes[end] == b'.')
                        && bytes.get(end + 1).is_some_and(u8::is_ascii_digit)))
            {
                end += 1;
            }
            found.push((&line[at..end], end));
            at = end;
        } else {
            at += line[at..].chars().next().map_or(1, char::len_utf8);
        }
    }
    found
}

/// The units of time and of ratios, in English and Chinese, as they follow
/// a number: after one space, or attached to it. `%`, `x` and `倍` must be
/// attached (`4 % 3` is a remainder, `2 x 3` a product), `s` must not
/// (`two 5s` are digits).
const TIME_UNITS: &[(&str, Spacing)] = &[
    ("µs", Spacing::Either),
    ("us", Spacing::Either),
    ("ms", Spacing::Either),
    ("ns", Spacing::Either),
    ("s", Spacing::Spaced),
    ("seconds", Spacing::Spaced),
    ("second", Spacing::Spaced),
    ("%", Spacing::Attached),
    ("per cent", Spacing::Spaced),
    ("percent", Spacing::Spaced),
    ("x", Spacing::Attached),
    ("times faster", Spacing::Spaced),
    ("times slower", Spacing::Spaced),
    ("times as fast", Spacing::Spaced),
    ("times as slow", Spacing::Spaced),
    ("times as long", Spacing::Spaced),
    ("times quicker", Spacing::Spaced),
    ("微秒", Spacing::Either),
    ("毫秒", Spacing::Either),
    ("纳秒", Spacing::Either),
    ("秒", Spacing::Either),
    ("倍", Spacing::Either),
];

/// Where a unit may stand against its number.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spacing {
    Attached,
    Spaced,
    Either,
}

/// The unit of time or ratio that follows the number ending at `end` of
/// `line`, if any. `×` counts unless a size or a product follows it (`9×9`,
/// `9 × 27`, `n × n`).
fn unit_after(line: &str, end: usize) -> Option<&'static str> {
    let attached = &line[end..];
    let spaced = attached
        .strip_prefix(' ')
        .or_else(|| attached.strip_prefix('\u{a0}'))
        .or_else(|| attached.strip_prefix('\u{2009}'));
    let rest = spaced.unwrap_or(attached);
    if let Some(after) = rest.strip_prefix('×') {
        // `9×9` and `n×n` are sizes, `9 × 27` a product: a factor follows
        // at once, or after a space when a space came before.
        let after = if spaced.is_some() {
            after.trim_start_matches(' ')
        } else {
            after
        };
        let a_factor = after.chars().next().is_some_and(char::is_alphanumeric);
        return (!a_factor).then_some("×");
    }
    TIME_UNITS.iter().find_map(|&(unit, spacing)| {
        let text = match (spacing, spaced) {
            (Spacing::Attached, _) | (Spacing::Either, None) => attached,
            (Spacing::Spaced | Spacing::Either, Some(text)) => text,
            (Spacing::Spaced, None) => return None,
        };
        let after = text.strip_prefix(unit)?;
        // A unit ends where a word would: `5 s` and `5 s,` but not `5 steps`.
        let next = after.chars().next();
        let ends = unit.chars().all(|ch| !ch.is_ascii_alphabetic())
            || !next.is_some_and(|ch| ch.is_alphanumeric() || ch == '_');
        ends.then_some(unit)
    })
}

/// Every timing figure of `text` outside source code, as `line: text`.
fn timing_figures(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let lines = lines_outside_source_code(text);
    for (index, &(number, line)) in lines.iter().enumerate() {
        let joined = with_next_line(&lines, index);
        for (figure, end) in numbers_in(&joined) {
            if end - figure.len() >= line.len() {
                break; // the next line's own figures are its own
            }
            if let Some(unit) = unit_after(&joined, end) {
                found.push(format!("{number}: {figure} {unit}: {}", line.trim()));
            }
        }
    }
    found
}

/// Line `index` of `lines` with the line after it appended when that one
/// goes on the same paragraph, so that a figure and its unit or noun
/// wrapped onto two lines are read together.
fn with_next_line(lines: &[(usize, &str)], index: usize) -> String {
    let (number, line) = lines[index];
    match lines.get(index + 1) {
        Some(&(next_number, next)) if next_number == number + 1 && !next.trim().is_empty() => {
            format!("{} {}", line.trim_end(), next.trim_start())
        }
        _ => line.to_string(),
    }
}

#[test]
fn timing_figures_live_only_in_the_benchmarks_page_and_the_lab() {
    let mut misplaced = Vec::new();
    for file in documents_without_timings() {
        for figure in timing_figures(&read(&file)) {
            misplaced.push(format!("{}:{figure}", shown(&file)));
        }
    }
    assert!(
        misplaced.is_empty(),
        "timing figures outside {BENCHMARKS} and {LAB}/: move each into a table that \
         scripts/record makes in {BENCHMARKS} and link to it, or say it in words\n{}",
        misplaced.join("\n")
    );
}

#[test]
fn the_timing_rule_sees_what_it_should_and_not_sizes() {
    let caught = |text: &str| timing_figures(text).len();
    for figure in [
        "took 1.5 ms",
        "1.5ms",
        "about 1.4× faster",
        "5–8% faster",
        "2 s a case",
        "0.36× or more",
        "1.73× (against",
        "about 6x faster",
        "3 times faster",
        "1.1 seconds",
        "12% more",
        "about 1.4\ntimes faster",
        "快了 1.5 倍",
        "耗时 30 秒",
        "```text\n  37 cases passed in 116.04 ms\n```",
    ] {
        assert_eq!(caught(figure), 1, "{figure}");
    }
    for size in [
        "a 9×9 board",
        "16×16 and 25×25",
        "the 3 × 3 box",
        "O(9 × 27) per node",
        "2 × 81 conversions",
        "avx512 and x86-64",
        "`--jobs 2` on 17 steps",
        "```rust\nlet b = 81 % 9;\n```",
        "5 sets",
        "row 1 has two 5s",
        "```text\ncorner (4 - 4 % 3, 7 - 7 % 3)\n```",
        "a 2 x 3 grid",
    ] {
        assert_eq!(caught(size), 0, "{size}");
    }
}

/// The lines that open and close a block `scripts/record` writes in the
/// benchmarks page.
const RECORD_BEGIN: &str = "<!-- recorded: ";
const RECORD_END: &str = "<!-- end of recorded -->";

#[test]
fn the_benchmarks_page_holds_only_recorded_tables() {
    let text = read(&root().join(BENCHMARKS));
    let mut problems = Vec::new();
    let mut open: Option<(usize, String)> = None;
    let mut header_seen = false;
    let mut tables = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(name) = line.strip_prefix(RECORD_BEGIN) {
            if open.is_some() {
                problems.push(format!("{number}: a block opens inside another"));
            }
            open = Some((number, name.trim_end_matches(" -->").to_string()));
            header_seen = false;
            continue;
        }
        if line == RECORD_END {
            match open.take() {
                // An empty block is a table not made yet; one with content
                // must say where it came from.
                Some((start, name)) if !header_seen && start + 1 != number => {
                    problems.push(format!("{number}: block {name} has no header line"));
                }
                None => problems.push(format!("{number}: a block ends that never opened")),
                Some(_) => {}
            }
            continue;
        }
        if let Some((start, name)) = &open {
            if *start + 1 == number {
                // "Made on 2026-12-01 on <processor> (<flags>), by `<command>`:"
                let dated = line.starts_with("Made on ")
                    && line.get(8..18).is_some_and(|date| {
                        date.bytes().filter(u8::is_ascii_digit).count() == 8
                            && &date[4..5] == "-"
                            && &date[7..8] == "-"
                    });
                header_seen = dated && line.contains(" on ") && line.contains("by `");
                if !header_seen {
                    problems.push(format!(
                        "{number}: block {name} must open with its header \
                         (\"Made on DATE on PROCESSOR (FLAGS), by `COMMAND`\"), as \
                         scripts/record writes it"
                    ));
                }
            }
            if line.starts_with("|---") {
                tables += 1;
            }
        } else {
            if line.starts_with('|') {
                problems.push(format!(
                    "{number}: a table outside a recorded block: make it with scripts/record"
                ));
            }
            for (figure, end) in numbers_in(line) {
                if let Some(unit) = unit_after(line, end) {
                    problems.push(format!(
                        "{number}: {figure} {unit} outside a recorded block: prose here says \
                         in words what the tables show"
                    ));
                }
            }
        }
    }
    if let Some((start, name)) = open {
        problems.push(format!("{start}: block {name} never ends"));
    }
    assert!(
        problems.is_empty(),
        "{BENCHMARKS}:\n{}",
        problems.join("\n")
    );
    assert!(tables >= 5, "{BENCHMARKS} holds {tables} recorded tables");
}

/// Words for the work of a search, or for the size of a puzzle, that an
/// exact figure in the English docs may stand before.
const COUNT_NOUNS: &[&str] = &[
    "placements",
    "placement",
    "undos",
    "tries",
    "compares",
    "calls",
    "visits",
    "nodes",
    "guesses",
    "guess",
    "layouts",
    "branch points",
    "dead ends",
    "splits",
    "clues",
    "givens",
    "forced",
    "passes",
    "frames",
];

/// Words that may stand between a number and its noun: "852,142 classic
/// placements", "81 guesses at 42 branch points".
const BETWEEN: &[&str] = &["classic", "more", "fewer", "such", "its", "of", "the", "in"];

/// Figures with a count noun that no test of this workspace makes, each a
/// published fact or a definition, with its source.
const FACTS: &[(&str, &str, &str)] = &[
    (
        "17",
        "clues",
        "McGuire, Tugemann and Civario (2012): no proper puzzle has fewer",
    ),
    ("17", "givens", "the same fact"),
    (
        "91",
        "frames",
        "coordinate-recursive's deepest path: a call per cell, per row end and at the end",
    ),
];

/// The exact figures of `text` (its English prose and shell blocks) written
/// before a count noun, as (line, figure, noun).
fn counted_figures(text: &str) -> Vec<(usize, String, &'static str)> {
    let mut found = Vec::new();
    let mut recorded = false;
    let lines = lines_outside_source_code(text);
    for (index, &(number, line)) in lines.iter().enumerate() {
        // The benchmarks page's tables are a command's output, made by
        // scripts/record, not prose.
        if line.starts_with(RECORD_BEGIN) {
            recorded = true;
        } else if line == RECORD_END {
            recorded = false;
        }
        if recorded {
            continue;
        }
        let joined = with_next_line(&lines, index);
        let line = joined.as_str();
        let own = lines[index].1.len();
        for (figure, end) in numbers_in(line) {
            if end - figure.len() >= own {
                break; // the next line's own figures are its own
            }
            // `729 × 4 nodes` counts 729 × 4, not 4.
            let start = end - figure.len();
            if line[..start].trim_end().ends_with('×') {
                continue;
            }
            let mut words = line[end..].split(' ').filter(|word| !word.is_empty());
            let mut skipped = 0;
            let rest = loop {
                let Some(word) = words.next() else {
                    break None;
                };
                if BETWEEN.contains(&word) && skipped < 2 {
                    skipped += 1;
                    continue;
                }
                break Some(word);
            };
            let Some(first) = rest else { continue };
            let offset = line[end..].find(first).unwrap() + end;
            let rest = &line[offset..];
            if let Some(noun) = COUNT_NOUNS.iter().copied().find(|noun| {
                rest.strip_prefix(noun)
                    .is_some_and(|after| !after.starts_with(|ch: char| ch.is_alphanumeric()))
            }) {
                found.push((number, figure.to_string(), noun));
            }
        }
    }
    found
}

/// The numbers that stand in the blocks of `text` a test makes again.
fn numbers_in_checked_blocks(text: &str) -> Vec<String> {
    let mut checked = Vec::new();
    let mut inside_marked = false;
    for line in text.lines() {
        if line.starts_with("<!-- counts: ") || line.starts_with("<!-- guesses") {
            inside_marked = true;
        } else if line.starts_with("<!-- end of ") {
            inside_marked = false;
        } else if inside_marked {
            checked.extend(numbers_in(line).into_iter().map(|(n, _)| plain(n)));
        }
    }
    for block in code_blocks(text) {
        if block.info == "console" {
            for line in block.body.lines() {
                checked.extend(numbers_in(line).into_iter().map(|(n, _)| plain(n)));
            }
        }
    }
    checked
}

/// A number without its thousands separators: prose writes `4,208` where
/// `sudoku trace` prints `4208`.
fn plain(number: &str) -> String {
    number.replace(',', "")
}

/// The English documents: the README and every note outside notes/zh/ and
/// notes/lab/.
fn english_documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    files.extend(
        markdown_under(&root().join("notes"))
            .into_iter()
            .filter(|file| {
                let name = shown(file);
                !name.starts_with("notes/zh/") && !name.starts_with(LAB)
            }),
    );
    files
}

#[test]
fn exact_counts_in_prose_come_from_blocks_a_test_makes_again() {
    let mut unbacked = Vec::new();
    for file in english_documents() {
        let text = read(&file);
        let checked = numbers_in_checked_blocks(&text);
        for (line, figure, noun) in counted_figures(&text) {
            let fact = FACTS
                .iter()
                .any(|(number, word, _)| *number == figure && *word == noun);
            if !fact
                && !checked.contains(&plain(&figure))
                && !clues_of_a_puzzle_near(&text, line, &figure, noun)
            {
                unbacked.push(format!("{}:{line}: {figure} {noun}", shown(&file)));
            }
        }
    }
    assert!(
        unbacked.is_empty(),
        "exact counts in prose that no block of the same file backs: show them in a `console` \
         example or a counts table that a test makes again, or say them without the figure\n{}",
        unbacked.join("\n")
    );
}

/// Whether `figure` `noun` (clues or givens) at `line` counts the givens of
/// a puzzle written out within a few lines of it, as 81 characters.
fn clues_of_a_puzzle_near(text: &str, line: usize, figure: &str, noun: &str) -> bool {
    if noun != "clues" && noun != "givens" {
        return false;
    }
    let lines: Vec<&str> = text.lines().collect();
    let window = &lines[line.saturating_sub(6)..(line + 8).min(lines.len())];
    window.iter().any(|text| {
        text.split(|ch: char| !(ch.is_ascii_digit() || ch == '.'))
            .filter(|word| word.len() == 81)
            .any(|puzzle| {
                puzzle
                    .bytes()
                    .filter(|b| (b'1'..=b'9').contains(b))
                    .count()
                    .to_string()
                    == figure
            })
    })
}

#[test]
fn the_count_rule_finds_figures_before_their_nouns() {
    let found = |text: &str| -> Vec<String> {
        counted_figures(text)
            .into_iter()
            .map(|(_, figure, noun)| format!("{figure} {noun}"))
            .collect()
    };
    assert_eq!(
        found("and `bitboard` 81 guesses at 42 branch points; 852,142 classic placements"),
        ["81 guesses", "42 branch points", "852,142 placements"]
    );
    assert_eq!(
        found("a board of 14 clues, 9 digits and 3 boxes"),
        ["14 clues"]
    );
    assert!(found("the 81 cells and 12 puzzles").is_empty());
    assert_eq!(found("and `bitboard` 107\nguesses at 52"), ["107 guesses"]);
    let text = "<!-- counts: x -->\n| a | 4,208 |\n<!-- end of counts -->\n";
    assert_eq!(numbers_in_checked_blocks(text), ["4208"]);
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines; at most 250");
    let start = readme
        .lines()
        .position(|line| line == "## Start here")
        .expect("README.md has a \"## Start here\" section");
    assert!(
        start < 40,
        "\"Start here\" is on line {}; it belongs in the first 40",
        start + 1
    );
}

#[test]
fn corpus_names_and_comments_give_the_true_number_of_clues() {
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(root().join("crates/core/corpus")).unwrap() {
        let path = entry.unwrap().path();
        let text = read(&path);
        let mut claimed: Option<(usize, String)> = None; // from a comment, for the next puzzle
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            if line.starts_with('#') {
                for (figure, end) in numbers_in(line) {
                    if line[end..].trim_start().starts_with("clues") {
                        claimed = Some((number, figure.to_string()));
                    }
                }
                continue;
            }
            let mut fields = line.split_whitespace();
            let (Some(puzzle), Some(_), Some(name)) = (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let givens = puzzle
                .chars()
                .filter(|ch| ('1'..='9').contains(ch))
                .count()
                .to_string();
            if let Some((comment, figure)) = claimed.take() {
                if figure != givens {
                    wrong.push(format!(
                        "{}:{comment}: says {figure} clues; {name} has {givens}",
                        shown(&path)
                    ));
                }
            }
            let parts: Vec<&str> = name.split('-').collect();
            for pair in parts.windows(2) {
                if pair[1] == "clues" && pair[0] != givens {
                    wrong.push(format!(
                        "{}:{number}: {name} has {givens} clues, not {}",
                        shown(&path),
                        pair[0]
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
