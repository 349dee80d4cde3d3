//! [`BlockCache`]: one parsed block kept by its exact bytes, for blocks
//! that every blob of a producer carries unchanged (DXC's BLOCKINFO and
//! its metadata-kinds block), so that a compiler reading many blobs parses
//! them once.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

/// Bodies longer than this are not cached (the blocks worth caching are a
/// few hundred bytes; a large one should not be pinned in memory).
pub(crate) const MAX_CACHED_BODY: usize = 4096;

/// What a [`BlockCache`] keeps: the key (the abbreviation width the block
/// was read with and its body, the bytes after its length word up to its
/// declared end) and what parsing it gave.
pub(crate) struct Cached<T> {
    width: u32,
    body: Box<[u8]>,
    /// The parsed block.
    pub value: T,
}

/// The last few blocks of one kind that were parsed, keyed by their
/// exact bytes: a block is served from the cache only when its width and
/// body equal an entry's key (a byte comparison). Holds up to [`KEPT`]
/// entries, the most recently used first; a block that misses replaces the
/// least recently used. Thread-safe: the lock is held for the comparisons
/// (a few hundred bytes each) and to reorder the list, never while a block
/// is parsed. A clone starts empty.
pub(crate) struct BlockCache<T>(Mutex<Vec<Arc<Cached<T>>>>);

/// How many blocks of one kind a [`BlockCache`] keeps (DXC writes a few
/// variants of its metadata-kinds block, depending on which of its own
/// kinds a shader uses).
pub(crate) const KEPT: usize = 4;

impl<T> BlockCache<T> {
    /// The parsed block whose abbreviation width and body are these, if it
    /// is kept.
    pub fn get(&self, width: u32, body: &[u8]) -> Option<Arc<Cached<T>>> {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let i = kept
            .iter()
            .position(|k| k.width == width && *k.body == *body)?;
        // The most recently used first: `i` indexes `kept`.
        kept.get_mut(..=i)?.rotate_right(1);
        kept.first().cloned()
    }

    /// Keeps `value`, parsed from a block with this abbreviation width and
    /// body, in place of the least recently used entry when all [`KEPT`]
    /// are taken (unless the body is longer than [`MAX_CACHED_BODY`]).
    pub fn put(&self, width: u32, body: &[u8], value: T) {
        if body.len() > MAX_CACHED_BODY {
            return;
        }
        let entry = Arc::new(Cached {
            width,
            body: body.into(),
            value,
        });
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.truncate(KEPT.saturating_sub(1));
        kept.insert(0, entry);
    }
}

#[cfg(test)]
impl<T> BlockCache<T> {
    /// The bodies of the kept entries, the most recently used first.
    pub fn kept_bodies(&self) -> Vec<Box<[u8]>> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter().map(|k| k.body.clone()).collect()
    }
}

impl<T> Default for BlockCache<T> {
    fn default() -> Self {
        BlockCache(Mutex::new(Vec::new()))
    }
}

impl<T> Clone for BlockCache<T> {
    fn clone(&self) -> Self {
        BlockCache::default()
    }
}

impl<T> fmt::Debug for BlockCache<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BlockCache")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_keys_hit_and_the_least_recently_used_goes() {
        let cache = BlockCache::default();
        assert!(cache.get(3, b"abcd").is_none());
        cache.put(3, b"abcd", 7);
        assert_eq!(cache.get(3, b"abcd").map(|c| c.value), Some(7));
        assert!(cache.get(4, b"abcd").is_none());
        assert!(cache.get(3, b"abce").is_none());
        assert!(cache.get(3, b"abcdabcd").is_none());
        for (i, body) in [b"b", b"c", b"d"].into_iter().enumerate() {
            cache.put(3, body, i);
        }
        // "abcd" is the least recently used: a new entry replaces it.
        assert_eq!(cache.get(3, b"b").map(|c| c.value), Some(0));
        cache.put(3, b"e", 3);
        assert!(cache.get(3, b"abcd").is_none());
        let kept: Vec<_> = cache.kept_bodies().iter().map(|b| b.to_vec()).collect();
        assert_eq!(
            kept,
            [b"e".to_vec(), b"b".to_vec(), b"d".to_vec(), b"c".to_vec()]
        );
        cache.put(3, &[0; MAX_CACHED_BODY + 4], 9);
        assert_eq!(cache.kept_bodies().len(), KEPT);
        assert!(cache.clone().get(3, b"e").is_none());
    }
}
