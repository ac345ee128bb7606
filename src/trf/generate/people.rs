//! The generated field: fictional names, sexes, ratings and the titles those ratings allow.

use super::rng::{self, SplitMix64};

const SURNAMES: [&str; 24] = [
    "Bai", "Cao", "Deng", "Fang", "Gu", "Han", "Jiang", "Kong", "Lu", "Mo", "Ni", "Ou", "Pan",
    "Qian", "Ren", "Shen", "Tang", "Wei", "Xia", "Yan", "Zeng", "Duan", "Fei", "Hou",
];
const GIVEN: [&str; 24] = [
    "An", "Bo", "Chen", "Dan", "En", "Fan", "Ge", "Hao", "Jie", "Kai", "Lan", "Ming", "Nuo", "Pei",
    "Qing", "Rui", "Song", "Ting", "Wen", "Xin", "Yu", "Zhi", "Yue", "Hua",
];

/// One generated person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    /// "Surname, Given" (fictional).
    pub name: String,
    /// `m` or `w`.
    pub sex: char,
    /// FIDE rating.
    pub rating: u16,
    /// FIDE title code (`GM` … `WCM`), empty for none.
    pub title: String,
}

/// `n` people with ratings drawn uniformly from `lo..=hi`, sorted by rating (highest first; the
/// draw order breaks ties).
pub fn field(rng: &mut SplitMix64, n: usize, lo: u16, hi: u16) -> Vec<Person> {
    let mut v: Vec<Person> = (0..n)
        .map(|_| {
            let rating =
                u16::try_from(rng::between(rng, u64::from(lo), u64::from(hi))).unwrap_or(hi);
            let sex = if rng::one_in(rng, 4) { 'w' } else { 'm' };
            let title = title(rng, rating, sex).to_string();
            let s = SURNAMES
                .get(rng::below(rng, 24) as usize)
                .copied()
                .unwrap_or("Bai");
            let g1 = GIVEN
                .get(rng::below(rng, 24) as usize)
                .copied()
                .unwrap_or("An");
            let g2 = GIVEN
                .get(rng::below(rng, 24) as usize)
                .copied()
                .unwrap_or("An");
            let name = format!("{s}, {g1}{}", g2.to_lowercase());
            Person {
                name,
                sex,
                rating,
                title,
            }
        })
        .collect();
    v.sort_by_key(|p| std::cmp::Reverse(p.rating));
    v
}

/// A title the rating makes plausible: above each title's floor, the title is given two
/// times in three; women below the open title's floor may hold the women's one.
fn title(rng: &mut SplitMix64, rating: u16, sex: char) -> &'static str {
    let open = [(2500, "GM"), (2400, "IM"), (2300, "FM"), (2200, "CM")];
    let women = [(2300, "WGM"), (2200, "WIM"), (2100, "WFM"), (2000, "WCM")];
    let draw = rng::below(rng, 3);
    if let Some(&(_, t)) = open.iter().find(|(floor, _)| rating >= *floor)
        && draw < 2
    {
        return t;
    }
    if sex == 'w'
        && let Some(&(_, t)) = women.iter().find(|(floor, _)| rating >= *floor)
        && draw < 2
    {
        return t;
    }
    ""
}
