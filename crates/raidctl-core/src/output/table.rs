//! raidctl's one table engine and style, for every command (`status`, `parse`, `qualify`,
//! `workflows`, ...): a header, a dashed rule, columns two spaces apart, no borders. It reads
//! the same on a terminal and pasted into a ticket. On a terminal the table fits its width:
//! prose wraps between words, long text values are cut with `…`, and columns are dropped by
//! priority (a note names them and says `--wide` shows them). Nothing is broken inside a
//! word: identifiers (serials, `[E:S]` addresses, device paths, `smartctl -d` arguments,
//! commands) and numbers stay whole, a number with its unit too (`558.375 GiB`, `12.68 ms`);
//! where even that does not fit, the line runs long. In pipes and with `--wide` every column
//! is shown at full width. Colour (severity of state cells) only where [`Style::color`] says,
//! and never around an empty piece of a cell.
//!
//! Drawn here rather than by a table crate because these tables must stream, measured in one
//! pass over their rows and written in a second, for event logs of hundreds of thousands of
//! rows (see [`super::document`]), and must drop columns by priority and refuse to break an
//! identifier or a number, which comfy-table (raidctl's earlier second engine) could not.

use super::Style;
use std::io::Write;
use unicode_width::UnicodeWidthStr;

/// Space between two columns.
const GAP: usize = 2;
/// Joins the words of a value that must never be split across lines (a command).
const GLUE: char = '\u{a0}';
/// The marker a cut value ends with.
const CUT: char = '…';

/// How a column gives way when the screen is narrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Identifiers and numbers: always shown whole.
    Keep,
    /// Free text (models, names): cut to no less than this many columns, ending in `…`.
    Cut(usize),
    /// Prose and lists: wrapped between words (never inside one).
    Wrap,
}

/// A column: its header, how it fits, and when it is dropped.
#[derive(Debug, Clone)]
pub struct Column {
    pub(super) header: String,
    fit: Fit,
    /// 0: never dropped; otherwise higher numbers are dropped first.
    drop: u8,
    /// A wrapping column is no narrower than this (unless its widest line is).
    min: usize,
}

impl Column {
    /// A column shown whole and never dropped.
    pub fn new(header: &str) -> Self {
        Self {
            header: header.to_owned(),
            fit: Fit::Keep,
            drop: 0,
            min: 0,
        }
    }

    /// The column's header.
    pub fn header(&self) -> &str {
        &self.header
    }

    /// How the column gives way.
    #[must_use]
    pub fn fit(mut self, fit: Fit) -> Self {
        self.fit = fit;
        self
    }

    /// A wrapping column no narrower than `width` (prose wrapped in a column of a dozen
    /// characters is hard to read): other columns give way first.
    #[must_use]
    pub fn at_least(mut self, width: usize) -> Self {
        self.min = width;
        self
    }

    /// Dropped on a narrow screen, higher `priority` first.
    #[must_use]
    pub fn droppable(mut self, priority: u8) -> Self {
        self.drop = priority;
        self
    }
}

/// Severity colour of a cell (only drawn when colour is on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tone {
    /// No colour.
    #[default]
    Plain,
    /// Green.
    Good,
    /// Yellow.
    Warn,
    /// Red.
    Bad,
}

/// One cell: lines of text and a tone.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    pub(super) lines: Vec<String>,
    pub(super) tone: Tone,
}

impl Cell {
    /// A plain cell; `\n` starts a new line inside it.
    pub fn new(text: impl std::fmt::Display) -> Self {
        Self::of(text.to_string())
    }

    /// [`Cell::new`] of an owned text: one line (nearly every cell) needs no copy. Every line
    /// is [escaped](crate::escape::escape): cells show what controllers, files and bundles
    /// said, and a control character there must not reach the terminal.
    fn of(text: String) -> Self {
        let lines = if !text.is_empty() && !text.bytes().any(|b| b == b'\n' || b == b'\r') {
            vec![escaped(text)]
        } else {
            text.lines()
                .map(|l| crate::escape::escape(l).into_owned())
                .collect()
        };
        Self {
            lines,
            tone: Tone::Plain,
        }
    }

