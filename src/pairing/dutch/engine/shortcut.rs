//! A proven shortcut for a homogeneous bracket (no MDPs, every player on one score): round 1 of
//! any field, and most of the big score groups of the early rounds.
//!
//! The bracket procedure picks, among the matchings that are best on every criterion, the one
//! with the fewest exchanges and then the first in transposition order: S1 (the bracket's top
//! half) in order, each S1 player with the first S2 player that still allows a best matching.
//! Here S1 is the top half and each S1 player takes, greedily, the first free S2 player it may
//! meet that keeps C10 and C11 unbroken and C12 and C13 within their lower bounds (counted
//! from the colour preferences alone) and, when one player is left over, leaves free one
//! who is no earlier downfloater. When an S1 player finds none, the one before him takes his
//! next S2 player (the next transposition: a depth-first search in transposition order, a
//! bounded number of steps back). When the greedy pairs the whole bracket (all but one),
//! it reaches a lower bound of every criterion, so it is a best matching: then every S2
//! player it skipped could not be in one, and the greedy's pairing is the procedure's. It
//! finds no pairing that needs exchanges (S1 players paired among themselves): those go to
//! the procedure, as do brackets where the search gives up. For a bracket with more score
//! groups below, the rest of the
//! field must still pair among itself (the completion, found explicitly); as the bracket is
//! paired whole, nothing it does changes the weights below it (C8 onwards). When any of this
//! cannot be shown, the bracket goes to the bracket procedure.
//!
//! Float criteria (C14-C21) count each player of a homogeneous bracket alone, whoever their
//! opponent, so they are the same for every matching that pairs the bracket whole; with one
//! player left over (the PAB, or a downfloater), that player must be no earlier downfloater.
//! C9 (the PAB receiver's unplayed games) counts each player at the PAB score alone,
//! likewise; it is counted only in the last bracket (see [`super::pair`] for a bracket just
//! above the PAB's score group).

use crate::model::Colour;
use crate::pairing::dutch::state::{Field, Float, State};
use crate::pairing::dutch::weights::{ByeInfo, Layout, colour_fields};

#[cfg(test)]
thread_local! {
    /// Tests turn the shortcut off (`.0`) to compare, and count the brackets it paired (`.1`).
    pub static SHORTCUT: std::cell::Cell<(bool, usize)> = const { std::cell::Cell::new((true, 0)) };
}

#[cfg(test)]
thread_local! {
    /// Tests count the new paths taken: brackets paired with the PAB on the score group just
    /// below (`.0`, see [`super::pair`]), and brackets whose greedy skipped an S2 player to
    /// leave over one who is no earlier downfloater or took the next transposition (`.1`).
    pub static PATHS: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

/// Counts a path taken (tests only): `.0` when `pab_below`, else `.1`.
pub(super) fn count_path(pab_below: bool) {
    #[cfg(test)]
    PATHS.with(|c| {
        let (a, b) = c.get();
        c.set(if pab_below { (a + 1, b) } else { (a, b + 1) });
    });
    #[cfg(not(test))]
    let _ = pab_below;
}

fn shortcut_on() -> bool {
    #[cfg(test)]
    return SHORTCUT.with(|c| c.get().0);
    #[cfg(not(test))]
    true
}

fn count_shortcut() {
    #[cfg(test)]
    SHORTCUT.with(|c| {
        let (on, k) = c.get();
        c.set((on, k + 1));
    });
}

const NONE: usize = usize::MAX;

/// The round as the shortcut sees it.
pub(super) struct Round<'a> {
    pub field: &'a Field,
    pub sorted: &'a [usize],
    pub lay: &'a Layout,
    pub bye: &'a ByeInfo,
    /// Whether the field is odd (one player gets the PAB).
    pub odd: bool,
}

