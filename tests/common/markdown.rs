//! Just enough Markdown for the tests over notes/: fenced code blocks,
//! headings outside them, links, and GitHub's heading anchors.

/// A fenced code block: its info string (`rust`, `sh`, `text`, or empty) and
/// its body, the lines between the fences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeBlock {
    pub info: String,
    pub body: String,
}

/// The text's lines outside fenced code blocks (the fences themselves are
/// code too).
pub fn prose(text: &str) -> Vec<&str> {
    let mut inside = false;
    text.lines()
        .filter(|line| {
            let fence = line.trim_start().starts_with("```");
            let code = inside || fence;
            if fence {
                inside = !inside;
            }
            !code
        })
        .collect()
}

/// Every fenced code block, in order.
pub fn code_blocks(text: &str) -> Vec<CodeBlock> {
    let mut blocks = Vec::new();
    let mut open: Option<CodeBlock> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        match (&mut open, trimmed.strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(CodeBlock {
                    info: info.trim().to_string(),
                    body: String::new(),
                });
            }
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some(block), None) => {
                block.body.push_str(line);
                block.body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a code block is never closed");
    blocks
}

/// Every heading outside code blocks: its level (the number of `#`) and title.
pub fn headings(text: &str) -> Vec<(usize, String)> {
    prose(text)
        .into_iter()
        .filter_map(|line| {
            let level = line.bytes().take_while(|&byte| byte == b'#').count();
            let title = line[level..].strip_prefix(' ')?;
            (level > 0).then(|| (level, title.trim().to_string()))
        })
        .collect()
}

/// The anchor GitHub gives a heading: lower case, spaces to `-`, and every
/// character that is not a letter, a digit, `-` or `_` dropped (letters of
/// any script are kept, so Chinese titles keep their characters).
pub fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|ch| match ch {
            ' ' => Some('-'),
            ch if ch.is_alphanumeric() || ch == '-' || ch == '_' => Some(ch),
            _ => None,
        })
        .collect()
}

/// The targets of the inline links `[text](target)` outside code blocks.
pub fn links(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    targets
}