    /// The same cell in `tone`.
    #[must_use]
    pub fn tone(mut self, tone: Tone) -> Self {
        self.tone = tone;
        self
    }

    /// Adds a line (wrapped like the others in a wrapping column).
    #[must_use]
    pub fn line(mut self, text: &str) -> Self {
        self.lines.push(crate::escape::escape(text).into_owned());
        self
    }

    /// Adds a line that is never wrapped (a command to copy).
    #[must_use]
    pub fn unbroken_line(mut self, text: &str) -> Self {
        self.lines
            .push(crate::escape::escape(text).replace(' ', &GLUE.to_string()));
        self
    }
}

/// `text` escaped, without a copy when there is nothing to escape.
fn escaped(text: String) -> String {
    match crate::escape::escape(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(e) => e,
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Self::of(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Self::new(s)
    }
}

impl From<&String> for Cell {
    fn from(s: &String) -> Self {
        Self::new(s)
    }
}

/// A table in raidctl's style.
#[derive(Debug, Clone)]
pub struct Table {
    style: Style,
    columns: Vec<Column>,
    rows: Vec<Vec<Cell>>,
}

/// A table whose columns are all shown whole and never dropped.
pub fn new_table(style: Style, header: &[&str]) -> Table {
    Table::with_columns(style, header.iter().map(|h| Column::new(h)).collect())
}

/// A cell coloured by severity when colour is on.
pub fn state_cell(_style: Style, text: &str, bad: bool, warn: bool) -> Cell {
    let tone = if bad {
        Tone::Bad
    } else if warn {
        Tone::Warn
    } else {
        Tone::Good
    };
    Cell::new(text).tone(tone)
}

/// A VD's state as the tool printed it, red when offline or degraded, amber when otherwise not
/// optimal (status and the `parse` renderer alike).
pub fn ld_state_cell(style: Style, ld: &crate::model::LogicalDrive) -> Cell {
    use crate::model::LdState;
    let bad = matches!(ld.state, LdState::Offline | LdState::Degraded);
    let warn = ld.state != LdState::Optimal;
    state_cell(
        style,
        ld.state_raw.as_deref().unwrap_or(ld.state.as_str()),
        bad,
        warn,
    )
}

/// Display width; printable ASCII (nearly every cell) is one column a byte.
fn width(s: &str) -> usize {
    // Printable ASCII: one column a byte. A fold without an early exit vectorises; nearly
    // every cell is ASCII, so the common case is the fast one.
    if s.bytes()
        .fold(true, |ok, b| ok & (b.wrapping_sub(0x20) < 0x5f))
    {
        s.len()
    } else {
        UnicodeWidthStr::width(s)
    }
}

/// `s` cut to `w` columns, ending in `…` when anything was cut; a number the cut would split
/// goes whole (`ST600…` becomes `ST…`, never `ST6…`).
fn cut(s: &str, w: usize) -> String {
    if width(s) <= w {
        return s.to_owned();
    }
    let mut out = String::new();
    let mut rest = s.chars();
    for c in s.chars() {
        let next = format!("{out}{c}");
        if width(&next) + 1 > w {
            break;
        }
        out = next;
        rest.next();
    }
    // Digits inside a word (a model, `ST300MM0006`) may be cut like letters; a number may not.
    let numeric = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    if rest.next().is_some_and(numeric) && out.ends_with(numeric) {
        let before = out.trim_end_matches(numeric);
        if !before.ends_with(char::is_alphanumeric) {
            out.truncate(before.len());
        }
    }
    out.push(CUT);
    out
}

/// Words that name the unit of the number before them: kept on its line (`558.375 GiB`).
const UNITS: &[&str] = &[
    "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "kB", "KB", "MB", "GB", "TB", "PB", "MB/s",
    "MiB/s", "GB/s", "Gb/s", "IOPS", "ns", "µs", "us", "ms", "s", "min", "h", "%", "C", "°C",
    "bytes", "blocks", "sectors",
];

/// The pieces a line may wrap between: its words (split at spaces), each number together
/// with the unit after it.
fn words(line: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut start = 0;
    // Where the last piece began, and whether it ends in a digit.
    let mut last: Option<(usize, bool)> = None;
    for (i, word) in line.split(' ').enumerate() {
        if i > 0 {
            start += 1;
        }
        let end = start + word.len();
        let unit = word.trim_end_matches([',', ';', ':', ')', '.']);
        match last {
            Some((from, true)) if UNITS.contains(&unit) => {
                if let Some(prev) = out.last_mut() {
                    *prev = &line[from..end];
                }
                last = Some((from, false));
            }
            _ => {
                out.push(&line[start..end]);
                last = Some((start, word.ends_with(|c: char| c.is_ascii_digit())));
            }
        }
        start = end;
    }
    out
}

/// `line` wrapped at spaces into lines of at most `w` columns; a longer word, or a number
/// with its unit, stays whole.
fn wrap(line: &str, w: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in words(line) {
        if cur.is_empty() {
            cur = word.to_owned();
        } else if width(&cur) + 1 + width(word) <= w {
            cur.push(' ');
            cur.push_str(word);
        } else {
            out.push(std::mem::take(&mut cur));
            cur = word.to_owned();
        }
    }
    out.push(cur);
    out
}

/// What the layout needs to know of a column's cells, gathered one row at a time so a table
/// of any length is measured without holding it.
#[derive(Debug, Clone)]
pub(super) struct Measure {
    /// The widest line, header included.
    natural: Vec<usize>,
    /// The widest word (what a wrapping column cannot go below), header included.
    word: Vec<usize>,
    /// Measure words: only a width limit uses them.
    words: bool,
}

impl Measure {
    pub(super) fn new(columns: &[Column], limit: Option<usize>) -> Self {
        let natural: Vec<usize> = columns.iter().map(|c| width(&c.header)).collect();
        Self {
            word: natural.clone(),
            natural,
            words: limit.is_some(),
        }
    }

    pub(super) fn add(&mut self, columns: &[Column], row: &[Cell]) {
        for (i, cell) in row.iter().enumerate().take(columns.len()) {
            for l in &cell.lines {
                self.natural[i] = self.natural[i].max(width(l));
                if self.words && columns[i].fit == Fit::Wrap {
                    let w = words(l).into_iter().map(width).max().unwrap_or(0);
                    self.word[i] = self.word[i].max(w);
                }
            }
        }
    }
}

impl Measure {
    /// Adds what another piece of the same table's rows measured.
    pub(super) fn merge(&mut self, other: &Measure) {
        for (a, b) in self.natural.iter_mut().zip(&other.natural) {
            *a = (*a).max(*b);
        }
        for (a, b) in self.word.iter_mut().zip(&other.word) {
            *a = (*a).max(*b);
        }
    }
}

/// The columns shown and their widths.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    shown: Vec<usize>,
    widths: Vec<usize>,
}

