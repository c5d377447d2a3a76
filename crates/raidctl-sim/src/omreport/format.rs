//! How `omreport` lays out its objects (`-fmt lst|tbl|ssv|cdv|xml`) and reads its arguments.

use super::*;

/// How the storage and system reports are laid out internally: `Key : Value` blocks or
/// semicolon-separated rows (every `-fmt` other than `lst` starts from the latter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fmt {
    /// Semicolon-separated rows.
    Ssv,
    /// The default `Key : Value` blocks.
    Text,
}

/// The `-fmt` a command line asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum OutFmt {
    /// `lst`, the default `Key : Value` list.
    #[default]
    Lst,
    /// `ssv`: semicolon-separated values (the dellhw-exporter captures).
    Ssv,
    /// `cdv`: custom-delimited values (the delimiter of `omconfig preferences cdvformat`).
    Cdv,
    /// `tbl`: a table with `|` between the columns.
    Tbl,
    /// `xml`.
    Xml,
}

impl OutFmt {
    /// The value of `-fmt`, or `None` when OMSA does not have that format.
    pub fn parse(v: &str) -> Option<Self> {
        Some(match v.to_ascii_lowercase().as_str() {
            "lst" => Self::Lst,
            "ssv" => Self::Ssv,
            "cdv" => Self::Cdv,
            "tbl" => Self::Tbl,
            "xml" => Self::Xml,
            _ => return None,
        })
    }

    /// The internal layout a report is built in before [`OutFmt::finish`].
    pub fn base(self) -> Fmt {
        if self == Self::Lst {
            Fmt::Text
        } else {
            Fmt::Ssv
        }
    }

    /// Turns a report built in [`OutFmt::base`] into this format.
    pub fn finish(self, text: String) -> String {
        match self {
            Self::Lst | Self::Ssv => text,
            Self::Cdv => text.replace(';', unv::CDV_DELIMITER),
            Self::Tbl => ssv_to_tbl(&text),
            Self::Xml => ssv_to_xml(&text),
        }
    }
}

/// The rows of a semicolon-separated report grouped under their headers: titles (lines
/// without a `;`), then each header with its records.
enum Piece {
    Title(String),
    Table(Vec<String>, Vec<Vec<String>>),
}

fn pieces(ssv: &str) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let mut open = false;
    for line in ssv.lines() {
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        let cells: Vec<String> = line.split(';').map(str::to_owned).collect();
        if cells.len() < 2 {
            out.push(Piece::Title(line.trim().to_owned()));
            open = false;
            continue;
        }
        match out.last_mut() {
            Some(Piece::Table(_, rows)) if open => rows.push(cells),
            _ => {
                out.push(Piece::Table(cells, Vec::new()));
                open = true;
            }
        }
    }
    out
}

/// `-fmt tbl`: titles as they are, each table with padded columns between `|` bars and a
/// dashed line under its header (layout unverified, see [`unv::TBL_SEPARATOR`]).
fn ssv_to_tbl(ssv: &str) -> String {
    let mut out = String::new();
    for p in pieces(ssv) {
        match p {
            Piece::Title(t) => {
                out.push_str(&t);
                out.push_str("\n\n");
            }
            Piece::Table(head, rows) => {
                let widths: Vec<usize> = (0..head.len())
                    .map(|i| {
                        rows.iter()
                            .filter_map(|r| r.get(i))
                            .chain(std::iter::once(&head[i]))
                            .map(|c| c.chars().count())
                            .max()
                            .unwrap_or(0)
                    })
                    .collect();
                let line = |cells: &[String]| -> String {
                    let v: Vec<String> = widths
                        .iter()
                        .enumerate()
                        .map(|(i, w)| format!("{:<w$}", cells.get(i).map_or("", String::as_str)))
                        .collect();
                    v.join(unv::TBL_SEPARATOR).trim_end().to_owned()
                };
                out.push_str(&line(&head));
                out.push('\n');
                let total = widths.iter().sum::<usize>()
                    + unv::TBL_SEPARATOR.len() * widths.len().saturating_sub(1);
                out.push_str(&"-".repeat(total));
                out.push('\n');
                for r in &rows {
                    out.push_str(&line(r));
                    out.push('\n');
                }
                out.push('\n');
            }
        }
    }
    out
}

/// An XML element name for a report key (`Slot ID` is `SlotID`, `T10 PI Capable` `T10PICapable`).
fn xml_name(key: &str) -> String {
    let n: String = key.chars().filter(char::is_ascii_alphanumeric).collect();
    if n.starts_with(|c: char| c.is_ascii_digit()) || n.is_empty() {
        format!("_{n}")
    } else {
        n
    }
}

