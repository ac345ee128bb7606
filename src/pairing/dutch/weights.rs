//! The criteria layer: every Dutch criterion (C.04.3 2026, C1-C21) packed into one lexicographic
//! edge weight, highest criterion in the highest bits, so that a maximum-weight matching is the
//! pairing the rules ask for. The layout is bbpPairings' (`computeEdgeWeight`): a field of
//! `size_bits` bits counts pairs, a field of `groups_shift` bits holds one sub-field per score
//! group (the lowest group at bit 0), so "maximise the scores" compares score groups from the top.

use std::collections::BTreeMap;

use crate::pairing::matching::Wide;

use super::state::{DutchTournament, Field, Float, State};

/// Bits needed to write `n` (0 for 0).
pub fn bits(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// Per-round constants of the weight layout.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Bits of a pair-count field: enough for the largest score group.
    pub size_bits: u32,
    /// Total bits of a per-score-group field.
    pub groups_shift: u32,
    /// Bit offset of each score's sub-field.
    pub shift: BTreeMap<i32, u32>,
    /// Width of each score's sub-field: enough for the size of its score group.
    pub width: BTreeMap<i32, u32>,
    /// Rounds already played.
    pub played_rounds: usize,
    /// Whether this is the last round (topscorers exist; C3 relaxes for them).
    pub last_round: bool,
    /// Topscorers score more than this (half of the maximum possible score).
    pub top_threshold: i32,
}

impl Layout {
    /// The layout for the players `sorted` (by score, descending).
    pub fn new(t: &DutchTournament, field: &Field, sorted: &[usize]) -> Layout {
        let mut shift = BTreeMap::new();
        let mut width = BTreeMap::new();
        let mut total = 0;
        let mut largest = 0;
        let mut run = 0usize;
        for (i, &p) in sorted.iter().enumerate().rev() {
            run += 1;
            let s = field.states[p].score;
            let next_higher = i == 0 || field.states[sorted[i - 1]].score > s;
            if next_higher {
                shift.insert(s, total);
                width.insert(s, bits(run));
                largest = largest.max(run);
                total += bits(run);
                run = 0;
            }
        }
        let pr = t.played_rounds;
        Layout {
            size_bits: bits(largest),
            groups_shift: total,
            shift,
            width,
            played_rounds: pr,
            last_round: t.total_rounds > 0 && pr + 1 >= t.total_rounds,
            top_threshold: (pr as i32 * t.points.win.max(t.points.draw)) >> 1,
        }
    }

    /// The same layout with a group sub-field only for each of `scores` (those of one
    /// bracket's players): every weight among those players keeps its value order, in far
    /// fewer bits when the field has many score groups.
    pub fn local(&self, scores: impl IntoIterator<Item = i32>) -> Layout {
        let mut keep: Vec<i32> = scores
            .into_iter()
            .filter(|s| self.width.contains_key(s))
            .collect();
        keep.sort_unstable();
        keep.dedup();
        let mut shift = BTreeMap::new();
        let mut width = BTreeMap::new();
        let mut total = 0;
        for s in keep {
            let w = self.width.get(&s).copied().unwrap_or(0);
            shift.insert(s, total);
            width.insert(s, w);
            total += w;
        }
        Layout {
            groups_shift: total,
            shift,
            width,
            ..self.clone()
        }
    }

    /// The fields of a weight from the lowest: `Some(width)` for a plain field, `None` for a
    /// per-score-group field; the top field is what lies above them.
    fn fields(&self) -> Vec<Option<u32>> {
        let s = self.size_bits;
        let mut f = vec![Some(3 * s + 1)];
        for back in [2usize, 1] {
            if self.played_rounds >= back {
                f.extend([None, None]);
            }
        }
        for back in [2usize, 1] {
            if self.played_rounds >= back {
                f.extend([Some(s), Some(s)]);
            }
        }
        f.extend([Some(4 * s), Some(2 * s), None, Some(s), None, Some(s)]);
        f
    }

