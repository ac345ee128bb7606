//! `trf generate`: a seeded random tournament, each round paired by bianpai's own engine (the
//! FIDE Dutch, or the team Swiss for a team event), results drawn from the Elo expectancy
//! (FIDE table 8.1.2) with a draw rate, forfeits, half- and zero-point byes, withdrawals and late
//! entries; written as TRF-26. Options follow bbpPairings' generator configuration where they
//! mean the same (`PlayersNumber`, `RoundsNumber`, `DrawPercentage`, `ForfeitRate`,
//! `RetiredRate`, `HalfPointByeRate`, `HighestRating`, `LowestRating`). Only integer arithmetic
//! and [`rng::SplitMix64`], so a seed gives the same file on every platform.

mod people;
mod play;
pub mod rng;
mod write;

use crate::model::Colour;
use crate::pairing::PairingSystem;
use crate::tournament::{ByeKind, Entrant, History, Outcome, Slot, Team};
use rng::SplitMix64;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Players (individual event).
    pub players: u16,
    /// Rounds.
    pub rounds: u16,
    /// The seed.
    pub seed: u64,
    /// Draws among evenly matched games, in percent.
    pub draw_percentage: u8,
    /// One game (board) in N forfeited; 0 none.
    pub forfeit_rate: u32,
    /// One player in N absent (zero-point bye) in one or two rounds; 0 none.
    pub retired_rate: u32,
    /// One player in N takes a half-point bye; 0 none.
    pub half_point_bye_rate: u32,
    /// One player in N withdraws; 0 none.
    pub withdrawal_rate: u32,
    /// One player in N enters in round 2 or 3; 0 none.
    pub late_entry_rate: u32,
    /// The highest rating.
    pub highest_rating: u16,
    /// The lowest rating.
    pub lowest_rating: u16,
    /// A team event of this many teams.
    pub teams: Option<u16>,
    /// Boards per match (team event).
    pub boards: u16,
}

/// The tie-break order written into `212` and used for the ranks.
pub const INDIVIDUAL_ORDER: &str = "PTS BH/C1 BH SB";
/// The team event's order.
pub const TEAM_ORDER: &str = "MPTS GPTS";

/// Generates the tournament.
///
/// # Errors
///
/// A message (Chinese / English) for options out of range, or a round the engine cannot pair
/// (a field too small for its rounds; another seed or fewer rounds will do).
pub fn generate(cfg: &Config) -> Result<crate::trf::Trf, String> {
    check(cfg)?;
    let mut rng = SplitMix64::new(cfg.seed);
    let rounds = usize::from(cfg.rounds);
    let (teams, boards) = match cfg.teams {
        Some(t) => (usize::from(t), usize::from(cfg.boards)),
        None => (0, 1),
    };
    let n = if teams > 0 {
        teams * boards
    } else {
        usize::from(cfg.players)
    };
    let people = people::field(&mut rng, n, cfg.lowest_rating, cfg.highest_rating);
    let people = if teams > 0 {
        write::by_team(people, teams, boards)
    } else {
        people
    };
    let lot = if rng::one_in(&mut rng, 2) {
        Colour::Black
    } else {
        Colour::White
    };
    let plan = if teams > 0 {
        vec![vec![None; rounds]; n]
    } else {
        absences(&mut rng, cfg, n, rounds)
    };
    let mut h = History {
        entrants: people
            .iter()
            .enumerate()
            .map(|(i, p)| Entrant {
                start_no: u16::try_from(i + 1).unwrap_or(u16::MAX),
                name: p.name.clone(),
                rating: Some(p.rating),
                federation: "CHN".into(),
                team: (teams > 0).then_some(i / boards.max(1)),
                rounds: Vec::new(),
            })
            .collect(),
        teams: (0..teams)
            .map(|t| Team {
                number: u16::try_from(t + 1).unwrap_or(u16::MAX),
                name: format!("Team {}", t + 1),
                members: (t * boards..(t + 1) * boards).collect(),
            })
            .collect(),
        rounds_planned: rounds,
        initial_colour: Some(lot),
        system: Some(
            if teams > 0 {
                "FIDE_TEAM_TYPEA_MP_GP"
            } else {
                "FIDE_DUTCH_2026"
            }
            .into(),
        ),
        round_robin: Some(false),
        ..History::default()
    };
    h.game_points = crate::tournament::ScoreTable::default();
    h.match_points = crate::trf::Trf::default().match_scores();
    let engine: Box<dyn PairingSystem> = if teams > 0 {
        Box::<crate::pairing::team_swiss::TeamSwiss>::default()
    } else {
        Box::new(crate::pairing::dutch::Dutch)
    };
    for k in 0..rounds {
        let input = with_absences(&h, &plan, k);
        let pairing = engine.pair(&input).map_err(|e| {
            format!(
                "第{}轮无法编排（{e}），请换一个种子或减少轮数 / round {} cannot be paired ({e}); try another seed or fewer rounds",
                k + 1,
                k + 1
            )
        })?;
        let mut slots: Vec<Slot> = plan
            .iter()
            .map(|p| Slot {
                opponent: None,
                colour: None,
                outcome: p.get(k).copied().flatten().unwrap_or(Outcome::Unpaired),
            })
            .collect();
        if teams > 0 {
            play::team_round(&mut rng, cfg, &h, &pairing, &mut slots);
        } else {
            play::round(&mut rng, cfg, &h, &pairing, &mut slots);
        }
        for (e, s) in h.entrants.iter_mut().zip(slots) {
            e.rounds.push(s);
        }
        h.rounds_played = k + 1;
    }
    Ok(write::trf(cfg, &h, &people, lot))
}

