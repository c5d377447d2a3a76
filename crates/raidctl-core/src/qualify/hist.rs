//! Log-linear latency histogram: 128 sub-buckets per power of two, so every recorded value
//! is known to within 1/128 (about 0.8 %, the same bound as fio's), with constant-time
//! recording and a fixed 58 KiB footprint.

use serde::{Deserialize, Serialize};

const SUB_BITS: u32 = 7;
const SUB: u64 = 1 << SUB_BITS;
const BUCKETS: usize = ((64 - SUB_BITS as usize) + 1) * SUB as usize;

/// A latency histogram in nanoseconds.
#[derive(Clone)]
pub struct Histogram {
    counts: Vec<u64>,
    total: u64,
    sum: u128,
    min: u64,
    max: u64,
}

impl std::fmt::Debug for Histogram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Histogram")
            .field("total", &self.total)
            .field("min", &self.min)
            .field("max", &self.max)
            .finish_non_exhaustive()
    }
}

impl Default for Histogram {
    fn default() -> Self {
        Self::new()
    }
}

fn index(v: u64) -> usize {
    if v < SUB {
        return usize::try_from(v).unwrap_or(0);
    }
    let exp = 63 - v.leading_zeros();
    let shift = exp - SUB_BITS;
    let idx = u64::from(shift + 1) * SUB + ((v >> shift) - SUB);
    usize::try_from(idx).unwrap_or(BUCKETS - 1)
}

/// Middle of bucket `idx`, in ns.
fn value_of(idx: usize) -> u64 {
    let idx = idx as u64;
    if idx < SUB {
        return idx;
    }
    let shift = idx / SUB - 1;
    let low = (SUB + idx % SUB) << shift;
    low + ((1u64 << shift) >> 1)
}

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Self {
        Self {
            counts: vec![0; BUCKETS],
            total: 0,
            sum: 0,
            min: u64::MAX,
            max: 0,
        }
    }

    /// Records one latency.
    #[inline]
    pub fn record(&mut self, ns: u64) {
        if let Some(c) = self.counts.get_mut(index(ns)) {
            *c += 1;
        }
        self.total += 1;
        self.sum += u128::from(ns);
        self.min = self.min.min(ns);
        self.max = self.max.max(ns);
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.total += other.total;
        self.sum += other.sum;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    /// Number of recorded values.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// The value below which `pct` percent of the values are (ns); exact for min and max.
    pub fn percentile(&self, pct: f64) -> u64 {
        if self.total == 0 {
            return 0;
        }
        if pct >= 100.0 {
            return self.max;
        }
        let rank = ((pct / 100.0) * self.total as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return value_of(i).clamp(self.min, self.max);
            }
        }
        self.max
    }

    /// Summary in microseconds.
    pub fn summary(&self) -> LatencySummary {
        let us = |ns: u64| ns as f64 / 1000.0;
        if self.total == 0 {
            return LatencySummary::default();
        }
        LatencySummary {
            count: self.total,
            min_us: us(self.min),
            mean_us: (self.sum as f64 / self.total as f64) / 1000.0,
            p50_us: us(self.percentile(50.0)),
            p90_us: us(self.percentile(90.0)),
            p99_us: us(self.percentile(99.0)),
            p999_us: us(self.percentile(99.9)),
            p9999_us: us(self.percentile(99.99)),
            max_us: us(self.max),
        }
    }

    /// Non-empty buckets as `(upper bound in µs, count)` pairs, coarsened to powers of two
    /// (for plots).
    pub fn octaves(&self) -> Vec<(f64, u64)> {
        let mut out: Vec<(f64, u64)> = Vec::new();
        for (i, &c) in self.counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let v = value_of(i).max(1);
            let upper = (v.next_power_of_two()) as f64 / 1000.0;
            match out.last_mut() {
                Some((u, n)) if (*u - upper).abs() < f64::EPSILON => *n += c,
                _ => out.push((upper, c)),
            }
        }
        out
    }
}

/// Latency percentiles of one job, in microseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LatencySummary {
    /// Number of samples.
    pub count: u64,
    /// Minimum.
    pub min_us: f64,
    /// Mean.
    pub mean_us: f64,
    /// Median.
    pub p50_us: f64,
    /// 90th percentile.
    pub p90_us: f64,
    /// 99th percentile.
    pub p99_us: f64,
    /// 99.9th percentile.
    pub p999_us: f64,
    /// 99.99th percentile.
    pub p9999_us: f64,
    /// Maximum.
    pub max_us: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_within_one_percent() {
        let mut h = Histogram::new();
        for v in 1..=100_000u64 {
            h.record(v * 1000);
        }
        for (p, want) in [
            (50.0, 50_000_000.0),
            (99.0, 99_000_000.0),
            (99.9, 99_900_000.0),
        ] {
            let got = h.percentile(p) as f64;
            assert!((got - want).abs() / want < 0.01, "p{p}: {got} vs {want}");
        }
        assert_eq!(h.percentile(100.0), 100_000_000);
        assert_eq!(h.summary().min_us, 1.0);
    }

    #[test]
    fn small_values_are_exact_and_merge_adds() {
        let mut a = Histogram::new();
        let mut b = Histogram::new();
        a.record(5);
        b.record(100);
        b.record(u64::MAX / 2);
        a.merge(&b);
        assert_eq!(a.count(), 3);
        assert_eq!(a.percentile(1.0), 5);
        assert_eq!(a.percentile(50.0), 100);
        for i in 0..BUCKETS {
            assert!(index(value_of(i)) == i, "bucket {i}");
        }
    }
}
