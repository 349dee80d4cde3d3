//! [`ReadCache`]: the blocks that every blob of one producer carries
//! unchanged, parsed once per [`crate::Compiler`] instead of once per blob.
//!
//! DXC writes one of a few BLOCKINFO blocks (its abbreviations depend on
//! how many bits a type id takes) and one of a few metadata-kinds blocks (a
//! METADATA block of METADATA_KIND records only, a fifth of a small blob's
//! bits; the variants differ in which of DXC's own kinds a shader names)
//! into every module. Both are 32-bit aligned and sized, so their bodies
//! are byte slices: each is kept with the exact bytes it was parsed from,
//! and a block with the same bytes (compared in full) takes the kept
//! result and is skipped. Nothing keyed by a whole blob is kept.

use super::Reader;
use crate::bitstream::{BlockCache, BlockInfo};
use crate::error::Result;
use crate::ir::StrRange;
use std::sync::Arc;

/// The parsed blocks a [`crate::Compiler`] keeps between compilations (a
/// few of each kind; see the module doc). A clone starts empty.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadCache {
    /// The first BLOCKINFO block of a stream.
    pub(super) blockinfo: BlockCache<Arc<BlockInfo>>,
    /// A METADATA block that only names metadata kinds.
    pub(super) kinds: BlockCache<MetadataKinds>,
}

/// What a metadata-kinds block adds to a module: its kinds, each named by
/// a range of `text` (the names one after the other, as the block appends
/// them to the string arena).
pub(crate) struct MetadataKinds {
    kinds: Vec<(u32, StrRange)>,
    text: Vec<u8>,
}

impl<'a> Reader<'a> {
    /// The abbreviation width and body of the METADATA block just entered
    /// if its parse can be cached: a cache is at hand and the block
    /// inherits no BLOCKINFO abbreviations (its records then depend on its
    /// bytes alone).
    fn kinds_key(&self) -> Option<(&'a BlockCache<MetadataKinds>, u32, &'a [u8])> {
        let cache = self.cache.map(|c| &c.kinds)?;
        if self.bs.inherits_abbrevs() {
            return None;
        }
        let (width, body) = self.bs.block_body()?;
        Some((cache, width, body))
    }