    /// Re-packs `w`, a weight in this layout, in layout `to` (the same but for the score
    /// groups). `None` when `w` uses a score group `to` lacks.
    pub fn relayout<const N: usize>(&self, w: Wide<N>, to: &Layout) -> Option<Wide<N>> {
        let (mut src, mut dst) = (0u32, 0u32);
        let mut out = Wide::<N>::ZERO;
        let copy = |out: Wide<N>, src: u32, dst: u32, width: u32| {
            let mut out = out;
            let mut done = 0;
            while done < width {
                let chunk = (width - done).min(32);
                out = out.add_at(dst + done, w.bits_at(src + done, chunk));
                done += chunk;
            }
            out
        };
        for field in self.fields() {
            match field {
                Some(width) => {
                    out = copy(out, src, dst, width);
                    src += width;
                    dst += width;
                }
                None => {
                    for (score, &sh) in &self.shift {
                        let width = self.width.get(score).copied().unwrap_or(0);
                        if w.bits_at(src + sh, width) == 0 {
                            continue;
                        }
                        let to_sh = *to.shift.get(score)?;
                        out = copy(out, src + sh, dst + to_sh, width);
                    }
                    src += self.groups_shift;
                    dst += to.groups_shift;
                }
            }
        }
        Some(out.wrapping_add(w.wrapping_shr(src).wrapping_shl(dst)))
    }

    /// The offset of the sub-field of score `s`.
    pub fn shift_of(&self, s: i32) -> u32 {
        self.shift.get(&s).copied().unwrap_or(0)
    }

    /// The number of bits below the top field of an edge weight.
    pub fn body_bits(&self) -> u32 {
        let s = self.size_bits;
        let g = self.groups_shift;
        let mut t = s + g + s + g + 2 * s + 4 * s;
        if self.played_rounds >= 1 {
            t += 2 * s + 2 * g;
        }
        if self.played_rounds >= 2 {
            t += 2 * s + 2 * g;
        }
        t + 3 * s + 1
    }

    /// An upper bound of every edge weight: all ones up to two bits above the body.
    pub fn max_weight<const N: usize>(&self) -> Wide<N> {
        Wide::<N>::from_u64(1)
            .wrapping_shl(self.body_bits() + 2)
            .sub_u64(1)
    }

    /// Whether the two may meet at all: C1 (no rematch) and C3 (non-topscorers with the same
    /// absolute colour preference must not meet).
    pub fn compatible(&self, field: &Field, a: &State, b: &State) -> bool {
        !field.have_met(a.id, b.id)
            && (!a.absolute()
                || !b.absolute()
                || a.pref != b.pref
                || (self.last_round
                    && (a.score > self.top_threshold || b.score > self.top_threshold)))
    }
}

/// What the bracket knows about the PAB (C5, C9).
#[derive(Debug, Clone, Default)]
pub struct ByeInfo {
    /// The score of the PAB receiver, as fixed by the first matching.
    pub score: i32,
    /// C9 applies: the bracket downfloats exactly one player, who gets the PAB.
    pub single_downfloater: bool,
    /// Rank of each played-games count among the players on the PAB score, more games first.
    pub unplayed_rank: BTreeMap<u32, u64>,
}

impl ByeInfo {
    /// Whether `p` may receive the PAB (C5: eligible, on the PAB score or below).
    pub fn candidate(&self, p: &State) -> bool {
        p.bye_eligible && p.score <= self.score
    }
}

/// Writes a weight's fields from the top down, each at its offset (no whole-width shifts).
struct Packer<const N: usize> {
    w: Wide<N>,
    /// The offset of the field written last.
    pos: u32,
}

impl<const N: usize> Packer<N> {
    /// A weight whose top field (above `body` bits) is `top`.
    fn new(top: u64, body: u32) -> Self {
        Packer {
            w: Wide::ZERO.add_at(body, top),
            pos: body,
        }
    }

    /// The next field: `width` bits holding `v`.
    #[inline]
    fn field(&mut self, width: u32, v: u64) {
        self.pos -= width;
        if v != 0 {
            self.w = self.w.add_at(self.pos, v);
        }
    }

    /// The next per-score-group field: one count added at each of the sub-fields of `scores`.
    #[inline]
    fn groups(&mut self, lay: &Layout, scores: &[Option<i32>]) {
        self.pos -= lay.groups_shift;
        for s in scores.iter().flatten() {
            self.w = self.w.add_at(self.pos + lay.shift_of(*s), 1);
        }
    }
}

