//! The layer every MegaCli parser shares: lines with numbers, `Key : Value` splitting, the
//! `Exit Code` trailer and the junk that real captures carry (spinner lines, prompts, CRLF).

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::space0;
use nom::combinator::opt;

/// One input line, with its 1-based number and the terminal-visible text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based line number in the input.
    pub no: usize,
    /// Text as a terminal shows it: after the last `\r`, trailing white space removed.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// True for lines with nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Splits `Key : Value`, see [`split_kv`].
    pub fn kv(&self) -> Option<(&'a str, &'a str)> {
        split_kv(self.text)
    }
}

/// Splits input into [`Line`]s. A `\r` inside a line means the terminal overwrote what came
/// before it (MegaCli's spinner), so only the text after the last `\r` is kept.
pub fn lines(input: &str) -> Lines<'_> {
    lines_from(input, 1)
}

/// [`lines`] of a piece of a larger text whose first line is line `first` of that text.
pub fn lines_from(input: &str, first: usize) -> Lines<'_> {
    Lines {
        input,
        newlines: memchr::memchr_iter(b'\n', input.as_bytes()),
        cr: CrSearch::default(),
        start: Some(0),
        no: first.saturating_sub(1),
    }
}

/// The [`Line`]s of a text, see [`lines`]. One newline search runs over the whole text
/// (a search per line costs more than the line for MegaCli's short lines).
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    input: &'a str,
    newlines: memchr::Memchr<'a>,
    cr: CrSearch,
    /// Where the next line starts; `None` once the final line (after the last `\n`,
    /// possibly empty) was returned, as `str::split('\n')` ends.
    start: Option<usize>,
    no: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    #[inline]
    fn next(&mut self) -> Option<Line<'a>> {
        let start = self.start?;
        // `\n` is ASCII, so both sides of one are character boundaries.
        let (raw, end) = match self.newlines.next() {
            Some(at) => {
                self.start = Some(at + 1);
                (self.input.get(start..at).unwrap_or_default(), at)
            }
            None => {
                self.start = None;
                (
                    self.input.get(start..).unwrap_or_default(),
                    self.input.len(),
                )
            }
        };
        self.no += 1;
        let has_cr = self.cr.before(self.input.as_bytes(), start, end);
        let visible = if has_cr {
            // This line holds a `\r`.
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            match memchr::memrchr(b'\r', raw.as_bytes()) {
                Some(at) => raw.get(at + 1..).unwrap_or_default(),
                None => raw,
            }
        } else {
            raw
        };
        Some(Line {
            no: self.no,
            text: trim_end(visible),
        })
    }
}

/// Where the next `\r` of a text is, searched a window at a time: a search per line costs
/// more than MegaCli's short lines, and one search over the whole text costs the whole text
/// for a caller that reads only its first lines (nearly every text has no `\r` at all).
#[derive(Debug, Clone, Copy, Default)]
struct CrSearch {
    /// The first `\r` at or after where the last search started, or `limit` when there is
    /// none before `limit`, where it ended.
    at: usize,
    limit: usize,
}

impl CrSearch {
    /// Bytes searched at a time.
    const WINDOW: usize = 64 * 1024;

    /// True when `text[start..end]` holds a `\r`; lines are asked for in order.
    #[inline]
    fn before(&mut self, text: &[u8], start: usize, end: usize) -> bool {
        if self.at < start || self.limit == 0 {
            self.search(text, start);
        }
        while self.at == self.limit && self.limit < end {
            self.search(text, self.limit);
        }
        self.at < end
    }

    fn search(&mut self, text: &[u8], from: usize) {
        let limit = from.saturating_add(Self::WINDOW).min(text.len());
        self.limit = limit;
        self.at = text
            .get(from..limit)
            .and_then(|w| memchr::memchr(b'\r', w))
            .map_or(limit, |p| from + p);
    }
}

/// True for the bytes `char::is_whitespace` accepts among ASCII.
#[inline]
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// `str::trim`, removing ASCII white space byte by byte and decoding characters only when
/// an end is not ASCII.
#[inline]
pub fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    let start = b.iter().position(|&c| !ascii_space(c)).unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|&c| !ascii_space(c))
        .map_or(start, |p| p + 1);
    // Only ASCII bytes were skipped, so these are character boundaries.
    let t = s.get(start..end).unwrap_or_default();
    match (t.as_bytes().first(), t.as_bytes().last()) {
        (Some(a), Some(z)) if !a.is_ascii() || !z.is_ascii() => t.trim(),
        _ => t,
    }
}

/// `str::trim_end`, the same way as [`trim`].
#[inline]
pub fn trim_end(s: &str) -> &str {
    let b = s.as_bytes();
    let end = b
        .iter()
        .rposition(|&c| !ascii_space(c))
        .map_or(0, |p| p + 1);
    let t = s.get(..end).unwrap_or_default();
    match t.as_bytes().last() {
        Some(z) if !z.is_ascii() => t.trim_end(),
        _ => t,
    }
}