impl Layout {
    /// Fits `columns` measured as `m` in `limit` columns (`None`: no limit, full widths).
    pub(super) fn new(columns: &[Column], m: &Measure, limit: Option<usize>) -> Self {
        let n = columns.len();
        let mut shown: Vec<usize> = (0..n).collect();
        let Some(limit) = limit else {
            let widths = m.natural.clone();
            return Self { shown, widths };
        };
        let minimum = |i: usize| match columns[i].fit {
            Fit::Keep => m.natural[i],
            Fit::Cut(min) => m.natural[i].min(min.max(width(&columns[i].header))),
            Fit::Wrap => m.word[i].max(columns[i].min.min(m.natural[i])),
        };
        let total = |shown: &[usize]| {
            shown.iter().map(|&i| minimum(i)).sum::<usize>() + GAP * shown.len().saturating_sub(1)
        };
        while total(&shown) > limit {
            let Some(worst) = shown
                .iter()
                .copied()
                .filter(|&i| columns[i].drop > 0)
                .max_by_key(|&i| (columns[i].drop, i))
            else {
                break;
            };
            shown.retain(|&i| i != worst);
        }
        // A narrow column dropped before a wide one may fit again once the wide one is gone.
        let mut dropped: Vec<usize> = (0..n).filter(|i| !shown.contains(i)).collect();
        dropped.sort_by_key(|&i| (columns[i].drop, i));
        for i in dropped {
            let mut with = shown.clone();
            with.push(i);
            with.sort_unstable();
            if total(&with) <= limit {
                shown = with;
            }
        }
        let mut widths: Vec<usize> = shown.iter().map(|&i| minimum(i)).collect();
        let mut spare = limit.saturating_sub(total(&shown));
        // Unwrapping prose first reads better than showing more of a cut value.
        for wrapping in [true, false] {
            for (k, &i) in shown.iter().enumerate() {
                if (columns[i].fit == Fit::Wrap) == wrapping {
                    let more = (m.natural[i] - widths[k]).min(spare);
                    widths[k] += more;
                    spare -= more;
                }
            }
        }
        Self { shown, widths }
    }

