//! The sites of a collection's hosts: each distinct host's site
//! ([`crate::uri::site::site_name`], the registrable domain from the
//! Public Suffix List), looked up once per host as hosts come, and the
//! counts by site summed from the counts by host. A line has one host,
//! so the sums are the lines of each site; the cost is the distinct
//! hosts, never the lines.
//!
//! ```
//! use uriscope::collection::{sites::SiteIndex, intern::Names};
//! let mut hosts = Names::default();
//! let (a, b, c) = (hosts.id("a.example.co.uk"), hosts.id("b.example.co.uk"), hosts.id("other.org"));
//! let mut index = SiteIndex::default();
//! index.update(&hosts);
//! let mut counts = vec![0u64; 3];
//! (counts[a as usize], counts[b as usize], counts[c as usize]) = (2, 3, 1);
//! let top = index.top(&counts, 0);
//! assert_eq!(top.iter().map(|r| (r.name, r.count)).collect::<Vec<_>>(), [("example.co.uk", 5), ("other.org", 1)]);
//! ```

use super::counts::{top, Ranked};
use super::intern::Names;

/// Each host's site, by host id.
#[derive(Clone, Debug, Default)]
pub struct SiteIndex {
    /// The site id of each host id, for the hosts seen so far.
    of_host: Vec<u32>,
    /// The sites' names.
    names: Names,
}

impl SiteIndex {
    /// Look up the sites of the hosts added to `hosts` since the last call.
    pub fn update(&mut self, hosts: &Names) {
        for id in self.of_host.len()..hosts.len() {
            let host = hosts.name(id as u32);
            let site = crate::uri::site::site_name(host).unwrap_or_default();
            let site_id = self.names.id(&site);
            self.of_host.push(site_id);
        }
    }

    /// The lines of each site (by site id), from the lines of each host
    /// (by host id). Hosts not yet [`update`](SiteIndex::update)d count
    /// for nothing.
    pub fn counts(&self, host_counts: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; self.names.len()];
        for (&count, &site) in host_counts.iter().zip(&self.of_host) {
            out[site as usize] += count;
        }
        out
    }

    /// The `n` sites with the most lines (all when `n` is 0), most first,
    /// ties by name: the order of the hosts table.
    pub fn top(&self, host_counts: &[u64], n: usize) -> Vec<Ranked<'_>> {
        top(&self.counts(host_counts), &self.names, n)
    }

    /// How many different sites the hosts with a line have.
    pub fn distinct(&self, host_counts: &[u64]) -> usize {
        self.counts(host_counts).iter().filter(|&&c| c > 0).count()
    }

    /// The site of host `host_id`, when it was looked up.
    pub fn site_of(&self, host_id: u32) -> Option<&str> {
        let &site = self.of_host.get(host_id as usize)?;
        Some(self.names.name(site))
    }
}
