//! The rows of a team Swiss round workbook that are not matches: the bye row and withdrawal
//! rows; and who is in the event in a given round (withdrawals, late entries).
//!
//! How the arbiter marks a withdrawal (SPEC §6 keeps the round workbook the truth of its round):
//! a row of the round the team or player last played (or was paired for) whose 客队 cell is
//! `退赛` (also `退出`, `WD`, `withdrawn`) and whose 主队 cell names the team. With 主队棋手
//! empty the whole team withdraws: it is not paired from the next round on (C.04.2: withdrawn
//! teams are not paired) and its later rounds are unplayed (zero points; C.07 16.1 counts them
//! as zero-point byes). With a player named there, only that player withdraws: the default
//! line-ups of later rounds leave them out (the boards move up, `[boards] move_up`).
//!
//! A late entry needs no mark: a team of the roster that a complete round neither paired nor
//! gave the bye simply missed that round, and scores nothing for it (FIDE C.04.2: late entries
//! get no points for missed rounds unless the rules say otherwise); it is paired from the next
//! round on with the proper pairing number its rating gives (C.04.2: numbers may be corrected
//! until round 4 is paired). The run names every such round in a `result.not-paired` warning,
//! so that a team left out by mistake is seen.

use std::collections::BTreeMap;

use crate::findings::{Code, Finding, Findings, Severity, Source};
use crate::model::roster::{Roster, Team};
use crate::rounds::sheet::{BYE_WORDS, RoundSheet, Rows};
use crate::season::{TeamIndex, TeamName, TeamNo, league};

/// Words of the 客队 cell that mark a withdrawal row.
pub const WITHDRAWAL_WORDS: [&str; 6] = ["退赛", "退出", "WD", "wd", "withdrawn", "Withdrawn"];

/// A withdrawal read from a round workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawal {
    /// The team number.
    pub team: u32,
    /// The name key of the withdrawn player; `None` when the whole team withdraws.
    pub player: Option<String>,
    /// The last round of the team or player: later rounds do without them.
    pub after_round: u32,
}

/// The non-match rows of one round workbook.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Special {
    /// The team with the pairing-allocated bye.
    pub bye: Option<u32>,
    /// Withdrawals marked in this round.
    pub withdrawals: Vec<Withdrawal>,
}

fn is_word(words: &[&str], s: &str) -> bool {
    words.contains(&s.trim())
}

/// Whether a row is a bye row: one of its teams is `轮空`.
pub fn is_bye_row(r: &crate::rounds::sheet::TeamBoardRow) -> bool {
    is_word(&BYE_WORDS, &r.away_team) || is_word(&BYE_WORDS, &r.home_team)
}

/// Whether a team cell is a withdrawal word (`退赛`): the row is a withdrawal, not a game.
pub fn is_withdrawal(cell: &str) -> bool {
    is_word(&WITHDRAWAL_WORDS, cell)
}

/// Splits a team round sheet into its match rows and the special rows. A withdrawal row that
/// names no team of the event, or a player who is not in the team, is a finding and ignored.
pub fn split(
    sheet: &RoundSheet,
    key: &dyn Fn(&str) -> String,
    teams: &TeamIndex<'_>,
    roster: &Roster,
    findings: &mut Findings,
) -> (RoundSheet, Special) {
    let mut s = sheet.clone();
    let mut special = Special::default();
    let round = sheet.marker.round;
    let no = |t: &str| teams.number(t).map(|n| n.0);
    if let Rows::Team(rows) = &mut s.rows {
        rows.retain(|r| {
            let bye = if is_word(&BYE_WORDS, &r.away_team) {
                Some(&r.home_team)
            } else if is_word(&BYE_WORDS, &r.home_team) {
                Some(&r.away_team)
            } else {
                None
            };
            if let Some(team) = bye {
                special.bye = no(team).or(special.bye);
                return false;
            }
            if !is_word(&WITHDRAWAL_WORDS, &r.away_team) {
                return true;
            }
            let src = |col: u32| Source::cell(&sheet.file, &sheet.sheet, r.row, col);
            let Some(team) = no(&r.home_team) else {
                findings.push(
                    Finding::new(
                        Code::ResultWithdrawal,
                        src(2),
                        format!("第{round}轮退赛行：“{}”不是参赛队", r.home_team),
                        format!(
                            "round {round}, withdrawal row: {:?} is not a team of the event",
                            r.home_team
                        ),
                    )
                    .severity(Severity::Error),
                );
                return false;
            };
            let player = (!r.home_player.trim().is_empty()).then(|| key(&r.home_player));
            if let Some(p) = &player
                && !is_member(roster, teams, team, p)
            {
                findings.push(Finding::new(
                    Code::ResultUnknownPlayer,
                    src(3),
                    format!(
                        "第{round}轮退赛行：“{}”不是{}的队员",
                        r.home_player, r.home_team
                    ),
                    format!(
                        "round {round}, withdrawal row: {:?} is not a member of {}",
                        r.home_player, r.home_team
                    ),
                ));
                return false;
            }
            if player.is_none() {
                findings.push(team_withdrawal(src(2), &r.home_team, round));
            }
            special.withdrawals.push(Withdrawal {
                team,
                player,
                after_round: round,
            });
            false
        });
    }
    (s, special)
}