    /// Headers of the columns left out.
    pub(super) fn dropped(&self, columns: &[Column]) -> Vec<String> {
        (0..columns.len())
            .filter(|i| !self.shown.contains(i))
            .map(|i| columns[i].header.clone())
            .collect()
    }
}

/// Draws a table's lines with a [`Layout`]; every line but the first is preceded by a newline,
/// so a table ends without one (as `Display` for [`Table`]).
pub(super) struct Painter<'a> {
    color: bool,
    columns: &'a [Column],
    layout: Layout,
    line: String,
    /// The next line is the table's first (no newline before it).
    pub(super) first: bool,
}

impl<'a> Painter<'a> {
    pub(super) fn new(style: Style, columns: &'a [Column], layout: Layout) -> Self {
        Self {
            color: style.color,
            columns,
            layout,
            line: String::new(),
            first: true,
        }
    }

    fn emit(&mut self, cells: &[(&str, Tone)], out: &mut dyn Write) -> std::io::Result<()> {
        let line = &mut self.line;
        line.clear();
        if !std::mem::take(&mut self.first) {
            line.push('\n');
        }
        for (k, (s, tone)) in cells.iter().enumerate() {
            if k > 0 {
                line.extend(std::iter::repeat_n(' ', GAP));
            }
            // Nothing to colour on a cell's empty continuation lines: no empty colour pair.
            let code = match (self.color && !s.is_empty(), tone) {
                (true, Tone::Bad) => Some("\x1b[31m"),
                (true, Tone::Warn) => Some("\x1b[33m"),
                (true, Tone::Good) => Some("\x1b[32m"),
                _ => None,
            };
            if let Some(c) = code {
                line.push_str(c);
            }
            if s.is_ascii() {
                line.push_str(s);
            } else {
                line.extend(s.chars().map(|c| if c == GLUE { ' ' } else { c }));
            }
            if code.is_some() {
                line.push_str("\x1b[0m");
            }
            let pad = self.layout.widths[k].saturating_sub(width(s));
            line.extend(std::iter::repeat_n(' ', pad));
        }
        let end = line.trim_end().len();
        out.write_all(&line.as_bytes()[..end])
    }

    pub(super) fn header(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        let columns = self.columns;
        let header: Vec<(&str, Tone)> = self
            .layout
            .shown
            .iter()
            .map(|&i| (columns[i].header.as_str(), Tone::Plain))
            .collect();
        self.emit(&header, out)?;
        let rules: Vec<String> = self.layout.widths.iter().map(|&w| "-".repeat(w)).collect();
        let rule: Vec<(&str, Tone)> = rules.iter().map(|r| (r.as_str(), Tone::Plain)).collect();
        self.emit(&rule, out)
    }

