//! Building a [`Tournament`] round by round from games and matches, as the run pipeline and
//! the tests do: every round starts as [`RoundResult::Absent`] and each game, match or bye
//! fills in both sides.

use crate::model::{Colour, GameResult, Points};

use super::tournament::{
    BoardGame, BoardResult, Competitor, Edition, PlayedOutcome, ResultPoints, Round, RoundResult,
    ScoreKind, Tournament, TournamentKind, team_match_round,
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

/// Builds a team event.
#[derive(Debug, Clone)]
pub struct TeamBuilder {
    t: Tournament,
}

impl TeamBuilder {
    /// `teams` are `(team number, name)`; indices follow this order.
    pub fn new(
        teams: Vec<(u32, String)>,
        rounds: usize,
        boards: usize,
        game_scoring: ResultPoints,
        match_scoring: ResultPoints,
        round_robin: bool,
        edition: Edition,
    ) -> TeamBuilder {
        let competitors = empty(
            teams.into_iter().map(|(n, s)| (n, s, None)).collect(),
            rounds,
        );
        TeamBuilder {
            t: Tournament {
                competitors,
                rounds,
                kind: TournamentKind::Team { boards },
                game_scoring,
                match_scoring,
                primary: ScoreKind::Match,
                round_robin,
                edition,
            },
        }
    }

    /// A match of `round`; `first` is the first-named team, `colours[i]` its colour on board
    /// `i + 1` and `results[i]` its result there.
    ///
    /// # Errors
    ///
    /// [`BuildError`] when a team or the round is out of range or already has a result.
    pub fn team_match(
        &mut self,
        round: usize,
        first: usize,
        second: usize,
        colours: &[Colour],
        results: &[GameResult],
    ) -> Result<&mut Self, BuildError> {
        check(&self.t, round, &[first, second])?;
        let g = self.t.game_scoring;
        let pts = |r: GameResult| match r {
            GameResult::Win | GameResult::ForfeitWin => g.win,
            GameResult::Draw => g.draw,
            GameResult::Loss => g.loss,
            GameResult::ForfeitLoss | GameResult::DoubleForfeit => Points::ZERO,
        };
        let side = |rev: bool| -> Vec<BoardGame> {
            results
                .iter()
                .zip(1u16..)
                .map(|(&r, b)| {
                    let r = if rev { r.reversed() } else { r };
                    let c = colours.get(usize::from(b) - 1).copied();
                    BoardGame {
                        board: b,
                        colour: if rev { c.map(|c| !c) } else { c },
                        result: BoardResult::Game(r),
                        points: pts(r),
                    }
                })
                .collect()
        };
        let a = side(false);
        let b = side(true);
        let gp_a: Points = a.iter().map(|x| x.points).sum();
        let gp_b: Points = b.iter().map(|x| x.points).sum();
        let c1 = colours.first().copied();
        let ms = self.t.match_scoring;
        let ra = team_match_round(second, c1, a, gp_b, ms);
        let rb = team_match_round(first, c1.map(|c| !c), b, gp_a, ms);
        set(&mut self.t, first, round, ra);
        set(&mut self.t, second, round, rb);
        Ok(self)
    }

    /// A match forfeited as a whole: `winner` gets a win's match points and a win on every
    /// board.
    ///
    /// # Errors
    ///
    /// [`BuildError`] when a team or the round is out of range or already has a result.
    pub fn forfeited_match(
        &mut self,
        round: usize,
        winner: usize,
        loser: usize,
    ) -> Result<&mut Self, BuildError> {
        check(&self.t, round, &[winner, loser])?;
        let (g, ms, n) = (self.t.game_scoring, self.t.match_scoring, self.t.boards());
        let boards = |r: GameResult, p: Points| -> Vec<BoardGame> {
            (1..=n)
                .map(|b| BoardGame {
                    board: u16::try_from(b).unwrap_or(u16::MAX),
                    colour: None,
                    result: BoardResult::Game(r),
                    points: p,
                })
                .collect()
        };
        let wb = boards(GameResult::ForfeitWin, g.win);
        let gp: Points = wb.iter().map(|b| b.points).sum();
        let w = Round {
            result: RoundResult::ForfeitWin {
                opponent: loser,
                colour: None,
            },
            points: ms.win,
            game_points: gp,
            boards: wb,
        };
        let l = Round {
            result: RoundResult::ForfeitLoss {
                opponent: winner,
                colour: None,
            },
            points: Points::ZERO,
            game_points: Points::ZERO,
            boards: boards(GameResult::ForfeitLoss, Points::ZERO),
        };
        set(&mut self.t, winner, round, w);
        set(&mut self.t, loser, round, l);
        Ok(self)
    }

    /// A match neither team turned up for (TRF `330 --`): both lose it, with no match or game
    /// points, and every board is a double forfeit.
    ///
    /// # Errors
    ///
    /// [`BuildError`] when a team or the round is out of range or already has a result.
    pub fn double_forfeited_match(
        &mut self,
        round: usize,
        first: usize,
        second: usize,
    ) -> Result<&mut Self, BuildError> {
        check(&self.t, round, &[first, second])?;
        let n = self.t.boards();
        let side = |opponent: usize| Round {
            result: RoundResult::DoubleForfeit {
                opponent,
                colour: None,
            },
            points: Points::ZERO,
            game_points: Points::ZERO,
            boards: (1..=n)
                .map(|b| BoardGame {
                    board: u16::try_from(b).unwrap_or(u16::MAX),
                    colour: None,
                    result: BoardResult::Game(GameResult::DoubleForfeit),
                    points: Points::ZERO,
                })
                .collect(),
        };
        let (a, b) = (side(second), side(first));
        set(&mut self.t, first, round, a);
        set(&mut self.t, second, round, b);
        Ok(self)
    }

    /// A pairing-allocated bye worth `mp` match points and `gp` game points; every board
    /// counts as a win for the board tie-breaks (C.07 12 preamble).
    ///
    /// # Errors
    ///
    /// [`BuildError`] when the team or round is out of range or already has a result.
    pub fn pab(
        &mut self,
        round: usize,
        team: usize,
        mp: Points,
        gp: Points,
    ) -> Result<&mut Self, BuildError> {
        check(&self.t, round, &[team])?;
        let win = self.t.game_scoring.win;
        let boards = (1..=self.t.boards())
            .map(|b| BoardGame {
                board: u16::try_from(b).unwrap_or(u16::MAX),
                colour: None,
                result: BoardResult::Bye,
                points: win,
            })
            .collect();
        let r = Round {
            result: RoundResult::Pab,
            points: mp,
            game_points: gp,
            boards,
        };
        set(&mut self.t, team, round, r);
        Ok(self)
    }

    /// The finished tournament.
    pub fn build(self) -> Tournament {
        self.t
    }
}