impl Round<'_> {
    fn state(&self, v: usize) -> &State {
        &self.field.states[self.sorted[v]]
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.lay
            .compatible(self.field, self.state(a), self.state(b))
    }

    /// The pairs (vertices, higher first) of the bracket of `mdp` (a player carried down, if
    /// any) and the residents `begin..end`, and the player it carries down, when the bracket
    /// procedure provably pairs it so; `None` otherwise. Every vertex from `end` on is below
    /// the bracket.
    pub fn pair(&self, mdp: Option<usize>, begin: usize, end: usize) -> Option<Paired> {
        let n = self.sorted.len();
        if !shortcut_on() || end > n || begin >= end {
            return None;
        }
        let score = self.state(begin).score;
        if (begin..end).any(|v| self.state(v).score != score)
            || mdp.is_some_and(|x| self.state(x).score <= score)
        {
            return None;
        }
        let len = end - begin + usize::from(mdp.is_some());
        let last = end == n;
        if len < 2 || len.is_multiple_of(2) && last && self.odd {
            return None;
        }
        let players: Vec<usize> = mdp.into_iter().chain(begin..end).collect();
        let (mut budget12, mut budget13) = self.colour_bounds(&players);
        let mut residents: Vec<usize> = (begin..end).collect();
        let mut pairs = Vec::with_capacity(len / 2);
        if let Some(x) = mdp {
            // The MDP meets the first resident it may (S2 order) who is no earlier upfloater
            // (C15, C17: the MDP floats them up).
            let up = |v: usize| {
                let f = self.state(v).float;
                f[1] == Float::Up || f[2] == Float::Up
            };
            let i = residents
                .iter()
                .position(|&y| !up(y) && self.fits(x, y, &mut budget12, &mut budget13))?;
            pairs.push((x, residents.remove(i)));
        }
        let mut steered = false;
        let left = self.greedy(
            &residents,
            &mut pairs,
            &mut budget12,
            &mut budget13,
            &mut steered,
        );
        let left = left?;
        match left {
            Some(x) => {
                if earlier_down(self.state(x).float) {
                    return None;
                }
                if last {
                    if !self.odd || !self.pab_is_best(begin..end, x) {
                        return None;
                    }
                } else if !self.completes(Some(x), end) {
                    return None;
                }
            }
            None if !last && !self.completes(None, end) => return None,
            None => {}
        }
        count_shortcut();
        if steered {
            count_path(false);
        }
        Some(Paired { pairs, left })
    }

    /// The pairs breaking C12 and C13 that `a` meeting `b` (the lower) adds, when they may
    /// meet without breaking C10 or C11.
    fn cost(&self, a: usize, b: usize) -> Option<(usize, usize)> {
        if !self.compatible(a, b) {
            return None;
        }
        let [c10, c11, c12, c13] = colour_fields(self.state(b), self.state(a));
        (c10 && c11).then_some((usize::from(!c12), usize::from(!c13)))
    }

    /// Whether `a` may meet `b` (the lower) within the colour budgets; if so, spends them.
    fn fits(&self, a: usize, b: usize, budget12: &mut usize, budget13: &mut usize) -> bool {
        match self.cost(a, b) {
            Some((bad12, bad13)) if bad12 <= *budget12 && bad13 <= *budget13 => {
                *budget12 -= bad12;
                *budget13 -= bad13;
                true
            }
            _ => false,
        }
    }

    /// S1 (the first half of `list`) in order, each with the first free S2 player that keeps
    /// the colour criteria within the budgets, the S1 players after it still able to meet
    /// the free S2 players within what is left of them (counted by colour preference alone),
    /// and, with one S2 player left over, one who is no earlier downfloater still free. When
    /// an S1 player finds none, the S1 player before him takes his next S2 player instead
    /// (the next transposition), a bounded number of times; each test is one every best
    /// matching without exchanges must pass, so the first pairing found is the first such
    /// matching in transposition order. Returns the S2 player left over, if any; `None` when
    /// there is no such pairing or the search gives up. `steered`: whether a skip for the
    /// player left over or a step back was taken.
    fn greedy(
        &self,
        list: &[usize],
        pairs: &mut Vec<(usize, usize)>,
        budget12: &mut usize,
        budget13: &mut usize,
        steered: &mut bool,
    ) -> Option<Option<usize>> {
        let half = list.len() / 2;
        let s2 = &list[half..];
        let tally = |vs: &[usize]| {
            let mut t = Tally::default();
            vs.iter().for_each(|&v| t.count(self.state(v), true));
            t
        };
        let mut rest = (tally(&list[..half]), tally(s2));
        // S2's free players as a linked list in order (`next` of each, `NONE` at the end).
        let mut next: Vec<usize> = (1..=s2.len())
            .map(|i| if i < s2.len() { i } else { NONE })
            .collect();
        let mut head = if s2.is_empty() { NONE } else { 0 };
        // With one S2 player left over (he floats down, or takes the PAB), he must be no
        // earlier downfloater for C14 and C16 to reach their bound (nobody): the S2 players
        // left free keep one such, when S2 has any.
        let clean = |v: usize| !earlier_down(self.state(v).float);
        let mut clean_free = if list.len() % 2 == 1 {
            s2.iter().filter(|&&v| clean(v)).count()
        } else {
            0
        };
        // Per S1 player paired: the S2 index taken, the one before it in the list, the cost.
        let mut taken: Vec<(usize, usize, (usize, usize))> = Vec::with_capacity(half);
        let mut backtracks = 2 * list.len() + 64;
        // Where the scan of the current S1 player resumes: `(prev, j)`, and whether it starts.
        let mut resume = (NONE, head);
        let mut fresh = true;
        while taken.len() < half {
            let a = list[taken.len()];
            if fresh {
                rest.0.count(self.state(a), false);
            }
            let (mut prev, mut j) = resume;
            let mut found = None;
            while j != NONE {
                if let Some((bad12, bad13)) = self.cost(a, s2[j])
                    && bad12 <= *budget12
                    && bad13 <= *budget13
                {
                    rest.1.count(self.state(s2[j]), false);
                    if rest.0.least12(&rest.1) + bad12 <= *budget12
                        && rest.0.least13(&rest.1) + bad13 <= *budget13
                    {
                        if clean_free != 1 || !clean(s2[j]) {
                            found = Some((bad12, bad13));
                            break;
                        }
                        *steered = true;
                    }
                    rest.1.count(self.state(s2[j]), true);
                }
                prev = j;
                j = next[j];
            }
            if let Some((bad12, bad13)) = found {
                *budget12 -= bad12;
                *budget13 -= bad13;
                clean_free -= usize::from(clean(s2[j]) && clean_free > 0);
                if prev == NONE {
                    head = next[j];
                } else {
                    next[prev] = next[j];
                }
                taken.push((j, prev, (bad12, bad13)));
                (resume, fresh) = ((NONE, head), true);
                continue;
            }
            // No S2 player for `a`: the S1 player before takes his next one.
            rest.0.count(self.state(a), true);
            let (j, prev, (bad12, bad13)) = taken.pop()?;
            backtracks = backtracks.checked_sub(1)?;
            *steered = true;
            if prev == NONE {
                head = j;
            } else {
                next[prev] = j;
            }
            *budget12 += bad12;
            *budget13 += bad13;
            rest.1.count(self.state(s2[j]), true);
            if list.len() % 2 == 1 && clean(s2[j]) {
                clean_free += 1;
            }
            (resume, fresh) = ((j, next[j]), false);
        }
        for (i, &(j, _, _)) in taken.iter().enumerate() {
            pairs.push((list[i], s2[j]));
        }
        Some((head != NONE).then(|| s2[head]))
    }

    /// Lower bounds of the pairs that break C12 and C13 in any pairing of the bracket (of all
    /// but one player when its size is odd).
    fn colour_bounds(&self, players: &[usize]) -> (usize, usize) {
        let len = players.len();
        let (mut b12, mut b13) = (0, 0);
        for c in [Colour::White, Colour::Black] {
            let mut wants = 0usize;
            let mut strong = 0usize;
            let mut absolute = 0usize;
            for &v in players {
                let st = self.state(v);
                if st.pref != Some(c) {
                    continue;
                }
                wants += 1;
                if st.absolute() {
                    absolute += 1;
                } else if st.strong {
                    strong += 1;
                }
            }
            // Those wanting `c` beyond the others (and the one left over) meet each other.
            let room = len + len % 2;
            b12 += (2 * wants).saturating_sub(room) / 2;
            // A strong preference for `c` is broken unless its opponent wants no strong `c`.
            b13 += (2 * strong + absolute).saturating_sub(room).div_ceil(2);
        }
        (b12, b13)
    }

    /// Whether leaving resident `x` over for the PAB is best: a PAB candidate, and the one
    /// with the fewest unplayed games among all the bracket's resident candidates when C9
    /// counts them (whoever the MDP meets).
    fn pab_is_best(&self, residents: std::ops::Range<usize>, x: usize) -> bool {
        let st = self.state(x);
        if !self.bye.candidate(st) {
            return false;
        }
        if !self.bye.single_downfloater || st.score != self.bye.score {
            return true;
        }
        let rank = |p: &State| self.bye.unplayed_rank.get(&p.played_games).copied();
        let Some(own) = rank(st) else { return false };
        residents
            .map(|v| self.state(v))
            .filter(|p| self.bye.candidate(p))
            .all(|p| rank(p).is_some_and(|r| r >= own))
    }

    /// Whether the players from `start` on, with `x` carried down, pair among themselves
    /// (all but one PAB candidate when the field is odd), `x` within the next score group and
    /// that group with all but at most one of its players paired within itself (the most
    /// pairs C8 allows). Each player in order takes a free compatible one among those waiting.
    fn completes(&self, x: Option<usize>, start: usize) -> bool {
        let n = self.sorted.len();
        let group_end = (start..n)
            .find(|&v| self.state(v).score != self.state(start).score)
            .unwrap_or(n);
        let mut waiting: Vec<usize> = x.into_iter().collect();
        for v in start..n {
            if v == group_end && x.is_some_and(|x| waiting.len() > 1 || waiting.contains(&x)) {
                return false;
            }
            match waiting.iter().position(|&w| self.compatible(w, v)) {
                Some(i) => {
                    waiting.remove(i);
                }
                None => waiting.push(v),
            }
        }
        if group_end == n && x.is_some_and(|x| waiting.contains(&x)) {
            return false;
        }
        match waiting.as_slice() {
            [] => !self.odd,
            [w] => self.odd && self.bye.candidate(self.state(*w)),
            _ => false,
        }
    }
}