/// `round.withdrawal` for a team's withdrawal row: what it does to the later rounds.
fn team_withdrawal(src: Source, team: &str, round: u32) -> Finding {
    let next = round + 1;
    Finding::new(
        Code::RoundWithdrawal,
        src,
        format!("{team}在第{round}轮后退赛：自第{next}轮起不再编排，已赛成绩保留，此后各轮计0分"),
        format!(
            "{team} withdrew after round {round}: not paired from round {next} on; its results \
             stand, later rounds score 0"
        ),
    )
    .team(team)
}

fn team_of<'a>(roster: &'a Roster, teams: &TeamIndex<'_>, team: u32) -> Option<&'a Team> {
    let name = teams.name(TeamNo(team))?;
    roster.teams.iter().find(|t| t.unit.value == name)
}

fn is_member(roster: &Roster, teams: &TeamIndex<'_>, team: u32, key: &str) -> bool {
    team_of(roster, teams, team).is_some_and(|t| {
        t.players
            .iter()
            .any(|p| p.name.as_ref().is_some_and(|n| n.value.key == key))
    })
}

/// Withdrawals known so far, first mark of each team or player kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Withdrawals {
    /// Team number → its last round.
    pub teams: BTreeMap<u32, u32>,
    /// (team number, player key) → the player's last round.
    pub players: BTreeMap<(u32, String), u32>,
}

impl Withdrawals {
    /// The withdrawals the arbiter ruled in `event.toml` (`withdrawn` with `round = N`: the
    /// team's or player's last round is N - 1), each with its `round.withdrawal` warning at
    /// the ruling's line. A ruling naming nobody entered is `ruling.unknown` already.
    pub fn ruled(
        event: &crate::event::Event,
        stage: &str,
        teams: &TeamIndex<'_>,
        roster: &Roster,
        findings: &mut Findings,
    ) -> Self {
        let mut w = Withdrawals::default();
        for r in crate::season::withdrawn::rulings(event, stage) {
            let Some((unit, person)) = crate::eligibility::standing::target(r, roster) else {
                continue;
            };
            let Some(team) = roster.teams.iter().find(|t| t.unit_key == unit) else {
                continue;
            };
            let Some(no) = teams.number(&team.unit.value) else {
                continue;
            };
            let who = match (&person, &r.person) {
                (Some(_), Some(p)) => format!("{}{p}", team.unit.value),
                _ => team.unit.value.clone(),
            };
            findings.push(crate::season::withdrawn::finding(r, &who).team(&team.unit.value));
            w.add(&[Withdrawal {
                team: no.0,
                player: person,
                after_round: r.round.unwrap_or(1).saturating_sub(1),
            }]);
        }
        w
    }

    /// Records the withdrawals of one round.
    pub fn add(&mut self, list: &[Withdrawal]) {
        for w in list {
            match &w.player {
                None => {
                    self.teams.entry(w.team).or_insert(w.after_round);
                }
                Some(p) => {
                    self.players
                        .entry((w.team, p.clone()))
                        .or_insert(w.after_round);
                }
            }
        }
    }

    /// Whether `team` has withdrawn before `round`.
    pub fn team_out(&self, team: u32, round: u32) -> bool {
        self.teams.get(&team).is_some_and(|&last| last < round)
    }

    /// The roster without the players withdrawn before `round` (for default line-ups).
    pub fn roster_for(&self, roster: &Roster, names: &[TeamName], round: u32) -> Roster {
        let mut r = roster.clone();
        for ((team, key), &last) in &self.players {
            if last >= round {
                continue;
            }
            let Some(name) = league::name_of(names, *team) else {
                continue;
            };
            if let Some(t) = r.teams.iter_mut().find(|t| t.unit.value == name) {
                t.players
                    .retain(|p| p.name.as_ref().is_none_or(|n| &n.value.key != key));
            }
        }
        r
    }
}

/// A warning for a team paired in `round` after it withdrew.
pub fn paired_after_withdrawal(sheet: &RoundSheet, name: &str, last: u32) -> Finding {
    let round = sheet.marker.round;
    Finding::new(
        Code::ResultWithdrawal,
        Source::sheet(&sheet.file, &sheet.sheet),
        format!(
            "{name}已在第{last}轮后退赛，第{round}轮却仍有其对阵（以成绩表为准；如需重新编排，请删除 {} 后再运行）",
            sheet.file
        ),
        format!(
            "{name} withdrew after round {last} but is paired in round {round} (the workbook is used; delete {} and run again to re-pair)",
            sheet.file
        ),
    )
}

/// One warning per team that complete rounds did not pair (a late entry, an absence).
pub fn not_paired(missed: &BTreeMap<u32, Vec<u32>>, names: &[TeamName]) -> Vec<Finding> {
    missed
        .iter()
        .filter(|(_, rounds)| !rounds.is_empty())
        .map(|(team, rounds)| {
            let name = league::name_or_number(names, *team);
            let list: Vec<String> = rounds.iter().map(u32::to_string).collect();
            Finding::new(
                Code::ResultNotPaired,
                Source::file("results"),
                format!(
                    "{name}未参加第{}轮（迟到报名或缺席），该轮不计分（FIDE C.04.2）",
                    list.join("、")
                ),
                format!(
                    "{name} was not paired in round {} (late entry or absent) and scores nothing there (FIDE C.04.2)",
                    list.join(", ")
                ),
            )
        })
        .collect()
}