    fn row(&mut self, row: &[Cell], out: &mut dyn Write) -> std::io::Result<()> {
        let lines: Vec<Vec<&str>> = row
            .iter()
            .map(|c| c.lines.iter().map(String::as_str).collect())
            .collect();
        let cells: Vec<(&[&str], Tone)> = lines
            .iter()
            .zip(row)
            .map(|(l, c)| (l.as_slice(), c.tone))
            .collect();
        self.row_of(&cells, out)
    }

    /// Draws one row given as each cell's lines and tone (missing cells are empty).
    pub(super) fn row_of(
        &mut self,
        row: &[(&[&str], Tone)],
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let columns = self.columns;
        let shown = std::mem::take(&mut self.layout.shown);
        let widths = std::mem::take(&mut self.layout.widths);
        let cell = |i: usize| row.get(i).copied().unwrap_or((&[], Tone::Plain));
        // Nearly every row: each cell one line that fits its column, drawn as it is.
        let simple = shown.iter().zip(&widths).all(|(&i, &w)| {
            let (lines, _) = cell(i);
            lines.len() <= 1 && lines.first().is_none_or(|l| width(l) <= w)
        });
        let result = if simple {
            let at: Vec<(&str, Tone)> = shown
                .iter()
                .map(|&i| {
                    let (lines, tone) = cell(i);
                    (lines.first().copied().unwrap_or(""), tone)
                })
                .collect();
            self.layout.widths = widths;
            self.emit(&at, out)
        } else {
            let cells: Vec<(Vec<String>, Tone)> = shown
                .iter()
                .zip(&widths)
                .map(|(&i, &w)| {
                    let (lines, tone) = cell(i);
                    let lines = match columns[i].fit {
                        Fit::Keep => lines.iter().map(|l| (*l).to_owned()).collect(),
                        Fit::Cut(_) => lines.iter().map(|l| cut(l, w)).collect(),
                        Fit::Wrap => lines.iter().flat_map(|l| wrap(l, w)).collect(),
                    };
                    (lines, tone)
                })
                .collect();
            self.layout.widths = widths;
            let height = cells.iter().map(|(l, _)| l.len()).max().unwrap_or(0).max(1);
            (0..height).try_for_each(|h| {
                let at: Vec<(&str, Tone)> = cells
                    .iter()
                    .map(|(l, t)| (l.get(h).map_or("", String::as_str), *t))
                    .collect();
                self.emit(&at, out)
            })
        };
        self.layout.shown = shown;
        result
    }
}

/// The note under a table that left columns out.
pub(super) fn dropped_note(style: Style, dropped: &[String]) -> String {
    let note = format!(
        "(not shown at {} columns: {}; --wide shows every column)",
        style.width.unwrap_or(0),
        dropped.join(", ")
    );
    fill(&note, style)
}

impl Table {
    /// A table with these columns.
    pub fn with_columns(style: Style, columns: Vec<Column>) -> Self {
        Self {
            style,
            columns,
            rows: Vec::new(),
        }
    }

    /// Appends a row (missing cells are empty, extra cells ignored).
    pub fn add_row<C: Into<Cell>>(&mut self, cells: impl IntoIterator<Item = C>) -> &mut Self {
        self.rows.push(cells.into_iter().map(Into::into).collect());
        self
    }

    /// True when no row was added.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The table at `limit` columns, and the headers of the columns left out.
    pub fn render_at(&self, limit: Option<usize>) -> (String, Vec<String>) {
        let mut m = Measure::new(&self.columns, limit);
        for r in &self.rows {
            m.add(&self.columns, r);
        }
        let layout = Layout::new(&self.columns, &m, limit);
        let dropped = layout.dropped(&self.columns);
        let mut out = Vec::new();
        let mut p = Painter::new(self.style, &self.columns, layout);
        // Writing into a Vec cannot fail.
        let _ = p.header(&mut out);
        for r in &self.rows {
            let _ = p.row(r, &mut out);
        }
        (String::from_utf8(out).unwrap_or_default(), dropped)
    }
}

