//! The FIDE Swiss Team Pairing System, C.04.6 (effective 1 Feb 2026), as condensed in RULES §B.3.
//!
//! - [`TeamSwiss`] pairs the next round of a [`History`] (the season's rounds, or a TRF-26 team
//!   file: records 001, 310 or 013, 162, 192, 300, 320, 330, 352, 362). Inside, `read_history`
//!   turns the history into each team's match records (`TeamEntry`), which `pair_teams` pairs.
//!
//! Inside: [`state`](self) derives scores, colour preferences (1.7) and floats (1.5); the bracket
//! module runs art. 3 (PAB, upfloaters, lexicographic bracket pairing) on top of two matching
//! solvers that know nothing about chess; the colour module applies art. 4.
//!
//! Readings chosen where the text is open (RULES §B.3, each configurable or documented):
//! forfeited matches are not "played" ([`TeamSwissOptions::forfeit_counts_as_played`]); [C6] is
//! pass/fail (the following scoregroup reaches its parity minimum of upfloaters), or graded
//! ([`TeamSwissOptions::c6_graded`]); "comply with"
//! [C7]-[C10] means "as far as possible"; bracket members are top/bottom by TPN alone (3.6.1);
//! a PAB is not a float.

mod bracket;
pub(crate) mod cardinality;
mod colour;
mod input;
mod options;
mod state;
pub(crate) mod weighted;

pub(crate) use colour::ColourRule;
pub(crate) use input::read_history;
pub use options::{ColourPreferenceType, ScoreKind, TeamSwissOptions};

use super::{Error, Pairing, PairingSystem};
use crate::model::{Colour, Points};
use crate::tournament::History;

/// What happened to a team in one past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RecordKind {
    /// A match with at least one board played over the board.
    Played,
    /// The team won the match by forfeit (TRF `330`, or every board `+`).
    ForfeitWin,
    /// The team lost the match by forfeit.
    ForfeitLoss,
    /// Neither team appeared.
    DoubleForfeit,
    /// The pairing-allocated bye.
    Pab,
    /// A (deprecated) full-point bye: blocks the PAB like a forfeit win ([C2]).
    FullBye,
    /// Not paired: absent, withdrawn, a half- or zero-point bye.
    NotPaired,
}

/// One past round of a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MatchRecord {
    /// The opposing team's TPN, for matches (played or forfeited).
    pub opponent: Option<u16>,
    /// The team's board-1 colour as scheduled (1.6.1), for matches.
    pub colour: Option<Colour>,
    /// What kind of round it was.
    pub kind: RecordKind,
    /// Match points scored in the round.
    pub match_points: Points,
    /// Game points scored in the round.
    pub game_points: Points,
}

/// A team with its history, as the engine's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TeamEntry {
    /// Tournament pairing number (1.1).
    pub tpn: u16,
    /// Rounds 1, 2, ... already played, in order.
    pub history: Vec<MatchRecord>,
    /// Whether the team is to be paired this round (`false`: withdrawn or known absent).
    pub available: bool,
    /// What the TRF-26 records `299`, `250` and `260` say about the team.
    pub records: TeamRecords,
}

/// A team's TRF-26 records beyond its matches, as `(match points, game points)`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct TeamRecords {
    /// The `299` penalties and bonuses counted when this round is paired: in the pairing score
    /// and in the scores of art. 4.2 (the first team of a pair).
    pub adjustment: (Points, Points),
    /// The `250` virtual points added to the pairing score when round `r + 1` was paired
    /// (index `r`, this round included): in the score groups and the float test (1.5) of the
    /// round they belong to, never in art. 4.2.
    pub acceleration: Vec<(Points, Points)>,
    /// The teams it must not meet this round (`260`): an absolute criterion, as [C1].
    pub prohibited: Vec<u16>,
}

