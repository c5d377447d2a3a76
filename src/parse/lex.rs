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
    Lines {
        rest: Some(input),
        no: 0,
        has_cr: memchr::memchr(b'\r', input.as_bytes()).is_some(),
    }
}

/// The [`Line`]s of a text, see [`lines`].
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    /// Text after the last line returned; `None` once the final line (after the last `\n`,
    /// possibly empty) was returned, as `str::split('\n')` ends.
    rest: Option<&'a str>,
    no: usize,
    has_cr: bool,
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    #[inline]
    fn next(&mut self) -> Option<Line<'a>> {
        let rest = self.rest?;
        let raw = match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(at) => {
                // `\n` is ASCII, so both sides are on character boundaries.
                self.rest = rest.get(at + 1..);
                rest.get(..at).unwrap_or_default()
            }
            None => {
                self.rest = None;
                rest
            }
        };
        self.no += 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let visible = match if self.has_cr {
            memchr::memrchr(b'\r', raw.as_bytes())
        } else {
            None
        } {
            Some(at) => raw.get(at + 1..).unwrap_or_default(),
            None => raw,
        };
        Some(Line {
            no: self.no,
            text: trim_end(visible),
        })
    }
}

/// True for the bytes `char::is_whitespace` accepts among ASCII.
#[inline]
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// `str::trim`, without decoding characters when both ends are plain ASCII (nearly always).
#[inline]
pub fn trim(s: &str) -> &str {
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (None, _) => s,
        (Some(&a), Some(&b)) if a.is_ascii() && b.is_ascii() && !ascii_space(a) && !ascii_space(b) => s,
        _ => s.trim(),
    }
}

/// `str::trim_end`, fast when the last byte is plain ASCII.
#[inline]
pub fn trim_end(s: &str) -> &str {
    match s.as_bytes().last() {
        Some(&b) if b.is_ascii() && !ascii_space(b) => s,
        None => s,
        _ => s.trim_end(),
    }
}

/// Splits `Key : Value` at the first colon. Both sides are trimmed; the key must be
/// non-empty. Returns `None` for lines without a colon. (A byte search: this runs for every
/// line of every input.)
pub fn split_kv(text: &str) -> Option<(&str, &str)> {
    let at = memchr::memchr(b':', text.as_bytes())?;
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
    if !text.get(start..).is_some_and(|t| t.starts_with("Exit Code")) {
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
    pub fn new(key: &str) -> Self {
        let mut buf = [0u8; Self::MAX];
        let mut len = 0u8;
        for b in key.bytes().filter(u8::is_ascii_alphanumeric) {
            match buf.get_mut(usize::from(len)) {
                Some(slot) => *slot = b.to_ascii_lowercase(),
                None => {
                    return Self {
                        buf,
                        len: Self::OVERLONG,
                    };
                }
            }
            len += 1;
        }
        Self { buf, len }
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

/// Normalises a key and folds the tool's own misspellings onto one spelling.
pub fn normalise_key(key: &str) -> String {
    let mut s = crate::model::squash_text(key);
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
        assert!(v[0].is_blank());
        assert_eq!(v[1].text, "Adapter #0");
        assert_eq!(v[2].text, "Foo: 1");
        assert_eq!(v[2].no, 3);
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
            assert_eq!(KeyName::new(key).is(name), key_is(key, name), "{key:?} {name:?}");
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
