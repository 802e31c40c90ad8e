//! The functions the page's script calls, over buffers in the module's
//! memory: the script writes its input where [`input`] says, calls a
//! function, and reads the text it returns at [`output`] (its length is
//! what the function returned) and, after [`trace`], the steps at
//! [`steps`] (three `u32` each, [`steps_len`] numbers).
//!
//! [`trace`] with `stop` 1 ends in a trap once its window is full: the
//! results are in the buffers before it, and the script reads them and
//! then drops the instance, whose state the trap left half-way. With `stop`
//! 2 it streams: at each full window it calls the page's `page.window`
//! import, which reads the buffers the same way and returns, and the search
//! goes on (the page ends a stream it no longer needs by dropping the
//! worker that runs it).

// Exported by their plain names in the WebAssembly build, which the
// `unsafe_code` lint flags: the names are the whole interface with the page,
// nothing here is unsafe. Natively they keep Rust's own names: a native
// `read` or `write` would replace the C library's.
#![allow(unsafe_code)]

use std::cell::RefCell;

use sudoku_core::Board;
use sudoku_trace::{Start, Trace};

use crate::{Request, Run};

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static STEPS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for `len` bytes of input and says where to write them.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Where the text the last call returned is.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn output() -> *const u8 {
    OUTPUT.with_borrow(Vec::as_ptr)
}

/// Where the steps of the last [`trace`] are.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn steps() -> *const u32 {
    STEPS.with_borrow(Vec::as_ptr)
}

/// How many numbers the steps of the last [`trace`] are (three a step).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn steps_len() -> usize {
    STEPS.with_borrow(Vec::len)
}

fn answer(text: String) -> usize {
    let len = text.len();
    OUTPUT.set(text.into_bytes());
    len
}

/// [`crate::about`]: the length of its text.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn about() -> usize {
    answer(crate::about())
}

/// [`crate::read`] on the input (UTF-8; anything else is an error): the
/// length of its text.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn read() -> usize {
    let text = INPUT.with_borrow(|input| String::from_utf8(input.clone()));
    answer(match text {
        Ok(text) => crate::read(&text),
        Err(_) => serde_json::json!({ "error": "the text is not UTF-8" }).to_string(),
    })
}

/// Runs approach number `approach` on the puzzle in the input (81 bytes, 0
/// for an empty cell), keeping `steps` steps from step `from` (or, with
/// `by_placement`, from the placement number `from`), and `samples`
/// samples of the whole search. `stop` 0 runs the search to its end; 1
/// stops it when the window is full (a trap); 2 hands each full window to
/// the page (`page.window`) and goes on. The length of the run's text (the
/// last window's, for a stream), or 0 when the input is not a puzzle or
/// there is no such approach.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn trace(
    approach: u32,
    by_placement: u32,
    from: f64,
    steps: u32,
    stop: u32,
    samples: u32,
) -> usize {
    let cells = INPUT.with_borrow(|input| <[u8; 81]>::try_from(input.as_slice()));
    let (Ok(cells), true) = (cells, (approach as usize) < sudoku_trace::APPROACHES.len()) else {
        return 0;
    };
    let Ok(puzzle) = Board::from_cells(cells) else {
        return 0;
    };
    // A step number from the script: a whole number below 2^53.
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    let from = from.max(0.0) as u64;
    let request = Request {
        approach: approach as usize,
        from: if by_placement == 0 {
            Start::Step(from)
        } else {
            Start::Placement(from)
        },
        steps: steps as usize,
        stop: stop != 0,
        samples: samples as usize,
    };
    let at_a_full_window = if stop == 2 { hand_over } else { stop_here };
    keep(crate::run(&puzzle, request, at_a_full_window))
}

/// Puts a run's results where the script reads them: the length of its text.
fn keep(run: Run) -> usize {
    STEPS.set(run.steps);
    answer(run.json)
}

/// Ends the search at the end of its window: the results are kept, and the
/// call ends in a trap (the page drops the instance).
#[allow(clippy::needless_pass_by_value)] // The signature `Window::stop` asks for.
fn stop_here(traced: Trace) {
    keep(crate::encode(&traced));
    end_the_call();
}

/// Hands a full window to the page, which reads it from the buffers, and
/// lets the search go on.
#[allow(clippy::needless_pass_by_value)] // The signature `Window::stop` asks for.
fn hand_over(traced: Trace) {
    let len = keep(crate::encode(&traced));
    page::window(len);
}

#[cfg(target_arch = "wasm32")]
fn end_the_call() -> ! {
    core::arch::wasm32::unreachable()
}

/// What the page gives the module: the one function it imports.
#[cfg(target_arch = "wasm32")]
mod page {
    #[link(wasm_import_module = "page")]
    unsafe extern "C" {
        /// Takes a window of a stream: its text (`len` bytes at `output`)
        /// and its steps.
        pub safe fn window(len: usize);
    }
}

/// Natively (the workspace's build of this crate), nothing calls `trace`
/// with a window that stops or streams.
#[cfg(not(target_arch = "wasm32"))]
fn end_the_call() -> ! {
    std::process::abort()
}

#[cfg(not(target_arch = "wasm32"))]
mod page {
    pub fn window(_len: usize) {
        super::end_the_call();
    }
}