/// Splits `Key : Value` at the first colon. Both sides are trimmed; the key must be
/// non-empty. Returns `None` for lines without a colon. (A byte search: this runs for every
/// line of every input.)
pub fn split_kv(text: &str) -> Option<(&str, &str)> {
    // A plain loop: the colon is a few bytes in, where a vectorised search costs more.
    let at = text.bytes().position(|b| b == b':')?;
    // `:` is ASCII, so both sides are on character boundaries.
    let key = trim(text.get(..at)?);
    if key.is_empty() {
        return None;
    }
    Some((key, trim(text.get(at + 1..)?)))
}

/// The value of `Key: Value` without trimming its left side, for fixed-width fields such as
/// `Inquiry Data` (one separating space after the colon is dropped).
pub fn raw_value(text: &str) -> Option<&str> {
    let (_, value) = text.split_once(':')?;
    Some(value.strip_prefix(' ').unwrap_or(value))
}

fn exit_code_line(input: &str) -> IResult<&str, u32> {
    let (input, _) = (
        space0,
        tag("Exit Code:"),
        space0,
        opt(tag("0x")),
        opt(tag("0X")),
    )
        .parse(input)?;
    let (input, hex) = take_while1(|c: char| c.is_ascii_hexdigit()).parse(input)?;
    match u32::from_str_radix(hex, 16) {
        Ok(v) => Ok((input, v)),
        Err(_) => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::HexDigit,
        ))),
    }
}

/// Reads `Exit Code: 0xNN`.
pub fn exit_code(text: &str) -> Option<u32> {
    let start = text.bytes().position(|b| !ascii_space(b)).unwrap_or(0);
    // Fast rejection; `exit_code_line` below accepts only ASCII white space before the tag.
    if !text
        .get(start..)
        .is_some_and(|t| t.starts_with("Exit Code"))
    {
        return None;
    }
    exit_code_line(text).ok().map(|(_, v)| v)
}

/// Lines that a pasted capture carries before the output: shell prompts and echoed commands.
pub fn is_prompt_or_command(text: &str) -> bool {
    let t = text.trim_start();
    let lower = t.to_ascii_lowercase();
    t.starts_with("[root@")
        || t.starts_with("root@")
        || ((t.starts_with('#') || t.starts_with('$') || t.starts_with('>'))
            && !t.starts_with("####"))
        || ((lower.contains("megacli") || lower.contains("cmdtool"))
            && (lower.contains(" -") || lower.contains("/"))
            && !lower.contains("management tool"))
}

/// Compares a printed key with a normalised name: letters and digits only, lowercase.
/// `Drive's postion`, `Drive's position` and `drives position` all match `drivesposition`
/// after the aliases below; no allocation, because this runs for every field.
pub fn key_is(key: &str, normalised: &str) -> bool {
    let mut want = normalised.bytes();
    for b in key.bytes() {
        if !b.is_ascii_alphanumeric() {
            continue;
        }
        match want.next() {
            Some(w) if w == b.to_ascii_lowercase() => {}
            _ => return false,
        }
    }
    want.next().is_none()
}

/// A printed key as [`key_is`] compares it (ASCII letters and digits only, lowercase), held
/// in a fixed buffer so that one key can be matched against many names with `match`. Names
/// are at most 48 letters and digits (the longest MegaCli key is 40).
#[derive(Debug, Clone, Copy)]
pub struct KeyName {
    buf: [u8; KeyName::MAX],
    /// Bytes used; [`KeyName::OVERLONG`] when the key has more letters and digits than the
    /// buffer holds (no name compared against is that long, so it equals none).
    len: u8,
}

impl KeyName {
    const MAX: usize = 48;
    const OVERLONG: u8 = u8::MAX;

    /// The normalised form of `key`.
    #[inline]
    pub fn new(key: &str) -> Self {
        let mut buf = [0u8; Self::MAX];
        let mut len = 0usize;
        for &b in key.as_bytes() {
            // A table lookup and no branch per byte: this runs for every key of every line.
            let c = NORMALISED[usize::from(b)];
            if let Some(slot) = buf.get_mut(len) {
                *slot = c;
            } else if c != 0 {
                return Self {
                    buf,
                    len: Self::OVERLONG,
                };
            }
            len += usize::from(c != 0);
        }
        Self {
            buf,
            len: u8::try_from(len).unwrap_or(Self::OVERLONG),
        }
    }

    /// The normalised bytes (`b"drivesposition"`), `None` for an overlong key.
    #[inline]
    pub fn get(&self) -> Option<&[u8]> {
        if self.len == Self::OVERLONG {
            return None;
        }
        self.buf.get(..usize::from(self.len))
    }

    /// Same as [`key_is`] on the original key.
    #[inline]
    pub fn is(&self, normalised: &str) -> bool {
        usize::from(self.len) == normalised.len() && self.get() == Some(normalised.as_bytes())
    }
}

/// Each byte as [`KeyName`] keeps it: ASCII letters lowercased, digits as they are, 0 for
/// everything else (dropped).
static NORMALISED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            t[b] = c.to_ascii_lowercase();
        }
        b += 1;
    }
    t
};

