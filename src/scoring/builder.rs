//! Building an individual event's scored view ([`Tournament`]) round by round from games and
//! byes, as the tests and examples do: every round starts as [`RoundResult::Absent`] and each
//! game or bye fills in its sides. A team event's view comes from its
//! [`History`](crate::tournament::History) ([`History::scored`](crate::tournament::History::scored)).

use crate::model::{Colour, GameResult, Points};

use super::tournament::{
    Competitor, Edition, PlayedOutcome, ResultPoints, Round, RoundResult, Tournament,
};

/// An invalid game: a competitor or round out of range, or a competitor paired twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BuildError(pub String);

fn check(t: &Tournament, round: usize, who: &[usize]) -> Result<(), BuildError> {
    if round == 0 || round > t.rounds {
        return Err(BuildError(format!(
            "round {round} is not in 1..={} / 轮次{round}超出范围",
            t.rounds
        )));
    }
    for &w in who {
        let c = t.competitors.get(w).ok_or_else(|| {
            BuildError(format!("competitor {w} does not exist / 参赛者{w}不存在"))
        })?;
        if c.rounds.get(round - 1).map(|r| r.result) != Some(RoundResult::Absent) {
            return Err(BuildError(format!(
                "competitor {} already has a result in round {round} / 第{round}轮已有结果",
                c.start_no
            )));
        }
    }
    Ok(())
}

fn set(t: &mut Tournament, c: usize, round: usize, r: Round) {
    if let Some(slot) = t
        .competitors
        .get_mut(c)
        .and_then(|x| x.rounds.get_mut(round - 1))
    {
        *slot = r;
    }
}

fn empty(entrants: Vec<(u32, String, Option<u16>)>, rounds: usize) -> Vec<Competitor> {
    entrants
        .into_iter()
        .map(|(start_no, name, rating)| Competitor {
            start_no,
            name,
            rating,
            rounds: (0..rounds)
                .map(|_| Round::individual(RoundResult::Absent, Points::ZERO))
                .collect(),
            adjustment: Default::default(),
            final_adjustment: Default::default(),
        })
        .collect()
}

/// Builds an individual event.
#[derive(Debug, Clone)]
pub struct IndividualBuilder {
    t: Tournament,
}

impl IndividualBuilder {
    /// `entrants` are `(start number, name, rating)`; indices follow this order.
    pub fn new(
        entrants: Vec<(u32, String, Option<u16>)>,
        rounds: usize,
        scoring: ResultPoints,
        round_robin: bool,
        edition: Edition,
    ) -> IndividualBuilder {
        let mut t = Tournament::individual(empty(entrants, rounds), scoring, round_robin, edition);
        t.rounds = rounds;
        IndividualBuilder { t }
    }

    /// A game of `round` (1-based); `result` is White's (Red's).
    ///
    /// # Errors
    ///
    /// [`BuildError`] when a player or the round is out of range or already has a result.
    pub fn game(
        &mut self,
        round: usize,
        white: usize,
        black: usize,
        result: GameResult,
    ) -> Result<&mut Self, BuildError> {
        check(&self.t, round, &[white, black])?;
        if white == black {
            return Err(BuildError(format!("player {white} paired with itself")));
        }
        let s = self.t.game_scoring;
        for (me, opp, colour, res) in [
            (white, black, Colour::White, result),
            (black, white, Colour::Black, result.reversed()),
        ] {
            let colour = Some(colour);
            let (rr, pts) = match res {
                GameResult::Win => (played(opp, colour, PlayedOutcome::Win), s.win),
                GameResult::Draw => (played(opp, colour, PlayedOutcome::Draw), s.draw),
                GameResult::Loss => (played(opp, colour, PlayedOutcome::Loss), s.loss),
                GameResult::ForfeitWin => (
                    RoundResult::ForfeitWin {
                        opponent: opp,
                        colour,
                    },
                    s.win,
                ),
                GameResult::ForfeitLoss => (
                    RoundResult::ForfeitLoss {
                        opponent: opp,
                        colour,
                    },
                    Points::ZERO,
                ),
                GameResult::DoubleForfeit => (
                    RoundResult::DoubleForfeit {
                        opponent: opp,
                        colour,
                    },
                    Points::ZERO,
                ),
            };
            set(&mut self.t, me, round, Round::individual(rr, pts));
        }
        Ok(self)
    }

    /// A round without a game (PAB, full/half/zero-point bye, absence) worth `points`.
    ///
    /// # Errors
    ///
    /// [`BuildError`] when the player or round is out of range, already has a result, or
    /// `kind` is a game.
    pub fn bye(
        &mut self,
        round: usize,
        player: usize,
        kind: RoundResult,
        points: Points,
    ) -> Result<&mut Self, BuildError> {
        check(&self.t, round, &[player])?;
        if kind.opponent().is_some() {
            return Err(BuildError("a bye has no opponent".into()));
        }
        set(&mut self.t, player, round, Round::individual(kind, points));
        Ok(self)
    }

    /// The finished tournament.
    pub fn build(self) -> Tournament {
        self.t
    }
}

fn played(opponent: usize, colour: Option<Colour>, outcome: PlayedOutcome) -> RoundResult {
    RoundResult::Played {
        opponent,
        colour,
        outcome,
    }
}
