//! Colour allocation (C.04.3 2026, 5.2): grant both preferences; else the stronger one (the wider
//! colour difference between two absolute ones); else alternate from the last round in which the
//! two had different colours; else the higher-ranked player's preference; else by the initial
//! colour and the higher-ranked player's pairing number.

use crate::model::Colour;

use super::state::{Round, State};

/// The colours of the two players in the most recent round, counting played games only and
/// reading both histories backwards in step (C.04.2 3.4), in which they differed.
fn first_difference(a: &[Round], b: &[Round]) -> (Option<Colour>, Option<Colour>) {
    let mut ia = a.iter().rev().filter(|r| r.played);
    let mut ib = b.iter().rev().filter(|r| r.played);
    loop {
        match (ia.next(), ib.next()) {
            (Some(x), Some(y)) if x.colour == y.colour => {}
            (Some(x), Some(y)) => return (x.colour, y.colour),
            _ => return (None, None),
        }
    }
}

/// Rules 5.2.1-5.2.3: the colour of `p` against `o`, or `None` when those rules do not decide.
fn neutral(p: &State, ph: &[Round], o: &State, oh: &[Round]) -> Option<Colour> {
    if p.pref != o.pref || p.pref.is_none() || o.pref.is_none() {
        return p.pref.or(o.pref.map(|c| !c));
    }
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.pref;
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o.pref.map(|c| !c);
    }
    if p.strong && !o.strong {
        return p.pref;
    }
    if o.strong && !p.strong {
        return o.pref.map(|c| !c);
    }
    match first_difference(ph, oh) {
        (Some(_), Some(oc)) => Some(oc),
        _ => None,
    }
}

/// Whether `a` ranks below `b` (lower score, or the same score and a larger pairing number).
pub fn ranks_below(a: &State, b: &State) -> bool {
    (a.score, b.rank) < (b.score, a.rank)
}

/// The colour `p` gets against `o` (5.2).
pub fn allocate(p: &State, ph: &[Round], o: &State, oh: &[Round], initial: Colour) -> Colour {
    if let Some(c) = neutral(p, ph, o, oh) {
        return c;
    }
    let p_lower = ranks_below(p, o);
    match p.pref {
        // 5.2.5: the higher-ranked player takes the initial colour when their number is odd.
        None if p_lower => {
            if o.rank % 2 == 1 {
                initial
            } else {
                !initial
            }
        }
        None => {
            if p.rank % 2 == 1 {
                !initial
            } else {
                initial
            }
        }
        // 5.2.4: the higher-ranked player's preference.
        Some(pc) if p_lower => o.pref.map_or(pc, |c| !c),
        Some(pc) => pc,
    }
}
