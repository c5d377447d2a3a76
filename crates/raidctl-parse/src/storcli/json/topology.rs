//! Where drives sit: TOPOLOGY rows (turned into disk groups once every section is read),
//! enclosures and the foreign configuration.

use super::drives::v1_state;
use super::{Schema, Walker};
use crate::storcli::{eid_slot, extra_value, is_absent, num, scalar};
use raidctl_model::{
    DiskGroup, DriveAddress, Enclosure, FirmwareState, ForeignConfig, Span, SpanRow,
};
use serde_json::Value;
use std::collections::BTreeMap;

/// One row of a TOPOLOGY table.
#[derive(Debug, Clone)]
pub(super) struct TopoRow {
    adapter: u32,
    dg: Option<u32>,
    arr: Option<u32>,
    row: Option<u32>,
    addr: Option<(Option<u16>, u16)>,
    typ: String,
    state: String,
}
impl Walker {
    pub(super) fn topology(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("TOPOLOGY is not a list");
            return;
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let n = |key: &str| o.get(key).and_then(num).and_then(|x| u32::try_from(x).ok());
            let state = match self.schema {
                Schema::V1 => o.get("State").and_then(scalar).unwrap_or_default(),
                Schema::V2 => {
                    let s = o.get("State").and_then(scalar).unwrap_or_default();
                    let st = o.get("Status").and_then(scalar).unwrap_or_default();
                    if is_absent(&st) { s } else { st }
                }
            };
            self.topo.push(TopoRow {
                adapter: a,
                dg: n("DG"),
                arr: n("Arr").or_else(|| n("Span")),
                row: n("Row"),
                addr: o
                    .get("EID:Slot")
                    .or_else(|| o.get("EID:Slt"))
                    .and_then(scalar)
                    .and_then(|s| eid_slot(&s)),
                typ: o.get("Type").and_then(scalar).unwrap_or_default(),
                state,
            });
        }
    }

    pub(super) fn enclosures(&mut self, a: u32, rows: &[Value]) {
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let Some(eid) = o
                .get("EID")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok())
            else {
                continue;
            };
            if self
                .doc
                .enclosures
                .iter()
                .any(|e| e.adapter == a && e.device_id == Some(eid))
            {
                continue;
            }
            let mut e = Enclosure {
                adapter: a,
                index: eid,
                device_id: Some(eid),
                ..Enclosure::default()
            };
            for (k, v) in o {
                let n = || num(v).and_then(|x| u32::try_from(x).ok());
                match k.trim() {
                    "EID" => {}
                    "State" => e.status = scalar(v),
                    "Slots" => e.slots = n(),
                    "PD" => e.physical_drives = n(),
                    "PS" => e.power_supplies = n(),
                    "Fans" => e.fans = n(),
                    "TSs" => e.temperature_sensors = n(),
                    "ProdID" => e.product = scalar(v).filter(|s| !is_absent(s)),
                    "DeviceType" => e.enclosure_type = scalar(v),
                    _ => extra_value(&mut e.extra, k, v),
                }
            }
            self.doc.enclosures.push(e);
        }
    }

    pub(super) fn foreign(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("foreign configuration list has an unexpected shape");
            return;
        };
        let fc_ix = match self.doc.foreign_configs.iter().position(|f| f.adapter == a) {
            Some(ix) => ix,
            None => {
                self.doc.foreign_configs.push(ForeignConfig {
                    adapter: a,
                    index: 0,
                    disk_groups: Vec::new(),
                });
                self.doc.foreign_configs.len() - 1
            }
        };
        let Some(fc) = self.doc.foreign_configs.get_mut(fc_ix) else {
            return;
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let Some(dg) = o
                .get("DG")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok())
            else {
                continue;
            };
            let gi = match fc.disk_groups.iter().position(|g| g.index == dg) {
                Some(i) => i,
                None => {
                    fc.disk_groups.push(DiskGroup {
                        adapter: a,
                        index: dg,
                        ..DiskGroup::default()
                    });
                    fc.disk_groups.len() - 1
                }
            };
            let Some(g) = fc.disk_groups.get_mut(gi) else {
                continue;
            };
            let addr = o
                .get("EID:Slt")
                .or_else(|| o.get("EID:Slot"))
                .and_then(scalar)
                .and_then(|s| eid_slot(&s));
            if let Some((enc, slot)) = addr {
                if g.spans.is_empty() {
                    g.spans.push(Span::default());
                }
                if let Some(span) = g.spans.first_mut() {
                    let row = u32::try_from(span.rows.len()).unwrap_or(u32::MAX);
                    span.rows.push(SpanRow {
                        row,
                        drive: Some(DriveAddress {
                            enclosure: enc,
                            slot,
                        }),
                        firmware_state: o
                            .get("State")
                            .and_then(scalar)
                            .map(|s| FirmwareState::from_text(&s)),
                    });
                }
            }
        }
    }

    pub(super) fn finish_topology(&mut self) {
        let mut groups: BTreeMap<(u32, u32), DiskGroup> = BTreeMap::new();
        for t in std::mem::take(&mut self.topo) {
            let Some(dg) = t.dg else { continue };
            let g = groups.entry((t.adapter, dg)).or_insert_with(|| DiskGroup {
                adapter: t.adapter,
                index: dg,
                ..DiskGroup::default()
            });
            let typ = t.typ.to_ascii_uppercase();
            if typ == "DHS" {
                g.dedicated_hotspares = Some(g.dedicated_hotspares.unwrap_or(0) + 1);
                continue;
            }
            let (Some(arr), Some(row)) = (t.arr, t.row) else {
                if let (Some(arr), None) = (t.arr, t.row) {
                    if !g.spans.iter().any(|s| s.index == arr) {
                        g.spans.push(Span {
                            index: arr,
                            ..Span::default()
                        });
                    }
                }
                continue;
            };
            let si = match g.spans.iter().position(|s| s.index == arr) {
                Some(i) => i,
                None => {
                    g.spans.push(Span {
                        index: arr,
                        ..Span::default()
                    });
                    g.spans.len() - 1
                }
            };
            let drive = t.addr.map(|(e, s)| DriveAddress {
                enclosure: e,
                slot: s,
            });
            if let Some(span) = g.spans.get_mut(si) {
                span.rows.push(SpanRow {
                    row,
                    drive,
                    firmware_state: Some(v1_state(&t.state)),
                });
            }
            if let Some(addr) = drive {
                if let Some(ix) = self.drive_ix.get(&(t.adapter, addr.enclosure, addr.slot)) {
                    if let Some(pd) = self.doc.physical_drives.get_mut(*ix) {
                        pd.disk_group = pd.disk_group.or(Some(dg));
                        pd.span = pd.span.or(Some(arr));
                        pd.arm = pd.arm.or(Some(row));
                    }
                }
            }
        }
        for ((a, dg), g) in &groups {
            let rows: Vec<DriveAddress> = g
                .spans
                .iter()
                .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
                .collect();
            for ld in
                self.doc.logical_drives.iter_mut().filter(|l| {
                    l.adapter == *a && l.disk_group == Some(*dg) && l.members.is_empty()
                })
            {
                ld.members.clone_from(&rows);
            }
        }
        for ((a, dg), mut g) in groups {
            let mut lds: Vec<u32> = self
                .doc
                .logical_drives
                .iter()
                .filter(|l| l.adapter == a && l.disk_group == Some(dg))
                .map(|l| l.target_id)
                .collect();
            lds.sort_unstable();
            g.logical_drives = lds;
            self.doc.disk_groups.push(g);
        }
    }
}
