//! The draw (抽签) that numbers the teams of a round robin.
//!
//! The numbers come from event.toml where the organizer typed the public draw; otherwise bianpai
//! draws them itself with a seed derived from the event and the team names, so the same folder
//! always gives the same draw, and records both the seed and the numbers in `results/draw.xlsx`,
//! which it never overwrites (SPEC §6).

/// A small, documented pseudo-random generator (SplitMix64). Good enough for a draw that must be
/// reproducible from a recorded seed; not for anything secret.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }
}

/// A seed derived from text (FNV-1a over the UTF-8 bytes), so that the seed of a draw depends
/// only on the event name and the teams.
pub fn seed_from(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for b in p.bytes().chain(std::iter::once(0u8)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// Draws numbers 1..=n for the teams: returns the team names in number order (Fisher-Yates
/// shuffle of the names sorted by their text, so the input order does not matter).
///
/// ```
/// use bianpai::season::draw::draw;
/// let a = draw(&["甲", "乙", "丙"], 42);
/// let b = draw(&["丙", "甲", "乙"], 42);
/// assert_eq!(a, b);
/// assert_eq!(a.len(), 3);
/// ```
pub fn draw(teams: &[&str], seed: u64) -> Vec<String> {
    let mut v: Vec<String> = teams.iter().map(|s| s.to_string()).collect();
    v.sort();
    let mut rng = SplitMix64::new(seed);
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_known_values() {
        // Reference values of SplitMix64 with seed 0 (Vigna's reference implementation).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn draw_is_a_permutation_and_depends_on_seed() {
        let teams = ["北京", "上海", "天津", "重庆", "广东", "浙江"];
        let a = draw(&teams, 1);
        let mut sorted = a.clone();
        sorted.sort();
        let mut expect: Vec<String> = teams.iter().map(|s| s.to_string()).collect();
        expect.sort();
        assert_eq!(sorted, expect);
        let differs = (2..20).any(|s| draw(&teams, s) != a);
        assert!(differs);
    }

    #[test]
    fn seed_is_stable() {
        assert_eq!(seed_from(&[]), 0xcbf2_9ce4_8422_2325);
        assert_ne!(seed_from(&["a", "b"]), seed_from(&["ab"]));
    }
}
