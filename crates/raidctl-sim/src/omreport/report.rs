//! `omreport storage ...`: the storage objects of every controller.

use super::*;

/// Answers `omreport` argv; returns stdout and exit status.
pub fn omreport(st: &SimState, args: &[String]) -> (String, i32) {
    let a = OmArgs::parse(args);
    if let Some(f) = &a.bad_fmt {
        return err(&fill(unv::INVALID_FORMAT, &[("x", f)]));
    }
    if a.help || a.words.is_empty() {
        return system::usage(&a, "omreport");
    }
    let (text, code) = answer(st, &a, args);
    if code != 0 {
        return (text, code);
    }
    (a.fmt.finish(text), 0)
}

/// The report in its base layout ([`OutFmt::base`]).
fn answer(st: &SimState, a: &OmArgs, args: &[String]) -> (String, i32) {
    let a = a.clone();
    let fmt = a.fmt.base();
    if let Some(answer) = system::system_report(st, &a, fmt) {
        return answer;
    }
    if a.words.first().map(String::as_str) != Some("storage") {
        return err(&fill(unv::INVALID_COMMAND, &[("x", &args.join(" "))]));
    }
    let ads = match controllers(st, &a) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let mut out = String::new();
    match a.object() {
        "pdisk" => {
            let Some(ad) = a.get("controller").and(ads.first().copied()) else {
                return err(unv::PDISK_NEEDS_CONTROLLER);
            };
            let drives = match a.get("vdisk") {
                // The members of one VD, in row order.
                Some(v) => {
                    let Some(vd) = v
                        .parse::<u32>()
                        .ok()
                        .and_then(|t| ad.vds.iter().find(|vd| vd.target == t))
                    else {
                        return err(&fill(unv::INVALID_VDISK, &[("x", v)]));
                    };
                    out.push_str(&fill(unv::PDISKS_OF_VDISK, &[("x", &vdisk_name(vd))]));
                    out.push_str("\n\n");
                    ad.vd_members(vd)
                }
                None => {
                    out.push_str(&format!(
                        "List of Physical Disks on Controller {}\n\n",
                        controller_name(ad)
                    ));
                    sorted_drives(ad)
                }
            };
            out.push_str(&format!("Controller {}\n", controller_name(ad)));
            if fmt == Fmt::Ssv {
                out.push('\n');
            }
            let recs: Vec<Record> = drives.iter().map(|d| pdisk_record(ad, d)).collect();
            out.push_str(&block(fmt, &recs));
        }
        "vdisk" => {
            out.push_str("List of Virtual Disks in the System\n\n");
            for ad in ads {
                let mut vds: Vec<&Vd> = ad.vds.iter().collect();
                vds.sort_by_key(|v| v.target);
                out.push_str(&format!("Controller {}\n", controller_name(ad)));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                if vds.is_empty() {
                    out.push_str(unv::NO_VDISKS);
                    out.push_str("\n\n");
                    continue;
                }
                let recs: Vec<Record> = vds.iter().map(|v| vdisk_record(ad, v)).collect();
                out.push_str(&block(fmt, &recs));
                out.push('\n');
            }
        }
        "controller" => {
            for ad in ads {
                out.push_str(&format!("Controller  {}\n\n", controller_name(ad)));
                out.push_str("Controller\n");
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &[controller_record(ad)]));
                out.push('\n');
            }
        }
        "battery" => {
            out.push_str("List of Batteries in the System\n\n");
            for ad in ads {
                let Some(r) = battery_record(ad) else {
                    continue;
                };
                out.push_str(&format!("Controller {}\n", controller_name(ad)));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &[r]));
                out.push('\n');
            }
        }
        "enclosure" => {
            out.push_str("List of Enclosures in the System\n\n");
            for ad in ads {
                out.push_str(&format!(
                    "Enclosure(s) on Controller {}\n\n",
                    controller_name(ad)
                ));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &enclosure_records(ad)));
                out.push('\n');
            }
        }
        "connector" => {
            for ad in ads {
                out.push_str(&format!("Controller {}\n", controller_name(ad)));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &[connector_record(ad)]));
                out.push('\n');
            }
        }
        other => {
            return err(&fill(unv::INVALID_COMMAND, &[("x", other)]));
        }
    }
    (out, 0)
}

/// One `omreport storage connector` object (the simulator models one connector).
fn connector_record(ad: &Adapter) -> Record {
    vec![
        ("ID", "0".to_owned()),
        (
            "Status",
            controller_record(ad)
                .get(1)
                .map_or_else(na, |(_, v)| v.clone()),
        ),
        ("Name", "Connector 0".to_owned()),
        ("State", "Ready".to_owned()),
        ("Connector Type", unv::CONNECTOR_TYPE.to_owned()),
    ]
}
