//! The display tables of a team season: the schedule by round and by team, the round-robin
//! crosstable (match scores like `3.5:1.5`) and each player's results by board (台次成绩).
//! Pure functions from results to [`TextTable`]s; the workbooks only lay them out.

use std::collections::BTreeMap;

use crate::Lang;
use crate::model::{GameResult, Points};
use crate::report::cell::Cell;
use crate::report::tables::TextTable;
use crate::scoring::{Rational, rating};
use crate::season::TeamName;
#[cfg(test)]
use crate::season::TeamNo;
use crate::season::matches::{MatchScoring, RoundResults};

fn name_of(teams: &[TeamName], n: u32) -> String {
    crate::season::league::name_or_number(teams, n)
}

/// The schedule by round: one row per match, `轮次 | 场次 | 主队 | 客队` (first-named team first).
pub fn schedule_by_round(
    schedule: &[Vec<(u32, u32)>],
    teams: &[TeamName],
    lang: Lang,
) -> TextTable {
    let mut rows = Vec::new();
    for (ri, round) in schedule.iter().enumerate() {
        for (mi, (h, a)) in round.iter().enumerate() {
            rows.push(vec![
                (ri + 1).into(),
                (mi + 1).into(),
                name_of(teams, *h).into(),
                name_of(teams, *a).into(),
            ]);
        }
    }
    TextTable {
        headers: [
            ("轮次", "Round"),
            ("场次", "Match"),
            ("主队", "Home"),
            ("客队", "Away"),
        ]
        .iter()
        .map(|(z, e)| lang.pick(z, e).to_string())
        .collect(),
        rows,
        centred: vec![0, 1],
        ..Default::default()
    }
}