/// Free text (notes, legends) wrapped between words to the style's width.
pub fn fill(text: &str, style: Style) -> String {
    let text = crate::escape::escape_text(text);
    let text = text.as_ref();
    match style.width {
        Some(w) => text
            .lines()
            .flat_map(|l| wrap(l, w))
            .collect::<Vec<_>>()
            .join("\n"),
        None => text.to_owned(),
    }
}

/// [`fill`] for indented lines: each line wrapped to the style's width, its continuation
/// lines indented two columns deeper than it (`   verdict: ...` and what follows stay
/// readable as one item). Escaped like [`fill`].
pub fn fill_hanging(text: &str, style: Style) -> String {
    let text = crate::escape::escape_text(text);
    let Some(w) = style.width else {
        return text.into_owned();
    };
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        let hang = " ".repeat(indent + 2);
        let mut first = true;
        let mut cur = String::new();
        for word in words(body) {
            let room = if first {
                w - w.min(indent)
            } else {
                w - w.min(indent + 2)
            };
            if !cur.is_empty() && width(&cur) + 1 + width(word) > room {
                let lead = if first {
                    &hang[..indent]
                } else {
                    hang.as_str()
                };
                out.push(format!("{lead}{}", std::mem::take(&mut cur)));
                first = false;
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
        }
        let lead = if first {
            &hang[..indent]
        } else {
            hang.as_str()
        };
        out.push(format!("{lead}{cur}"));
    }
    out.join("\n")
}

impl std::fmt::Display for Table {
    /// The table fitted to the style's width, with a note naming any column left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (text, dropped) = self.render_at(self.style.width);
        f.write_str(&text)?;
        if !dropped.is_empty() {
            write!(f, "\n{}", dropped_note(self.style, &dropped))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(style: Style) -> Table {
        let mut t = Table::with_columns(
            style,
            vec![
                Column::new("drive"),
                Column::new("model").fit(Fit::Cut(6)).droppable(1),
                Column::new("serial"),
                Column::new("temp").droppable(2),
                Column::new("note").fit(Fit::Wrap),
            ],
        );
        t.add_row([
            Cell::new("[32:10]"),
            Cell::new("SEAGATE ST600MM0006"),
            Cell::new("S0K1A2B0A"),
            Cell::new("31C"),
            Cell::new("media errors grew since yesterday").unbroken_line("raidctl collect -a 0"),
        ]);
        t
    }

    #[test]
    fn narrow_screens_cut_wrap_and_drop_but_never_split_identifiers() {
        let (text, dropped) = sample(Style::PLAIN).render_at(Some(56));
        assert!(dropped.is_empty(), "{text}");
        for line in text.lines() {
            assert!(width(line) <= 56, "{line:?}\n{text}");
        }
        assert!(
            text.contains("[32:10]") && text.contains("S0K1A2B0A"),
            "{text}"
        );
        assert!(
            text.contains('…'),
            "the model is cut with a marker:\n{text}"
        );
        assert!(text.contains("raidctl collect -a 0"), "{text}");
        // Narrower: the temperature goes first, then the model; the rest stays whole.
        let (text, dropped) = sample(Style::PLAIN).render_at(Some(36));
        assert_eq!(dropped, ["model", "temp"], "{text}");
        assert!(
            text.contains("S0K1A2B0A") && text.contains("raidctl collect -a 0"),
            "{text}"
        );
        // No limit: everything in full on one line per row.
        let (text, dropped) = sample(Style::PLAIN).render_at(None);
        assert!(dropped.is_empty());
        assert!(text.contains("SEAGATE ST600MM0006"), "{text}");
        assert!(text.contains("media errors grew since yesterday"), "{text}");
    }

    #[test]
    fn the_note_names_what_was_left_out() {
        let text = sample(Style::PLAIN.at_width(36))
            .to_string()
            .replace('\n', " ");
        assert!(
            text.contains("(not shown at 36 columns: model, temp; --wide shows every column)"),
            "{text}"
        );
    }

    #[test]
    fn cut_and_wrap() {
        assert_eq!(cut("SEAGATE ST600", 6), "SEAGA…");
        assert_eq!(cut("short", 6), "short");
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("averyverylongword x", 4), ["averyverylongword", "x"]);
    }

