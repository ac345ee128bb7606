//! The ranking engine: apply an ordered tie-break list (C.07 4.2) and give every competitor a
//! rank, with exact values and the precision each tie-break is printed with; the renderers
//! (workbooks, the summary, `trf standings`) format them.
//!
//! Each tie-break sorts the competitors still tied on all earlier ones; competitors equal on
//! every listed value share a rank (1, 2, 2, 4), and ties keep start-number order.

use std::cmp::Ordering;

use crate::model::Points;

use super::boards::board_count;
use super::buchholz::{self, Spec, Weight};
use super::codes::{Kind, TieBreak};
use super::direct::{self, Settings};
use super::individual::{self, Count};
use super::rating::{self, Which};
use super::rational::Rational;
use super::tournament::{ScoreKind, Tournament};

/// One tie-break value of one competitor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// A number (points, sums, counts, ratings).
    Num(Rational),
    /// A place inside a tied group (DE, EDE, TBR, BBE); 0 = the group was not separated.
    Place(u32),
    /// Not defined (rating tie-breaks with unrated players).
    Undefined,
}

impl Value {
    /// The value as `trf standings` and TieBreakServer print it, with `decimals` digits
    /// (`-0` when undefined).
    pub fn text(self, decimals: usize) -> String {
        match self {
            Value::Num(r) => r.fmt_decimals(decimals),
            Value::Place(p) => p.to_string(),
            Value::Undefined => "-0".to_string(),
        }
    }

    /// The exact number (a place as a whole number); `None` when undefined.
    pub fn as_rational(self) -> Option<Rational> {
        match self {
            Value::Num(r) => Some(r),
            Value::Place(p) => Some(Rational::from_int(i64::from(p))),
            Value::Undefined => None,
        }
    }

    fn cmp_for(self, other: Value, higher_better: bool) -> Ordering {
        let key = |v: Value| match v {
            Value::Num(r) => Some(r),
            Value::Place(p) => Some(Rational::from_int(i64::from(p))),
            Value::Undefined => None,
        };
        match (key(self), key(other)) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(a), Some(b)) if higher_better => b.cmp(&a),
            (Some(a), Some(b)) => a.cmp(&b),
        }
    }
}

/// One line of the ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Rank, shared by competitors equal on every value.
    pub rank: u32,
    /// Index into [`Tournament::competitors`].
    pub competitor: usize,
    /// Start number.
    pub start_no: u32,
    /// The primary score (points, or the team's primary score).
    pub primary: Points,
    /// The secondary score (teams; for players the same as `primary`).
    pub secondary: Points,
    /// One value per tie-break, in list order.
    pub values: Vec<Value>,
}

/// A whole ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The tie-break list.
    pub keys: Vec<TieBreak>,
    /// The decimals each tie-break's value is printed with (C.07: averages to two, `AOB` to
    /// as many as the rounds need).
    pub decimals: Vec<usize>,
    /// Rows in rank order (ties by start number).
    pub rows: Vec<Row>,
}

/// Ranks `t` by `keys` in order. Put the primary score (`PTS`, `MPTS`) first.
///
/// ```
/// use bianpai::model::GameResult;
/// use bianpai::scoring::{ResultPoints, parse_list, standings};
/// use bianpai::tournament::{History, ViewOptions};
/// // One round: 1 beats 2, 3 and 4 draw.
/// let who = (1..=4).map(|n| (n, format!("P{n}"), None)).collect();
/// let mut h = History::individual(who, 1, ResultPoints::CHESS, false);
/// h.add_game(1, 0, 1, GameResult::Win).unwrap();
/// h.add_game(1, 2, 3, GameResult::Draw).unwrap();
/// let s = standings(&h.scored(ViewOptions::default()), &parse_list("PTS SB").unwrap());
/// let ranks: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.start_no, r.rank)).collect();
/// assert_eq!(ranks, [(1, 1), (3, 2), (4, 2), (2, 4)]);
/// // Sonneborn-Berger of a drawn game against ½ point: ¼, printed with two decimals.
/// assert_eq!(s.rows[1].values[1].text(s.decimals[1]), "0.25");
/// ```
pub fn standings(t: &Tournament, keys: &[TieBreak]) -> Standings {
    let decimals: Vec<usize> = keys
        .iter()
        .map(|k| match k.kind {
            Kind::Aob => buchholz::average_decimals(t.rounds),
            _ => k.decimals(),
        })
        .collect();
    let rows = rank_with(t, keys.len(), |k, ranks| {
        keys.get(k).map_or((Vec::new(), true), |key| {
            (compute(t, key, ranks), key.higher_is_better())
        })
    });
    Standings {
        keys: keys.to_vec(),
        decimals,
        rows,
    }
}

