//! The catalogue and the snapshot of the omreport backend on recorded answers.

mod catalogue_tests {
    use super::super::*;
    use crate::backend::runner::OsRunner;

    #[test]
    fn adapters_versions_and_verdicts() {
        let om = Omreport::new(
            "/opt/dell/srvadmin/bin/omreport".into(),
            "/opt/dell/srvadmin/bin/omconfig".into(),
            Arc::new(OsRunner::scratch()),
            Duration::from_secs(1),
        );
        let pre = om.preamble();
        let outputs = vec![
            (
                pre[0].clone(),
                "Product name : Server Administrator\nVersion      : 9.5.0\n".to_owned(),
            ),
            (
                pre[1].clone(),
                "Controller  PERC H730P (Embedded)\n\nController\n\n\
                 ID;Status;Name;Firmware Version;Rebuild Rate\n0;Ok;PERC H730P;25.5.9.0001;30%\n\n\
                 Controller  PERC H330 (Embedded)\n\nController\n\n\
                 ID;Status;Name;Firmware Version;Rebuild Rate\n1;Ok;PERC H330;25.5.9.0001;30%\n"
                    .to_owned(),
            ),
        ];
        assert_eq!(om.adapters(&outputs), [0, 1]);
        assert_eq!(om.versions(&outputs)["omreport"], "9.5.0");
        let err = om
            .verdict(&pre[0], "Error! Invalid command: about\n", Some(255))
            .unwrap();
        assert_eq!(err.raw, "Error! Invalid command: about");
        assert!(om.verdict(&pre[0], "Version : 9.5.0\n", Some(0)).is_none());
        let args: Vec<String> = ["storage", "pdisk", "controller=1", "vdisk=3", "-fmt", "ssv"]
            .iter()
            .map(|a| (*a).to_owned())
            .collect();
        let e = om.conditional(&args).unwrap();
        assert_eq!((e.id.as_str(), e.adapter), ("c1/vdisk3-pdisks", Some(1)));
        assert_eq!(e.args, args);
        assert!(om.conditional(&args[..3]).is_none());
        let per = |object: &str| {
            let args: Vec<String> = ["storage", object, "controller=2", "-fmt", "ssv"]
                .iter()
                .map(|a| (*a).to_owned())
                .collect();
            om.conditional(&args).map(|e| (e.id, e.adapter))
        };
        assert_eq!(per("vdisk"), Some(("c2/vdisks".to_owned(), Some(2))));
        assert_eq!(per("battery"), Some(("c2/batteries".to_owned(), Some(2))));
        assert_eq!(per("enclosure"), None);
        // One drive list per controller, as the snapshot reads them.
        let pdisks: Vec<String> = om
            .snapshot_inputs(&[0, 1])
            .iter()
            .map(|e| e.args.join(" "))
            .filter(|a| a.starts_with("storage pdisk"))
            .collect();
        assert_eq!(
            pdisks,
            [
                "storage pdisk controller=0 -fmt ssv",
                "storage pdisk controller=1 -fmt ssv"
            ]
        );
    }
}

mod snapshot_tests {
    use super::super::*;
    use crate::backend::runner::{Call, CmdOutput, RunError};
    use std::sync::Mutex;

    const CONTROLLERS: &str =
        include_str!("../../../../../fixtures/omreport/handmade-two-controllers.ssv");

    const VD_HEADER: &str = "ID;Status;Name;State;Layout;Size";
    const PD_HEADER: &str = "ID;Status;Name;State;Bus Protocol;Media;Failure Predicted;Capacity;Hot Spare;Vendor ID;Product ID;Serial No.";

    /// A host with two controllers, each with a VD 0 (`0:1:0`, `0:1:1`) and a VD 1 (`0:1:2`,
    /// `0:1:3`): the same VD ids and drive ids on both, told apart only by the controller.
    /// The VD report lists controller 1 first. Every call is recorded.
    struct Host {
        names: [&'static str; 2],
        calls: Mutex<Vec<String>>,
    }

