//! A record's fields, taken one by one by the command parsers; what is left goes to `extra`.

use super::lex::{KeyName, raw_value};
use raidctl_model::{Extra, Warning, parse_size};

/// One `Key : Value` line.
#[derive(Debug, Clone, Copy)]
pub struct Field<'a> {
    /// Key as printed (trimmed).
    pub key: &'a str,
    /// Value (trimmed).
    pub value: &'a str,
    /// The whole visible line, for fixed-width values.
    pub text: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// Already mapped to a typed field.
    pub taken: bool,
    /// `key` normalised, to compare with names without walking it again.
    name: KeyName,
}

/// The fields of one record (a drive, a VD, a BBU...) in input order.
#[derive(Debug, Clone, Default)]
pub struct Record<'a> {
    /// Fields in order.
    pub fields: Vec<Field<'a>>,
    /// Line where the record starts.
    pub start_line: usize,
    /// Where the next search starts: parsers take fields roughly in print order, so searching
    /// from just after the last hit makes most takes O(1).
    cursor: usize,
}

/// Values that mean "nothing here".
fn is_absent(value: &str) -> bool {
    matches!(
        value,
        "" | "N/A" | "NA" | "n/a" | "-" | "Unknown" | "Not Available"
    )
}

/// Reads the leading unsigned integer of a value (`28C (82.40 F)` → 28, `300sec` → 300).
pub fn leading_u64(value: &str) -> Option<u64> {
    let v = value.trim();
    if let Some(hex) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        let digits: &str = &hex[..hex
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(hex.len())];
        return u64::from_str_radix(digits, 16).ok();
    }
    let end = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
    v[..end].parse().ok()
}

/// Reads a leading signed integer.
pub fn leading_i64(value: &str) -> Option<i64> {
    let v = value.trim();
    match v.strip_prefix('-') {
        Some(rest) => leading_u64(rest)
            .and_then(|n| i64::try_from(n).ok())
            .map(|n| -n),
        None => leading_u64(v).and_then(|n| i64::try_from(n).ok()),
    }
}

/// Reads MegaCli's yes/no vocabulary.
pub fn parse_bool(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "yes" | "enabled" | "enable" | "present" | "true" | "on" | "1" => Some(true),
        "no" | "disabled" | "disable" | "absent" | "false" | "off" | "0" | "none" => Some(false),
        _ => None,
    }
}

impl<'a> Record<'a> {
    /// An empty record starting at `line`.
    pub fn new(start_line: usize) -> Self {
        Self {
            fields: Vec::new(),
            start_line,
            cursor: 0,
        }
    }

    /// An empty record with room for a drive's fields (about 50 in `-PDList`), so filling it
    /// allocates once.
    pub fn for_drive(start_line: usize) -> Self {
        Self {
            fields: Vec::with_capacity(64),
            start_line,
            cursor: 0,
        }
    }

    /// Appends a field.
    pub fn push(&mut self, key: &'a str, value: &'a str, text: &'a str, line: usize) {
        self.push_named(KeyName::new(key), key, value, text, line);
    }

    /// [`Record::push`] of a key already normalised as `name`.
    pub fn push_named(
        &mut self,
        name: KeyName,
        key: &'a str,
        value: &'a str,
        text: &'a str,
        line: usize,
    ) {
        self.fields.push(Field {
            key,
            value,
            text,
            line,
            taken: false,
            name,
        });
    }

