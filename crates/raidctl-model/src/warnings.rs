//! Parser warnings, capped: hostile or broken input can produce one warning per line, and a
//! 32 MiB file of `Slot Number: 1` lines must not become gigabytes of diagnostics. The first
//! [`Warnings::CAP`] warnings by line number are kept (what a person reads first); past that
//! one last warning counts the others ("and N more").

use super::Warning;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};

/// A capped list of warnings. Reads as a slice of [`Warning`] (the count, when any were
/// dropped, is the last element); pushing past the cap keeps the warnings with the lowest
/// line numbers, so the result does not depend on how the input was cut into pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Warnings {
    /// The kept warnings, then the count of the dropped ones when there are any.
    list: Vec<Warning>,
    /// Warnings dropped.
    dropped: u64,
    /// Highest line among the dropped ones (the count's line: it sorts last).
    last_line: usize,
}

impl Warnings {
    /// Warnings kept; past this many only their number is.
    pub const CAP: usize = 1000;

    /// No warnings.
    pub const fn new() -> Self {
        Self {
            list: Vec::new(),
            dropped: 0,
            last_line: 0,
        }
    }

    /// The kept warnings, without the count.
    pub fn kept(&self) -> &[Warning] {
        let n = if self.dropped > 0 {
            self.list.len().saturating_sub(1)
        } else {
            self.list.len()
        };
        self.list.get(..n).unwrap_or_default()
    }

    /// How many warnings there were, kept or not.
    pub fn total(&self) -> u64 {
        self.kept().len() as u64 + self.dropped
    }

    /// How many were dropped.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Adds one. Past the cap the kept ones are the [`Self::CAP`] with the lowest lines (in
    /// line order, ties in the order they came), as if all were sorted by line and cut.
    pub fn push(&mut self, w: Warning) {
        if self.dropped == 0 && self.list.len() < Self::CAP {
            self.list.push(w);
            return;
        }
        if self.dropped == 0 {
            // The first one too many: from now on the kept ones stay sorted by line.
            self.list.sort_by_key(|w| w.line);
        } else {
            // The count goes last again below.
            self.list.truncate(Self::CAP);
        }
        let max_kept = self.list.last().map_or(0, |w| w.line);
        let evicted = if w.line < max_kept {
            let at = self.list.partition_point(|k| k.line <= w.line);
            self.list.insert(at, w);
            self.list.pop().unwrap_or_else(|| Warning {
                file: None,
                line: 0,
                message: String::new(),
            })
        } else {
            w
        };
        self.dropped += 1;
        self.last_line = self.last_line.max(evicted.line);
        self.list.push(self.count_warning(evicted.file));
    }

    fn count_warning(&self, file: Option<String>) -> Warning {
        Warning {
            file,
            line: self.last_line,
            message: format!(
                "and {} more warning(s), not kept (only the first {} by line are)",
                self.dropped,
                Self::CAP
            ),
        }
    }

    /// Adds each of `ws` (see [`Self::push`]).
    pub fn extend(&mut self, ws: impl IntoIterator<Item = Warning>) {
        for w in ws {
            self.push(w);
        }
    }

    /// Adds another list, its dropped count included (a piece of the same input, or another
    /// command's output).
    pub fn append(&mut self, other: Warnings) {
        let Warnings {
            mut list,
            dropped,
            last_line,
        } = other;
        if dropped > 0 {
            list.pop();
        }
        self.extend(list);
        if dropped > 0 {
            if self.dropped > 0 {
                self.list.pop();
            }
            let file = self.list.last().and_then(|w| w.file.clone());
            self.dropped += dropped;
            self.last_line = self.last_line.max(last_line);
            self.list.push(self.count_warning(file));
        }
    }

    /// Adds `offset` to every line (warnings of a part of a larger input).
    pub fn shift_lines(&mut self, offset: usize) {
        for w in &mut self.list {
            w.line += offset;
        }
        if self.dropped > 0 {
            self.last_line += offset;
        }
    }

    /// Sorts the kept warnings by line (stable); the count stays last.
    pub fn sort_by_line(&mut self) {
        let n = self.kept().len();
        if let Some(kept) = self.list.get_mut(..n) {
            kept.sort_by_key(|w| w.line);
        }
    }

    /// The warnings as a vector (the count last, when any were dropped).
    pub fn into_vec(self) -> Vec<Warning> {
        self.list
    }
}

impl Deref for Warnings {
    type Target = [Warning];
    fn deref(&self) -> &[Warning] {
        &self.list
    }
}

impl DerefMut for Warnings {
    fn deref_mut(&mut self) -> &mut [Warning] {
        &mut self.list
    }
}

impl FromIterator<Warning> for Warnings {
    fn from_iter<I: IntoIterator<Item = Warning>>(iter: I) -> Self {
        let mut w = Self::new();
        w.extend(iter);
        w
    }
}

impl<'a> IntoIterator for &'a Warnings {
    type Item = &'a Warning;
    type IntoIter = std::slice::Iter<'a, Warning>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a> IntoIterator for &'a mut Warnings {
    type Item = &'a mut Warning;
    type IntoIter = std::slice::IterMut<'a, Warning>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter_mut()
    }
}

impl Serialize for Warnings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Warnings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<Warning>::deserialize(d).map(|v| v.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(line: usize) -> Warning {
        Warning {
            file: None,
            line,
            message: format!("w{line}"),
        }
    }

    #[test]
    fn under_the_cap_nothing_changes() {
        let ws: Warnings = [3, 1, 2].into_iter().map(w).collect();
        assert_eq!(ws.iter().map(|w| w.line).collect::<Vec<_>>(), [3, 1, 2]);
        assert_eq!(ws.total(), 3);
        assert_eq!(
            serde_json::to_value(&ws).unwrap().as_array().unwrap().len(),
            3
        );
    }

    #[test]
    fn past_the_cap_the_lowest_lines_are_kept_and_the_rest_counted() {
        let n = Warnings::CAP + 500;
        // In reverse: every new one has a lower line than those kept.
        let ws: Warnings = (1..=n).rev().map(w).collect();
        assert_eq!(ws.kept().len(), Warnings::CAP);
        assert_eq!(ws.total(), n as u64);
        assert_eq!(ws.kept().first().unwrap().line, 1);
        assert_eq!(ws.kept().last().unwrap().line, Warnings::CAP);
        let last = ws.last().unwrap();
        assert!(last.message.starts_with("and 500 more"), "{last:?}");
        assert_eq!(last.line, n);
        // The same set, pushed in order or cut into pieces, gives the same list.
        let forward: Warnings = (1..=n).map(w).collect();
        assert_eq!(forward.into_vec(), ws.clone().into_vec());
        let mut pieces = Warnings::new();
        for chunk in (1..=n).collect::<Vec<_>>().chunks(1200) {
            pieces.append(chunk.iter().copied().map(w).collect());
        }
        assert_eq!(pieces.into_vec(), ws.clone().into_vec());
        // A million pushes stay at the cap.
        let mut big = Warnings::new();
        for i in 0..1_000_000 {
            big.push(w(i));
        }
        assert_eq!(big.len(), Warnings::CAP + 1);
        assert_eq!(big.total(), 1_000_000);
        // Round trip through JSON keeps what was shown.
        let back: Warnings = serde_json::from_value(serde_json::to_value(&ws).unwrap()).unwrap();
        assert_eq!(back.len(), ws.len());
    }
}
