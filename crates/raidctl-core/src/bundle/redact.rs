//! Opt-in, consistent redaction: the same value always becomes the same token in every file,
//! and the mapping is kept by the caller outside the archive.

use regex::Regex;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A redaction class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Class {
    /// The host's names (short and fully qualified).
    Hostnames,
    /// IPv4 and IPv6 addresses.
    Ips,
    /// MAC addresses.
    Macs,
    /// Controller and drive serial numbers, WWNs and SAS addresses.
    Serials,
}

impl Class {
    /// Name used on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Class::Hostnames => "hostnames",
            Class::Ips => "ips",
            Class::Macs => "macs",
            Class::Serials => "serials",
        }
    }

    /// Parses a class name (`hostname`, `ip`, `mac`, `serial` are accepted too).
    ///
    /// # Errors
    /// An unknown name.
    pub fn parse(s: &str) -> Result<Self, String> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "hostnames" | "hostname" | "hosts" => Class::Hostnames,
            "ips" | "ip" => Class::Ips,
            "macs" | "mac" => Class::Macs,
            "serials" | "serial" => Class::Serials,
            other => {
                return Err(format!(
                    "unknown redaction class {other:?}; expected hostnames, ips, macs, serials"
                ));
            }
        })
    }
}

/// Consistent substitution across files.
#[derive(Debug)]
pub struct Redactor {
    classes: BTreeSet<Class>,
    literal: Vec<(Class, Regex)>,
    ipv4: Option<Regex>,
    ipv6: Option<Regex>,
    mac: Option<Regex>,
    map: BTreeMap<Class, BTreeMap<String, String>>,
    counts: BTreeMap<Class, u64>,
}

impl Redactor {
    /// A redactor for `classes`; `hostnames` and `serials` are the literal values to replace
    /// (`localhost` and one-character hostnames are ignored, and serials shorter than six
    /// characters: without word boundaries they would hit unrelated text).
    pub fn new(classes: &[Class], hostnames: &[String], serials: &[String]) -> Self {
        let classes: BTreeSet<Class> = classes.iter().copied().collect();
        let mut literal = Vec::new();
        let mut add = |class: Class, values: &[String], min: usize, bounded: bool| {
            let mut v: Vec<&String> = values
                .iter()
                .filter(|s| s.len() >= min && !s.eq_ignore_ascii_case("localhost"))
                .collect();
            v.sort_by_key(|s| std::cmp::Reverse(s.len()));
            v.dedup();
            for s in v {
                let pat = if bounded {
                    format!(r"(?i)\b{}\b", regex::escape(s))
                } else {
                    format!("(?i){}", regex::escape(s))
                };
                if let Ok(re) = Regex::new(&pat) {
                    literal.push((class, re));
                }
            }
        };
        if classes.contains(&Class::Hostnames) {
            add(Class::Hostnames, hostnames, 2, true);
        }
        if classes.contains(&Class::Serials) {
            // Serials are glued to the model in MegaCli's Inquiry Data: no word boundaries.
            add(Class::Serials, serials, 6, false);
        }
        let re = |p: &str| Regex::new(p).ok();
        Self {
            classes,
            literal,
            ipv4: re(
                r"\b(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\b",
            ),
            ipv6: re(
                r"(?i)\b(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,7}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?)",
            ),
            mac: re(r"(?i)\b[0-9a-f]{2}(?::[0-9a-f]{2}){5}\b|\b[0-9a-f]{2}(?:-[0-9a-f]{2}){5}\b"),
            map: BTreeMap::new(),
            counts: BTreeMap::new(),
        }
    }

    /// Is any class on?
    pub fn active(&self) -> bool {
        !self.classes.is_empty()
    }

    fn token(&mut self, class: Class, value: &str) -> String {
        let key = match class {
            Class::Hostnames | Class::Macs | Class::Ips | Class::Serials => {
                value.to_ascii_lowercase()
            }
        };
        let m = self.map.entry(class).or_default();
        let next = m.len() + 1;
        let prefix = match class {
            Class::Hostnames => "host",
            Class::Ips if value.contains(':') => "ipv6",
            Class::Ips => "ipv4",
            Class::Macs => "mac",
            Class::Serials => "serial",
        };
        m.entry(key)
            .or_insert_with(|| format!("{prefix}-{next}"))
            .clone()
    }