/// One pair of a round, as art. 4 coloured it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TeamPair {
    /// The team with White on board 1 (listed first).
    pub white: u16,
    /// The team with Black on board 1.
    pub black: u16,
    /// The pair's first team of 4.2 (higher score, then smaller TPN): it is not always White.
    pub first_team: u16,
    /// The art. 4.3 rule that decided the colours.
    pub rule: ColourRule,
}

/// The pairing of one round of a team Swiss.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct TeamPairing {
    /// The pairs, ordered by their first teams (score, then TPN).
    pub pairs: Vec<TeamPair>,
    /// The team receiving the PAB.
    pub bye: Option<u16>,
}

impl From<TeamPairing> for Pairing {
    fn from(p: TeamPairing) -> Pairing {
        Pairing {
            pairs: p.pairs.iter().map(|x| (x.white, x.black)).collect(),
            bye: p.bye,
        }
    }
}

/// Pairs round `round` (1-based) of a team Swiss from the teams' histories.
///
/// # Errors
///
/// [`Error::BadInput`] for duplicate TPNs; [`Error::NoLegalPairing`] when no pairing satisfies
/// [C1]/[C2] (3.3.3: the Chief Arbiter decides).
pub(crate) fn pair_teams(
    teams: &[TeamEntry],
    round: u32,
    opts: &TeamSwissOptions,
) -> Result<TeamPairing, Error> {
    let mut sorted: Vec<&TeamEntry> = teams.iter().collect();
    sorted.sort_by_key(|t| t.tpn);
    if sorted.windows(2).any(|w| w[0].tpn == w[1].tpn) {
        return Err(Error::BadInput(
            "team_swiss: duplicate team pairing number".into(),
        ));
    }
    let all_states = state::build(teams, round, opts);
    let mut states: Vec<state::TeamState> = sorted
        .iter()
        .filter(|t| t.available)
        .filter_map(|t| all_states.iter().find(|s| s.tpn == t.tpn).cloned())
        .collect();
    states.sort_by_key(|s| s.tpn);
    let float_rules = opts.total_rounds.is_none_or(|t| round + 1 < t);
    let ctx = bracket::Ctx::new(&states, float_rules, opts.colour_preference, opts.c6_graded);
    let (pairs, pab) = bracket::pair_round(&ctx).ok_or(Error::NoLegalPairing { round })?;
    let mut out: Vec<(usize, TeamPair)> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (f, o) = if colour::first_team_order(&states[a], &states[b]).is_le() {
                (a, b)
            } else {
                (b, a)
            };
            let (c, rule) = colour::allocate(
                &states[f],
                &states[o],
                opts.colour_preference,
                opts.initial_colour,
            );
            let (w, bl) = if c == Colour::White { (f, o) } else { (o, f) };
            (
                f,
                TeamPair {
                    white: states[w].tpn,
                    black: states[bl].tpn,
                    first_team: states[f].tpn,
                    rule,
                },
            )
        })
        .collect();
    out.sort_by(|x, y| colour::first_team_order(&states[x.0], &states[y.0]));
    Ok(TeamPairing {
        pairs: out.into_iter().map(|x| x.1).collect(),
        bye: pab.map(|i| states[i].tpn),
    })
}

/// The FIDE team Swiss (C.04.6) with its options as a [`PairingSystem`]: pairs the round after
/// the last one played. The history's system code (`192`), round count and initial colour
/// override the options (see [`read_history`]).
#[derive(Debug, Clone, Default)]
pub struct TeamSwiss {
    /// The options before the history's own.
    pub options: TeamSwissOptions,
}

impl PairingSystem for TeamSwiss {
    /// # Errors
    ///
    /// [`Error::BadInput`] when the history holds no teams; [`Error::NoLegalPairing`] when no
    /// pairing satisfies the absolute criteria (a `260` prohibited pairing among them).
    fn pair(&self, history: &History) -> Result<Pairing, Error> {
        let input = read_history(history, &self.options)?;
        pair_teams(&input.teams, input.next_round, &input.options).map(Pairing::from)
    }
}

#[cfg(test)]
mod tests;