/// The schedule by team: one row per team in number order, one column per round holding the
/// opponent and whether the team is named first (主) or second (客).
pub fn schedule_by_team(schedule: &[Vec<(u32, u32)>], teams: &[TeamName], lang: Lang) -> TextTable {
    let mut headers = vec![
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    headers.extend((1..=schedule.len()).map(|r| match lang {
        Lang::Zh => format!("第{r}轮"),
        Lang::En => format!("R{r}"),
    }));
    let mut sorted: Vec<&TeamName> = teams.iter().collect();
    sorted.sort_by_key(|t| t.0);
    let rows = sorted
        .iter()
        .map(|(n, name)| {
            let mut row = vec![n.0.into(), name.as_str().into()];
            for round in schedule {
                let cell = round
                    .iter()
                    .find_map(|&(h, a)| {
                        if h == n.0 {
                            Some(format!(
                                "{}{}",
                                name_of(teams, a),
                                lang.pick("（主）", " (H)")
                            ))
                        } else if a == n.0 {
                            Some(format!(
                                "{}{}",
                                name_of(teams, h),
                                lang.pick("（客）", " (A)")
                            ))
                        } else {
                            None
                        }
                    })
                    .unwrap_or_else(|| lang.pick("轮空", "rest").to_string());
                row.push(cell.into());
            }
            row
        })
        .collect();
    // Round columns wrap: `北京华清队` over `（主）`.
    let wrapped = (2..headers.len()).collect();
    TextTable {
        headers,
        rows,
        centred: vec![0],
        wrapped,
        wrap_width: Some(8),
        ..Default::default()
    }
}

/// Game points each team scored against each opponent, summed over their matches.
fn pair_scores(
    rounds: &[RoundResults],
    s: &MatchScoring,
) -> BTreeMap<(u32, u32), (Points, Points)> {
    let mut out: BTreeMap<(u32, u32), (Points, Points)> = BTreeMap::new();
    for rr in rounds {
        for m in rr.matches.iter().filter(|m| m.complete) {
            let (h, a) = m.game_points(s);
            let e = out.entry((m.home, m.away)).or_default();
            e.0 += h;
            e.1 += a;
            let e = out.entry((m.away, m.home)).or_default();
            e.0 += a;
            e.1 += h;
        }
    }
    out
}

/// The round-robin crosstable: teams in number order, the cell of row i and column j the game
/// score of i against j (`3.5:1.5`), then match points, game points and the place.
pub fn crosstable(
    teams: &[TeamName],
    rounds: &[RoundResults],
    s: &MatchScoring,
    places: &BTreeMap<u32, u32>,
    lang: Lang,
) -> TextTable {
    let mut sorted: Vec<&TeamName> = teams.iter().collect();
    sorted.sort_by_key(|t| t.0);
    let scores = pair_scores(rounds, s);
    let mut mp: BTreeMap<u32, Points> = BTreeMap::new();
    let mut gp: BTreeMap<u32, Points> = BTreeMap::new();
    for rr in rounds {
        for m in rr.matches.iter().filter(|m| m.complete) {
            let (hm, am) = m.match_points(s);
            let (hg, ag) = m.game_points(s);
            *mp.entry(m.home).or_default() += hm;
            *mp.entry(m.away).or_default() += am;
            *gp.entry(m.home).or_default() += hg;
            *gp.entry(m.away).or_default() += ag;
        }
    }
    let mut headers = vec![
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    headers.extend(sorted.iter().map(|t| t.0.to_string()));
    headers.extend(
        [
            lang.pick("场分", "MP"),
            lang.pick("局分", "GP"),
            lang.pick("名次", "Place"),
        ]
        .map(str::to_string),
    );
    let n = sorted.len();
    let rows = sorted
        .iter()
        .map(|(i, name)| {
            let mut row = vec![i.0.into(), name.as_str().into()];
            for (j, _) in &sorted {
                row.push(if i == j {
                    "×".into()
                } else {
                    (scores.get(&(i.0, j.0)))
                        .map(|(a, b)| s.sport.score_pair(*a, *b))
                        .unwrap_or_default()
                        .into()
                });
            }
            // Totals as the sport writes points: xiangqi `6`, chess `6.0`.
            let total = |t: &BTreeMap<u32, Points>| {
                Cell::points(s.sport, t.get(&i.0).copied().unwrap_or_default())
            };
            row.push(total(&mp));
            row.push(total(&gp));
            row.push(places.get(&i.0).map_or_else(Cell::default, |&p| p.into()));
            row
        })
        .collect();
    let mut centred: Vec<usize> = (2..n + 5).collect();
    centred.insert(0, 0);
    TextTable {
        headers,
        rows,
        // The opponents' columns: `3.5:1.5` needs 7 columns of the width reserved for 6.
        wrapped: (2..n + 2).collect(),
        wrap_width: Some(6),
        centred,
        ..Default::default()
    }
}

/// 台次成绩 without ratings: games, points and score percentage (see [`board_performance`]).
pub fn board_results(
    teams: &[TeamName],
    names: &BTreeMap<(u32, String), String>,
    rounds: &[RoundResults],
    s: &MatchScoring,
    lang: Lang,
) -> TextTable {
    board_performance(teams, names, &BTreeMap::new(), rounds, s, lang)
}

/// One player's record on one board.
#[derive(Default)]
struct BoardLine {
    games: u32,
    points: Points,
    /// Games over the board against a rated opponent: (opponent's rating, own points).
    rated: Vec<(u16, Points)>,
}

/// The FIDE performance rating of `rated` games (C.07 10.2, Rating Regulations 8.1.1): the
/// opponents' average rating rounded half up, plus dp of p = points ÷ games rounded half up
/// to hundredths; `None` without a rated game over the board.
fn performance(rated: &[(u16, Points)], win: Points) -> Option<i64> {
    let n = i64::try_from(rated.len()).ok().filter(|n| *n > 0)?;
    let sum: i64 = rated.iter().map(|g| i64::from(g.0)).sum();
    let aro = Rational::new(sum, n).round_half_up();
    let halves: i64 = rated.iter().map(|g| i64::from(g.1.halves())).sum();
    let win = i64::from(win.halves());
    if win <= 0 {
        return None;
    }
    let p100 = Rational::new(halves * 100, n * win).round_half_up();
    Some(aro + rating::dp(p100))
}

/// 台次成绩: one row per player who played, by team number and board: games (forfeits
/// included), points, the score as a whole percentage (rounded half up) and the FIDE
/// performance rating over the games played over the board against rated opponents
/// (`ratings`: FIDE rating per (team number, player key); empty cell when there is none).
pub fn board_performance(
    teams: &[TeamName],
    names: &BTreeMap<(u32, String), String>,
    ratings: &BTreeMap<(u32, String), u16>,
    rounds: &[RoundResults],
    s: &MatchScoring,
    lang: Lang,
) -> TextTable {
    // (team, board, player key) → record.
    let mut acc: BTreeMap<(u32, u32, String), BoardLine> = BTreeMap::new();
    for rr in rounds {
        for m in rr.matches.iter().filter(|m| m.complete) {
            for b in &m.boards {
                let sides = [
                    (m.home, &b.home_player, m.away, &b.away_player, b.result),
                    (
                        m.away,
                        &b.away_player,
                        m.home,
                        &b.home_player,
                        b.result.reversed(),
                    ),
                ];
                for (team, player, opp_team, opp, result) in sides {
                    let Some(k) = player else { continue };
                    let e = acc.entry((team, b.board, k.clone())).or_default();
                    e.games += 1;
                    e.points += s.game(result);
                    let over_the_board = matches!(
                        result,
                        GameResult::Win | GameResult::Draw | GameResult::Loss
                    );
                    let opp_rating = opp
                        .as_ref()
                        .and_then(|o| ratings.get(&(opp_team, o.clone())))
                        .filter(|r| **r > 0);
                    if let (true, Some(r)) = (over_the_board, opp_rating) {
                        e.rated.push((*r, s.game(result)));
                    }
                }
            }
        }
    }
    // A team's boards print on one page: a block starts where the team changes.
    let teams_of: Vec<u32> = acc.keys().map(|k| k.0).collect();
    let groups = (0..teams_of.len())
        .filter(|&i| i == 0 || teams_of.get(i - 1) != teams_of.get(i))
        .collect();
    let rows = acc
        .iter()
        .map(|((team, board, key), line)| {
            let max = i64::from(s.game_win.halves()) * i64::from(line.games);
            let pct = if max > 0 {
                Rational::new(i64::from(line.points.halves()) * 100, max).round_half_up()
            } else {
                0
            };
            let name = names.get(&(*team, key.clone()));
            vec![
                name_of(teams, *team).into(),
                (*board).into(),
                name.cloned().unwrap_or_else(|| key.clone()).into(),
                line.games.into(),
                Cell::points1(line.points),
                Cell::Percent(pct),
                performance(&line.rated, s.game_win).map_or_else(Cell::default, Cell::Int),
            ]
        })
        .collect();
    TextTable {
        headers: [
            ("队名", "Team"),
            ("台次", "Board"),
            ("棋手", "Player"),
            ("局数", "Games"),
            ("得分", "Points"),
            ("得分率", "Score %"),
            ("等级分表现", "Performance"),
        ]
        .iter()
        .map(|(z, e)| lang.pick(z, e).to_string())
        .collect(),
        rows,
        centred: vec![1, 3, 4, 5, 6],
        groups,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf::export::tests::example_rounds;

    fn names() -> Vec<TeamName> {
        vec![
            (TeamNo(1), "A".into()),
            (TeamNo(2), "B".into()),
            (TeamNo(3), "C".into()),
            (TeamNo(4), "D".into()),
        ]
    }

    #[test]
    fn crosstable_of_the_worked_example() {
        let places = BTreeMap::from([(1, 2), (2, 1), (3, 4), (4, 3)]);
        let t = crosstable(
            &names(),
            &example_rounds(),
            &MatchScoring::default(),
            &places,
            Lang::Zh,
        );
        // RULES.md §A.7: A beat D 2.5-1.5, lost to B 1.5-2.5, beat C 3-1.
        assert_eq!(
            t.rows[0],
            [
                "1", "A", "×", "1.5:2.5", "3.0:1.0", "2.5:1.5", "4.0", "7.0", "2"
            ]
        );
        assert_eq!(
            t.rows[2],
            [
                "3", "C", "1.0:3.0", "2.0:2.0", "×", "1.0:3.0", "1.0", "4.0", "4"
            ]
        );
    }

    #[test]
    fn board_results_percentages() {
        let t = board_results(
            &names(),
            &BTreeMap::new(),
            &example_rounds(),
            &MatchScoring::default(),
            Lang::Zh,
        );
        // A1 played 3 games on board 1: 1 + 0 + 1 = 2 points, 67%.
        assert_eq!(t.rows[0], ["A", "1", "A1", "3", "2.0", "67%", ""]);
    }

    #[test]
    fn board_performance_by_hand() {
        // Every player of the example is rated 2000 except D's board 1 (2300) and C's board
        // 1 (1800). A1 beat D1 (2300), lost to B1 (2000), beat C1 (1800): ARO 6100/3 =
        // 2033.33 → 2033; p = 2/3 → 0.67, dp 125; TPR 2158.
        let mut ratings = BTreeMap::new();
        for (no, t) in [(1u32, "A"), (2, "B"), (3, "C"), (4, "D")] {
            for b in 1..=4 {
                ratings.insert((no, format!("{t}{b}")), 2000u16);
            }
        }
        ratings.insert((4, "D1".to_string()), 2300);
        ratings.insert((3, "C1".to_string()), 1800);
        // B4 has no rating: C4, A4 and D4's games against B4 do not count.
        ratings.remove(&(2, "B4".to_string()));
        let t = board_performance(
            &names(),
            &BTreeMap::new(),
            &ratings,
            &example_rounds(),
            &MatchScoring::default(),
            Lang::Zh,
        );
        assert_eq!(t.rows[0], ["A", "1", "A1", "3", "2.0", "67%", "2158"]);
        // A4: ½ v D4, ½ v B4 (unrated), ½ v C4: two rated games, 1/2 = 0.50, TPR = ARO 2000.
        let a4 = t.rows.iter().find(|r| r[2] == "A4").expect("A4");
        assert_eq!(a4, &["A", "4", "A4", "3", "1.5", "50%", "2000"]);
        // B4 met A4, C4 and D4 (all 2000) and scored ½ + 0 + ½ = 1: p 0.33, dp −125.
        let b4 = t.rows.iter().find(|r| r[2] == "B4").expect("B4");
        assert_eq!(b4, &["B", "4", "B4", "3", "1.0", "33%", "1875"]);
        assert_eq!(t.headers[6], "等级分表现");
    }

    #[test]
    fn schedule_tables() {
        let sched = vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)]];
        let t = schedule_by_team(&sched, &names(), Lang::Zh);
        assert_eq!(t.rows[0], ["1", "A", "D（主）", "B（主）"]);
        assert_eq!(t.rows[3], ["4", "D", "A（客）", "C（主）"]);
        let r = schedule_by_round(&sched, &names(), Lang::Zh);
        assert_eq!(r.rows[3], ["2", "2", "A", "B"]);
    }
}