/// Whether a player floated down in either of the last two rounds (C14, C16).
fn earlier_down(f: [Float; 3]) -> bool {
    f[1] == Float::Down || f[2] == Float::Down
}

/// What the shortcut made of a bracket.
pub(super) struct Paired {
    /// The pairs, as vertices, higher first.
    pub pairs: Vec<(usize, usize)>,
    /// The player carried down into the next bracket (or given the PAB).
    pub left: Option<usize>,
}

/// Colour preferences of a set of players: how many want each colour (White, Black), and of
/// those how many strongly (not absolutely) and absolutely.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    total: usize,
    wants: [usize; 2],
    strong: [usize; 2],
    absolute: [usize; 2],
}

impl Tally {
    /// Counts `st` in (`add`) or out.
    fn count(&mut self, st: &State, add: bool) {
        let step = |x: &mut usize| *x = if add { *x + 1 } else { x.saturating_sub(1) };
        step(&mut self.total);
        let Some(c) = st.pref else { return };
        let c = usize::from(c == Colour::Black);
        step(&mut self.wants[c]);
        if st.absolute() {
            step(&mut self.absolute[c]);
        } else if st.strong {
            step(&mut self.strong[c]);
        }
    }

    /// The fewest pairs breaking C12 when each of these players meets one of `r` (no fewer
    /// than `r`): those wanting a colour beyond the players of `r` who do not (Hall's
    /// deficiency over the preference types).
    fn least12(&self, r: &Tally) -> usize {
        let none = r.total - r.wants[0] - r.wants[1];
        (0..2)
            .map(|c| self.wants[c].saturating_sub(r.wants[1 - c] + none))
            .max()
            .unwrap_or(0)
    }

    /// The same for C13: a strong preference is broken against anyone who strongly or
    /// absolutely wants the same colour; an absolute one against a strong one.
    fn least13(&self, r: &Tally) -> usize {
        (0..2)
            .map(|c| {
                let strong = self.strong[c].saturating_sub(r.total - r.strong[c] - r.absolute[c]);
                let both =
                    (self.strong[c] + self.absolute[c]).saturating_sub(r.total - r.strong[c]);
                strong.max(both)
            })
            .max()
            .unwrap_or(0)
    }
}