/// Normalises a key and folds the tool's own misspellings onto one spelling.
pub fn normalise_key(key: &str) -> String {
    let mut s = raidctl_model::squash_text(key);
    for (wrong, right) in KEY_ALIASES {
        if s.contains(wrong) {
            s = s.replace(wrong, right);
        }
    }
    s
}

/// Misspellings MegaCli prints in some versions, folded onto the correct spelling.
const KEY_ALIASES: &[(&str, &str)] = &[("postion", "position"), ("gasguage", "gasgauge")];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spinner_and_crlf() {
        let input = "\r                                     \r\nAdapter #0\r\n\rFoo: 1\n";
        let v: Vec<_> = lines(input).collect();
        // Texts longer than the `\r` search window, with `\r`s on both sides of its edges, in
        // long lines that span it and nowhere for more than a window.
        let w = CrSearch::WINDOW;
        let mut long = "abc\n".repeat(w / 4 - 1) + "ab\r\n" + &"d".repeat(w + 5) + "\rx\n";
        long += &"e\n".repeat(3 * w / 2);
        long += "spin\rner\n";
        let spanning = "y".repeat(3 * w) + "\rz\n\r";
        let texts = [
            input,
            "a\nb\r\n\r\n\rc\rd\n\n\r",
            "",
            "\n",
            "x\ry",
            "\r\r\n",
            &long,
            &spanning,
        ];
        for text in texts {
            let mine: Vec<_> = lines(text).map(|l| (l.no, l.text)).collect();
            let plain: Vec<_> = text
                .split('\n')
                .enumerate()
                .map(|(i, raw)| {
                    let raw = raw.strip_suffix('\r').unwrap_or(raw);
                    (i + 1, raw.rsplit('\r').next().unwrap_or(raw).trim_end())
                })
                .collect();
            assert_eq!(mine, plain, "{:?}", text.get(..80));
        }
        assert!(v[0].is_blank());
        assert_eq!(v[1].text, "Adapter #0");
        assert_eq!(v[2].text, "Foo: 1");
        assert_eq!(v[2].no, 3);
    }

    #[test]
    fn trims_as_str_does() {
        for s in [
            "",
            " ",
            "  a b  ",
            "\t\x0b\x0c\r\n x",
            "x\u{a0}",
            "\u{a0} \u{3000}x \u{2003} ",
            "日本",
            " 日本 ",
            "\u{85}",
            "a\u{200b}",
        ] {
            assert_eq!(trim(s), s.trim(), "{s:?}");
            assert_eq!(trim_end(s), s.trim_end(), "{s:?}");
        }
    }

    #[test]
    fn kv_splitting() {
        assert_eq!(
            split_kv("Drive Temperature :28C (82.40 F)"),
            Some(("Drive Temperature", "28C (82.40 F)"))
        );
        assert_eq!(
            split_kv("Drive's position: DiskGroup: 0, Span: 0, Arm: 0"),
            Some(("Drive's position", "DiskGroup: 0, Span: 0, Arm: 0"))
        );
        assert_eq!(
            split_kv("Learn Cycle Requested\t       : No"),
            Some(("Learn Cycle Requested", "No"))
        );
        assert_eq!(split_kv("Port-0 :"), Some(("Port-0", "")));
        assert_eq!(split_kv("Adapter #0"), None);
        assert_eq!(split_kv(": x"), None);
    }

    #[test]
    fn exit_codes() {
        assert_eq!(exit_code("Exit Code: 0x00"), Some(0));
        assert_eq!(exit_code("Exit Code: 0x54"), Some(0x54));
        assert_eq!(exit_code("Exit Code: zz"), None);
    }

    #[test]
    fn keys() {
        assert!(key_is("Drive's position", "drivesposition"));
        assert!(key_is("Drive Temperature ", "drivetemperature"));
        assert!(!key_is("Drive Temperature", "drivetemp"));
        assert_eq!(normalise_key("Drive's postion"), "drivesposition");
        assert_eq!(normalise_key("GasGuageStatus"), "gasgaugestatus");
        for (key, name) in [
            ("Drive's position", "drivesposition"),
            ("Drive Temperature ", "drivetemp"),
            ("Seconds since last reboot", "secondssincelastreboot"),
            ("", ""),
            ("x", ""),
            ("日本 Code", "code"),
        ] {
            assert_eq!(
                KeyName::new(key).is(name),
                key_is(key, name),
                "{key:?} {name:?}"
            );
        }
        let long = "A".repeat(49);
        assert!(!KeyName::new(&long).is(&"a".repeat(49)));
        assert!(KeyName::new(&"A".repeat(48)).is(&"a".repeat(48)));
    }

    #[test]
    fn prompts() {
        assert!(is_prompt_or_command(
            "[root@pc-db1]# /opt/MegaRAID/MegaCli/MegaCli64  -AdpAllInfo -aALL"
        ));
        assert!(is_prompt_or_command("# /opt/MegaRAID/MegaCli/MegaCli64 -V"));
        assert!(is_prompt_or_command("megacli -adpallinfo -aALL"));
        assert!(!is_prompt_or_command("Adapter #0"));
        assert!(!is_prompt_or_command(
            "      MegaCLI SAS RAID Management Tool  Ver 8.02.16 July 01, 2011"
        ));
    }
}
