//! A fast keyed hash for maps whose keys the input chooses (the type
//! table's lookup).
//!
//! An unkeyed hash (FxHash) lets a hostile input pick keys that all collide
//! and make interning quadratic; std's keyed SipHash prevents that but costs
//! tens of nanoseconds per small key. This is Thorup's vector multiply-shift
//! hash: the key is fed as 32-bit words `x_i` and hashed to
//! `b + sum(a_i * x_i) mod 2^64`, with the 64-bit `a_i` and `b` expanded
//! from 128 bits of std's random source each time a [`KeyedState`] is made
//! (once per type table, so once per read module: there is no
//! process-global state). For any two distinct keys of up to [`WORDS`] words
//! fixed before the draw, the top `l` bits collide with probability about
//! `2^-l` (for keys drawn uniformly; the expanded ones cannot be told apart
//! from those without the random bits), so an input, which is fixed before
//! its reader draws the keys, cannot aim for collisions. The
//! top bits are the good ones: [`Hasher::finish`] reverses the bits so that
//! they become the low bits, which pick the bucket.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

/// The longest key (in 32-bit words) the guarantee covers; a [`Type`]
/// takes at most ten.
///
/// [`Type`]: super::Type
const WORDS: usize = 16;

/// Builds [`KeyedHasher`]s with its own random keys: `WORDS` multipliers,
/// then the offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeyedState {
    keys: [u64; WORDS + 1],
}

impl Default for KeyedState {
    /// Fresh keys: 128 random bits from std's random source (two SipHash
    /// outputs under a fresh [`RandomState`], whose own keys are random per
    /// state), expanded by SplitMix64 (one SipHash per key cost 2 µs per
    /// module). Unpredictable keys are what the guarantee needs: the input
    /// is fixed before they are drawn.
    fn default() -> Self {
        let random = RandomState::new();
        let seed = random.hash_one(0u8);
        let mix = random.hash_one(1u8);
        let mut state = seed;
        KeyedState {
            keys: std::array::from_fn(|_| splitmix64(&mut state) ^ mix),
        }
    }
}

/// One step of the SplitMix64 generator (Steele, Lea and Flood 2014).
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl BuildHasher for KeyedState {
    type Hasher = KeyedHasher;

    #[inline]
    fn build_hasher(&self) -> KeyedHasher {
        KeyedHasher {
            keys: self.keys,
            sum: self.keys.get(WORDS).copied().unwrap_or(0),
            words: 0,
        }
    }
}

/// The state of one hash computation.
pub(crate) struct KeyedHasher {
    keys: [u64; WORDS + 1],
    sum: u64,
    words: usize,
}

impl KeyedHasher {
    #[inline]
    fn word(&mut self, x: u32) {
        let key = self.keys.get(self.words % WORDS).copied().unwrap_or(0);
        // Arithmetic modulo 2^64 is the definition of the hash.
        self.sum = self.sum.wrapping_add(key.wrapping_mul(u64::from(x)));
        self.words = self.words.wrapping_add(1);
    }
}

impl Hasher for KeyedHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.sum.reverse_bits()
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(4) {
            let x = chunk
                .iter()
                .rev()
                .fold(0u32, |acc, &b| (acc << 8) | u32::from(b));
            self.word(x);
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.word(u32::from(x));
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.word(x);
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.word(x as u32);
        self.word((x >> 32) as u32);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    #[inline]
    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Type, TypeId};
    use std::collections::HashSet;

    #[test]
    fn distinct_types_spread_over_buckets() {
        // Arrays that differ only in length, and pointers that differ only
        // in pointee: the low 10 bits of their hashes must be spread.
        // Universality bounds collisions on average over the key draws,
        // not for every draw (an arithmetic progression of keys can bunch
        // up under an unlucky multiplier), so this averages 32 draws: 2048
        // keys thrown at random into 1024 buckets fill 1024 * (1 - e^-2) =
        // 885 on average, and a hash whose low bits ignore these fields
        // fills a handful.
        let mut total = 0;
        for _ in 0..32 {
            let state = KeyedState::default();
            let mut buckets = HashSet::new();
            for i in 0..1024u32 {
                let array = Type::Array {
                    len: u64::from(i) << 32,
                    elem: TypeId(1),
                };
                buckets.insert(state.hash_one(array) & 1023);
                let pointer = Type::Pointer {
                    pointee: TypeId(i),
                    addr_space: 0,
                };
                buckets.insert(state.hash_one(pointer) & 1023);
            }
            total += buckets.len();
        }
        assert!(total / 32 > 800, "{} buckets used on average", total / 32);
    }
}
