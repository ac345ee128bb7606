//! What the pairing rules need to know about each team, derived once per round from its match
//! history: scores, opponents met, colour history (played matches only, GHR 3.4), colour
//! preference (1.7), PAB eligibility ([C2]) and whether it floated in the previous round (1.5).

use super::options::{ColourPreferenceType, ScoreKind, TeamSwissOptions};
use super::{RecordKind, TeamEntry};
use crate::model::{Colour, Points};

/// A colour preference (1.7): the colour and whether it is strong (Type A ones count as strong).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Preference {
    pub colour: Colour,
    pub strong: bool,
}

/// One team as the round's pairing sees it.
#[derive(Debug, Clone)]
pub(crate) struct TeamState {
    pub tpn: u16,
    /// The pairing score: the primary score with the `299` adjustments and the round's `250`
    /// virtual points (the score groups, the PAB, the floats).
    pub primary: Points,
    /// The primary score with the `299` adjustments, without virtual points (art. 4.2.1).
    pub standing: Points,
    /// The secondary score with the `299` adjustments (art. 4.2.2).
    pub secondary: Points,
    /// TPNs of teams met in counted matches ([C1]) and of those a `260` record keeps it from
    /// meeting this round.
    pub met: Vec<u16>,
    /// Board-1 colours of counted matches, oldest first (1.6.1, GHR 3.4).
    pub colours: Vec<Colour>,
    pub preference: Option<Preference>,
    /// Barred from the PAB by [C2].
    pub pab_barred: bool,
    /// Counted matches played (3.4.3).
    pub played: usize,
    /// Floated (met a team on another score) in the previous round (1.5).
    pub floated_last_round: bool,
}

impl TeamState {
    /// White minus Black (1.6.2).
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

fn counted(kind: RecordKind, opts: &TeamSwissOptions) -> bool {
    match kind {
        RecordKind::Played => true,
        RecordKind::ForfeitWin | RecordKind::ForfeitLoss | RecordKind::DoubleForfeit => {
            opts.forfeit_counts_as_played
        }
        RecordKind::Pab | RecordKind::FullBye | RecordKind::NotPaired => false,
    }
}

fn score(kind: ScoreKind, mp: Points, gp: Points) -> Points {
    match kind {
        ScoreKind::MatchPoints => mp,
        ScoreKind::GamePoints => gp,
    }
}

/// The `250` virtual points of team `t` when round `r + 1` was paired.
fn acceleration(t: &TeamEntry, r: usize) -> (Points, Points) {
    t.records
        .acceleration
        .get(r)
        .copied()
        .unwrap_or((Points::ZERO, Points::ZERO))
}

/// Builds the state of every team for pairing round `round` (1-based).
pub(crate) fn build(teams: &[TeamEntry], round: u32, opts: &TeamSwissOptions) -> Vec<TeamState> {
    let last_round = opts.total_rounds.is_some_and(|t| round >= t);
    // Primary score of each team before each round with that round's virtual points (as
    // Gacrux), for the float test of the previous round.
    let before = |t: &TeamEntry, r: usize| -> Points {
        let (mp, gp) = t.history.iter().take(r).fold(acceleration(t, r), |a, h| {
            (a.0 + h.match_points, a.1 + h.game_points)
        });
        score(opts.primary, mp, gp)
    };
    let prev = (round as usize).saturating_sub(2);
    teams
        .iter()
        .map(|t| {
            let (adj_mp, adj_gp) = t.records.adjustment;
            let mp = t.history.iter().map(|h| h.match_points).sum::<Points>() + adj_mp;
            let gp = t.history.iter().map(|h| h.game_points).sum::<Points>() + adj_gp;
            let (acc_mp, acc_gp) = acceleration(t, (round as usize).saturating_sub(1));
            let mut met = t.records.prohibited.clone();
            let mut colours = Vec::new();
            let mut pab_barred = false;
            let mut played = 0;
            for h in &t.history {
                if counted(h.kind, opts) {
                    played += 1;
                    if let Some(o) = h.opponent {
                        met.push(o);
                    }
                    if let Some(c) = h.colour {
                        colours.push(c);
                    }
                }
                if matches!(
                    h.kind,
                    RecordKind::Pab | RecordKind::ForfeitWin | RecordKind::FullBye
                ) {
                    pab_barred = true;
                }
            }
            met.sort_unstable();
            met.dedup();
            let floated_last_round = round >= 2
                && t.history.get(prev).is_some_and(|h| {
                    counted(h.kind, opts)
                        && h.opponent.is_some_and(|o| {
                            teams
                                .iter()
                                .find(|x| x.tpn == o)
                                .is_some_and(|x| before(x, prev) != before(t, prev))
                        })
                });
            let mut s = TeamState {
                tpn: t.tpn,
                primary: score(opts.primary, mp + acc_mp, gp + acc_gp),
                standing: score(opts.primary, mp, gp),
                secondary: opts.secondary.map_or(Points::ZERO, |k| score(k, mp, gp)),
                played,
                met,
                colours,
                preference: None,
                pab_barred,
                floated_last_round,
            };
            s.preference = preference(&s, opts.colour_preference, last_round);
            s
        })
        .collect()
}

/// The colour preference of C.04.6 1.7.
///
/// Type B in the last round: the strong clauses are tested first, so a CD-0 team with the same
/// colour in its last two matches keeps a strong preference; "no preference at CD 0 in the last
/// round" only closes the mild CD-0 clause (the reading of the FIDE reference engine, RULES §B.3).
pub(crate) fn preference(
    s: &TeamState,
    kind: ColourPreferenceType,
    last_round: bool,
) -> Option<Preference> {
    if kind == ColourPreferenceType::None || s.colours.is_empty() {
        return None;
    }
    let cd = s.colour_difference();
    let n = s.colours.len();
    let last_two = |c: Colour| n >= 2 && s.colours[n - 1] == c && s.colours[n - 2] == c;
    let strong = if cd < -1 || ((cd == 0 || cd == -1) && last_two(Colour::Black)) {
        Some(Colour::White)
    } else if cd > 1 || ((cd == 0 || cd == 1) && last_two(Colour::White)) {
        Some(Colour::Black)
    } else {
        None
    };
    if let Some(colour) = strong {
        return Some(Preference {
            colour,
            strong: true,
        });
    }
    if kind == ColourPreferenceType::A {
        return None;
    }
    let last = s.colours.last().copied();
    let mild = match cd {
        -1 => Some(Colour::White),
        1 => Some(Colour::Black),
        0 if !last_round => last.map(|c| !c),
        _ => None,
    };
    mild.map(|colour| Preference {
        colour,
        strong: false,
    })
}
