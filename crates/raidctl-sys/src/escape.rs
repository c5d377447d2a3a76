//! One escaping function for text that came from a controller, a file or a bundle on its way
//! to a terminal, a table, a Nagios line or a Markdown summary: a drive model or serial holding
//! `ESC [2J` must not clear the operator's screen, set the window title or hide the lines after
//! it. Control characters (C0, DEL, C1) become `\x1b`-style escapes (`\t`, `\r`, `\n` for the
//! usual three), and the invisible formatting characters that reorder or hide text (bidi
//! overrides, zero-width characters, line separators) become `\u{202e}`; printable Unicode is
//! kept as it is. JSON output keeps the exact text (serde escapes control characters there).

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must be shown escaped.
fn needs_escape(c: char, keep_newline: bool) -> bool {
    match c {
        '\n' => !keep_newline,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        // Bidi embeddings, overrides and isolates; zero-width characters; the Arabic letter
        // mark; line and paragraph separators (some terminals break lines there); BOM.
        '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2069}'
        | '\u{061c}'
        | '\u{feff}' => true,
        _ => false,
    }
}

fn escape_with(s: &str, keep_newline: bool) -> Cow<'_, str> {
    // Nearly every value is printable ASCII: no copy.
    if s.bytes()
        .all(|b| (0x20..0x7f).contains(&b) || (keep_newline && b == b'\n'))
    {
        return Cow::Borrowed(s);
    }
    if !s.chars().any(|c| needs_escape(c, keep_newline)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !needs_escape(c, keep_newline) {
            out.push(c);
            continue;
        }
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x100 => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
        }
    }
    Cow::Owned(out)
}

/// `s` safe for one line of a terminal, table cell, Nagios line or Markdown: every control
/// character, newlines included, is shown escaped.
pub fn escape(s: &str) -> Cow<'_, str> {
    escape_with(s, false)
}

/// [`escape`] of a text of several lines: newlines are kept, everything else is escaped
/// (for narration, a Markdown document, an error message that names untrusted values).
pub fn escape_text(s: &str) -> Cow<'_, str> {
    escape_with(s, true)
}

/// `s` as HTML or XML text or attribute value: `&`, `<`, `>` and `"` become entities (the
/// qualification page and the simulated `omreport -fmt xml` both write them).
pub fn markup(s: &str) -> Cow<'_, str> {
    if !s.contains(['&', '<', '>', '"']) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_makes_entities_of_the_four_and_keeps_the_rest() {
        assert!(matches!(markup("Seagate ST4000"), Cow::Borrowed(_)));
        assert_eq!(
            markup(r#"<a href="x">&amp;</a> é"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;amp;&lt;/a&gt; é"
        );
    }

    #[test]
    fn controls_are_escaped_and_printable_text_kept() {
        assert!(matches!(escape("ST4000NM0023 Z1Z0"), Cow::Borrowed(_)));
        assert_eq!(escape("a\x1b[2Jb"), "a\\x1b[2Jb");
        assert_eq!(escape("\x1b]0;owned\x07"), "\\x1b]0;owned\\x07");
        assert_eq!(escape("tab\there\r\n"), "tab\\there\\r\\n");
        assert_eq!(escape("del\x7f c1\u{9b}31m"), "del\\x7f c1\\x9b31m");
        assert_eq!(escape("abc\u{202e}txt.exe"), "abc\\u{202e}txt.exe");
        assert_eq!(escape("zero\u{200b}width"), "zero\\u{200b}width");
        // Printable Unicode stays.
        assert!(matches!(escape("Müller 東芝 …"), Cow::Borrowed(_)));
        assert_eq!(escape_text("line 1\nline\x1b 2"), "line 1\nline\\x1b 2");
        assert!(matches!(escape_text("a\nb"), Cow::Borrowed(_)));
    }
}
