//! Which of the cluster's placement groups an OSD's replacement must wait for, and which it
//! must not: the drain before a destroy waits until the pools that can place data on the OSD
//! have every copy back, not until the whole cluster is clean. A pool whose CRUSH rule never
//! reaches the OSD (another root, another device class) is no business of the replacement;
//! a pool that cannot be whole again without it (its size larger than the failure domains
//! left) is waited for only until its PGs are active, and the operator is told why and what
//! would make it whole.
//!
//! Pure: the views of `osd dump`, `osd tree`, `osd crush rule dump` and `pg ls` in, a verdict
//! out.

use super::types::{OsdDump, OsdTree, TreeNode};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One step of a CRUSH rule (`osd crush rule dump`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RuleStep {
    /// `take`, `chooseleaf_firstn`, `choose_indep`, `emit`...
    #[serde(default)]
    pub op: String,
    /// `take`: the bucket, `default` or `default~hdd` for a device class.
    #[serde(default)]
    pub item_name: Option<String>,
    /// `choose*`: the failure domain's bucket type (`host`, `osd`...).
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
}

/// One CRUSH rule.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CrushRule {
    /// The id pools name as `crush_rule`.
    #[serde(default)]
    pub rule_id: i64,
    /// Its name.
    #[serde(default)]
    pub rule_name: String,
    /// Its steps.
    #[serde(default)]
    pub steps: Vec<RuleStep>,
}

/// Objects counted in one PG's stats.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PgSum {
    /// Object copies missing from their full count.
    #[serde(default)]
    pub num_objects_degraded: u64,
}

/// One PG of `pg ls`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PgStat {
    /// `POOL.SEED` in hex, e.g. `3.1f`.
    #[serde(default)]
    pub pgid: String,
    /// `active+clean`, `active+undersized+degraded`...
    #[serde(default)]
    pub state: String,
    /// OSDs CRUSH maps it to.
    #[serde(default)]
    pub up: Vec<i64>,
    /// OSDs serving it.
    #[serde(default)]
    pub acting: Vec<i64>,
    /// Object counts.
    #[serde(default)]
    pub stat_sum: PgSum,
}

impl PgStat {
    /// The pool id of the PG.
    pub fn pool(&self) -> Option<i64> {
        self.pgid.split_once('.')?.0.parse().ok()
    }

    fn has(&self, word: &str) -> bool {
        self.state.split('+').any(|w| w == word)
    }

    /// Active and clean: every copy where it belongs.
    pub fn whole(&self) -> bool {
        self.active() && self.has("clean") && !self.has("degraded")
    }

    /// Serving I/O, as last reported: a `stale` PG's primary stopped reporting, so its
    /// `active` is old news.
    pub fn active(&self) -> bool {
        self.has("active") && !self.has("stale")
    }

    /// OSD `osd` is in its up or acting set.
    pub fn maps_to(&self, osd: u32) -> bool {
        let o = i64::from(osd);
        self.up.contains(&o) || self.acting.contains(&o)
    }
}

/// `pg ls -f json`: `{"pg_ready": …, "pg_stats": […]}` in Ceph 14 and later, a bare list
/// before.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum PgList {
    /// Nautilus and later.
    Wrapped {
        /// The PGs.
        #[serde(default)]
        pg_stats: Vec<PgStat>,
    },
    /// Older releases.
    Bare(Vec<PgStat>),
}

impl PgList {
    /// The PGs, whatever the release's shape.
    pub fn into_pgs(self) -> Vec<PgStat> {
        match self {
            PgList::Wrapped { pg_stats } | PgList::Bare(pg_stats) => pg_stats,
        }
    }
}

/// What the replacement knows of one pool with respect to the OSD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolView {
    /// Pool id.
    pub id: i64,
    /// Pool name.
    pub name: String,
    /// Copies wanted.
    pub size: u32,
    /// Copies needed for I/O.
    pub min_size: u32,
    /// Its rule can place data on the OSD (unknown rules count as yes: wait rather than guess).
    pub uses_osd: bool,
    /// Failure domains its rule finds with an up and in OSD other than this one (`None` when
    /// the rule could not be read).
    pub domains: Option<usize>,
}

impl PoolView {
    /// Full redundancy can come back without the OSD.
    pub fn can_be_whole(&self) -> bool {
        self.domains.is_none_or(|d| d >= self.size as usize)
    }
}

