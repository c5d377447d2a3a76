//! `-LDSetProp`: a VD's cache policy, disk cache policy and name. MegaCli takes one property
//! per call (`-LDSetProp WT -L1 -a0`, then `-LDSetProp NORA -L1 -a0`); the storcli and
//! omconfig front ends translate their `set`/`changepolicy` into these calls, so every front
//! end changes the same state and every reader (LDInfo, storcli's `Cache`, OMSA's `Write
//! Policy`) shows the change.

use crate::args::{Invocation, LdSel};
use crate::engine::{locale, log};
use crate::render::Reply;
use crate::state::{Adapter, Vd};
use crate::text::event_vd;
use crate::unverified::{self as unv, events as ev, fill};

/// One property `-LDSetProp` changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prop {
    /// `WT` (false) or `WB` (true).
    WriteBack(bool),
    /// `RA`, `NORA`, `ADRA`: the `Read Policy` word LDInfo prints.
    Read(&'static str),
    /// `-Cached` (true) or `-Direct` (false).
    CachedIo(bool),
    /// `CachedBadBBU` (true) or `NoCachedBadBBU` (false).
    CachedBadBbu(bool),
    /// `-EnDskCache`/`-DisDskCache`: the `Disk Cache Policy` text.
    DiskCache(&'static str),
}

/// The one property word of `inv`; `None` for none or several (MegaCli sets one per call).
fn prop_of(inv: &Invocation) -> Option<Prop> {
    let found: Vec<Prop> = inv
        .words
        .iter()
        .filter_map(|w| {
            Some(match w.as_str() {
                "wt" => Prop::WriteBack(false),
                "wb" => Prop::WriteBack(true),
                "ra" => Prop::Read("ReadAhead"),
                "nora" => Prop::Read("ReadAheadNone"),
                "adra" => Prop::Read("ReadAdaptive"),
                "cached" => Prop::CachedIo(true),
                "direct" => Prop::CachedIo(false),
                "cachedbadbbu" => Prop::CachedBadBbu(true),
                "nocachedbadbbu" => Prop::CachedBadBbu(false),
                "endskcache" => Prop::DiskCache("Enabled"),
                "disdskcache" => Prop::DiskCache("Disabled"),
                _ => return None,
            })
        })
        .collect();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Applies `p` to `vd`; the success line.
fn apply(vd: &mut Vd, p: Prop, a: u32) -> String {
    let t = vd.target.to_string();
    let a = a.to_string();
    let line = |template: &str, v: &str| fill(template, &[("a", &a), ("n", &t), ("v", v)]);
    match p {
        Prop::WriteBack(on) => {
            vd.write_back = on;
            line(
                unv::LD_WRITE_POLICY_SET,
                if on { "WriteBack" } else { "WriteThrough" },
            )
        }
        Prop::Read(word) => {
            word.clone_into(&mut vd.read_policy);
            line(unv::LD_READ_POLICY_SET, word)
        }
        Prop::CachedIo(on) => {
            vd.cached_io = on;
            line(unv::LD_IO_POLICY_SET, if on { "Cached" } else { "Direct" })
        }
        Prop::CachedBadBbu(on) => {
            vd.cached_bad_bbu = on;
            line(
                unv::LD_BAD_BBU_SET,
                if on {
                    "Write Cache OK if bad BBU"
                } else {
                    "No Write Cache if bad BBU"
                },
            )
        }
        Prop::DiskCache(text) => {
            text.clone_into(&mut vd.disk_cache);
            line(unv::LD_DISK_CACHE_SET, text)
        }
    }
}

/// `[ID=01,dcp=61,ccp=61,ap=0,dc=0]`: VD `i`'s properties as the firmware's policy-change
/// event prints them (default and current cache policy bits, access, disk cache).
fn props(ad: &Adapter, i: usize) -> String {
    let vd = &ad.vds[i];
    let dc = match vd.disk_cache.as_str() {
        "Enabled" => 1,
        "Disabled" => 2,
        _ => 0,
    };
    format!(
        "[ID={:02x},dcp={:02x},ccp={:02x},ap=0,dc={dc}]",
        vd.target,
        crate::mfi::cache_bits(vd, vd.write_back),
        crate::mfi::cache_bits(vd, ad.effective_write_back(vd))
    )
}

/// Changes VD `target`'s properties with `change` and logs the firmware's policy-change event
/// when they moved: readers that reuse a snapshot while the event log stands still (the
/// snapshot cache) then read again, as they must on a real controller.
pub(crate) fn change_logged<T>(
    ad: &mut Adapter,
    clock: u64,
    target: u32,
    change: impl FnOnce(&mut Vd) -> T,
) -> Option<T> {
    let i = ad.vds.iter().position(|v| v.target == target)?;
    let before = props(ad, i);
    let out = change(&mut ad.vds[i]);
    let after = props(ad, i);
    if after != before {
        log(
            ad,
            clock,
            ev::POLICY_CHANGE_CODE,
            0,
            locale::LD,
            fill(
                ev::POLICY_CHANGE,
                &[
                    ("x", &event_vd(target)),
                    ("v", &format!("{after} from {before}")),
                ],
            ),
            vec![("Target Id".to_owned(), target.to_string())],
        );
    }
    Some(out)
}

/// `-LDSetProp PROPERTY -Lx|-L0,1|-Lall`, or `-LDSetProp -Name NAME -Lx`.
pub(crate) fn ld_set_prop(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    if let Some(name) = &inv.name {
        return ld_set_name(ad, inv, name);
    }
    let Some(prop) = prop_of(inv) else {
        return (vec![fill(unv::INVALID_INPUT, &[("x", "-LDSetProp")])], 0x01);
    };
    let targets: Vec<u32> = match &inv.lds {
        LdSel::All => ad.vds.iter().map(|v| v.target).collect(),
        LdSel::List(l) => l.clone(),
        LdSel::None => return (vec![fill(unv::INVALID_INPUT, &[("x", "-LDSetProp")])], 0x01),
    };
    // Every VD named must exist before any changes, as the firmware checks the list first.
    if let Some(t) = targets
        .iter()
        .find(|t| !ad.vds.iter().any(|v| v.target == **t))
    {
        return (
            vec![fill(
                unv::LD_NOT_FOUND,
                &[("a", &a.to_string()), ("n", &t.to_string())],
            )],
            0x03,
        );
    }
    let mut out = Vec::new();
    for t in targets {
        out.extend(change_logged(ad, clock, t, |vd| apply(vd, prop, a)));
    }
    (out, 0)
}

/// `-LDSetProp -Name NAME -Lx`.
fn ld_set_name(ad: &mut Adapter, inv: &Invocation, name: &str) -> Reply {
    let a = ad.index;
    let LdSel::List(targets) = &inv.lds else {
        return (vec![fill(unv::INVALID_INPUT, &[("x", "-LDSetProp")])], 0x01);
    };
    // The firmware keeps 15 printable characters (the MFI name field is 16 bytes).
    if name.len() > 15 || !name.chars().all(|c| c.is_ascii_graphic()) {
        return (vec![fill(unv::INVALID_INPUT, &[("x", name)])], 0x01);
    }
    let mut out = Vec::new();
    for t in targets {
        let Some(vd) = ad.vds.iter_mut().find(|v| v.target == *t) else {
            return (
                vec![fill(
                    unv::LD_NOT_FOUND,
                    &[("a", &a.to_string()), ("n", &t.to_string())],
                )],
                0x03,
            );
        };
        name.clone_into(&mut vd.name);
        out.push(fill(
            unv::LD_NAME_SET,
            &[("a", &a.to_string()), ("n", &t.to_string()), ("v", name)],
        ));
    }
    (out, 0)
}

#[cfg(test)]
mod tests {
    use crate::{args, dispatch, scenarios};

    fn run(st: &mut crate::state::SimState, line: &str) -> (Vec<String>, u32) {
        let argv: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        dispatch(st, &args::parse(&argv).unwrap())
    }

    /// Each property alone, as MegaCli takes it, changes what LDInfo prints; two at once, an
    /// unknown VD or no property at all are refused and change nothing.
    #[test]
    fn one_property_per_call() {
        let mut st = scenarios::build("healthy").unwrap();
        for line in [
            "-LDSetProp WT -L1 -a0",
            "-LDSetProp NORA -L1 -a0",
            "-LDSetProp -Cached -L1 -a0",
            "-LDSetProp CachedBadBBU -L1 -a0",
            "-LDSetProp -DisDskCache -L1 -a0",
        ] {
            let (out, code) = run(&mut st, line);
            assert_eq!(code, 0, "{line}: {out:?}");
            assert!(out[0].contains(" success"), "{line}: {out:?}");
        }
        let (out, _) = run(&mut st, "-LDInfo -L1 -a0");
        let text = out.join("\n");
        assert!(
            text.contains(
                "Default Cache Policy: WriteThrough, ReadAheadNone, Cached, Write Cache OK if Bad BBU"
            ) && text.contains("Disk Cache Policy   : Disabled"),
            "{text}"
        );
        let events = st.adapters[0]
            .events
            .iter()
            .filter(|e| {
                e.description
                    .starts_with("Policy change on VD 01/1 to [ID=01,")
            })
            .count();
        assert_eq!(events, 5, "each change is logged");
        let before = st.clone();
        for line in [
            "-LDSetProp WB RA -L1 -a0",
            "-LDSetProp -L1 -a0",
            "-LDSetProp WB -L9 -a0",
            "-LDSetProp WB -a0",
        ] {
            let (out, code) = run(&mut st, line);
            assert_ne!(code, 0, "{line}: {out:?}");
        }
        assert_eq!(st.adapters[0].vds, before.adapters[0].vds);
    }
}
