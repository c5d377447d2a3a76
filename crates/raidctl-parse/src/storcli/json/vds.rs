//! Virtual drives: `/cN/vM` rows, `VDn Properties` and `PDs for VD n` member lists.

use super::progress::operation_progress;
use super::{Walker, size};
use crate::storcli::{LINE_KEY, extra_value, flag, is_absent, num, scalar, warn};
use raidctl_model::{LdState, LogicalDrive, RaidLevel, squash_text};
use serde_json::Value;

impl Walker {
    fn ld_index(&mut self, a: u32, n: u32) -> usize {
        if let Some(ix) = self.ld_ix.get(&(a, n)) {
            return *ix;
        }
        let ix = self.doc.logical_drives.len();
        self.doc.logical_drives.push(LogicalDrive {
            adapter: a,
            number: n,
            target_id: n,
            ..LogicalDrive::default()
        });
        self.ld_ix.insert((a, n), ix);
        ix
    }

    /// `VD LIST`, `/cX/vY`, `Virtual Drives` (7.x rows or storcli2 items with `VD Info`).
    pub(super) fn ld_rows(&mut self, a: u32, v: &Value, hint: Option<u32>) {
        let rows: Vec<&Value> = match v {
            Value::Array(rows) => rows.iter().collect(),
            Value::Object(_) => vec![v],
            _ => {
                self.warn("virtual drive list has an unexpected shape");
                return;
            }
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            if let Some(info) = o.get("VD Info") {
                let Some(n) = self.ld_row(a, info, hint) else {
                    continue;
                };
                if let Some(pds) = o.get("PDs") {
                    self.member_rows(a, n, pds);
                }
                if let Some(p) = o.get("VD Properties") {
                    self.ld_properties(a, n, p);
                }
                continue;
            }
            self.ld_row(a, r, hint);
        }
    }

    fn ld_row(&mut self, a: u32, r: &Value, hint: Option<u32>) -> Option<u32> {
        let Some(o) = r.as_object() else {
            self.warn("virtual drive row is not an object");
            return None;
        };
        self.at_row(o);
        let dgvd = o.get("DG/VD").and_then(scalar);
        let (dg, vd) = match dgvd.as_deref().and_then(|s| s.split_once('/')) {
            Some((d, v)) => (d.trim().parse::<u32>().ok(), v.trim().parse::<u32>().ok()),
            None => (None, None),
        };
        let Some(n) = vd.or(hint) else {
            self.warn("virtual drive row without a readable DG/VD");
            return None;
        };
        if let Some(text) = dgvd.as_deref().filter(|_| dg.is_none()) {
            self.warn(format!("VD {n}: disk group in DG/VD {text:?} unreadable"));
        }
        let ix = self.ld_index(a, n);
        let mut warnings = Vec::new();
        let ld = self.doc.logical_drives.get_mut(ix)?;
        ld.disk_group = dg.or(ld.disk_group);
        for (k, v) in o {
            match k.trim() {
                "DG/VD" | LINE_KEY => {}
                "TYPE" => {
                    let t = scalar(v).unwrap_or_default();
                    ld.raid_level = RaidLevel::from_text(&t, false);
                    ld.raid_level_raw = Some(t);
                }
                "State" => {
                    let s = scalar(v).unwrap_or_default();
                    ld.state = ld_state(&s);
                    ld.state_raw = Some(s);
                }
                "Access" => ld.access_policy = scalar(v),
                "Cache" | "CurrentCache" => ld.current_cache_policy = scalar(v),
                "DefaultCache" => ld.default_cache_policy = scalar(v),
                "Size" => {
                    ld.size_bytes = size(v, &mut warnings, "Size");
                    ld.size_raw = scalar(v);
                }
                "Name" => ld.name = scalar(v).filter(|s| !s.is_empty()),
                _ => extra_value(&mut ld.extra, k, v),
            }
        }
        ld.normalise_cache();
        for m in warnings {
            warn(&mut self.doc.warnings, self.line, m);
        }
        Some(n)
    }

    pub(super) fn ld_properties(&mut self, a: u32, n: u32, v: &Value) {
        let Some(o) = v.as_object() else {
            self.warn(format!("VD{n} Properties is not an object"));
            return;
        };
        let ix = self.ld_index(a, n);
        let mut warnings = Vec::new();
        let mut progress = Vec::new();
        let Some(ld) = self.doc.logical_drives.get_mut(ix) else {
            return;
        };
        for (k, val) in o {
            match squash_text(k).as_str() {
                "stripsize" => ld.strip_size_bytes = size(val, &mut warnings, k),
                "spandepth" => ld.span_depth = num(val).and_then(|n| u32::try_from(n).ok()),
                "numberofdrivesperspan" | "numberofdrives" => {
                    ld.number_of_drives = num(val).and_then(|n| u32::try_from(n).ok());
                }
                "diskcachepolicy" => ld.disk_cache_policy = scalar(val),
                "osdrivename" => ld.block_device = scalar(val).filter(|s| !is_absent(s)),
                "badblockexists" | "badblocksexist" => ld.bad_blocks_exist = flag(val),
                "activeoperations" => {
                    let t = scalar(val).unwrap_or_default();
                    if !is_absent(&t) {
                        if let Some(p) = operation_progress(a, n, &t) {
                            progress.push(p);
                        }
                        ld.ongoing.push(t);
                    }
                }
                _ => extra_value(&mut ld.extra, k, val),
            }
        }
        self.doc.progress.extend(progress);
        for m in warnings {
            warn(&mut self.doc.warnings, self.line, m);
        }
    }

    pub(super) fn member_rows(&mut self, a: u32, n: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn(format!("PDs for VD {n} is not a list"));
            return;
        };
        for r in rows {
            if let Some(ix) = self.drive_row_value(a, r, Some(n)) {
                if let Some(pd) = self.doc.physical_drives.get(ix) {
                    let addr = pd.address();
                    self.members.push((a, n, addr));
                }
            }
        }
    }
}
/// `/c0/v12` → 12.
pub(super) fn vd_path(k: &str) -> Option<u32> {
    let r = k.strip_prefix("/c")?;
    let (_, r) = crate::storcli::digits(r)?;
    let r = r.strip_prefix("/v")?;
    let (n, rest) = crate::storcli::digits(r)?;
    if !rest.trim().is_empty() {
        return None;
    }
    u32::try_from(n).ok()
}

/// storcli VD state abbreviations.
pub(crate) fn ld_state(s: &str) -> LdState {
    LdState::from_text(s)
}