    /// Reads the METADATA block just entered, from the cache when it is
    /// the kinds block kept there; a block that turns out to hold kinds
    /// only (it adds no node and no named node) and that ends at its
    /// declared end is kept for the next module.
    pub(super) fn read_metadata_block_cached(&mut self) -> Result<()> {
        let Some((cache, width, body)) = self.kinds_key() else {
            return self.read_metadata_block();
        };
        if let Some(hit) = cache.get(width, body) {
            let base = self.strings.len();
            self.strings.extend_from_slice(&hit.value.text);
            let shift =
                |r: StrRange| StrRange::new(base.saturating_add(r.start as usize), r.len as usize);
            let kinds = hit
                .value
                .kinds
                .iter()
                .map(|&(kind, name)| (kind, shift(name)));
            self.module.metadata.kinds.extend(kinds);
            return self.bs.skip_to_block_end();
        }
        let metadata = &self.module.metadata;
        let before = (
            metadata.nodes.len(),
            metadata.named.len(),
            metadata.kinds.len(),
        );
        let text_start = self.strings.len();
        let end = self
            .bs
            .pos()
            .saturating_add((body.len() as u64).saturating_mul(8));
        self.read_metadata_block()?;
        let metadata = &self.module.metadata;
        let kinds_only = metadata.nodes.len() == before.0 && metadata.named.len() == before.1;
        if kinds_only && self.bs.pos() == end {
            let text = self.strings.get(text_start..).unwrap_or(&[]).to_vec();
            let unshift = |r: StrRange| {
                StrRange::new(
                    (r.start as usize).saturating_sub(text_start),
                    r.len as usize,
                )
            };
            let kinds = metadata.kinds.get(before.2..).unwrap_or(&[]);
            let kinds = kinds
                .iter()
                .map(|&(kind, name)| (kind, unshift(name)))
                .collect();
            cache.put(width, body, MetadataKinds { kinds, text });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{read_with, ModuleSpare};
    use super::*;

    /// A module or error, as comparable text (the type table's lookup map,
    /// whose order is random, is left out: its types and members are in).
    fn outcome(bitcode: &[u8], cache: Option<&ReadCache>) -> String {
        read_with(bitcode, cache, &mut ModuleSpare::default()).map_or_else(
            |e| format!("{e:?}"),
            |mut module| {
                let types = std::mem::take(&mut module.types);
                let types: Vec<_> = (0..types.len() as u32)
                    .map(|i| types.ty(crate::ir::TypeId(i)))
                    .map(|ty| match ty {
                        crate::ir::Type::Struct { elements, .. }
                        | crate::ir::Type::Function {
                            params: elements, ..
                        } => format!("{ty:?}{:?}", types.members(elements)),
                        _ => format!("{ty:?}"),
                    })
                    .collect();
                format!("{types:?} {module:?}")
            },
        )
    }

    fn corpus_bitcode(name: &str) -> Vec<u8> {
        let path = format!("{}/corpus/{name}.dxil", env!("CARGO_MANIFEST_DIR"));
        let blob = std::fs::read(path).unwrap();
        let container = crate::container::parse(&blob).unwrap();
        container.program().unwrap().bitcode.to_vec()
    }

    #[test]
    fn both_blocks_are_kept_and_served_for_another_blob() {
        let cache = ReadCache::default();
        let first = corpus_bitcode("compute/int-add-sub-mul-wrap");
        let second = corpus_bitcode("graphics/ps-discard-alpha-test");
        let third = corpus_bitcode("compute/append-structured");
        let blobs = [&first, &second, &third];
        for bitcode in blobs {
            assert!(outcome(bitcode, Some(&cache)) == outcome(bitcode, None));
        }
        // Their blocks differ a little (BLOCKINFO's abbreviations depend on
        // how many bits a type id takes; the kinds on which of DXC's own a
        // shader names), and one of each kind is shared by two of them.
        let kept = || (cache.blockinfo.kept_bodies(), cache.kinds.kept_bodies());
        let (blockinfos, kinds) = kept();
        assert_eq!((blockinfos.len(), kinds.len()), (2, 2));
        // Read again, they are all served from the cache.
        for bitcode in blobs.into_iter().rev() {
            assert!(outcome(bitcode, Some(&cache)) == outcome(bitcode, None));
        }
        let (mut again_blockinfos, mut again_kinds) = kept();
        again_blockinfos.sort();
        again_kinds.sort();
        let (mut blockinfos, mut kinds) = (blockinfos, kinds);
        blockinfos.sort();
        kinds.sort();
        assert_eq!((again_blockinfos, again_kinds), (blockinfos, kinds));
    }

    /// Flips each bit of the kept BLOCKINFO and kinds blocks' bodies in
    /// turn: with the cache holding the original blocks, reading the
    /// changed bitcode gives what reading it without a cache gives (mostly
    /// a different module or an error; padding bits change nothing), never
    /// the kept parse.
    #[test]
    fn a_changed_block_is_not_served_from_the_cache() {
        let bitcode = corpus_bitcode("compute/int-add-sub-mul-wrap");
        let original = outcome(&bitcode, None);
        let cache = ReadCache::default();
        outcome(&bitcode, Some(&cache));
        let mut bodies = cache.blockinfo.kept_bodies();
        bodies.extend(cache.kinds.kept_bodies());
        assert_eq!(bodies.len(), 2);
        for body in bodies {
            let at = bitcode
                .windows(body.len())
                .position(|w| *w == *body)
                .expect("the body is in the bitcode");
            let mut differ = 0;
            for bit in 0..body.len() * 8 {
                let mut changed = bitcode.clone();
                changed[at + bit / 8] ^= 1 << (bit % 8);
                // Refill the cache with the original blocks first.
                outcome(&bitcode, Some(&cache));
                let expected = outcome(&changed, None);
                differ += usize::from(expected != original);
                let got = outcome(&changed, Some(&cache));
                assert!(
                    got == expected,
                    "bit {bit} of {}: {got:.300} {expected:.300}",
                    body.len()
                );
            }
            assert!(
                differ > body.len() * 4,
                "{differ} of {} bits",
                body.len() * 8
            );
        }
    }
}