    #[test]
    fn numbers_stay_whole_and_with_their_units() {
        assert_eq!(
            words("read 558.375 GiB, p99 12.68 ms (x)"),
            ["read", "558.375 GiB,", "p99", "12.68 ms", "(x)"]
        );
        // A unit without a number before it is a word like any other.
        assert_eq!(words("GiB ms 4 x"), ["GiB", "ms", "4", "x"]);
        assert_eq!(
            wrap("the first 64 MiB; 1631 IOPS", 10),
            ["the first", "64 MiB;", "1631 IOPS"]
        );
        // Too narrow even for one: the line runs long rather than split it.
        assert_eq!(wrap("558.375 GiB", 4), ["558.375 GiB"]);
        // A cut never ends inside a number; digits of a model are letters like the others.
        assert_eq!(cut("SEAGATE ST600MM0006", 11), "SEAGATE ST…");
        assert_eq!(cut("SEAGATE ST600MM0006", 12), "SEAGATE ST6…");
        assert_eq!(cut("disk 12345678", 9), "disk …");
        assert_eq!(cut("size 1.25 TiB", 9), "size …");
        assert_eq!(cut("abcdefgh", 5), "abcd…");
    }

    #[test]
    fn a_wrapping_column_is_no_narrower_than_a_number_with_its_unit() {
        let mut t = Table::with_columns(
            Style::PLAIN,
            vec![Column::new("job"), Column::new("note").fit(Fit::Wrap)],
        );
        t.add_row(["seq-read", "sync p99 4.14 ms, 2 errors"]);
        let (text, _) = t.render_at(Some(12));
        assert!(text.contains("4.14 ms"), "{text}");
        assert!(
            !text.lines().any(|l| l.trim_end().ends_with("4.14")),
            "{text}"
        );
    }

    #[test]
    fn hanging_lines_wrap_under_their_item() {
        let text = "   WARN SHARED-PATH: seq-read-4m: 591 MB/s with all drives vs 1600 MB/s alone";
        let filled = fill_hanging(text, Style::PLAIN.at_width(30));
        assert_eq!(
            filled,
            "   WARN SHARED-PATH:\n     seq-read-4m: 591 MB/s\n     with all drives vs\n     1600 MB/s alone"
        );
        assert_eq!(fill_hanging(text, Style::PLAIN), text);
        assert_eq!(fill_hanging("a\n  b", Style::PLAIN.at_width(9)), "a\n  b");
    }

    #[test]
    fn colour_only_around_text() {
        let style = Style {
            color: true,
            ..Style::PLAIN
        };
        let mut t = Table::with_columns(
            style,
            vec![Column::new("state"), Column::new("note").fit(Fit::Wrap)],
        );
        t.add_row([
            Cell::new("Failed").tone(Tone::Bad),
            Cell::new("first line").line("second line"),
        ]);
        let text = t.to_string();
        assert!(text.contains("\x1b[31mFailed\x1b[0m"), "{text:?}");
        assert_eq!(text.matches("\x1b[").count(), 2, "{text:?}");
        // Off: not one escape.
        let mut plain = Table::with_columns(Style::PLAIN, vec![Column::new("state")]);
        plain.add_row([Cell::new("Failed").tone(Tone::Bad)]);
        assert!(!plain.to_string().contains('\x1b'));
    }
}