    /// True when no field was pushed.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// Takes the first untaken field whose normalised key is `name`.
    pub fn take_field(&mut self, name: &str) -> Option<Field<'a>> {
        let n = self.fields.len();
        let start = self.cursor.min(n);
        let hit = (start..n).chain(0..start).find(|&i| {
            self.fields
                .get(i)
                .is_some_and(|f| !f.taken && f.name.is(name))
        })?;
        self.cursor = hit + 1;
        let f = self.fields.get_mut(hit)?;
        f.taken = true;
        Some(*f)
    }

    /// The line of the first field with this key (taken or not).
    pub fn line_of(&self, name: &str) -> Option<usize> {
        self.fields.iter().find(|f| f.name.is(name)).map(|f| f.line)
    }

    /// True when a field with this key exists (taken or not).
    pub fn has(&self, name: &str) -> bool {
        self.fields.iter().any(|f| f.name.is(name))
    }

    /// Takes a value as text; absent markers (`N/A`, empty) become `None`.
    pub fn text(&mut self, name: &str) -> Option<String> {
        let f = self.take_field(name)?;
        (!is_absent(f.value)).then(|| f.value.to_owned())
    }

    /// Takes a value as text, trying several key spellings in order.
    pub fn text_any(&mut self, names: &[&str]) -> Option<String> {
        names.iter().find_map(|n| self.text(n))
    }

    /// Takes the value after the colon without trimming its left side (fixed-width fields).
    pub fn raw(&mut self, name: &str) -> Option<&'a str> {
        let f = self.take_field(name)?;
        raw_value(f.text)
    }

    /// Takes a value and converts it; an absent value is `None`, one `convert` refuses is
    /// `None` with a warning `key: <its reason>`.
    fn take_converted<T>(
        &mut self,
        name: &str,
        w: &mut raidctl_model::Warnings,
        convert: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        let f = self.take_field(name)?;
        if is_absent(f.value) {
            return None;
        }
        match convert(f.value) {
            Ok(v) => Some(v),
            Err(why) => {
                w.push(Warning {
                    file: None,
                    line: f.line,
                    message: format!("{}: {why}", f.key),
                });
                None
            }
        }
    }

    /// Takes an unsigned number; warns when the value is present but not a number.
    pub fn u64(&mut self, name: &str, w: &mut raidctl_model::Warnings) -> Option<u64> {
        self.take_converted(name, w, |v| {
            leading_u64(v).ok_or_else(|| format!("not a number: {v:?}"))
        })
    }

    /// Takes an unsigned 32-bit number.
    pub fn u32(&mut self, name: &str, w: &mut raidctl_model::Warnings) -> Option<u32> {
        self.u64(name, w).and_then(|v| u32::try_from(v).ok())
    }

    /// Takes a signed number (temperatures, currents).
    pub fn i64(&mut self, name: &str, w: &mut raidctl_model::Warnings) -> Option<i64> {
        self.take_converted(name, w, |v| {
            leading_i64(v).ok_or_else(|| format!("not a number: {v:?}"))
        })
    }

    /// Takes a yes/no value; warns on anything else.
    pub fn bool(&mut self, name: &str, w: &mut raidctl_model::Warnings) -> Option<bool> {
        self.take_converted(name, w, |v| {
            parse_bool(v).ok_or_else(|| format!("expected yes/no, got {v:?}"))
        })
    }

    /// Takes a size in bytes; warns when it cannot be read.
    pub fn size(&mut self, name: &str, w: &mut raidctl_model::Warnings) -> Option<u64> {
        self.take_converted(name, w, |v| parse_size(v).map_err(|e| e.to_string()))
    }

    /// Moves every untaken field into `extra`. A key seen twice gets ` #2`, ` #3`... so nothing
    /// is overwritten.
    pub fn into_extra(self, extra: &mut Extra) {
        for f in self.fields.into_iter().filter(|f| !f.taken) {
            insert_extra(extra, f.key, f.value);
        }
    }
}

/// Inserts into `extra` without overwriting an earlier value of the same key.
pub fn insert_extra(extra: &mut Extra, key: &str, value: &str) {
    if let std::collections::btree_map::Entry::Vacant(slot) = extra.entry(key.to_owned()) {
        slot.insert(value.to_owned());
        return;
    }
    let mut n = 2;
    loop {
        if let std::collections::btree_map::Entry::Vacant(slot) = extra.entry(format!("{key} #{n}"))
        {
            slot.insert(value.to_owned());
            return;
        }
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(leading_u64("28C (82.40 F)"), Some(28));
        assert_eq!(leading_u64("0x1f"), Some(31));
        assert_eq!(leading_i64("-5 mA"), Some(-5));
        assert_eq!(leading_u64("abc"), None);
    }

    #[test]
    fn take_and_extra() {
        let mut r = Record::new(1);
        r.push("Slot Number", "4", "Slot Number: 4", 1);
        r.push("Odd Key", "x", "Odd Key: x", 2);
        r.push("Odd Key", "y", "Odd Key: y", 3);
        let mut w = raidctl_model::Warnings::new();
        assert_eq!(r.u32("slotnumber", &mut w), Some(4));
        assert_eq!(r.u32("slotnumber", &mut w), None);
        let mut extra = Extra::new();
        r.into_extra(&mut extra);
        assert_eq!(extra.get("Odd Key").map(String::as_str), Some("x"));
        assert_eq!(extra.get("Odd Key #2").map(String::as_str), Some("y"));
    }
}
