//! Chinese Xiangqi Association ranking chains (象棋竞赛规则 2011 art. 14; RULES §E).
//!
//! Two Swiss schemes (14.3.1, 14.3.2, as a widely used Chinese pairing program applies them):
//!
//! - 对手分 scheme: 积分 → 对手分 → 胜局 → 后胜局 → 后手局, then the score with the last round
//!   removed, the last two removed, and so on;
//! - 累进分 scheme: 积分 → 累进分 → 胜局 → 后胜局 → 后手局, then 累进分 with round 1's points
//!   removed from every running total, then rounds 1-2, and so on (so the lower early score
//!   ranks higher).
//!
//! 犯规 (fouls) is not kept in the model and is left out of the chains.
//!
//! Decisions (RULES §E leaves them open): 对手分 sums the final scores of every scheduled
//! opponent, forfeits included; a bye (PAB or full-point bye) adds the configured bye
//! opponent's score (14.4); other unplayed rounds add nothing. 胜局 counts games won over the
//! board and forfeit wins, not byes.

use crate::model::{Colour, Points};

use super::direct::{self, Settings, Step};
use super::rational::Rational;
use super::standings::{Row, Value, rank_with};
use super::tournament::{PlayedOutcome, RoundResult, ScoreKind, Tournament};

/// What the bye counts as in 对手分 (14.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ByeOpponent {
    /// An opponent on the lowest final score among the players who have points (14.4:
    /// 有分棋手的最低分; 0 when nobody has points).
    #[default]
    LowestWithPoints,
    /// An opponent on the lowest final score in the field (S13's option).
    LowestScore,
    /// Nothing.
    Zero,
}

/// One key of a CXA chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CxaKey {
    /// 积分: points.
    Points,
    /// 对手分: the opponents' final points (Buchholz on 2/1/0).
    OpponentScore(ByeOpponent),
    /// 累进分: progressive score.
    Progressive,
    /// 小分: Sonneborn-Berger on the event's scoring (round robins, 14.1).
    SmallScore,
    /// 胜局: games won.
    Wins,
    /// 后胜局: games won with Black.
    BlackWins,
    /// 后手局: games played with Black.
    BlackGames,
    /// 先手胜局: games won with Red.
    RedWins,
    /// 直胜: direct encounter among the tied players (place inside the group).
    DirectEncounter,
    /// Score with the last `1, 2, …` rounds removed (对手分 scheme, then).
    RemoveLastRounds,
    /// 累进分 with the first `1, 2, …` rounds removed (累进分 scheme, then).
    RemoveFirstRounds,
}

impl CxaKey {
    /// The key with `bye` as what the bye counts in 对手分 (the other keys are unchanged).
    #[must_use]
    pub fn with_bye(self, bye: ByeOpponent) -> CxaKey {
        match self {
            CxaKey::OpponentScore(_) => CxaKey::OpponentScore(bye),
            k => k,
        }
    }

    /// The column header (Chinese).
    pub fn label(self) -> &'static str {
        match self {
            CxaKey::Points => "积分",
            CxaKey::OpponentScore(_) => "对手分",
            CxaKey::Progressive => "累进分",
            CxaKey::SmallScore => "小分",
            CxaKey::Wins => "胜局",
            CxaKey::BlackWins => "后胜局",
            CxaKey::BlackGames => "后手局",
            CxaKey::RedWins => "先手胜局",
            CxaKey::DirectEncounter => "直胜",
            CxaKey::RemoveLastRounds => "去末轮",
            CxaKey::RemoveFirstRounds => "去首轮",
        }
    }
}

/// The 对手分 scheme (14.3.1).
pub fn opponent_score_chain(bye: ByeOpponent) -> Vec<CxaKey> {
    vec![
        CxaKey::Points,
        CxaKey::OpponentScore(bye),
        CxaKey::Wins,
        CxaKey::BlackWins,
        CxaKey::BlackGames,
        CxaKey::RemoveLastRounds,
    ]
}

/// The 累进分 scheme (14.3.2).
pub fn progressive_chain() -> Vec<CxaKey> {
    vec![
        CxaKey::Points,
        CxaKey::Progressive,
        CxaKey::Wins,
        CxaKey::BlackWins,
        CxaKey::BlackGames,
        CxaKey::RemoveFirstRounds,
    ]
}

/// A ranking by a CXA chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CxaStandings {
    /// Column headers, one per value (round-removal keys give one column per round removed).
    pub headers: Vec<String>,
    /// The key of each column of `headers`.
    pub column_keys: Vec<CxaKey>,
    /// The decimals each column is printed with.
    pub decimals: Vec<usize>,
    /// Rows in rank order; `values` follow `headers`.
    pub rows: Vec<Row>,
}

