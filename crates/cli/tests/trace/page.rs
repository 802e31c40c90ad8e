//! The replay page of `sudoku playground` and `sudoku trace --html`: the
//! file the commands write, and the page itself in headless Chromium (the
//! tests marked `#[ignore]`, which `.ci/run` runs with `--ignored trace::`),
//! where it runs the approaches in WebAssembly and must show what `sudoku
//! trace` counts natively.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use base64::Engine as _;
use pretty_assertions::assert_eq;
use sudoku_core::corpus::{self, Kind, Tier};
use sudoku_core::Board;
use sudoku_trace::{Snapshot, Start, Window};

use super::run;
use crate::common::{file_with, sudoku, unsolvable, EXAMPLE};

/// The module the page carries: the one committed beside the CLI's sources.
const COMMITTED_MODULE: &[u8] = include_bytes!("../../src/playground.wasm");

/// `sudoku playground PAGE` into a temporary directory: the directory and
/// the page's path.
fn playground_page() -> (tempfile::TempDir, PathBuf) {
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("playground.html");
    let (code, stdout, stderr) = run(sudoku().arg("playground").arg(&page));
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(0), "", ""));
    (directory, page)
}

/// The module a page carries, decoded from its base64.
fn module_in(html: &str) -> Vec<u8> {
    let start = html
        .find(r#"<script id="module" type="application/octet-stream">"#)
        .expect("the page carries the module");
    let text = &html[start..];
    let text = &text[text.find('>').unwrap() + 1..text.find("</script>").unwrap()];
    base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .expect("base64")
}

/// The state a page opens in when its link names none.
fn opening_of(html: &str) -> serde_json::Value {
    let start = html
        .find(r#"<script id="defaults" type="application/json">"#)
        .expect("the page says how it opens");
    let text = &html[start..];
    let text = &text[text.find('>').unwrap() + 1..text.find("</script>").unwrap()];
    serde_json::from_str(text).unwrap()
}

fn assert_self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in ["http://", "https://", "<link", " src=", "@import"] {
        assert!(
            !html.contains(outside),
            "the page refers outside itself: {outside}"
        );
    }
}

#[test]
fn playground_writes_the_page_with_the_committed_module_on_the_leetcode_example() {
    let (_directory, page) = playground_page();
    let html = std::fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    assert!(
        module_in(&html) == COMMITTED_MODULE,
        "not the committed module"
    );
    assert_eq!(
        opening_of(&html),
        serde_json::json!({
            "puzzle": EXAMPLE,
            "solvers": ["coordinate-recursive", "bitmask"],
            "align": "placements",
        })
    );
    // One file, a few hundred kilobytes: far below the 3 MB it may weigh.
    assert!(html.len() < 3_000_000, "{} bytes", html.len());
}

#[test]
fn trace_html_writes_the_same_page_opened_on_its_puzzle_and_approaches() {
    let directory = tempfile::tempdir().unwrap();
    let traced = directory.path().join("replay.html");
    let input = file_with(&format!("{}\n{EXAMPLE}\n", medium_puzzle()));
    let (code, stdout, stderr) = run(sudoku()
        .args(["trace", "--solver", "bitboard,full-rescan", "--html"])
        .arg(&traced)
        .arg(input.path()));
    assert_eq!(code, Some(0), "{stderr}");
    // The counts table, as `trace` prints it, for the first puzzle only.
    let (_, table, _) = run(sudoku()
        .args(["trace", "--solver", "bitboard,full-rescan"])
        .write_stdin(format!("{}\n", medium_puzzle())));
    assert_eq!(stdout, table);
    let html = std::fs::read_to_string(&traced).unwrap();
    assert_self_contained(&html);
    assert_eq!(
        opening_of(&html),
        serde_json::json!({
            "puzzle": medium_puzzle(),
            "solvers": ["bitboard", "full-rescan"],
            "align": "placements",
        })
    );
    // One approach alone is replayed by steps.
    let (code, _, _) = run(sudoku()
        .args(["trace", "--html"])
        .arg(&traced)
        .write_stdin(format!("{EXAMPLE}\n")));
    assert_eq!(code, Some(0));
    let html = std::fs::read_to_string(&traced).unwrap();
    assert_eq!(
        opening_of(&html)["solvers"],
        serde_json::json!(["coordinate-recursive"])
    );
    assert_eq!(opening_of(&html)["align"], "steps");
    // And apart from how it opens, it is the playground's page.
    let (_playground, page) = playground_page();
    let playground = std::fs::read_to_string(page).unwrap();
    let without_opening = |html: &str| {
        let start = html.find(r#"<script id="defaults""#).unwrap();
        let end = start + html[start..].find("</script>").unwrap();
        format!("{}{}", &html[..start], &html[end..])
    };
    assert_eq!(without_opening(&html), without_opening(&playground));
}

/// A puzzle of the medium tier: not the example.
fn medium_puzzle() -> String {
    Tier::Medium.puzzles()[0].puzzle.to_line()
}

#[test]
fn the_page_has_no_step_cap_and_max_steps_is_gone() {
    // The page held at most --max-steps steps (200,000 by default) of each
    // search; it runs the searches itself now, to their end.
    let directory = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run(sudoku()
        .args(["trace", "--max-steps", "1000", "--html", "page.html"])
        .current_dir(directory.path())
        .write_stdin(format!("{EXAMPLE}\n")));
    assert_eq!((code, stdout.as_str()), (Some(2), ""));
    assert_eq!(
        stderr,
        "error: --max-steps is gone: the replay page runs the approaches itself, \
         with no cap on steps; leave the option out\n"
    );
    assert!(!directory.path().join("page.html").exists());
}

#[test]
fn playground_never_writes_the_page_to_standard_output() {
    let directory = tempfile::tempdir().unwrap();
    for page in ["-", "/dev/stdout", "/proc/self/fd/1"] {
        let (code, stdout, stderr) = run(sudoku()
            .args(["playground", page])
            .current_dir(directory.path()));
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{page}");
        assert!(
            stderr.starts_with(&format!(
                "error: {page}: the page cannot go to standard output"
            )),
            "{page}: {stderr}"
        );
    }
    assert!(!directory.path().join("-").exists());
    // Nor to the file standard output is redirected to.
    let page = directory.path().join("page.html");
    let (code, _, stderr) = run(assert_cmd::Command::new("sh")
        .args([
            "-c",
            &format!(
                "'{}' playground \"$1\" > \"$1\"",
                crate::common::binary().display()
            ),
            "sh",
        ])
        .arg(&page));
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "");
}

#[test]
fn playground_says_why_a_page_cannot_be_written() {
    let directory = tempfile::tempdir().unwrap();
    let nowhere = directory.path().join("no such folder").join("page.html");
    let folder = directory.path().to_path_buf();
    for (page, why) in [
        (nowhere.as_path(), "No such file or directory"),
        (folder.as_path(), "Is a directory"),
        (Path::new("/dev/full"), "No space left on device"),
    ] {
        let (code, stdout, stderr) = run(sudoku().arg("playground").arg(page));
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{}", page.display());
        assert!(
            stderr.starts_with(&format!("error: {}: {why}", page.display())),
            "{stderr}"
        );
    }
    assert!(!nowhere.exists());
}

// ---- In a real browser ----

/// Chromium, run headless with what this machine's closed network needs.
pub fn chromium(arguments: &[&str], profile: &Path) -> Output {
    Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(arguments)
        .output()
        .expect("chromium runs (Debian's package: apt-get install chromium)")
}

/// The page's DOM once it has settled at `fragment`: Chromium's virtual
/// clock runs out only then (the page holds it while it waits for its
/// workers), so the budget is only a bound for a page that never settles.
fn settled(page: &Path, fragment: &str, profile: &Path) -> String {
    let url = format!("file://{}#{fragment}", page.display());
    let output = chromium(
        &["--virtual-time-budget=120000", "--dump-dom", &url],
        profile,
    );
    let dom = String::from_utf8(output.stdout).unwrap();
    assert!(
        dom.contains(r#"data-ready="true""#),
        "the page never settled at #{fragment} ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    dom
}

/// An attribute's value as the DOM dump writes it, unescaped.
fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The attributes of the element with this `id` in a DOM dump.
fn attributes(dom: &str, id: &str) -> HashMap<String, String> {
    let at = dom
        .find(&format!(r#"id="{id}""#))
        .unwrap_or_else(|| panic!("no #{id} in the page"));
    let start = dom[..at].rfind('<').unwrap();
    let tag = &dom[start..start + dom[start..].find('>').unwrap()];
    let mut found = HashMap::new();
    let mut rest = tag;
    while let Some(equals) = rest.find("=\"") {
        let name = rest[..equals].rsplit(' ').next().unwrap().to_string();
        let value_starts = &rest[equals + 2..];
        let end = value_starts.find('"').unwrap();
        found.insert(name, unescape(&value_starts[..end]));
        rest = &value_starts[end + 1..];
    }
    found
}

/// What board `run` shows: `data-board`, `data-counts` (parsed), whether
/// it is at its end, and the step it shows.
struct Shown {
    board: String,
    counts: serde_json::Value,
    end: bool,
    step: u64,
}

fn shown(dom: &str, run: usize) -> Shown {
    let board = attributes(dom, &format!("board-{run}"));
    Shown {
        board: board["data-board"].clone(),
        counts: serde_json::from_str(&board["data-counts"]).unwrap(),
        end: board["data-end"] == "true",
        step: board["data-at"].parse().unwrap(),
    }
}

/// The digits the board's cells show (`.` for an empty cell): what a
/// reader sees, read apart from `data-board`.
fn cells_shown(dom: &str, run: usize) -> String {
    let start = dom
        .find(&format!("id=\"board-{run}\""))
        .expect("the board is in the page");
    let board = &dom[start..start + dom[start..].find("</div>").unwrap()];
    let mut digits = String::new();
    for cell in board.split("data-cell=").skip(1) {
        let text = &cell[cell.find('>').unwrap() + 1..cell.find("</span>").unwrap()];
        digits.push_str(if text.is_empty() { "." } else { text });
    }
    digits
}

/// The "so far" column of run `run`'s counts table, as JSON.
fn table_shown(dom: &str, run: usize) -> serde_json::Value {
    let start = dom.find(&format!("id=\"run-{run}\"")).unwrap();
    let end = dom[start..].find("</section>").unwrap() + start;
    let counts: serde_json::Map<String, serde_json::Value> = dom[start..end]
        .split("data-counter=\"")
        .skip(1)
        .map(|piece| {
            let name = &piece[..piece.find('"').unwrap()];
            let value = &piece[piece.find('>').unwrap() + 1..piece.find('<').unwrap()];
            let value: u64 = value.replace(',', "").parse().unwrap();
            (name.to_string(), value.into())
        })
        .collect();
    counts.into()
}

/// `sudoku trace --json --solver all` on `puzzles`: the counts of each
/// (puzzle, approach).
fn native_counts(puzzles: &[Board]) -> HashMap<(String, String), serde_json::Value> {
    let text: String = puzzles
        .iter()
        .map(|puzzle| puzzle.to_line() + "\n")
        .collect();
    let (code, json, stderr) = run(sudoku()
        .args(["trace", "--json", "--solver", "all"])
        .arg(file_with(&text).path()));
    assert_eq!(code, Some(0), "{stderr}");
    json.lines()
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            let key = (
                object["puzzle"].as_str().unwrap().to_string(),
                object["approach"].as_str().unwrap().to_string(),
            );
            (key, object["counts"].clone())
        })
        .collect()
}

/// The nine approaches, in catalog order.
fn approaches() -> Vec<&'static str> {
    sudoku_catalog::ids().collect()
}

/// Puzzles of several tiers for the page's own runs: the example, an
/// easy, a medium and a hard one (the classics stay off the hardest
/// tier, which takes them minutes).
fn puzzles_of_several_tiers() -> Vec<corpus::CorpusPuzzle> {
    vec![
        Tier::Examples.puzzles().remove(0),
        Tier::Easy.puzzles().remove(3),
        Tier::Medium.puzzles().remove(5),
        Tier::Hard.puzzles().remove(0),
    ]
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn every_approach_runs_in_the_page_to_the_solution_and_the_counts_of_sudoku_trace() {
    let (directory, page) = playground_page();
    let profile = directory.path().join("profile");
    let puzzles = puzzles_of_several_tiers();
    let boards: Vec<Board> = puzzles.iter().map(|entry| entry.puzzle).collect();
    let expected = native_counts(&boards);
    let ids = approaches();
    for entry in &puzzles {
        let puzzle = entry.puzzle.to_line();
        let solution = entry.solution.unwrap().to_line();
        // Two approaches a page, side by side: the nine in five pages.
        for pair in ids.chunks(2) {
            let fragment = format!("puzzle={puzzle}&solvers={}&step=end", pair.join(","));
            let dom = settled(&page, &fragment, &profile);
            for (run, id) in pair.iter().enumerate() {
                let board = shown(&dom, run);
                let context = format!("{id} on {}", entry.name);
                assert_eq!(board.board, solution, "{context}");
                assert_eq!(cells_shown(&dom, run), solution, "{context}");
                assert!(board.end, "{context}");
                let counts = &expected[&(puzzle.clone(), (*id).to_string())];
                assert_eq!(&board.counts, counts, "{context}");
                assert_eq!(&table_shown(&dom, run), counts, "{context}");
            }
        }
    }
}

/// The native trace's state of `id`'s search on `puzzle` where a window
/// from `from` begins: the board and the counts, as the page writes them.
fn native_state(id: &str, puzzle: &Board, from: Start) -> (Snapshot, String, serde_json::Value) {
    let approach = sudoku_trace::find(id).unwrap();
    let window = Window {
        from,
        steps: 0,
        stop: None,
        samples: 0,
    };
    let start = sudoku_trace::trace_window(approach, puzzle, window).start;
    let board = Board::from_cells(start.board)
        .expect("a board's cells are digits")
        .to_line();
    let counts: serde_json::Map<String, serde_json::Value> = approach
        .counters
        .iter()
        .map(|&counter| (counter.name().to_string(), start.counts.get(counter).into()))
        .collect();
    (start, board, counts.into())
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn the_page_shows_the_search_anywhere_as_the_native_trace_records_it() {
    // Anywhere but at the end, the page works the state out itself, from a
    // window's start and its steps: it must agree with sudoku-trace.
    let (directory, page) = playground_page();
    let profile = directory.path().join("profile");
    let entry = Tier::Medium.puzzles().remove(5);
    let puzzle = entry.puzzle.to_line();
    for id in approaches() {
        let whole = sudoku_trace::trace(sudoku_trace::find(id).unwrap(), &entry.puzzle, 0);
        let steps = whole.total_events;
        let placements = whole.counts.get(sudoku_trace::Counter::Placements);
        // A step deep in the search (past the first windows the page
        // fetches), one near its start, and a placement half-way.
        for (align, position, from) in [
            ("steps", steps * 2 / 3, Start::Step(steps * 2 / 3)),
            ("steps", 7, Start::Step(7)),
            (
                "placements",
                placements / 2,
                Start::Placement(placements / 2),
            ),
        ] {
            let fragment = format!("puzzle={puzzle}&solvers={id}&step={position}&align={align}");
            let dom = settled(&page, &fragment, &profile);
            let (start, board, counts) = native_state(id, &entry.puzzle, from);
            let here = shown(&dom, 0);
            let context = format!("{id} at {align} {position}");
            assert_eq!(here.step, start.step, "{context}");
            assert_eq!(here.board, board, "{context}");
            assert_eq!(cells_shown(&dom, 0).len(), 81, "{context}");
            assert_eq!(here.counts, counts, "{context}");
            assert!(!here.end, "{context}");
        }
    }
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn two_classics_aligned_by_placements_reach_the_end_at_the_same_position() {
    // By steps, coordinate-recursive ended a third of the way through
    // full-rescan's search, though the two make the same placements.
    let (directory, page) = playground_page();
    let profile = directory.path().join("profile");
    let entry = Tier::Medium.puzzles().remove(5);
    let puzzle = entry.puzzle.to_line();
    let counts = native_counts(&[entry.puzzle]);
    let count = |id: &str, name: &str| {
        counts[&(puzzle.clone(), id.to_string())][name]
            .as_u64()
            .unwrap()
    };
    let placements = count("full-rescan", "placements");
    assert_eq!(count("coordinate-recursive", "placements"), placements);
    let solvers = "solvers=coordinate-recursive,full-rescan";
    let at = |position: &str, align: &str| {
        settled(
            &page,
            &format!("puzzle={puzzle}&{solvers}&step={position}&align={align}"),
            &profile,
        )
    };
    let dom = at("end", "placements");
    let scrubber = attributes(&dom, "scrubber");
    assert_eq!(scrubber["max"], placements.to_string());
    assert_eq!(
        attributes(&dom, "position")["data-position"],
        scrubber["max"]
    );
    assert!(shown(&dom, 0).end && shown(&dom, 1).end);
    // One placement before: neither is at its end.
    let dom = at(&(placements - 1).to_string(), "placements");
    assert!(!shown(&dom, 0).end && !shown(&dom, 1).end);
    // Both boards are the same board there: the same search.
    assert_eq!(shown(&dom, 0).board, shown(&dom, 1).board);
    // By steps, the one that counts fewer kinds of step ends first.
    let steps = |id: &str| {
        ["calls", "visits", "tries", "placements", "undos"]
            .into_iter()
            .map(|name| count(id, name))
            .sum::<u64>()
    };
    let dom = at(&steps("coordinate-recursive").to_string(), "steps");
    assert!(shown(&dom, 0).end && !shown(&dom, 1).end);
    assert!(steps("coordinate-recursive") < steps("full-rescan"));
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn playing_streams_the_searches_to_their_end_at_any_speed() {
    // The link's `speed` and `play` start playing: at full speed the
    // replay follows the streams of windows as the module makes them; at
    // a given speed it fetches ahead as it goes. A medium puzzle: a
    // classic makes about a million steps there, past the windows a board
    // keeps.
    let (directory, page) = playground_page();
    let profile = directory.path().join("profile");
    let entry = Tier::Medium.puzzles().remove(0);
    let puzzle = entry.puzzle.to_line();
    let expected = native_counts(&[entry.puzzle]);
    for (solvers, align, speed) in [
        ("full-rescan,coordinate-recursive", "placements", "full"),
        ("full-rescan,bitmask", "steps", "full"),
        ("full-rescan", "steps", "1000000"),
    ] {
        let fragment =
            format!("puzzle={puzzle}&solvers={solvers}&step=0&align={align}&speed={speed}&play");
        let dom = settled(&page, &fragment, &profile);
        for (run, id) in solvers.split(',').enumerate() {
            let board = shown(&dom, run);
            assert!(board.end, "{id} {fragment}");
            assert_eq!(board.board, entry.solution.unwrap().to_line(), "{id}");
            assert_eq!(board.counts, expected[&(puzzle.clone(), id.to_string())]);
        }
    }
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn the_page_refuses_a_puzzle_without_a_solution_and_says_why() {
    let (directory, page) = playground_page();
    let profile = directory.path().join("profile");
    let dom = settled(&page, &format!("puzzle={}", unsolvable()), &profile);
    let message = &dom[dom.find(r#"id="puzzle-message""#).unwrap()..];
    let message = &message[message.find('>').unwrap() + 1..message.find('<').unwrap()];
    assert_eq!(message, "not run: the puzzle has no solution");
    assert!(!dom.contains(r#"id="board-0""#));
    // One with several solutions runs, with a note.
    let several = Kind::Multiple.puzzles()[0].puzzle.to_line();
    let dom = settled(&page, &format!("puzzle={several}&step=end"), &profile);
    assert!(dom.contains("more than one solution"));
    assert!(shown(&dom, 0).end);
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn a_link_the_page_cannot_follow_says_why_and_the_page_still_settles() {
    // A broken %-escape threw before the page listened to its link: no
    // board, no message, data-ready never true. Unknown ids were replaced
    // without a word.
    let (directory, page) = playground_page();
    let profile = directory.path().join("profile");
    let message_of = |dom: &str| -> String {
        let message = &dom[dom.find(r#"id="puzzle-message""#).unwrap()..];
        message[message.find('>').unwrap() + 1..message.find('<').unwrap()].to_string()
    };
    for fragment in ["puzzle=%E0%A4%A", "puzzle=%"] {
        let dom = settled(&page, fragment, &profile);
        assert!(dom.contains(r#"data-ready="true""#), "{fragment}");
        assert!(!message_of(&dom).is_empty(), "{fragment}: no message");
    }
    let example = Tier::Examples.puzzles()[0].puzzle.to_line();
    for (fragment, said) in [
        (format!("puzzle={example}&solvers=%ZZ"), "broken %-escape"),
        (
            format!("puzzle={example}&solvers=nope"),
            "no approach is called \"nope\"",
        ),
        (
            format!("puzzle={example}&solvers=bitmask,bitboard,full-rescan"),
            "two approaches at most: full-rescan left out",
        ),
    ] {
        let dom = settled(&page, &fragment, &profile);
        assert!(dom.contains(r#"data-ready="true""#), "{fragment}");
        let message = message_of(&dom);
        assert!(message.contains(said), "{fragment}: {message:?}");
        assert!(
            dom.contains(r#"id="board-0""#),
            "{fragment}: the page still runs"
        );
    }
}

/// The WebAssembly module, driven directly over many puzzles: the survey
/// each board of the page starts (the whole search, its counts), for each
/// puzzle and approach, written into the page as JSON lines.
const HARNESS: &str = r#"<!DOCTYPE html>
<html><body data-ready="false"><pre id="out"></pre>
<script id="module" type="application/octet-stream">MODULE</script>
<script>
"use strict";
const puzzles = PUZZLES;
// While the module compiles and instantiates (work off this thread), the
// page's own thread is idle, and headless Chromium may let its virtual
// clock run out then and dump the page unfinished (once in CI the harness
// came back unfinished after 28 s of real time; the failure did not show
// Chromium's stderr then, so the cause is not known). A message bounced
// between the ends of a channel keeps the thread busy until the end, as
// the replay page does in headless Chromium while it is not settled; an
// error ends the bouncing too, so that a failure shows at once.
const bounce = new MessageChannel();
let holding = true;
bounce.port1.onmessage = () => { if (holding) bounce.port2.postMessage(null); };
bounce.port2.postMessage(null);
async function main() {
  const text = atob(document.getElementById("module").textContent.trim());
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const module = await WebAssembly.compile(bytes);
  const lines = [];
  for (const puzzle of puzzles) {
    for (let approach = 0; approach < 9; approach++) {
      const exports = (await WebAssembly.instantiate(module, { page: { window() {} } })).exports;
      const at = exports.input(81);
      new Uint8Array(exports.memory.buffer, at, 81).set(Uint8Array.from(puzzle, (c) => (c === "." ? 0 : Number(c))));
      const length = exports.trace(approach, 0, 2 ** 53, 0, 0, 0);
      const json = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, exports.output(), length));
      const run = JSON.parse(json);
      lines.push(JSON.stringify({ puzzle, approach: run.approach, counts: run.counts, board: run.board }));
    }
  }
  document.getElementById("out").textContent = lines.join("\n");
  document.body.dataset.ready = "true";
  holding = false;
}
main().catch((error) => {
  holding = false;
  document.getElementById("out").textContent = String(error);
});
</script></body></html>"#;

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn the_webassembly_counts_equal_the_native_counts_on_the_corpus_but_the_hardest_tier() {
    let (directory, page) = playground_page();
    let html = std::fs::read_to_string(&page).unwrap();
    let module = base64::engine::general_purpose::STANDARD.encode(module_in(&html));
    let puzzles: Vec<Board> = corpus::all()
        .into_iter()
        .filter(|entry| entry.tier != Tier::Hardest)
        .map(|entry| entry.puzzle)
        .collect();
    let lines: Vec<String> = puzzles.iter().map(Board::to_line).collect();
    let harness = directory.path().join("harness.html");
    std::fs::write(
        &harness,
        HARNESS
            .replace("MODULE", &module)
            .replace("PUZZLES", &serde_json::to_string(&lines).unwrap()),
    )
    .unwrap();
    let url = format!("file://{}", harness.display());
    let output = chromium(
        &["--virtual-time-budget=600000", "--dump-dom", &url],
        &directory.path().join("profile"),
    );
    let dom = String::from_utf8(output.stdout).unwrap();
    // Where the harness writes its lines, or the error that stopped it.
    let out = dom
        .find(r#"<pre id="out">"#)
        .zip(dom.find("</pre>"))
        .map_or("", |(start, end)| &dom[start + 14..end]);
    assert!(
        dom.contains(r#"data-ready="true""#),
        "the harness never ended ({}): {}; Chromium's stderr: {}",
        output.status,
        out.chars().take(500).collect::<String>(),
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = native_counts(&puzzles);
    let mut compared = 0;
    for line in out.lines() {
        let run: serde_json::Value = serde_json::from_str(&unescape(line)).unwrap();
        let key = (
            run["puzzle"].as_str().unwrap().to_string(),
            run["approach"].as_str().unwrap().to_string(),
        );
        assert_eq!(run["counts"], expected[&key], "{key:?}");
        compared += 1;
    }
    assert_eq!(compared, 9 * puzzles.len());
    assert!(puzzles.len() > 30, "{} puzzles", puzzles.len());
}

#[test]
#[ignore = "needs Chromium (Debian's chromium package); .ci/run installs it and runs this"]
fn the_page_draws_two_approaches_aligned_by_placements() {
    // What scripts/replay-screenshot makes for the README: a PNG with
    // something on it, small enough for the repository.
    let directory = tempfile::tempdir().unwrap();
    let shot = directory.path().join("shot.png");
    let output = Command::new("bash")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/replay-screenshot"))
        .arg(&shot)
        .env("SUDOKU", crate::common::binary())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let png = std::fs::read(&shot).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(png.len() > 20_000, "{} bytes", png.len());
    assert!(png.len() < 300_000, "{} bytes", png.len());
}
