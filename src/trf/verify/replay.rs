//! Every round of a tournament paired again from the rounds before it and compared with the
//! round the file holds.

use std::collections::BTreeMap;

use crate::model::Colour;
use crate::pairing::{self, Pairing, PairingSystem};
use crate::tournament::{ByeKind, History, Outcome, Slot};

/// The pairing system a file is checked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// FIDE Dutch (C.04.3).
    Dutch,
    /// FIDE team Swiss (C.04.6): the file's teams are paired.
    Team,
    /// Xiangqi Swiss (CXA practice).
    Xiangqi,
}

/// The engine of a system, with its default options (the file's own records override them).
pub fn engine_for(system: System) -> Box<dyn PairingSystem> {
    match system {
        System::Dutch => Box::new(pairing::dutch::Dutch),
        System::Team => Box::<pairing::team_swiss::TeamSwiss>::default(),
        System::Xiangqi => Box::<pairing::xiangqi_swiss::XiangqiSwiss>::default(),
    }
}

/// One way a round of the file differs from the engine's pairing. Boards are numbered as the
/// engine orders them (board 1 first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundDiff {
    /// The engine pairs `white` against `black` on `board`; the file has the same two with
    /// the colours the other way round.
    Colours {
        /// The board.
        board: usize,
        /// White (red) by the engine.
        white: u16,
        /// Black by the engine.
        black: u16,
    },
    /// The engine pairs `white` against `black` on `board`; in the file they meet others.
    Board {
        /// The board.
        board: usize,
        /// White (red) by the engine.
        white: u16,
        /// Black by the engine.
        black: u16,
        /// Whom `white` meets in the file (`None`: nobody, `Some(0)`: the PAB).
        white_meets: Option<u16>,
        /// Whom `black` meets in the file.
        black_meets: Option<u16>,
    },
    /// The pairing-allocated bye differs.
    Bye {
        /// The engine's PAB.
        engine: Option<u16>,
        /// The file's PAB.
        file: Option<u16>,
    },
    /// A game of the file between two the engine did not pair at all.
    Extra {
        /// White (red) in the file (the first listed when no colour is given).
        white: u16,
        /// Black in the file.
        black: u16,
    },
}

/// The verdict on one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundReport {
    /// The round, 1-based.
    pub round: usize,
    /// The engine's pairing of the round (empty when it failed).
    pub engine: Pairing,
    /// How the file differs (empty: identical).
    pub diffs: Vec<RoundDiff>,
    /// Why the engine could not pair the round, when it could not.
    pub error: Option<String>,
}

impl RoundReport {
    /// Whether the file's round is the engine's.
    pub fn agrees(&self) -> bool {
        self.diffs.is_empty() && self.error.is_none()
    }
}

/// The file's pairing of one round: each competitor's opponent (0 for the PAB) and whether it
/// had White (when the file says), by pairing number.
#[derive(Debug, Clone, Default)]
struct FileRound {
    meets: BTreeMap<u16, (u16, Option<Colour>)>,
}

/// The initial colour (the lot) as the file states it, else as the system reads it back from
/// round 1 (Dutch: as bbpPairings does; team: C.04.6 4.3.1, as Gacrux does); `None` when
/// neither says (xiangqi without `152`).
pub fn lot(h: &History, system: System) -> Option<Colour> {
    if h.initial_colour.is_some() {
        return h.initial_colour;
    }
    match system {
        System::Dutch => pairing::dutch::DutchTournament::from_history(h)
            .ok()
            .filter(|t| t.played_rounds > 0)
            .map(|t| t.initial_colour),
        System::Team => {
            let base = pairing::team_swiss::TeamSwissOptions::default();
            (h.rounds_played > 0)
                .then(|| pairing::team_swiss::read_history(h, &base).ok())
                .flatten()
                .map(|i| i.options.initial_colour)
        }
        System::Xiangqi => None,
    }
}

/// Pairs every round of `h` again from the rounds before it with `system`'s engine and compares
/// it with the file. Without a stated or inferable lot, round 1 is paired with White first and
/// then Black, and the lot that reproduces it is kept for every round.
pub fn replay(h: &History, system: System) -> Vec<RoundReport> {
    let engine = engine_for(system);
    let rounds = h.rounds_played;
    let candidates: Vec<Colour> = match lot(h, system) {
        Some(c) => vec![c],
        None => vec![Colour::White, Colour::Black],
    };
    let mut chosen = candidates.first().copied().unwrap_or(Colour::White);
    if rounds > 0 && candidates.len() > 1 {
        for &c in &candidates {
            if one_round(h, system, engine.as_ref(), 1, c).agrees() {
                chosen = c;
                break;
            }
        }
    }
    (1..=rounds)
        .map(|k| one_round(h, system, engine.as_ref(), k, chosen))
        .collect()
}