fn node(tree: &OsdTree, id: i64) -> Option<&TreeNode> {
    tree.nodes.iter().chain(&tree.stray).find(|n| n.id == id)
}

/// The OSD ids under the bucket named `root`, each with its ancestor of bucket type `domain`
/// (itself when the domain is `osd`).
fn osds_under(tree: &OsdTree, root: &str, domain: &str) -> Vec<(i64, i64)> {
    let Some(start) = tree.nodes.iter().find(|n| n.name == root) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // (node, its domain ancestor so far); the tree is shallow, a bound keeps a loop finite.
    let mut stack = vec![(start.id, None::<i64>)];
    let mut seen = BTreeSet::new();
    while let Some((id, dom)) = stack.pop() {
        if !seen.insert(id) || seen.len() > 100_000 {
            continue;
        }
        let Some(n) = node(tree, id) else { continue };
        let dom = if n.kind == domain { Some(n.id) } else { dom };
        if n.kind == "osd" {
            out.push((n.id, dom.unwrap_or(n.id)));
        } else {
            stack.extend(n.children.iter().map(|c| (*c, dom)));
        }
    }
    out
}

/// Each pool's view for OSD `osd`.
pub fn pools_for_osd(
    dump: &OsdDump,
    tree: &OsdTree,
    rules: Option<&[CrushRule]>,
    osd: u32,
) -> Vec<PoolView> {
    let class_of = |id: i64| node(tree, id).and_then(|n| n.device_class.clone());
    let usable = |id: i64| {
        id != i64::from(osd)
            && u32::try_from(id)
                .ok()
                .and_then(|i| dump.osd(i))
                .is_some_and(|o| o.up == 1 && o.is_in == 1)
    };
    dump.pools
        .iter()
        .map(|p| {
            let rule = rules.and_then(|r| {
                p.crush_rule
                    .and_then(|id| r.iter().find(|x| x.rule_id == id))
            });
            let take = rule.and_then(|r| {
                r.steps
                    .iter()
                    .find(|s| s.op == "take")
                    .and_then(|s| s.item_name.clone())
            });
            let domain = rule.and_then(|r| {
                r.steps
                    .iter()
                    .find(|s| s.op.starts_with("choose"))
                    .and_then(|s| s.kind.clone())
            });
            let (uses_osd, domains) = match (take, domain) {
                (Some(take), Some(domain)) => {
                    let (root, class) = match take.split_once('~') {
                        Some((r, c)) => (r.to_owned(), Some(c.to_owned())),
                        None => (take, None),
                    };
                    let members: Vec<(i64, i64)> = osds_under(tree, &root, &domain)
                        .into_iter()
                        .filter(|(id, _)| class.is_none() || class_of(*id) == class)
                        .collect();
                    let uses = members.iter().any(|(id, _)| *id == i64::from(osd));
                    let domains: BTreeSet<i64> = members
                        .iter()
                        .filter(|(id, _)| usable(*id))
                        .map(|(_, d)| *d)
                        .collect();
                    (uses, Some(domains.len()))
                }
                _ => (true, None),
            };
            PoolView {
                id: p.pool,
                name: p.pool_name.clone(),
                size: p.size,
                min_size: p.min_size,
                uses_osd,
                domains,
            }
        })
        .collect()
}

/// Where the PGs stand for the drain of one OSD.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrainView {
    /// PGs of pools that use the OSD and can be whole again, not whole yet.
    pub waiting: usize,
    /// Their degraded object copies.
    pub degraded: u64,
    /// PGs of pools that cannot be whole again, not even active.
    pub inactive_short: usize,
    /// Pools that use the OSD and cannot be whole again: (name, size, domains left).
    pub short: Vec<(String, u32, usize)>,
    /// Pools that do not use the OSD and are not whole: not waited for.
    pub unrelated: Vec<String>,
    /// Pools of size 1 that use the OSD with PGs not active: their only copy was on it.
    pub single_copy: Vec<String>,
    /// PGs whose up or acting set still holds the OSD.
    pub mapped: usize,
}

impl DrainView {
    /// Nothing left to wait for among the PGs.
    pub fn settled(&self) -> bool {
        self.waiting == 0 && self.inactive_short == 0 && self.mapped == 0
    }
}