/// The colour fields (C10-C13), seen from `player` (the lower of the two) against `opp`.
pub(super) fn colour_fields(player: &State, opp: &State) -> [bool; 4] {
    let same = player.pref == opp.pref;
    // C10: topscorers must not end with |CD| > 2.
    let c10 = !player.absolute_imbalance() || !opp.absolute_imbalance() || !same;
    // C11: nor get the same colour three times in a row.
    let c11 = !player.absolute()
        || !opp.absolute()
        || !same
        || if player.imbalance == opp.imbalance {
            player.repeated.is_none() || player.repeated != opp.repeated
        } else {
            let lesser = if player.imbalance > opp.imbalance {
                opp
            } else {
                player
            };
            lesser.repeated != player.pref.map(|c| !c)
        };
    // C12: colour preferences granted.
    let c12 = !same || player.pref.is_none() || opp.pref.is_none();
    // C13: strong colour preferences granted.
    let c13 = (!player.strong && !player.absolute())
        || (!opp.strong && !opp.absolute())
        || (player.absolute() && opp.absolute())
        || !same;
    [c10, c11, c12, c13]
}

/// C8's part of the weight of a pair of the next bracket whose higher player scores `hs`: with
/// the top field, all an edge to the next score group weighs when no PAB candidate is near.
pub fn next_bracket_part<const N: usize>(lay: &Layout, hs: i32) -> Wide<N> {
    let s = lay.size_bits;
    let mut w = Packer::<N>::new(0, lay.body_bits());
    w.field(s, 0);
    w.groups(lay, &[None]);
    w.field(s, 1);
    w.groups(lay, &[Some(hs)]);
    w.w
}

/// The base weight of the edge between `higher` and `lower` (who comes later in the order).
/// `in_current`: `lower` belongs to the bracket being paired; `in_next`: to the next one. Zero
/// when the two may not meet.
#[allow(clippy::too_many_arguments)] // the criteria need every one of these
pub fn edge_weight<const N: usize>(
    lay: &Layout,
    field: &Field,
    higher: &State,
    lower: &State,
    in_current: bool,
    in_next: bool,
    bye: &ByeInfo,
) -> Wide<N> {
    if !lay.compatible(field, higher, lower) {
        return Wide::ZERO;
    }
    let s = lay.size_bits;
    let hs = higher.score;
    let ls = lower.score;
    // C2, C4, C5: completion and PAB eligibility.
    let top = 1 + u64::from(!bye.candidate(higher)) + u64::from(!bye.candidate(lower));
    let mut w = Packer::<N>::new(top, lay.body_bits());
    // C6: pairs in the current bracket; C7: their scores.
    w.field(s, u64::from(in_current));
    w.groups(lay, &[in_current.then_some(hs)]);
    // C8: the same for the next bracket.
    w.field(s, u64::from(in_next));
    w.groups(lay, &[in_next.then_some(hs)]);
    // C9: the PAB receiver's unplayed games.
    let mut c9 = 0;
    if bye.single_downfloater {
        let rank = |p: &State| bye.unplayed_rank.get(&p.played_games).copied().unwrap_or(0);
        if hs == bye.score {
            c9 += rank(higher);
        }
        if ls == bye.score {
            c9 += rank(lower);
        }
    }
    w.field(2 * s, c9);
    // C10-C13.
    for c in colour_fields(lower, higher) {
        w.field(s, u64::from(in_current && c));
    }
    let cur = in_current;
    let lower_not_above = hs <= ls;
    for back in [1usize, 2] {
        if lay.played_rounds < back {
            continue;
        }
        // C14/C16: downfloaters repeated from one (two) rounds before; C15/C17: upfloaters.
        let mut f = u64::from(lower.float[back] == Float::Down);
        f += u64::from(lower_not_above && higher.float[back] == Float::Down);
        w.field(s, if cur { f } else { 0 });
        w.field(
            s,
            u64::from(cur && !(hs > ls && lower.float[back] == Float::Up)),
        );
    }
    for back in [1usize, 2] {
        if lay.played_rounds < back {
            continue;
        }
        // C18/C20: scores of repeated downfloaters; C19/C21: of repeated upfloaters' opponents.
        let down = |p: &State, sc: i32| (cur && p.float[back] == Float::Down).then_some(sc);
        w.groups(lay, &[down(lower, ls), down(higher, hs)]);
        let up = cur && !(lower.float[back] == Float::Up && hs > ls);
        w.groups(lay, &[up.then_some(hs)]);
    }
    // Below: room for the bracket procedure's ordering preferences (transpositions and
    // exchanges), `3 * s + 1` bits.
    debug_assert_eq!(w.pos, 3 * s + 1);
    w.w
}
