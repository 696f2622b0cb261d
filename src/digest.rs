//! The hash that decides whether something is done again (a document read,
//! a part of the index written): SHA-256, by the processor's own
//! instructions where it has them, so that it costs less than reading the
//! bytes it covers, and two different inputs are never taken for one.

use std::hash::Hasher;

use ring::digest::{Context, SHA256};

/// Bytes gathered before they are hashed: many small writes (a field at a
/// time) cost one call.
const CHUNK: usize = 64 * 1024;

/// A SHA-256 of everything written, as a [`Hasher`] too.
#[derive(Clone)]
pub struct Digest {
    context: Context,
    pending: Vec<u8>,
}

impl Default for Digest {
    fn default() -> Self {
        Digest {
            context: Context::new(&SHA256),
            pending: Vec::with_capacity(CHUNK),
        }
    }
}

impl Digest {
    /// Adds a part, its length first: no two lists of parts hash alike.
    pub fn part(&mut self, bytes: &[u8]) {
        self.write_u64(bytes.len() as u64);
        self.write(bytes);
    }

    fn bytes(mut self) -> [u8; 32] {
        self.context.update(&self.pending);
        let mut out = [0; 32];
        out.copy_from_slice(self.context.finish().as_ref());
        out
    }

    /// The first 128 bits, in hex.
    pub fn hex(self) -> String {
        self.bytes()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The first 64 bits.
    pub fn first_u64(self) -> u64 {
        let bytes = self.bytes();
        u64::from_le_bytes([
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        ])
    }
}

impl Hasher for Digest {
    fn write(&mut self, bytes: &[u8]) {
        if self.pending.len() + bytes.len() > CHUNK {
            self.context.update(&self.pending);
            self.pending.clear();
            if bytes.len() > CHUNK {
                self.context.update(bytes);
                return;
            }
        }
        self.pending.extend_from_slice(bytes);
    }

    fn finish(&self) -> u64 {
        self.clone().first_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_is_sha256() {
        let mut digest = Digest::default();
        digest.write(b"abc");
        assert_eq!(digest.hex(), "ba7816bf8f01cfea414140de5dae2223");
    }

    #[test]
    fn chunks_and_parts_hash_as_one_stream() {
        let big = vec![7u8; CHUNK + 10];
        let mut whole = Digest::default();
        whole.write(&big);
        let mut pieces = Digest::default();
        pieces.write(&big[..100]);
        pieces.write(&big[100..CHUNK]);
        pieces.write(&big[CHUNK..]);
        assert_eq!(whole.hex(), pieces.hex());
        let (mut ab_c, mut a_bc) = (Digest::default(), Digest::default());
        ab_c.part(b"ab");
        ab_c.part(b"c");
        a_bc.part(b"a");
        a_bc.part(b"bc");
        assert_ne!(ab_c.hex(), a_bc.hex());
    }
}
