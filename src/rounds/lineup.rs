//! Line-up checks of team events (A-league and B-league regulations: fixed board order declared at
//! entry; boards 1-3 men and 4-5 women; when a main player rests the boards move up in entry
//! order; a reserve plays only the last board of its group; a woman entered on a men's board
//! stays there).
//!
//! The rules are data: a [`BoardGroup`] per run of boards with the same players (the men's
//! boards, the women's boards), so other board layouts need no new code.

use crate::findings::Code;
use std::collections::BTreeMap;

/// A run of consecutive boards filled from one list of registered players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardGroup {
    /// First board of the group (1-based).
    pub first_board: u32,
    /// Last board of the group; reserves may play only here.
    pub last_board: u32,
}

/// A registered team member's place in the entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The matching key of the name (normalized).
    pub key: String,
    /// The index of the board group the player was entered in.
    pub group: usize,
    /// Position among the group's main players in entry order (0 = first), or `None` for a
    /// reserve.
    pub main_order: Option<usize>,
    /// Why the regulation bars the player from some boards (or all), checked every round.
    pub bars: Vec<Bar>,
}

/// A rule that keeps a registered player off some boards: a woman below the rating floor on
/// the men's boards, a player of an excluded event (not ruled on yet) on every board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    /// The board group the bar applies to, `None` for every board.
    pub group: Option<usize>,
    /// Why, in Chinese.
    pub zh: String,
    /// Why, in English.
    pub en: String,
    /// The regulation's clause.
    pub clause: Option<String>,
}

/// One problem with a line-up, to become a `lineup.*` finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issue {
    /// `lineup.unknown-player`: the name is not a member of the team.
    UnknownPlayer {
        /// The board.
        board: u32,
    },
    /// `lineup.gender-board`: the player was entered in another board group (e.g. a man on a
    /// women's board).
    WrongGroup {
        /// The board.
        board: u32,
    },
    /// `lineup.reserve-board`: a reserve on a board other than the group's last.
    ReserveBoard {
        /// The board.
        board: u32,
    },
    /// `lineup.order`: main players not in entry order, or a gap above a main player.
    Order {
        /// The board.
        board: u32,
    },
    /// `lineup.order`: the same player on two boards.
    Repeated {
        /// The later board.
        board: u32,
    },
    /// `lineup.ineligible`: a registered player the regulation bars from this board.
    Ineligible {
        /// The board.
        board: u32,
        /// The rule that bars the player.
        bar: Bar,
    },
}

impl Issue {
    /// The finding code.
    pub fn code(&self) -> Code {
        match self {
            Issue::UnknownPlayer { .. } => Code::LineupUnknownPlayer,
            Issue::WrongGroup { .. } => Code::LineupGenderBoard,
            Issue::ReserveBoard { .. } => Code::LineupReserveBoard,
            Issue::Order { .. } | Issue::Repeated { .. } => Code::LineupOrder,
            Issue::Ineligible { .. } => Code::LineupIneligible,
        }
    }

    /// The board concerned.
    pub fn board(&self) -> u32 {
        match self {
            Issue::UnknownPlayer { board }
            | Issue::WrongGroup { board }
            | Issue::ReserveBoard { board }
            | Issue::Order { board }
            | Issue::Repeated { board }
            | Issue::Ineligible { board, .. } => *board,
        }
    }
}

