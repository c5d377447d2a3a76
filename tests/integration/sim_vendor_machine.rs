//! One state machine behind every front end of the simulator: each storcli/perccli and
//! omconfig action and refusal changes the state as its MegaCli equivalent does, and the reads
//! agree (key structure, binaries and parsing are in [`crate::sim_vendor`]).

use crate::sim_vendor::{argv, megacli, storcli_json, storcli_run};
use raidctl::parse::{Kind, parse};
use raidctl::sim::omreport::{self};
use raidctl::sim::scenarios;
use raidctl::sim::storcli::J;

// ---------------------------------------------------------------------------------------------
// One state machine: every action and refusal through each front end changes the state as
// the MegaCli equivalent does.
// ---------------------------------------------------------------------------------------------

struct Step {
    megacli: &'static str,
    storcli: &'static str,
    omconfig: Option<&'static str>,
}

const fn step(
    megacli: &'static str,
    storcli: &'static str,
    omconfig: Option<&'static str>,
) -> Step {
    Step {
        megacli,
        storcli,
        omconfig,
    }
}

fn run_steps(scenario: &str, steps: &[Step]) {
    let mut mc = scenarios::build(scenario).unwrap();
    let mut sc = mc.clone();
    let mut oc = mc.clone();
    let mut om_active = true;
    for s in steps {
        let (lines, code) = megacli(&mut mc, s.megacli);
        let (text, scode) = storcli_run(&mut sc, s.storcli);
        assert_eq!(
            code == 0,
            scode == 0,
            "{} -> {code:#x} {lines:?}\n{} -> {scode}\n{text}",
            s.megacli,
            s.storcli
        );
        assert_eq!(
            mc.adapters, sc.adapters,
            "state differs after {} / {}",
            s.megacli, s.storcli
        );
        match s.omconfig {
            Some(line) if om_active => {
                let (out, ocode) = omreport::omconfig(&mut oc, &argv(line));
                assert_eq!(code == 0, ocode == 0, "{} vs {line}: {out}", s.megacli);
                if code == 0 {
                    assert_eq!(out, "Command successful!\n");
                } else {
                    assert!(out.starts_with("Error"), "{out}");
                }
                assert_eq!(mc.adapters, oc.adapters, "state differs after {line}");
            }
            _ => {
                // No OMSA equivalent: the OMSA copy stops following.
                om_active = false;
            }
        }
    }
}