/// One expanded column: (header, values, decimals).
type Column = (String, Vec<Value>, usize);

fn points_col(v: Vec<Rational>) -> Vec<Value> {
    v.into_iter().map(Value::Num).collect()
}

fn per_round(t: &Tournament) -> Vec<Vec<Points>> {
    t.competitors
        .iter()
        .map(|c| c.rounds.iter().map(|r| r.points).collect())
        .collect()
}

fn count(t: &Tournament, pred: impl Fn(RoundResult) -> bool) -> Vec<Value> {
    t.competitors
        .iter()
        .map(|c| {
            let n = c.rounds.iter().filter(|r| pred(r.result)).count();
            Value::Num(Rational::from_int(i64::try_from(n).unwrap_or(i64::MAX)))
        })
        .collect()
}

fn won(r: RoundResult) -> bool {
    matches!(
        r,
        RoundResult::Played {
            outcome: PlayedOutcome::Win,
            ..
        } | RoundResult::ForfeitWin { .. }
    )
}

fn expand(t: &Tournament, key: CxaKey) -> Vec<Column> {
    let label = key.label().to_string();
    let totals: Vec<Rational> = t
        .competitors
        .iter()
        .map(|c| Rational::from(c.total(ScoreKind::Match)))
        .collect();
    match key {
        CxaKey::Points => vec![(label, points_col(totals), 1)],
        CxaKey::OpponentScore(bye) => {
            let bye_value = match bye {
                ByeOpponent::LowestScore => totals.iter().copied().min().unwrap_or_default(),
                ByeOpponent::LowestWithPoints => totals
                    .iter()
                    .copied()
                    .filter(|&x| x > Rational::ZERO)
                    .min()
                    .unwrap_or_default(),
                ByeOpponent::Zero => Rational::ZERO,
            };
            let v = t
                .competitors
                .iter()
                .map(|c| {
                    c.rounds
                        .iter()
                        .map(|r| match r.result {
                            RoundResult::Pab | RoundResult::FullBye => bye_value,
                            x => x
                                .opponent()
                                .and_then(|o| totals.get(o).copied())
                                .unwrap_or_default(),
                        })
                        .sum()
                })
                .collect();
            vec![(label, points_col(v), 1)]
        }
        CxaKey::Progressive => {
            let v = per_round(t)
                .iter()
                .map(|ps| {
                    let mut run = Points::ZERO;
                    let mut sum = Points::ZERO;
                    for &p in ps {
                        run += p;
                        sum += run;
                    }
                    Rational::from(sum)
                })
                .collect();
            vec![(label, points_col(v), 1)]
        }
        CxaKey::SmallScore => {
            let v = t
                .competitors
                .iter()
                .map(|c| {
                    c.rounds
                        .iter()
                        .filter(|r| r.result.is_otb() || r.result.is_forfeit())
                        .filter_map(|r| {
                            let o = totals.get(r.result.opponent()?)?;
                            let win = Rational::from(t.match_scoring.win);
                            // Beaten: the opponent's points; drawn: half of them.
                            Some(*o * Rational::from(r.points) * inverse(win))
                        })
                        .sum()
                })
                .collect();
            vec![(label, points_col(v), 2)]
        }
        CxaKey::Wins => vec![(label, count(t, won), 0)],
        CxaKey::BlackWins => vec![(
            label,
            count(t, |r| {
                r.is_otb() && won(r) && r.colour() == Some(Colour::Black)
            }),
            0,
        )],
        CxaKey::RedWins => vec![(
            label,
            count(t, |r| {
                r.is_otb() && won(r) && r.colour() == Some(Colour::White)
            }),
            0,
        )],
        CxaKey::BlackGames => vec![(
            label,
            count(t, |r| r.is_otb() && r.colour() == Some(Colour::Black)),
            0,
        )],
        CxaKey::DirectEncounter => Vec::new(), // computed with the ranks, see `ranking`
        CxaKey::RemoveLastRounds => {
            let pr = per_round(t);
            (1..t.rounds)
                .map(|k| {
                    let v = pr
                        .iter()
                        .map(|ps| {
                            let keep = ps.len().saturating_sub(k);
                            Rational::from(ps.iter().take(keep).copied().sum::<Points>())
                        })
                        .collect();
                    (format!("去末{k}轮"), points_col(v), 1)
                })
                .collect()
        }
        CxaKey::RemoveFirstRounds => {
            let pr = per_round(t);
            (1..t.rounds)
                .map(|k| {
                    let v = pr
                        .iter()
                        .map(|ps| {
                            // Σ over later rounds of the running total without rounds 1..=k.
                            let mut run = Points::ZERO;
                            let mut sum = Points::ZERO;
                            for &p in ps.iter().skip(k) {
                                run += p;
                                sum += run;
                            }
                            Rational::from(sum)
                        })
                        .collect();
                    (format!("去前{k}轮累进分"), points_col(v), 1)
                })
                .collect()
        }
    }
}