/// The drain's view of `pgs` for OSD `osd` and pools `pools`. PGs of pools not listed are
/// waited for (a pool created since the dump is not known to be unrelated).
pub fn drain_view(osd: u32, pools: &[PoolView], pgs: &[PgStat]) -> DrainView {
    let by_id: BTreeMap<i64, &PoolView> = pools.iter().map(|p| (p.id, p)).collect();
    let mut v = DrainView::default();
    let mut unrelated = BTreeSet::new();
    let mut single = BTreeSet::new();
    for pg in pgs {
        if pg.maps_to(osd) {
            v.mapped += 1;
        }
        let pool = pg.pool().and_then(|id| by_id.get(&id).copied());
        match pool {
            Some(p) if !p.uses_osd => {
                if !pg.whole() {
                    unrelated.insert(p.name.clone());
                }
            }
            Some(p) if !p.can_be_whole() => {
                if !pg.active() {
                    v.inactive_short += 1;
                    if p.size <= 1 {
                        single.insert(p.name.clone());
                    }
                }
            }
            _ => {
                if !pg.whole() {
                    v.waiting += 1;
                    v.degraded += pg.stat_sum.num_objects_degraded;
                    if let Some(p) = pool.filter(|p| p.size <= 1 && !pg.active()) {
                        single.insert(p.name.clone());
                    }
                }
            }
        }
    }
    v.short = pools
        .iter()
        .filter(|p| p.uses_osd && !p.can_be_whole())
        .map(|p| (p.name.clone(), p.size, p.domains.unwrap_or(0)))
        .collect();
    v.unrelated = unrelated.into_iter().collect();
    v.single_copy = single.into_iter().collect();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ceph::types::{DumpOsd, PoolInfo};

    fn osd(id: u32, up: bool) -> DumpOsd {
        DumpOsd {
            osd: id,
            up: u8::from(up),
            is_in: u8::from(up),
            ..DumpOsd::default()
        }
    }

    fn tree() -> OsdTree {
        let n =
            |id: i64, name: &str, kind: &str, class: Option<&str>, children: Vec<i64>| TreeNode {
                id,
                name: name.into(),
                kind: kind.into(),
                device_class: class.map(str::to_owned),
                children,
                ..TreeNode::default()
            };
        // default → host a (osd.0, osd.1: hdd), host b (osd.2: hdd, osd.3: ssd)
        OsdTree {
            nodes: vec![
                n(-1, "default", "root", None, vec![-2, -3]),
                n(-2, "a", "host", None, vec![0, 1]),
                n(-3, "b", "host", None, vec![2, 3]),
                n(0, "osd.0", "osd", Some("hdd"), vec![]),
                n(1, "osd.1", "osd", Some("hdd"), vec![]),
                n(2, "osd.2", "osd", Some("hdd"), vec![]),
                n(3, "osd.3", "osd", Some("ssd"), vec![]),
            ],
            stray: vec![],
        }
    }

    fn rule(id: i64, take: &str, domain: &str) -> CrushRule {
        CrushRule {
            rule_id: id,
            rule_name: format!("r{id}"),
            steps: vec![
                RuleStep {
                    op: "take".into(),
                    item_name: Some(take.into()),
                    kind: None,
                },
                RuleStep {
                    op: "chooseleaf_firstn".into(),
                    item_name: None,
                    kind: Some(domain.into()),
                },
                RuleStep {
                    op: "emit".into(),
                    ..RuleStep::default()
                },
            ],
        }
    }

    fn pool(id: i64, name: &str, size: u32, rule: i64) -> PoolInfo {
        PoolInfo {
            pool: id,
            pool_name: name.into(),
            size,
            min_size: 1,
            pg_num: 8,
            crush_rule: Some(rule),
        }
    }

    fn pg(id: &str, state: &str, degraded: u64) -> PgStat {
        PgStat {
            pgid: id.into(),
            state: state.into(),
            stat_sum: PgSum {
                num_objects_degraded: degraded,
            },
            ..PgStat::default()
        }
    }

    fn dump() -> OsdDump {
        OsdDump {
            osds: vec![osd(0, false), osd(1, true), osd(2, true), osd(3, true)],
            pools: vec![
                pool(1, "rbd", 2, 0),
                pool(2, "fast", 2, 1),
                pool(3, "wide", 3, 0),
                pool(4, "one", 1, 2),
            ],
            ..OsdDump::default()
        }
    }

    fn rules() -> Vec<CrushRule> {
        vec![
            rule(0, "default", "host"),
            rule(1, "default~ssd", "host"),
            rule(2, "default~hdd", "osd"),
        ]
    }

    #[test]
    fn pools_know_whether_they_reach_the_osd_and_how_many_domains_are_left() {
        let v = pools_for_osd(&dump(), &tree(), Some(&rules()), 0);
        let get = |n: &str| v.iter().find(|p| p.name == n).unwrap();
        // Two hosts with an up OSD besides osd.0: size 2 can be whole, size 3 cannot.
        assert!(get("rbd").uses_osd && get("rbd").domains == Some(2));
        assert!(get("rbd").can_be_whole());
        assert!(get("wide").uses_osd && !get("wide").can_be_whole());
        // The ssd rule never reaches an hdd OSD.
        assert!(!get("fast").uses_osd);
        // Per OSD on hdd: osd.1 and osd.2 are left.
        assert_eq!(get("one").domains, Some(2));
    }

    #[test]
    fn the_drain_waits_for_its_own_pools_only() {
        let pools = pools_for_osd(&dump(), &tree(), Some(&rules()), 0);
        let pgs = vec![
            pg("1.0", "active+undersized+degraded", 5),
            pg("1.1", "active+clean", 0),
            pg("2.0", "undersized+degraded+peered", 7),
            pg("3.0", "active+undersized+degraded", 9),
        ];
        let v = drain_view(0, &pools, &pgs);
        assert_eq!((v.waiting, v.degraded, v.inactive_short), (1, 5, 0));
        assert_eq!(v.unrelated, vec!["fast".to_owned()]);
        assert_eq!(v.short, vec![("wide".to_owned(), 3, 2)]);
        assert!(!v.settled());
        let pgs = vec![
            pg("1.0", "active+clean", 0),
            pg("2.0", "undersized+degraded+peered", 7),
            pg("3.0", "active+undersized+degraded", 9),
        ];
        assert!(drain_view(0, &pools, &pgs).settled());
        // A short pool must at least serve I/O.
        let pgs = vec![pg("3.0", "undersized+degraded+peered", 9)];
        assert!(!drain_view(0, &pools, &pgs).settled());
    }

    #[test]
    fn a_single_copy_pool_is_named() {
        let pools = pools_for_osd(&dump(), &tree(), Some(&rules()), 0);
        let v = drain_view(0, &pools, &[pg("4.3", "stale+undersized+peered", 0)]);
        assert_eq!(v.single_copy, vec!["one".to_owned()]);
        assert!(!v.settled());
    }

    #[test]
    fn without_rules_every_pool_is_waited_for() {
        let pools = pools_for_osd(&dump(), &tree(), None, 0);
        assert!(pools.iter().all(|p| p.uses_osd && p.can_be_whole()));
        let v = drain_view(0, &pools, &[pg("2.0", "active+undersized+degraded", 3)]);
        assert_eq!(v.waiting, 1);
    }

    #[test]
    fn pg_lists_of_either_shape_parse() {
        let wrapped: PgList = serde_json::from_str(
            r#"{"pg_ready":true,"pg_stats":[{"pgid":"1.a","state":"active+clean","up":[0,1],"acting":[0,1],"stat_sum":{"num_objects_degraded":0,"num_objects":3}}]}"#,
        )
        .unwrap();
        let pgs = wrapped.into_pgs();
        assert_eq!(pgs.len(), 1);
        assert_eq!(pgs[0].pool(), Some(1));
        assert!(pgs[0].whole());
        let bare: PgList = serde_json::from_str(r#"[{"pgid":"2.0","state":"peering"}]"#).unwrap();
        assert!(!bare.into_pgs()[0].active());
        // A stale PG's primary stopped reporting: its last state says nothing now.
        assert!(!pg("1.0", "stale+active+clean", 0).whole());
    }

    #[test]
    fn a_pg_still_mapped_to_the_osd_holds_the_drain() {
        let pools = pools_for_osd(&dump(), &tree(), Some(&rules()), 0);
        let mut p = pg("1.0", "active+clean", 0);
        p.acting = vec![0, 1];
        let v = drain_view(0, &pools, &[p]);
        assert_eq!(v.mapped, 1);
        assert!(!v.settled());
    }
}
