//! The scored view of a [`History`] ([`History::scored`]): individual events from the players'
//! rounds, team events from their members' boards ([`super::view_teams`]).
//!
//! Only the rounds played count ([`History::rounds_played`]): a round paired but without any
//! result, individual or team, is not scored (its blank results are neither forfeits nor
//! drawn matches).

use super::history::{ByeKind, History, Outcome, Slot};
use super::scored::{
    Adjustment, Competitor, Edition, PlayedOutcome, Round, RoundResult, Tournament,
};

/// How a tournament was paired, which C.07 treats differently (unplayed rounds, 15.2; the
/// Buchholz of a round robin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// As the event states ([`History::round_robin`]), else guessed from the number of
    /// competitors and rounds.
    #[default]
    Auto,
    /// A round robin: pre-set pairings (`trf standings --round-robin`).
    RoundRobin,
    /// A Swiss (`trf standings --swiss`).
    Swiss,
}

/// Options of the scored view.
#[derive(Debug, Clone, Copy, Default)]
pub struct ViewOptions {
    /// Rules edition; `None` = the history's (today's rules, 2026-03, when it has none).
    pub edition: Option<Edition>,
    /// Round robin or Swiss.
    pub layout: Layout,
}

impl History {
    /// The scored view: one [`Competitor`] per player (or team, when the history has teams)
    /// with one typed result per round played.
    ///
    pub fn scored(&self, opts: ViewOptions) -> Tournament {
        let edition = opts.edition.or(self.edition).unwrap_or(Edition::E2026);
        let rounds = self
            .entrants
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
            .min(self.rounds_played);
        let players = self.scored_players(rounds);
        if self.teams.is_empty() {
            let rr = self.is_round_robin(opts.layout, players.len(), rounds);
            return Tournament::individual(players, self.game_points.result_points(), rr, edition);
        }
        self.scored_teams(&players, rounds, edition, opts.layout)
    }

    /// Round robin per `layout`, for [`Layout::Auto`] as the history states, else by the number
    /// of competitors and rounds (one or two cycles).
    pub(super) fn is_round_robin(&self, layout: Layout, competitors: usize, rounds: usize) -> bool {
        match layout {
            Layout::RoundRobin => true,
            Layout::Swiss => false,
            Layout::Auto => self.round_robin.unwrap_or(
                competitors == rounds + 1
                    || competitors == rounds
                    || competitors * 2 == rounds + 1
                    || competitors * 2 == rounds,
            ),
        }
    }

    /// The `299` adjustments of pairing number `no` (a player, or a team in a team event)
    /// once `rounds` rounds are played: those counted in every score, and those of the final
    /// standings only.
    pub(super) fn adjustments_of(&self, no: u16, rounds: usize) -> (Adjustment, Adjustment) {
        let mut all = Adjustment::default();
        let mut last = Adjustment::default();
        for a in self.adjustments.iter().filter(|a| a.numbers.contains(&no)) {
            let to = if a.round == super::Adjustment::STANDINGS_ONLY {
                &mut last
            } else if a.counts_after(rounds) {
                &mut all
            } else {
                continue;
            };
            to.match_points += a.match_points;
            to.game_points += a.game_points;
        }
        (all, last)
    }

    fn scored_players(&self, rounds: usize) -> Vec<Competitor> {
        let rounds_n = rounds;
        let g = &self.game_points;
        self.entrants
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let rounds = (0..rounds)
                    .map(|r| {
                        let Some(s) = p.rounds.get(r) else {
                            return Round::individual(RoundResult::Absent, g.absent);
                        };
                        let opp_forfeited =
                            s.opponent.and_then(|o| self.slot(o, r)).is_some_and(|q| {
                                q.outcome == Outcome::ForfeitLoss && q.opponent == Some(i)
                            });
                        // A forfeit loss scores the absence value of the game points table, as
                        // the standings have always read it (`ScoreTable::points` gives it 0).
                        let points = match s.outcome {
                            Outcome::ForfeitLoss => g.absent,
                            o => g.points(o),
                        };
                        Round::individual(player_round(s, opp_forfeited), points)
                    })
                    .collect();
                // A player has one score: the points of columns 14-17 count as both kinds,
                // as FIDE's reader files them.
                let one = |a: Adjustment| Adjustment {
                    match_points: a.game_points,
                    game_points: a.game_points,
                };
                let (adjustment, final_adjustment) = if self.teams.is_empty() {
                    let (a, f) = self.adjustments_of(p.start_no, rounds_n);
                    (one(a), one(f))
                } else {
                    Default::default()
                };
                Competitor {
                    start_no: u32::from(p.start_no),
                    name: p.name.clone(),
                    rating: p.rating,
                    rounds,
                    adjustment,
                    final_adjustment,
                }
            })
            .collect()
    }
}

/// The round of one player, given whether the opponent also forfeited (a double forfeit).
fn player_round(s: &Slot, opp_forfeited: bool) -> RoundResult {
    use Outcome as O;
    let colour = s.colour;
    let played = |opponent, outcome| RoundResult::Played {
        opponent,
        colour,
        outcome,
    };
    match (s.outcome, s.opponent) {
        (O::Win, Some(o)) => played(o, PlayedOutcome::Win),
        (O::Draw, Some(o)) => played(o, PlayedOutcome::Draw),
        (O::Loss, Some(o)) => played(o, PlayedOutcome::Loss),
        (O::ForfeitWin, Some(opponent)) => RoundResult::ForfeitWin { opponent, colour },
        (O::ForfeitLoss, Some(opponent)) if opp_forfeited => {
            RoundResult::DoubleForfeit { opponent, colour }
        }
        (O::ForfeitLoss, Some(opponent)) => RoundResult::ForfeitLoss { opponent, colour },
        (O::Bye(ByeKind::Pab), _) => RoundResult::Pab,
        (O::Bye(ByeKind::Full) | O::Win | O::ForfeitWin, _) => RoundResult::FullBye,
        (O::Bye(ByeKind::Half) | O::Draw, _) => RoundResult::HalfBye,
        (O::Bye(ByeKind::Zero) | O::Unpaired, Some(opponent)) => {
            RoundResult::ForfeitLoss { opponent, colour }
        }
        _ => RoundResult::ZeroBye,
    }
}