#[test]
fn drive_actions_and_refusals_are_the_megacli_state_machine() {
    run_steps(
        "healthy",
        &[
            // Refusals first: unconfigured drive offline, online drive to good, spin up of a
            // spinning drive, a drive that does not exist.
            step(
                "-PDOffline -PhysDrv[32:9] -a0",
                "/c0/e32/s9 set offline",
                Some("storage pdisk action=offline controller=0 pdisk=0:1:9"),
            ),
            step(
                "-PDOnline -PhysDrv[32:9] -a0",
                "/c0/e32/s9 set online",
                Some("storage pdisk action=online controller=0 pdisk=0:1:9"),
            ),
            step(
                "-PDOffline -PhysDrv[32:3] -a0",
                "/c0/e32/s3 set offline",
                Some("storage pdisk action=offline controller=0 pdisk=0:1:3"),
            ),
            step(
                "-PDOnline -PhysDrv[32:3] -a0",
                "/c0/e32/s3 set online",
                Some("storage pdisk action=online controller=0 pdisk=0:1:3"),
            ),
            step(
                "-PDLocate -Start -PhysDrv[32:5] -a0",
                "/c0/e32/s5 start locate",
                Some("storage pdisk action=blink controller=0 pdisk=0:1:5"),
            ),
            step(
                "-PDLocate -Stop -PhysDrv[32:5] -a0",
                "/c0/e32/s5 stop locate",
                Some("storage pdisk action=unblink controller=0 pdisk=0:1:5"),
            ),
            step(
                "-PDHSP -Set -PhysDrv[32:11] -a0",
                "/c0/e32/s11 add hotsparedrive",
                Some(
                    "storage pdisk action=assignglobalhotspare assign=yes controller=0 pdisk=0:1:11",
                ),
            ),
            step(
                "-PDHSP -Set -PhysDrv[32:11] -a0",
                "/c0/e32/s11 add hotsparedrive",
                Some(
                    "storage pdisk action=assignglobalhotspare assign=yes controller=0 pdisk=0:1:11",
                ),
            ),
            step(
                "-PDHSP -Rmv -PhysDrv[32:11] -a0",
                "/c0/e32/s11 delete hotsparedrive",
                Some(
                    "storage pdisk action=assignglobalhotspare assign=no controller=0 pdisk=0:1:11",
                ),
            ),
            step(
                "-PdPrpRmv -PhysDrv[32:10] -a0",
                "/c0/e32/s10 spindown",
                Some("storage pdisk action=remove controller=0 pdisk=0:1:10"),
            ),
            // Offline, rebuild (refused on an optimal... then accepted on the offline drive).
            step(
                "-PDRbld -Start -PhysDrv[32:2] -a0",
                "/c0/e32/s2 start rebuild",
                Some("storage pdisk action=rebuild controller=0 pdisk=0:1:2"),
            ),
            step(
                "-PDOffline -PhysDrv[32:2] -a0",
                "/c0/e32/s2 set offline",
                Some("storage pdisk action=offline controller=0 pdisk=0:1:2"),
            ),
            step(
                "-PDRbld -Start -PhysDrv[32:2] -a0",
                "/c0/e32/s2 start rebuild",
                Some("storage pdisk action=rebuild controller=0 pdisk=0:1:2"),
            ),
            step(
                "-PDRbld -Stop -PhysDrv[32:2] -a0",
                "/c0/e32/s2 stop rebuild",
                Some("storage pdisk action=cancelrebuild controller=0 pdisk=0:1:2"),
            ),
            // Mark missing and re-insert into the row (dg 1, array 0, row 0 = MegaCli array 1).
            step(
                "-PdMarkMissing -PhysDrv[32:2] -a0",
                "/c0/e32/s2 set missing",
                None,
            ),
            step(
                "-PdMarkMissing -PhysDrv[32:3] -a0",
                "/c0/e32/s3 set missing",
                None,
            ),
            step(
                "-PdReplaceMissing -PhysDrv[32:9] -Array1 -row1 -a0",
                "/c0/e32/s9 insert dg=1 array=0 row=1",
                None,
            ),
            step(
                "-PdReplaceMissing -PhysDrv[32:9] -Array1 -row0 -a0",
                "/c0/e32/s9 insert dg=1 array=0 row=0",
                None,
            ),
            step(
                "-PDRbld -Start -PhysDrv[32:9] -a0",
                "/c0/e32/s9 start rebuild",
                None,
            ),
            step(
                "-PdPrpRmv -UnDo -PhysDrv[32:10] -a0",
                "/c0/e32/s10 spinup",
                None,
            ),
            step(
                "-PdPrpRmv -UnDo -PhysDrv[32:10] -a0",
                "/c0/e32/s10 spinup",
                None,
            ),
            step(
                "-PDHSP -Set -Dedicated -Array0 -PhysDrv[32:10] -a0",
                "/c0/e32/s10 add hotsparedrive dgs=0",
                None,
            ),
            step(
                "-PDOffline -PhysDrv[32:40] -a0",
                "/c0/e32/s40 set offline",
                None,
            ),
        ],
    );
}

#[test]
fn controller_settings_vd_create_delete_are_the_megacli_state_machine() {
    run_steps(
        "healthy",
        &[
            step(
                "-CfgLdAdd -r5[32:8,32:9,32:10] -a0",
                "/c0 add vd type=raid5 drives=32:8-10",
                Some(
                    "storage controller action=createvdisk controller=0 raid=r5 size=max pdisk=0:1:8,0:1:9,0:1:10",
                ),
            ),
            // The same drives again: refused everywhere.
            step(
                "-CfgLdAdd -r1[32:8,32:9] -a0",
                "/c0 add vd type=raid1 drives=32:8,32:9",
                Some(
                    "storage controller action=createvdisk controller=0 raid=r1 size=max pdisk=0:1:8,0:1:9",
                ),
            ),
            step(
                "-CfgLdDel -L3 -a0",
                "/c0/v3 del",
                Some("storage vdisk action=deletevdisk controller=0 vdisk=3"),
            ),
            step(
                "-CfgSpanAdd -r10 -Array0[32:8,32:9] -Array1[32:10,32:11] WT NORA -a0",
                "/c0 add vd type=raid10 drives=32:8-11 pdperarray=2 wt nora",
                Some(
                    "storage controller action=createvdisk controller=0 raid=r10 size=max spanlength=2 writepolicy=wt readpolicy=nra pdisk=0:1:8,0:1:9,0:1:10,0:1:11",
                ),
            ),
            step("-CfgLdDel -L7 -a0", "/c0/v7 del", None),
            step(
                "-AdpSetProp AlarmSilence -a0",
                "/c0 set alarm=silence",
                None,
            ),
            step("-AdpSetProp AlarmDsbl -a0", "/c0 set alarm=off", None),
            step(
                "-AdpSetProp RebuildRate -60 -a0",
                "/c0 set rebuildrate=60",
                None,
            ),
            step(
                "-AdpSetProp RebuildRate -160 -a0",
                "/c0 set rebuildrate=160",
                None,
            ),
            step("-AdpAutoRbld -Dsbl -a0", "/c0 set autorebuild=off", None),
        ],
    );
}