    impl Host {
        fn new(names: [&'static str; 2]) -> Self {
            Self {
                names,
                calls: Mutex::new(Vec::new()),
            }
        }

        fn serial(c: u32, slot: u32) -> String {
            format!("C{c}S{slot}")
        }

        fn pdisks(&self, c: u32, slots: &[u32], title: &str) -> String {
            let mut t = format!(
                "{title}\n\nController {}\n\n{PD_HEADER}\n",
                self.names[c as usize]
            );
            for s in slots {
                t.push_str(&format!(
                    "0:1:{s};Ok;Physical Disk 0:1:{s};Online;SAS;HDD;No;558.38 GB (599550590976 bytes);No;DELL(tm);ST600MM0088;{}\n",
                    Self::serial(c, *s)
                ));
            }
            t
        }

        fn vdisks(&self, c: u32) -> String {
            format!(
                "Controller {}\n\n{VD_HEADER}\n0;Ok;os{c};Ready;RAID-1;558.38 GB (599550590976 bytes)\n1;Ok;data{c};Ready;RAID-1;558.38 GB (599550590976 bytes)\n\n",
                self.names[c as usize]
            )
        }

        fn answer(&self, args: &[String]) -> Option<String> {
            let words: Vec<&str> = args
                .iter()
                .map(String::as_str)
                .take_while(|a| *a != "-fmt")
                .collect();
            let num = |key: &str| {
                words
                    .iter()
                    .find_map(|w| w.strip_prefix(key)?.parse::<u32>().ok())
            };
            Some(
                match (words.get(1).copied()?, num("controller="), num("vdisk=")) {
                    ("controller", None, None) => CONTROLLERS
                        .replace("PERC H740P Mini (Embedded)", self.names[0])
                        .replace("PERC H840 Adapter  (Slot 1)", self.names[1]),
                    ("vdisk", None, None) => format!(
                        "List of Virtual Disks in the System\n\n{}{}",
                        self.vdisks(1),
                        self.vdisks(0)
                    ),
                    ("vdisk", Some(c @ 0..=1), None) => self.vdisks(c),
                    ("battery", _, None) => "List of Batteries in the System\n\n".to_owned(),
                    ("pdisk", Some(c @ 0..=1), None) => {
                        self.pdisks(c, &[0, 1, 2, 3], "List of Physical Disks on Controller")
                    }
                    ("pdisk", Some(c @ 0..=1), Some(v @ 0..=1)) => self.pdisks(
                        c,
                        &[2 * v, 2 * v + 1],
                        &format!("List of Physical Disks belonging to Virtual Disk {v}"),
                    ),
                    _ => return None,
                },
            )
        }
    }

    impl Runner for Host {
        fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
            let args = c.args;
            self.calls.lock().unwrap().push(args.join(" "));
            let (stdout, status) = match self.answer(args) {
                Some(t) => (t, 0),
                None => (format!("Error! Invalid command: {}\n", args.join(" ")), 255),
            };
            Ok(CmdOutput {
                stdout,
                status: Some(status),
                ..CmdOutput::default()
            })
        }
    }

    /// Each VD's members, by serial, keyed by (controller, VD).
    fn members(host: &Arc<Host>) -> Vec<((u32, u32), Vec<String>)> {
        let om = Omreport::new(
            "/opt/dell/srvadmin/bin/omreport".into(),
            "/opt/dell/srvadmin/bin/omconfig".into(),
            host.clone(),
            Duration::from_secs(1),
        );
        let snap = om.snapshot().unwrap();
        let mut v: Vec<((u32, u32), Vec<String>)> = snap
            .logical_drives
            .iter()
            .map(|l| {
                let serials = l
                    .members
                    .iter()
                    .map(|m| {
                        snap.physical_drives
                            .iter()
                            .find(|p| p.adapter == l.adapter && p.address() == *m)
                            .and_then(|p| p.serial.clone())
                            .unwrap_or_default()
                    })
                    .collect();
                ((l.adapter, l.target_id), serials)
            })
            .collect();
        v.sort();
        v
    }

    fn expected() -> Vec<((u32, u32), Vec<String>)> {
        let s = Host::serial;
        vec![
            ((0, 0), vec![s(0, 0), s(0, 1)]),
            ((0, 1), vec![s(0, 2), s(0, 3)]),
            ((1, 0), vec![s(1, 0), s(1, 1)]),
            ((1, 1), vec![s(1, 2), s(1, 3)]),
        ]
    }

    /// VD 0 exists on both controllers: each VD's drives come from its own controller, found
    /// by its title in the controller report (not by the order of the VD report's titles).
    #[test]
    fn each_vd_reads_the_drives_of_its_own_controller() {
        let host = Arc::new(Host::new([
            "PERC H740P Mini (Embedded)",
            "PERC H840 Adapter  (Slot 1)",
        ]));
        assert_eq!(members(&host), expected());
        let calls = host.calls.lock().unwrap();
        assert!(calls.contains(&"storage pdisk controller=1 vdisk=0 -fmt ssv".to_owned()));
        assert!(
            !calls
                .iter()
                .any(|c| c.starts_with("storage vdisk controller=")),
            "{calls:?}"
        );
    }

    /// Two controllers under one title: the VD report cannot say whose VDs are whose, so each
    /// controller is asked for its own.
    #[test]
    fn controllers_sharing_a_title_are_asked_one_by_one() {
        let host = Arc::new(Host::new([
            "PERC H730P Adapter (Embedded)",
            "PERC H730P Adapter (Embedded)",
        ]));
        assert_eq!(members(&host), expected());
        let calls = host.calls.lock().unwrap();
        for c in 0..2 {
            let line = format!("storage vdisk controller={c} -fmt ssv");
            assert!(calls.contains(&line), "{calls:?}");
        }
    }
}