fn xml_escape(v: &str) -> std::borrow::Cow<'_, str> {
    raidctl_sys::escape::markup(v)
}

/// `-fmt xml`: one `<OMA cli="true">` document; titles become `<Title>` elements and every
/// record an `<Object>` whose children are named after the columns (element names and nesting
/// unverified, see [`unv::XML_ROOT`]).
fn ssv_to_xml(ssv: &str) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(unv::XML_ROOT);
    out.push('\n');
    for p in pieces(ssv) {
        match p {
            Piece::Title(t) => {
                out.push_str(&format!("<Title>{}</Title>\n", xml_escape(&t)));
            }
            Piece::Table(head, rows) => {
                for r in rows {
                    out.push_str("<Object>");
                    for (k, v) in head.iter().zip(r.iter()) {
                        let n = xml_name(k.trim());
                        out.push_str(&format!("<{n}>{}</{n}>", xml_escape(v)));
                    }
                    out.push_str("</Object>\n");
                }
            }
        }
    }
    out.push_str("</OMA>\n");
    out
}

fn ssv_block(records: &[Record]) -> String {
    let mut out = String::new();
    if let Some(first) = records.first() {
        let head: Vec<&str> = first.iter().map(|(k, _)| *k).collect();
        out.push_str(&head.join(";"));
        out.push('\n');
    }
    for r in records {
        let vals: Vec<&str> = r.iter().map(|(_, v)| v.as_str()).collect();
        out.push_str(&vals.join(";"));
        out.push('\n');
    }
    out
}

fn text_block(records: &[Record]) -> String {
    let width = records
        .iter()
        .flat_map(|r| r.iter().map(|(k, _)| k.trim_end().len()))
        .max()
        .unwrap_or(0)
        .max(unv::TEXT_KEY_WIDTH);
    let mut out = String::new();
    for r in records {
        for (k, v) in r {
            out.push_str(&format!("{:<width$} : {v}\n", k.trim_end()));
        }
        out.push('\n');
    }
    out
}

pub(super) fn block(fmt: Fmt, records: &[Record]) -> String {
    match fmt {
        Fmt::Ssv => ssv_block(records),
        Fmt::Text => text_block(records),
    }
}

/// Named arguments (`controller=0`, `pdisk=0:1:4`), keys lowercased.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OmArgs {
    /// Positional words, lowercased (`storage`, `pdisk`).
    pub words: Vec<String>,
    /// `key=value` pairs.
    pub kv: Vec<(String, String)>,
    /// The `-fmt` given (`lst` without one).
    pub fmt: OutFmt,
    /// A `-fmt` value OMSA does not have.
    pub bad_fmt: Option<String>,
    /// `-?` given: usage of the command named so far.
    pub help: bool,
}

impl OmArgs {
    /// Parses argv (without the program name).
    pub fn parse(args: &[String]) -> Self {
        let mut o = Self::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a.eq_ignore_ascii_case("-fmt") {
                let v = it.next().map_or("", String::as_str);
                match OutFmt::parse(v) {
                    Some(f) => o.fmt = f,
                    None => o.bad_fmt = Some(v.to_owned()),
                }
                continue;
            }
            if a == "-?" || a == "-help" || a == "/?" {
                o.help = true;
                continue;
            }
            match a.split_once('=') {
                Some((k, v)) => {
                    o.kv.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()))
                }
                None => o.words.push(a.to_ascii_lowercase()),
            }
        }
        o
    }

    /// Value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.kv
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub(super) fn object(&self) -> &str {
        self.words
            .iter()
            .find(|w| w.as_str() != "storage")
            .map_or("", String::as_str)
    }
}

pub(super) fn err(text: &str) -> (String, i32) {
    (format!("{text}\n"), unv::FAILURE_EXIT)
}

pub(super) fn controllers<'a>(
    st: &'a SimState,
    a: &OmArgs,
) -> Result<Vec<&'a Adapter>, (String, i32)> {
    match a.get("controller") {
        None => Ok(st.adapters.iter().collect()),
        Some(c) => {
            let n: u32 = c
                .parse()
                .map_err(|_| err(&fill(unv::INVALID_CONTROLLER, &[("x", c)])))?;
            st.adapters
                .iter()
                .find(|ad| ad.index == n)
                .map(|ad| vec![ad])
                .ok_or_else(|| err(&fill(unv::INVALID_CONTROLLER, &[("x", c)])))
        }
    }
}