/// Checks one team's line-up in one match. `played` maps board number → the player's name key,
/// `None` for an empty board (a board forfeit).
pub fn check(
    groups: &[BoardGroup],
    members: &[Member],
    played: &BTreeMap<u32, Option<String>>,
) -> Vec<Issue> {
    let mut issues = Vec::new();
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for (gi, g) in groups.iter().enumerate() {
        // The main players of the group present on its boards, in board order, must be the
        // first boards and in entry order (boards move up when a main player rests).
        let mut last_main: Option<usize> = None;
        let mut gap_before: bool = false;
        for board in g.first_board..=g.last_board {
            let Some(Some(key)) = played.get(&board) else {
                gap_before = true;
                continue;
            };
            if seen.insert(key.as_str(), board).is_some() {
                issues.push(Issue::Repeated { board });
                continue;
            }
            let Some(m) = members.iter().find(|m| &m.key == key) else {
                issues.push(Issue::UnknownPlayer { board });
                continue;
            };
            if m.group != gi {
                issues.push(Issue::WrongGroup { board });
                continue;
            }
            if let Some(bar) = m.bars.iter().find(|b| b.group.is_none_or(|g| g == gi)) {
                issues.push(Issue::Ineligible {
                    board,
                    bar: bar.clone(),
                });
            }
            match m.main_order {
                None => {
                    if board != g.last_board {
                        issues.push(Issue::ReserveBoard { board });
                    }
                }
                Some(o) => {
                    if gap_before || last_main.is_some_and(|l| o < l) {
                        issues.push(Issue::Order { board });
                    }
                    last_main = Some(o);
                }
            }
        }
    }
    issues
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A-league layout: boards 1-3 men (M1 M2 M3 + reserve MR), 4-5 women (W1 W2 + reserve WR).
    fn league() -> (Vec<BoardGroup>, Vec<Member>) {
        let groups = vec![
            BoardGroup {
                first_board: 1,
                last_board: 3,
            },
            BoardGroup {
                first_board: 4,
                last_board: 5,
            },
        ];
        let m = |k: &str, group, main_order| Member {
            key: k.into(),
            group,
            main_order,
            bars: Vec::new(),
        };
        let members = vec![
            m("M1", 0, Some(0)),
            m("M2", 0, Some(1)),
            m("M3", 0, Some(2)),
            m("MR", 0, None),
            m("W1", 1, Some(0)),
            m("W2", 1, Some(1)),
            m("WR", 1, None),
        ];
        (groups, members)
    }

    fn lineup(names: [&str; 5]) -> BTreeMap<u32, Option<String>> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    i as u32 + 1,
                    if n.is_empty() {
                        None
                    } else {
                        Some(n.to_string())
                    },
                )
            })
            .collect()
    }

    /// M3 is barred from the men's boards (a woman below the rating floor entered on board 3),
    /// W2 from every board (a player of an excluded event): each is named on the board she
    /// plays, every round she plays; the others raise nothing.
    #[test]
    fn a_barred_player_is_named_on_each_board_she_plays() {
        let (g, mut m) = league();
        let bar = |group: Option<usize>, zh: &str| Bar {
            group,
            zh: zh.into(),
            en: String::new(),
            clause: None,
        };
        m[2].bars = vec![bar(Some(0), "低于2350")];
        m[5].bars = vec![bar(None, "被排除赛事")];
        assert_eq!(
            check(&g, &m, &lineup(["M1", "M2", "M3", "W1", "W2"])),
            [
                Issue::Ineligible {
                    board: 3,
                    bar: bar(Some(0), "低于2350")
                },
                Issue::Ineligible {
                    board: 5,
                    bar: bar(None, "被排除赛事")
                },
            ]
        );
        assert_eq!(check(&g, &m, &lineup(["M1", "M2", "MR", "W1", "WR"])), []);
    }

    #[test]
    fn legal_lineups_raise_nothing() {
        let (g, m) = league();
        for l in [
            ["M1", "M2", "M3", "W1", "W2"],
            ["M1", "M2", "MR", "W1", "WR"],
            ["M1", "M3", "MR", "W2", "WR"],
            ["M2", "M3", "MR", "W1", "W2"],
            ["M1", "M2", "", "W1", ""],
        ] {
            assert_eq!(check(&g, &m, &lineup(l)), vec![], "{l:?}");
        }
    }

    #[test]
    fn each_fault_is_named_once_on_its_board() {
        let (g, m) = league();
        assert_eq!(
            check(&g, &m, &lineup(["M2", "M1", "M3", "W1", "W2"])),
            vec![Issue::Order { board: 2 }]
        );
        assert_eq!(
            check(&g, &m, &lineup(["M1", "MR", "M3", "W1", "W2"])),
            vec![Issue::ReserveBoard { board: 2 }]
        );
        assert_eq!(
            check(&g, &m, &lineup(["M1", "M2", "M3", "M3", "W2"])),
            vec![Issue::Repeated { board: 4 }]
        );
        assert_eq!(
            check(&g, &m, &lineup(["M1", "M2", "W1", "W2", "WR"])),
            vec![Issue::WrongGroup { board: 3 }]
        );
        assert_eq!(
            check(&g, &m, &lineup(["M1", "X", "M3", "W1", "W2"])),
            vec![Issue::UnknownPlayer { board: 2 }]
        );
        assert_eq!(
            check(&g, &m, &lineup(["M1", "", "M3", "W1", "W2"])),
            vec![Issue::Order { board: 3 }]
        );
        assert_eq!(Issue::Order { board: 3 }.code(), Code::LineupOrder);
    }
}