/// Round `k` paired from the file cut before it, compared with the file.
fn one_round(
    h: &History,
    system: System,
    engine: &dyn PairingSystem,
    k: usize,
    initial: Colour,
) -> RoundReport {
    let file = file_round(h, system, k);
    match engine.pair(&cut(h, k, initial)) {
        Ok(p) => RoundReport {
            round: k,
            diffs: compare(&p, &file),
            engine: p,
            error: None,
        },
        Err(e) => RoundReport {
            round: k,
            engine: Pairing::default(),
            diffs: Vec::new(),
            error: Some(e.to_string()),
        },
    }
}

/// The history as it stood before round `k` was paired: rounds 1..k-1, and in round k only the
/// absences (no opponent, no PAB: `H`, `F`, `Z`, a blank or no block at all, which is read as
/// `Z`, except on the boards of the team `320` gives round k's PAB); the team records of rounds 1..k-1; the lot.
pub(crate) fn cut(h: &History, k: usize, initial: Colour) -> History {
    let mut c = h.clone();
    let before = k.saturating_sub(1);
    // The members of round k's PAB team (`320`) were there: its blank boards are no absence.
    let pab_team = (h.team_pabs.as_ref())
        .and_then(|p| p.teams.get(before).copied().flatten())
        .and_then(|n| h.teams.iter().find(|t| t.number == n));
    let present = |i: usize| pab_team.is_some_and(|t| t.members.contains(&i));
    for (i, e) in c.entrants.iter_mut().enumerate() {
        let next = e.rounds.get(before).copied();
        e.rounds.truncate(before);
        let absence = match next {
            None => Some(ByeKind::Zero),
            Some(Slot {
                opponent: None,
                outcome,
                ..
            }) => match outcome {
                Outcome::Bye(ByeKind::Pab) => None,
                Outcome::Bye(kind) => Some(kind),
                _ => Some(ByeKind::Zero),
            },
            Some(_) => None,
        };
        if let Some(kind) = absence.filter(|_| !present(i)) {
            e.rounds.resize(
                before,
                Slot {
                    opponent: None,
                    colour: None,
                    outcome: Outcome::Unpaired,
                },
            );
            e.rounds.push(Slot {
                opponent: None,
                colour: None,
                outcome: Outcome::Bye(kind),
            });
        }
    }
    c.rounds_played = before;
    c.line_ups.retain(|l| l.round < k);
    c.forfeited_matches.retain(|f| usize::from(f.round) < k);
    if let Some(p) = &mut c.team_pabs {
        p.teams.truncate(before);
    }
    c.initial_colour = Some(initial);
    c
}

/// Round `k` of the file: players' (or, for the team system, teams') opponents and colours.
fn file_round(h: &History, system: System, k: usize) -> FileRound {
    let mut f = FileRound::default();
    if system == System::Team {
        let base = pairing::team_swiss::TeamSwissOptions::default();
        if let Ok(input) = pairing::team_swiss::read_history(h, &base) {
            for t in &input.teams {
                let Some(r) = t.history.get(k - 1) else {
                    continue;
                };
                if let Some(o) = r.opponent {
                    f.meets.insert(t.tpn, (o, r.colour));
                } else if r.kind == pairing::team_swiss::RecordKind::Pab {
                    f.meets.insert(t.tpn, (0, None));
                }
            }
        }
        return f;
    }
    for e in &h.entrants {
        let Some(s) = e.rounds.get(k - 1) else {
            continue;
        };
        match s.opponent.and_then(|o| h.entrants.get(o)) {
            Some(o) => {
                f.meets.insert(e.start_no, (o.start_no, s.colour));
            }
            None if s.outcome == Outcome::Bye(ByeKind::Pab) => {
                f.meets.insert(e.start_no, (0, None));
            }
            None => {}
        }
    }
    f
}

/// The differences between the engine's pairing `p` and the file's round `f`.
fn compare(p: &Pairing, f: &FileRound) -> Vec<RoundDiff> {
    let mut out = Vec::new();
    let meets = |n: u16| f.meets.get(&n).map(|m| m.0);
    for (i, &(white, black)) in p.pairs.iter().enumerate() {
        let board = i + 1;
        if meets(white) == Some(black) && meets(black) == Some(white) {
            let file_white = f.meets.get(&white).and_then(|m| m.1);
            if file_white == Some(Colour::Black) {
                out.push(RoundDiff::Colours {
                    board,
                    white,
                    black,
                });
            }
        } else {
            out.push(RoundDiff::Board {
                board,
                white,
                black,
                white_meets: meets(white),
                black_meets: meets(black),
            });
        }
    }
    let file_bye = f.meets.iter().find(|(_, m)| m.0 == 0).map(|(&n, _)| n);
    if file_bye != p.bye {
        out.push(RoundDiff::Bye {
            engine: p.bye,
            file: file_bye,
        });
    }
    let engine_has = |n: u16| p.bye == Some(n) || p.pairs.iter().any(|&(w, b)| w == n || b == n);
    for (&a, &(b, colour)) in &f.meets {
        if b == 0 || engine_has(a) || engine_has(b) || (a > b && f.meets.contains_key(&b)) {
            continue;
        }
        let (white, black) = if colour == Some(Colour::Black) {
            (b, a)
        } else {
            (a, b)
        };
        out.push(RoundDiff::Extra { white, black });
    }
    out
}
