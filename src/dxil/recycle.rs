//! Buffers one decoding of a module's metadata leaves for the next
//! ([`DecodeScratch`]). A decoded module owns a few dozen small strings
//! and vectors (names, semantic indices, tag lists, signature and resource
//! lists); a compilation that is done with it hands them back
//! ([`DecodeScratch::recycle`]) and the next decoding refills them instead
//! of allocating. Every buffer is cleared before it is reused: nothing of
//! one module reaches the next.

use super::md::RawTag;
use super::resources::Resources;
use super::signature::{SignatureElement, Signatures};
use super::{DxilModule, EntryPoint};
use std::sync::Arc;

/// How many buffers of each kind are kept.
const KEPT: usize = 128;

/// Buffers larger than this many elements (bytes for strings) are freed
/// rather than kept.
const MAX_KEPT_LEN: usize = 256;

/// Spare buffers for [`DxilModule`] decoding (see the module doc).
#[derive(Default)]
pub(crate) struct DecodeScratch {
    strings: Vec<String>,
    indices: Vec<Vec<u32>>,
    tags: Vec<Vec<RawTag>>,
    elements: Vec<Vec<SignatureElement>>,
    entry_points: Vec<EntryPoint>,
    /// Resource lists, all four empty.
    resources: Resources,
    /// A module's resources allocation, unshared, its lists empty.
    shared: Option<Arc<Resources>>,
}

/// Keeps `buf` in `pool` when it holds memory worth reusing.
fn keep<T>(pool: &mut Vec<T>, buf: T, capacity: usize) {
    if capacity > 0 && capacity <= MAX_KEPT_LEN && pool.len() < KEPT {
        pool.push(buf);
    }
}

impl DecodeScratch {
    /// An owned copy of `s`, in a kept buffer when there is one.
    pub fn string(&mut self, s: &str) -> String {
        if s.is_empty() {
            return String::new();
        }
        let mut buf = self.strings.pop().unwrap_or_default();
        buf.clear();
        buf.push_str(s);
        buf
    }

    /// An empty list of semantic indices.
    pub fn indices(&mut self) -> Vec<u32> {
        let mut buf = self.indices.pop().unwrap_or_default();
        buf.clear();
        buf
    }

    /// An empty tag list.
    pub fn tags(&mut self) -> Vec<RawTag> {
        let mut buf = self.tags.pop().unwrap_or_default();
        buf.clear();
        buf
    }

    /// An empty signature element list.
    pub fn elements(&mut self) -> Vec<SignatureElement> {
        let mut buf = self.elements.pop().unwrap_or_default();
        buf.clear();
        buf
    }

    /// An empty entry point list.
    pub fn entry_points(&mut self) -> Vec<EntryPoint> {
        let mut buf = std::mem::take(&mut self.entry_points);
        buf.clear();
        buf
    }

    /// Four empty resource lists.
    pub fn resources(&mut self) -> Resources {
        let mut r = std::mem::take(&mut self.resources);
        r.srvs.clear();
        r.uavs.clear();
        r.cbvs.clear();
        r.samplers.clear();
        r
    }

    /// `r` shared (behind an `Arc`), in the kept allocation when there is
    /// one.
    pub fn shared_resources(&mut self, r: Resources) -> Arc<Resources> {
        if let Some(mut arc) = self.shared.take() {
            if let Some(slot) = Arc::get_mut(&mut arc) {
                *slot = r;
                return arc;
            }
        }
        Arc::new(r)
    }

    /// Takes back the buffers of a decoded module the compilation is done
    /// with.
    pub fn recycle(&mut self, dxil: DxilModule) {
        let DxilModule {
            mut resources,
            mut entry_points,
            ..
        } = dxil;
        for ep in entry_points.drain(..) {
            self.recycle_entry(ep);
        }
        if entry_points.capacity() > self.entry_points.capacity() {
            self.entry_points = entry_points;
        }
        // Unique once the entry points that shared it are gone.
        if let Some(r) = Arc::get_mut(&mut resources) {
            let r = std::mem::take(r);
            self.recycle_resources(r);
            self.shared = Some(resources);
        }
    }

    fn recycle_entry(&mut self, ep: EntryPoint) {
        self.recycle_string(ep.name);
        self.recycle_signatures(ep.signatures);
        self.recycle_tags(ep.properties.other);
        if let Some(r) = ep.resources.and_then(|r| Arc::try_unwrap(r).ok()) {
            self.recycle_resources(r);
        }
    }

    /// Takes back the buffers of an entry point's signatures.
    pub fn recycle_signatures(&mut self, sigs: Signatures) {
        for list in [sigs.inputs, sigs.outputs, sigs.patch_constants] {
            let mut list = list;
            for e in list.drain(..) {
                self.recycle_string(e.name);
                let capacity = e.semantic_indices.capacity();
                keep(&mut self.indices, e.semantic_indices, capacity);
                self.recycle_tags(e.tags);
            }
            let capacity = list.capacity();
            keep(&mut self.elements, list, capacity);
        }
    }

    fn recycle_resources(&mut self, mut r: Resources) {
        // Each resource's name and tags, whatever its class.
        let parts = (r.srvs.drain(..).map(|v| (v.binding.name, v.tags)))
            .chain(r.uavs.drain(..).map(|v| (v.binding.name, v.tags)))
            .chain(r.cbvs.drain(..).map(|v| (v.binding.name, v.tags)))
            .chain(r.samplers.drain(..).map(|v| (v.binding.name, v.tags)));
        for (name, tags) in parts {
            self.recycle_string(name);
            self.recycle_tags(tags);
        }
        // Keep the lists with the most room.
        let kept = &self.resources;
        let room = |r: &Resources| {
            (r.srvs.capacity())
                .saturating_add(r.uavs.capacity())
                .saturating_add(r.cbvs.capacity())
                .saturating_add(r.samplers.capacity())
        };
        if room(&r) > room(kept) {
            self.resources = r;
        }
    }

    fn recycle_string(&mut self, s: String) {
        let capacity = s.capacity();
        keep(&mut self.strings, s, capacity);
    }

    fn recycle_tags(&mut self, tags: Vec<RawTag>) {
        let capacity = tags.capacity();
        keep(&mut self.tags, tags, capacity);
    }
}
