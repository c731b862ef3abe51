//! A plain fixed-size bit set (paths used, locations visited).

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    pub fn new(n: usize) -> Bits {
        Bits { words: vec![0; n.div_ceil(64)] }
    }
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.words.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    #[inline]
    pub fn set(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }
    #[inline]
    pub fn clear(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w &= !(1 << (i % 64));
        }
    }
    pub fn words(&self) -> &[u64] {
        &self.words
    }
    /// Does the set share a member with `other` (the words of a set of
    /// the same size)?
    #[inline]
    pub fn intersects(&self, other: &[u64]) -> bool {
        self.words.iter().zip(other).any(|(a, b)| a & b != 0)
    }
    /// Does any of `ids` have its bit set?
    #[inline]
    pub fn any_of(&self, ids: &[u32]) -> bool {
        ids.iter().any(|&i| self.get(i as usize))
    }
}