fn inverse(r: Rational) -> Rational {
    if r.numer() == 0 {
        Rational::ZERO
    } else {
        Rational::new(r.denom(), r.numer())
    }
}

/// Ranks an individual xiangqi event by a CXA chain (use [`opponent_score_chain`] or
/// [`progressive_chain`], or any order of keys).
pub fn ranking(t: &Tournament, keys: &[CxaKey]) -> CxaStandings {
    // Expand the keys into columns; direct encounter is a marker computed from the ranks.
    let mut cols: Vec<Option<Column>> = Vec::new();
    let mut headers = Vec::new();
    let mut column_keys = Vec::new();
    for &k in keys {
        if k == CxaKey::DirectEncounter {
            headers.push(k.label().to_string());
            column_keys.push(k);
            cols.push(None);
            continue;
        }
        for c in expand(t, k) {
            headers.push(c.0.clone());
            column_keys.push(k);
            cols.push(Some(c));
        }
    }
    let decimals: Vec<usize> = cols.iter().map(|c| c.as_ref().map_or(0, |c| c.2)).collect();
    let rows = rank_with(t, cols.len(), |k, ranks| {
        match cols.get(k).and_then(Option::as_ref) {
            Some(c) => (c.1.clone(), true),
            None => {
                let set = Settings {
                    primary: ScoreKind::Match,
                    forfeits_played: t.round_robin,
                    round_robin: t.round_robin,
                    force_swiss: false,
                };
                let v = direct::places(t, ranks, &[Step::Primary], set)
                    .into_iter()
                    .map(Value::Place)
                    .collect();
                (v, false)
            }
        }
    });
    CxaStandings {
        headers,
        column_keys,
        decimals,
        rows,
    }
}

/// The CXA chain of a tie-break list (`PTS BH WIN BWG BPG DROP-LAST`); `None` for an unknown
/// code.
pub fn chain_of(order: &[String], bye: ByeOpponent) -> Option<Vec<CxaKey>> {
    order
        .iter()
        .map(|c| {
            Some(match c.trim().to_ascii_uppercase().as_str() {
                "PTS" => CxaKey::Points,
                "BH" => CxaKey::OpponentScore(bye),
                "PS" => CxaKey::Progressive,
                "SB" => CxaKey::SmallScore,
                "WIN" => CxaKey::Wins,
                "BWG" => CxaKey::BlackWins,
                "BPG" => CxaKey::BlackGames,
                "RWG" | "WWG" => CxaKey::RedWins,
                "DE" => CxaKey::DirectEncounter,
                "DROP-LAST" => CxaKey::RemoveLastRounds,
                "DROP-FIRST" => CxaKey::RemoveFirstRounds,
                _ => return None,
            })
        })
        .collect()
}

