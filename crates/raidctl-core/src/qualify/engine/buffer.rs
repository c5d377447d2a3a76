//! Buffers aligned for O_DIRECT, without `unsafe`: an over-allocated `Vec` and an aligned
//! window into it.

/// A zeroed buffer of `len` bytes whose start is aligned to `align`.
#[derive(Debug)]
pub struct AlignedBuf {
    raw: Vec<u8>,
    start: usize,
    len: usize,
}

impl AlignedBuf {
    /// Allocates `len` bytes aligned to `align` (a power of two).
    pub fn new(len: usize, align: usize) -> Self {
        let align = align.max(1).next_power_of_two();
        let raw = vec![0u8; len + align];
        let start = raw.as_ptr().align_offset(align).min(align);
        Self { raw, start, len }
    }

    /// The aligned bytes.
    pub fn as_slice(&self) -> &[u8] {
        self.raw
            .get(self.start..self.start + self.len)
            .unwrap_or(&[])
    }

    /// The aligned bytes, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        self.raw
            .get_mut(self.start..self.start + self.len)
            .unwrap_or(&mut [])
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned() {
        for align in [512usize, 4096] {
            let mut b = AlignedBuf::new(8192, align);
            assert_eq!(b.as_mut_slice().as_ptr() as usize % align, 0);
            assert_eq!(b.as_slice().len(), 8192);
        }
    }
}