#[test]
fn foreign_import_clear_and_copyback_are_the_megacli_state_machine() {
    run_steps(
        "foreign",
        &[step(
            "-CfgForeign -Import -a0",
            "/c0/fall import",
            Some("storage controller action=importforeignconfig controller=0"),
        )],
    );
    run_steps(
        "foreign",
        &[step(
            "-CfgForeign -Clear -a0",
            "/c0/fall del",
            Some("storage controller action=clearforeignconfig controller=0"),
        )],
    );
    run_steps(
        "healthy",
        &[step(
            "-PDCpyBk -Start -PhysDrv[32:3,32:9] -a0",
            "/c0/e32/s3 start copyback target=32:9",
            Some(
                "storage vdisk action=replacememberdisk controller=0 vdisk=1 source=0:1:3 destination=0:1:9",
            ),
        )],
    );
    // No foreign configuration: storcli and omconfig refuse (MegaCli only prints a notice).
    let mut st = scenarios::build("healthy").unwrap();
    let before = st.clone();
    let (_, code) = storcli_run(&mut st, "/c0/fall import");
    assert_eq!(code, 50);
    let (out, code) = omreport::omconfig(
        &mut st,
        &argv("storage controller action=clearforeignconfig controller=0"),
    );
    assert_ne!(code, 0, "{out}");
    assert_eq!(st.adapters, before.adapters);
}

#[test]
fn reads_agree_with_the_megacli_front_end() {
    for scenario in scenarios::NAMES {
        let mut st = scenarios::build(scenario).unwrap();
        // MegaCli's view, through the existing parser.
        let (lines, _) = megacli(&mut st, "-PDList -aALL");
        let text = raidctl::sim::text::frame(&lines, 0);
        let pds = parse(&text, Some(Kind::PdList)).unwrap().physical_drives;
        let (lines, _) = megacli(&mut st, "-LDInfo -Lall -aALL");
        let lds = parse(&raidctl::sim::text::frame(&lines, 0), Some(Kind::LdInfo))
            .unwrap()
            .logical_drives;
        // storcli's view.
        let j = storcli_json(&mut st, "/call/eall/sall show");
        let Some(J::A(ctrls)) = j.get("Controllers") else {
            panic!()
        };
        let mut rows = Vec::new();
        for c in ctrls {
            if let Some(J::A(r)) = c
                .get("Response Data")
                .and_then(|d| d.get("Drive Information"))
            {
                rows.extend(r.iter().cloned());
            }
        }
        assert_eq!(rows.len(), pds.len(), "{scenario}: drive count");
        let j = storcli_json(&mut st, "/call/vall show");
        let mut vds = Vec::new();
        if let Some(J::A(ctrls)) = j.get("Controllers") {
            for c in ctrls {
                if let Some(J::A(r)) = c.get("Response Data").and_then(|d| d.get("Virtual Drives"))
                {
                    vds.extend(r.iter().cloned());
                }
            }
        }
        assert_eq!(vds.len(), lds.len(), "{scenario}: VD count");
        for ld in &lds {
            let want = match ld.state_raw.as_deref() {
                Some("Optimal") => "Optl",
                Some("Degraded") => "Dgrd",
                Some("Partially Degraded") => "Pdgd",
                _ => "OfLn",
            };
            assert!(
                vds.iter()
                    .any(|v| v.get("State") == Some(&J::S(want.to_owned()))),
                "{scenario}: no VD in state {want}"
            );
        }
        // omreport's view: one pdisk line per drive, one vdisk line per VD.
        let mut om_pds = 0;
        let mut om_vds = 0;
        for ad in &st.adapters {
            let (t, _) = omreport::omreport(
                &st,
                &argv(&format!("storage pdisk controller={} -fmt ssv", ad.index)),
            );
            om_pds += t.lines().filter(|l| l.starts_with("0:")).count();
        }
        let (t, _) = omreport::omreport(&st, &argv("storage vdisk -fmt ssv"));
        om_vds += t
            .lines()
            .filter(|l| {
                l.split(';')
                    .next()
                    .is_some_and(|f| f.parse::<u32>().is_ok())
            })
            .count();
        assert_eq!(om_pds, pds.len(), "{scenario}: omreport drives");
        assert_eq!(om_vds, lds.len(), "{scenario}: omreport VDs");
    }
}