/// The template code of a CXA key (the inverse of [`chain_of`]).
pub fn code_of(k: CxaKey) -> &'static str {
    match k {
        CxaKey::Points => "PTS",
        CxaKey::OpponentScore(_) => "BH",
        CxaKey::Progressive => "PS",
        CxaKey::SmallScore => "SB",
        CxaKey::Wins => "WIN",
        CxaKey::BlackWins => "BWG",
        CxaKey::BlackGames => "BPG",
        CxaKey::RedWins => "RWG",
        CxaKey::DirectEncounter => "DE",
        CxaKey::RemoveLastRounds => "DROP-LAST",
        CxaKey::RemoveFirstRounds => "DROP-FIRST",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameResult;
    use crate::scoring::tournament::ResultPoints;
    use crate::tournament::{ByeKind, History, ViewOptions};

    /// Six players, three rounds, xiangqi 2/1/0; player 6 (index 5) has the bye in round 1.
    fn event() -> Tournament {
        use GameResult::{Draw, Loss, Win};
        let entrants = (1..=6).map(|i| (i, format!("棋手{i}"), None)).collect();
        let mut b = History::individual(entrants, 3, ResultPoints::TWO_ONE_ZERO, false);
        // Round 1: 1-2 red wins, 3-4 draw, 5 bye (a win, 2 points), 6 absent.
        b.add_game(1, 0, 1, Win).unwrap();
        b.add_game(1, 2, 3, Draw).unwrap();
        b.add_bye(1, 4, ByeKind::Pab).unwrap();
        // Round 2: 3-1 black wins, 5-2, 4-6.
        b.add_game(2, 2, 0, Loss).unwrap();
        b.add_game(2, 4, 1, Loss).unwrap();
        b.add_game(2, 3, 5, Win).unwrap();
        // Round 3: 1-5 draw, 2-4 red wins, 6-3 black wins.
        b.add_game(3, 0, 4, Draw).unwrap();
        b.add_game(3, 1, 3, Win).unwrap();
        b.add_game(3, 5, 2, Loss).unwrap();
        b.scored(ViewOptions::default())
    }

    fn col(s: &CxaStandings, header: &str) -> Vec<(u32, String)> {
        let k = s.headers.iter().position(|h| h == header).unwrap();
        let mut v: Vec<_> = s
            .rows
            .iter()
            .map(|r| (r.start_no, r.values[k].text(s.decimals[k])))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn opponent_score_chain_by_hand() {
        // Points: 1: 2+2+1 = 5; 2: 0+2+2 = 4; 3: 1+0+2 = 3; 4: 1+2+0 = 3; 5: 2+0+1 = 3;
        // 6: 0+0+0 = 0 (absent in round 1).
        let t = event();
        let s = ranking(&t, &opponent_score_chain(ByeOpponent::LowestScore));
        let pts: Vec<(u32, String)> = col(&s, "积分");
        assert_eq!(
            pts,
            vec![
                (1, "5.0".into()),
                (2, "4.0".into()),
                (3, "3.0".into()),
                (4, "3.0".into()),
                (5, "3.0".into()),
                (6, "0.0".into())
            ]
        );
        // 对手分: 3 met 4, 1, 6: 3 + 5 + 0 = 8; 4 met 3, 6, 2: 3 + 0 + 4 = 7; 5 had the bye
        // (the lowest score in the field, 0) then met 2 and 1: 0 + 4 + 5 = 9.
        let opp = col(&s, "对手分");
        assert_eq!(opp[2], (3, "8.0".into()));
        assert_eq!(opp[3], (4, "7.0".into()));
        assert_eq!(opp[4], (5, "9.0".into()));
        let order: Vec<u32> = s.rows.iter().map(|r| r.start_no).collect();
        assert_eq!(order, vec![1, 2, 5, 3, 4, 6]);
        // 14.4: the lowest score among players with points is 3 (6 has none): 3 + 4 + 5.
        let w = ranking(&t, &opponent_score_chain(ByeOpponent::LowestWithPoints));
        assert_eq!(col(&w, "对手分")[4], (5, "12.0".into()));
        assert_eq!(col(&w, "对手分")[2], (3, "8.0".into()));
        // With the bye worth nothing the order is the same here (9 stays above 8).
        let z = ranking(&t, &opponent_score_chain(ByeOpponent::Zero));
        assert_eq!(col(&z, "对手分")[4], (5, "9.0".into()));
    }

    #[test]
    fn progressive_chain_by_hand() {
        // 累进分: 3: 1, 1, 3 → 5; 4: 1, 3, 3 → 7; 5: 2, 2, 3 → 7.
        // 4 and 5 tie on 累进分; 胜局 separates them (4 beat 6; 5's bye is not a game won, so
        // 1 against 0). 后手局: 4 had Black in rounds 1 and 3 (2), 5 in round 3 (1).
        let t = event();
        let s = ranking(&t, &progressive_chain());
        let ps = col(&s, "累进分");
        assert_eq!(ps[2], (3, "5.0".into()));
        assert_eq!(ps[3], (4, "7.0".into()));
        assert_eq!(ps[4], (5, "7.0".into()));
        let order: Vec<u32> = s.rows.iter().map(|r| r.start_no).collect();
        assert_eq!(order, vec![1, 2, 4, 5, 3, 6]);
        assert_eq!(col(&s, "后手局")[3], (4, "2".into()));
        assert_eq!(col(&s, "后手局")[4], (5, "1".into()));
        // Removing round 1: 4 → 2 + 2 = 4, 5 → 0 + 1 = 1 (4 still ahead).
        assert_eq!(col(&s, "去前1轮累进分")[3], (4, "4.0".into()));
        assert_eq!(col(&s, "去前1轮累进分")[4], (5, "1.0".into()));
    }

    #[test]
    fn removing_rounds_separates_from_the_last() {
        // Without 对手分 and the counts, 3, 4 and 5 (3 points each) are split by the score
        // before round 3: 3 → 1, 4 → 3, 5 → 2; so 4, 5, 3.
        let t = event();
        let s = ranking(&t, &[CxaKey::Points, CxaKey::RemoveLastRounds]);
        let order: Vec<u32> = s.rows.iter().map(|r| r.start_no).collect();
        assert_eq!(order, vec![1, 2, 4, 5, 3, 6]);
        assert_eq!(s.headers, vec!["积分", "去末1轮", "去末2轮"]);
    }
}