/// Refuses options out of range.
fn check(cfg: &Config) -> Result<(), String> {
    let n = cfg.teams.map_or(u32::from(cfg.players), |t| {
        u32::from(t) * u32::from(cfg.boards)
    });
    let bad = if cfg.rounds == 0 {
        Some("--rounds 至少为1 / --rounds must be at least 1")
    } else if cfg.teams.is_none() && cfg.players < 2 {
        Some("--players 至少为2 / --players must be at least 2")
    } else if cfg.teams.is_some_and(|t| t < 2) || (cfg.teams.is_some() && cfg.boards == 0) {
        Some("--teams 至少为2，--boards 至少为1 / --teams must be at least 2, --boards at least 1")
    } else if n > 9999 {
        Some("选手不能超过9999名 / at most 9999 players")
    } else if cfg.draw_percentage > 100 {
        Some("--draw-percentage 应为0-100 / --draw-percentage must be 0-100")
    } else if cfg.lowest_rating > cfg.highest_rating || cfg.highest_rating > 3000 {
        Some(
            "--lowest-rating 不能高于 --highest-rating（最高3000）/ --lowest-rating must not exceed --highest-rating (at most 3000)",
        )
    } else {
        None
    };
    bad.map_or(Ok(()), |m| Err(m.to_string()))
}

/// Each player's planned absences, `None` = present: a late entry's first one or two rounds
/// and a withdrawal's last rounds (blank), zero-point byes (`Z`) in one or two rounds, a
/// half-point bye (`H`) in a round before the last. Drawn player by player in start order.
fn absences(
    rng: &mut SplitMix64,
    cfg: &Config,
    n: usize,
    rounds: usize,
) -> Vec<Vec<Option<Outcome>>> {
    let mut plan = vec![vec![None; rounds]; n];
    for p in &mut plan {
        if rounds >= 3 && rng::one_in(rng, cfg.late_entry_rate) {
            let missed = rng::between(rng, 1, 2) as usize;
            p.iter_mut()
                .take(missed)
                .for_each(|r| *r = Some(Outcome::Unpaired));
        }
        if rounds >= 2 && rng::one_in(rng, cfg.withdrawal_rate) {
            let from = rng::between(rng, 1, rounds as u64 - 1) as usize;
            p.iter_mut()
                .skip(from)
                .for_each(|r| *r = Some(Outcome::Unpaired));
        }
        if rng::one_in(rng, cfg.retired_rate) {
            for _ in 0..rng::between(rng, 1, 2) {
                let r = rng::below(rng, rounds as u64) as usize;
                if let Some(slot @ None) = p.get_mut(r) {
                    *slot = Some(Outcome::Bye(ByeKind::Zero));
                }
            }
        }
        if rounds >= 2 && rng::one_in(rng, cfg.half_point_bye_rate) {
            let r = rng::below(rng, rounds as u64 - 1) as usize;
            if let Some(slot @ None) = p.get_mut(r) {
                *slot = Some(Outcome::Bye(ByeKind::Half));
            }
        }
    }
    plan
}

/// The history as the engine sees it before round `k` (0-based): each planned absence
/// entered ahead as a bye without an opponent (a blank as `Z`), so that the player is not
/// paired.
fn with_absences(h: &History, plan: &[Vec<Option<Outcome>>], k: usize) -> History {
    let mut c = h.clone();
    for (e, p) in c.entrants.iter_mut().zip(plan) {
        let kind = match p.get(k).copied().flatten() {
            Some(Outcome::Bye(b)) => b,
            Some(_) => ByeKind::Zero,
            None => continue,
        };
        e.rounds.push(Slot {
            opponent: None,
            colour: None,
            outcome: Outcome::Bye(kind),
        });
    }
    c
}