    fn apply(
        &mut self,
        class: Class,
        re: &Regex,
        text: String,
        counts: &mut BTreeMap<String, u64>,
    ) -> String {
        let skip_ip = |s: &str| {
            matches!(
                s,
                "0.0.0.0" | "127.0.0.1" | "255.255.255.255" | "::" | "::1"
            )
        };
        let found: Vec<(usize, usize, String)> = re
            .find_iter(&text)
            .filter(|m| !(class == Class::Ips && skip_ip(m.as_str())))
            // `12::` in `0x12::` or times is noise: an IPv6 needs at least two hex groups.
            .filter(|m| {
                class != Class::Ips
                    || !m.as_str().contains(':')
                    || m.as_str().matches(|c: char| c.is_ascii_hexdigit()).count() >= 2
            })
            .map(|m| (m.start(), m.end(), m.as_str().to_owned()))
            .collect();
        if found.is_empty() {
            return text;
        }
        let mut out = String::with_capacity(text.len());
        let mut last = 0;
        for (s, e, v) in found {
            out.push_str(text.get(last..s).unwrap_or_default());
            out.push_str(&self.token(class, &v));
            *self.counts.entry(class).or_default() += 1;
            *counts.entry(class.name().to_owned()).or_default() += 1;
            last = e;
        }
        out.push_str(text.get(last..).unwrap_or_default());
        out
    }

    /// Redacts `text`; returns the new text and the substitutions per class.
    pub fn redact(&mut self, text: &str) -> (String, BTreeMap<String, u64>) {
        let mut counts = BTreeMap::new();
        let mut t = text.to_owned();
        let literal = std::mem::take(&mut self.literal);
        for (class, re) in &literal {
            t = self.apply(*class, re, t, &mut counts);
        }
        self.literal = literal;
        if self.classes.contains(&Class::Macs) {
            if let Some(re) = self.mac.clone() {
                t = self.apply(Class::Macs, &re, t, &mut counts);
            }
        }
        if self.classes.contains(&Class::Ips) {
            for re in [self.ipv4.clone(), self.ipv6.clone()].into_iter().flatten() {
                t = self.apply(Class::Ips, &re, t, &mut counts);
            }
        }
        (t, counts)
    }

    /// A token for one value of a class, as it would appear in redacted text (hostnames in
    /// file names).
    pub fn token_for(&mut self, class: Class, value: &str) -> Option<String> {
        self.classes
            .contains(&class)
            .then(|| self.token(class, value))
    }

    /// Substitutions per class so far.
    pub fn counts(&self) -> BTreeMap<String, u64> {
        self.counts
            .iter()
            .map(|(c, n)| (c.name().to_owned(), *n))
            .collect()
    }

    /// The private mapping: class → original (lower-cased) → token.
    pub fn mapping(&self) -> BTreeMap<String, BTreeMap<String, String>> {
        self.map
            .iter()
            .map(|(c, m)| (c.name().to_owned(), m.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consistent_tokens() {
        let mut r = Redactor::new(
            &[Class::Hostnames, Class::Ips, Class::Macs, Class::Serials],
            &["node7.example.com".into(), "node7".into()],
            &["S1Z2ABCD".into()],
        );
        let (a, ca) = r.redact("node7 at 10.1.2.3 mac 00:1b:21:aa:bb:cc drive S1Z2ABCDST4000");
        let (b, _) =
            r.redact("NODE7.example.com 10.1.2.3 fe80::1:2 S1Z2ABCD time 12:34:56 v4.19.08.00");
        assert_eq!(a, "host-1 at ipv4-1 mac mac-1 drive serial-1ST4000");
        assert_eq!(b, "host-2 ipv4-1 ipv6-2 serial-1 time 12:34:56 v4.19.08.00");
        assert_eq!(ca.get("ips"), Some(&1));
        assert_eq!(r.counts().get("ips"), Some(&3));
    }
}
