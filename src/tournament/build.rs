//! Building an individual event's [`History`] game by game, as the tests, benches and doc
//! examples do: every round starts unpaired and each game or bye fills in its sides. The run
//! builds the history from the round workbooks, `trf::history` from a TRF file; the standings
//! read every one of them through [`History::scored`].

use crate::model::{Colour, GameResult};

use super::history::{ByeKind, Entrant, History, Outcome, Slot};
use super::scored::ResultPoints;
use super::tables::ScoreTable;

/// An invalid game: an entrant or round out of range, or an entrant paired twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BuildError(pub String);

impl History {
    /// An individual event of `rounds` rounds, none paired yet. `entrants` are `(start number,
    /// name, rating)`, their indices in this order; games score `points`, the PAB and a
    /// full-point bye a win, a half-point bye a draw.
    pub fn individual(
        entrants: Vec<(u16, String, Option<u16>)>,
        rounds: usize,
        points: ResultPoints,
        round_robin: bool,
    ) -> History {
        History {
            entrants: entrants
                .into_iter()
                .map(|(start_no, name, rating)| Entrant {
                    start_no,
                    name,
                    rating,
                    federation: String::new(),
                    team: None,
                    rounds: vec![Slot::UNPAIRED; rounds],
                })
                .collect(),
            rounds_planned: rounds,
            rounds_played: rounds,
            game_points: ScoreTable {
                win: points.win,
                draw: points.draw,
                loss: points.loss,
                pab: points.win,
                half_bye: points.draw,
                ..ScoreTable::default()
            },
            round_robin: Some(round_robin),
            ..History::default()
        }
    }

    /// A game of `round` (1-based) between entrant indices; `result` is White's (Red's). A
    /// double forfeit is a forfeit loss on each side, as [`History::games`] reads it back.
    ///
    /// # Errors
    ///
    /// [`BuildError`] when an entrant or the round is out of range or already has a result, or
    /// an entrant is paired with itself.
    pub fn add_game(
        &mut self,
        round: usize,
        white: usize,
        black: usize,
        result: GameResult,
    ) -> Result<&mut Self, BuildError> {
        self.check_unpaired(round, &[white, black])?;
        if white == black {
            return Err(BuildError(format!("player {white} paired with itself")));
        }
        for (me, opponent, colour, res) in [
            (white, black, Colour::White, result),
            (black, white, Colour::Black, result.reversed()),
        ] {
            self.put(
                me,
                round,
                Slot {
                    opponent: Some(opponent),
                    colour: Some(colour),
                    outcome: Outcome::from(res),
                },
            );
        }
        Ok(self)
    }

    /// A round of `player` without a game: a bye of `kind`, worth what the game points table
    /// gives it. A round never filled in stays unpaired (an absence, no points).
    ///
    /// # Errors
    ///
    /// [`BuildError`] when the player or round is out of range or already has a result.
    pub fn add_bye(
        &mut self,
        round: usize,
        player: usize,
        kind: ByeKind,
    ) -> Result<&mut Self, BuildError> {
        self.check_unpaired(round, &[player])?;
        self.put(
            player,
            round,
            Slot {
                opponent: None,
                colour: None,
                outcome: Outcome::Bye(kind),
            },
        );
        Ok(self)
    }

    fn check_unpaired(&self, round: usize, who: &[usize]) -> Result<(), BuildError> {
        if round == 0 || round > self.rounds_planned {
            return Err(BuildError(format!(
                "round {round} is not in 1..={} / 轮次{round}超出范围",
                self.rounds_planned
            )));
        }
        for &w in who {
            let e = self.entrants.get(w).ok_or_else(|| {
                BuildError(format!("competitor {w} does not exist / 参赛者{w}不存在"))
            })?;
            if e.rounds.get(round - 1) != Some(&Slot::UNPAIRED) {
                return Err(BuildError(format!(
                    "competitor {} already has a result in round {round} / 第{round}轮已有结果",
                    e.start_no
                )));
            }
        }
        Ok(())
    }

    fn put(&mut self, i: usize, round: usize, slot: Slot) {
        if let Some(s) = self
            .entrants
            .get_mut(i)
            .and_then(|e| e.rounds.get_mut(round - 1))
        {
            *s = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::ViewOptions;
    use crate::tournament::scored::RoundResult;

    #[test]
    fn games_and_byes_read_back_as_typed() {
        let who = (1..=3).map(|n| (n, format!("P{n}"), None)).collect();
        let mut h = History::individual(who, 2, ResultPoints::TWO_ONE_ZERO, false);
        h.add_game(1, 0, 1, GameResult::DoubleForfeit).unwrap();
        h.add_bye(1, 2, ByeKind::Pab).unwrap();
        h.add_game(2, 2, 0, GameResult::ForfeitWin).unwrap();
        assert!(
            h.add_game(2, 1, 2, GameResult::Win).is_err(),
            "2 already has round 2"
        );
        assert!(
            h.add_bye(3, 1, ByeKind::Half).is_err(),
            "round out of range"
        );
        assert!(h.add_game(1, 1, 1, GameResult::Win).is_err());
        let t = h.scored(ViewOptions::default());
        let kinds: Vec<Vec<RoundResult>> = t
            .competitors
            .iter()
            .map(|c| c.rounds.iter().map(|r| r.result).collect())
            .collect();
        assert_eq!(
            kinds,
            [
                vec![
                    RoundResult::DoubleForfeit {
                        opponent: 1,
                        colour: Some(Colour::White)
                    },
                    RoundResult::ForfeitLoss {
                        opponent: 2,
                        colour: Some(Colour::Black)
                    }
                ],
                vec![
                    RoundResult::DoubleForfeit {
                        opponent: 0,
                        colour: Some(Colour::Black)
                    },
                    RoundResult::ZeroBye
                ],
                vec![
                    RoundResult::Pab,
                    RoundResult::ForfeitWin {
                        opponent: 0,
                        colour: Some(Colour::White)
                    }
                ],
            ]
        );
        // The PAB and the forfeit win score a xiangqi win, 2 points each.
        let pts: Vec<String> = t
            .competitors
            .iter()
            .map(|c| {
                c.rounds
                    .iter()
                    .map(|r| r.points)
                    .fold(crate::model::Points::ZERO, |a, b| a + b)
                    .to_string()
            })
            .collect();
        assert_eq!(pts, ["0.0", "0.0", "4.0"]);
    }
}