/// The generic ranking loop: column `k` is computed by `column(k, ranks so far)`, which
/// returns the values and whether higher is better; ties are broken column by column.
pub(crate) fn rank_with(
    t: &Tournament,
    count: usize,
    mut column: impl FnMut(usize, &[u32]) -> (Vec<Value>, bool),
) -> Vec<Row> {
    let n = t.competitors.len();
    let start = |i: usize| t.competitors.get(i).map_or(0, |c| c.start_no);
    let mut ranks = vec![1u32; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| start(i));
    let mut columns: Vec<Vec<Value>> = Vec::with_capacity(count);
    for k in 0..count {
        let (vals, hb) = column(k, &ranks);
        let get = |i: usize| vals.get(i).copied().unwrap_or(Value::Undefined);
        order.sort_by(|&a, &b| {
            ranks
                .get(a)
                .cmp(&ranks.get(b))
                .then(get(a).cmp_for(get(b), hb))
                .then(start(a).cmp(&start(b)))
        });
        let mut prev: Option<(u32, Value)> = None;
        let mut new_ranks = ranks.clone();
        for (pos, &i) in order.iter().enumerate() {
            let position = u32::try_from(pos + 1).unwrap_or(u32::MAX);
            let old = ranks.get(i).copied().unwrap_or(0);
            let v = get(i);
            let r = match prev {
                Some((pr, pv)) if old != position && pv.cmp_for(v, hb) == Ordering::Equal => pr,
                _ => position,
            };
            if let Some(x) = new_ranks.get_mut(i) {
                *x = r;
            }
            prev = Some((r, v));
        }
        ranks = new_ranks;
        columns.push(vals);
    }
    order
        .iter()
        .map(|&i| {
            let values: Vec<Value> = columns
                .iter()
                .map(|col| col.get(i).copied().unwrap_or(Value::Undefined))
                .collect();
            let comp = t.competitors.get(i);
            Row {
                rank: ranks.get(i).copied().unwrap_or(0),
                competitor: i,
                start_no: start(i),
                primary: comp.map_or(Points::ZERO, |c| c.standing_total(t.primary)),
                secondary: comp.map_or(Points::ZERO, |c| c.standing_total(t.primary.other())),
                values,
            }
        })
        .collect()
}

fn nums(v: Vec<Rational>) -> Vec<Value> {
    v.into_iter().map(Value::Num).collect()
}

fn totals(t: &Tournament, kind: ScoreKind) -> Vec<Value> {
    t.competitors
        .iter()
        .map(|c| Value::Num(Rational::from(c.standing_total(kind))))
        .collect()
}

