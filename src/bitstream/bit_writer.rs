//! A bit writer for the reader's unit tests: hand-made streams, written
//! least significant bit first as LLVM bitstreams are.

/// Bits appended to a byte buffer.
#[derive(Default)]
pub(super) struct BitWriter {
    /// The bytes written so far (the last one partly).
    pub(super) bytes: Vec<u8>,
    /// How many bits were written.
    pub(super) bits: u64,
}

impl BitWriter {
    /// Appends the low `width` bits of `value`.
    pub(super) fn put(&mut self, value: u64, width: u32) {
        for i in 0..width {
            if self.bits % 8 == 0 {
                self.bytes.push(0);
            }
            *self.bytes.last_mut().unwrap() |= (((value >> i) & 1) as u8) << (self.bits % 8);
            self.bits += 1;
        }
    }

    /// Appends `value` as a VBR of `width`-bit chunks.
    pub(super) fn vbr(&mut self, mut value: u64, width: u32) {
        let payload = width - 1;
        while value >> payload != 0 {
            self.put((value & ((1 << payload) - 1)) | (1 << payload), width);
            value >>= payload;
        }
        self.put(value, width);
    }

    /// Pads with zero bits to a multiple of 32.
    pub(super) fn align32(&mut self) {
        while self.bits % 32 != 0 {
            self.put(0, 1);
        }
    }
}