/// The values of one tie-break for every competitor, given the ranks reached so far.
fn compute(t: &Tournament, key: &TieBreak, ranks: &[u32]) -> Vec<Value> {
    let score = key.score.unwrap_or(t.primary);
    let rr = t.round_robin;
    // 15.2: in round robins forfeits count as games, unless `/S` asks for Swiss rules.
    let forfeits_played = key.forfeits_played || (rr && !key.force_swiss);
    let edition = key.edition.unwrap_or(t.edition);
    match key.kind {
        Kind::Pts => totals(t, score),
        Kind::Mpts => totals(t, ScoreKind::Match),
        Kind::Gpts => totals(t, ScoreKind::Game),
        Kind::MpVGp => totals(t, t.primary.other()),
        Kind::De | Kind::Ede(_) => {
            let variant = match key.kind {
                Kind::Ede(v) => Some(v),
                _ => None,
            };
            let steps = direct::steps(variant, t.boards());
            let set = Settings {
                primary: score,
                forfeits_played,
                round_robin: rr,
                force_swiss: key.force_swiss,
            };
            direct::places(t, ranks, &steps, set)
                .into_iter()
                .map(Value::Place)
                .collect()
        }
        Kind::Tbr | Kind::Bbe => direct::board_places(t, ranks, key.kind == Kind::Bbe)
            .into_iter()
            .map(Value::Place)
            .collect(),
        Kind::Bh | Kind::Sb => {
            let spec = Spec {
                opponent_score: score,
                weight: if key.kind == Kind::Sb {
                    Weight::SonnebornBerger {
                        own: key.own_score.unwrap_or(score),
                    }
                } else {
                    Weight::Buchholz
                },
                cut_low: key.cut_low,
                cut_high: key.cut_high,
                forfeits_played,
                round_robin: rr,
                edition,
            };
            nums(buchholz::compute(t, &spec))
        }
        Kind::Fb | Kind::Aob => {
            let spec = Spec {
                opponent_score: score,
                weight: Weight::Buchholz,
                cut_low: if key.kind == Kind::Fb { key.cut_low } else { 0 },
                cut_high: if key.kind == Kind::Fb {
                    key.cut_high
                } else {
                    0
                },
                forfeits_played,
                round_robin: rr,
                edition,
            };
            let fore = key.kind == Kind::Fb || key.fore;
            let bh = if fore {
                buchholz::compute(&buchholz::fore(t), &spec)
            } else {
                buchholz::compute(t, &spec)
            };
            if key.kind == Kind::Fb {
                nums(bh)
            } else {
                nums(buchholz::average_of_opponents(t, &bh))
            }
        }
        Kind::Ks => nums(buchholz::koya(t, score, key.limit_shift)),
        Kind::Ps => nums(individual::progressive(t, score, key.cut_low)),
        Kind::Win => nums(individual::count(t, Count::Win, score)),
        Kind::Won => nums(individual::count(t, Count::Won, score)),
        Kind::Bpg => nums(individual::count(t, Count::Bpg, score)),
        Kind::Bwg => nums(individual::count(t, Count::Bwg, score)),
        Kind::Rep => nums(individual::count(t, Count::Rep, score)),
        Kind::Std => nums(individual::standard(t, score)),
        Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Rtng => {
            let which = match key.kind {
                Kind::Aro => Which::Aro,
                Kind::Tpr => Which::Tpr,
                Kind::Ptp => Which::Ptp,
                _ => Which::Rtng,
            };
            rating::compute(t, which, key.unrated, key.cut_low, key.cut_high)
                .into_iter()
                .map(|v| v.map_or(Value::Undefined, Value::Num))
                .collect()
        }
        Kind::Apro | Kind::Appo => {
            let which = if key.kind == Kind::Apro {
                Which::Tpr
            } else {
                Which::Ptp
            };
            let own = rating::compute(t, which, key.unrated, 0, 0);
            rating::average_of_opponents(t, &own)
                .into_iter()
                .map(|v| v.map_or(Value::Undefined, Value::Num))
                .collect()
        }
        Kind::Sssc if !t.is_team() => vec![Value::Undefined; t.competitors.len()],
        Kind::Sssc => {
            let spec = Spec {
                opponent_score: score,
                weight: Weight::Buchholz,
                cut_low: key.cut_low,
                cut_high: key.cut_high,
                forfeits_played,
                round_robin: rr,
                edition,
            };
            let bh = if key.fore {
                buchholz::compute(&buchholz::fore(t), &spec)
            } else {
                buchholz::compute(t, &spec)
            };
            let factor = key
                .factor
                .map_or_else(|| buchholz::normalising_factor(t, score), i64::from);
            nums(buchholz::score_strength(t, score, &bh, factor))
        }
        Kind::Tpn => t
            .competitors
            .iter()
            .map(|c| Value::Num(Rational::from_int(i64::from(c.start_no))))
            .collect(),
        Kind::Bc => nums(board_count(t)),
    }
}

/// The ranking as `trf standings` prints it: a header `Rank StartNo <codes>`, then one
/// tab-separated line per competitor in rank order.
pub fn to_tsv(s: &Standings) -> String {
    let mut out = String::from("Rank\tStartNo");
    for k in &s.keys {
        out.push('\t');
        out.push_str(&k.text);
    }
    out.push('\n');
    for r in &s.rows {
        out.push_str(&format!("{}\t{}", r.rank, r.start_no));
        for (k, v) in r.values.iter().enumerate() {
            out.push('\t');
            out.push_str(&v.text(s.decimals.get(k).copied().unwrap_or(2)));
        }
        out.push('\n');
    }
    out
}
