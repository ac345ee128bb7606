//! The bracket description and its consistency check.

use super::Error;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Where a participant of a match, a place or a relegation comes from.
///
/// In TOML: `{ seed = 1 }`, `{ winner = "QF1" }`, `{ loser = "QF1" }`,
/// `{ ranked = { among = [{ winner = "QF1" }, { winner = "QF2" }], rank = 1 } }`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The team with this seed (regular-season place).
    Seed(u16),
    /// The winner of the match with this id.
    Winner(String),
    /// The loser of the match with this id.
    Loser(String),
    /// The `rank`-th best regular-season place (lowest seed) among these teams: re-seeding, e.g.
    /// "the quarter-final winners become semi-final seeds 1-4 by regular-season place".
    Ranked {
        /// The group (seeds, winners or losers; not nested groups).
        among: Vec<Source>,
        /// 1 = the best placed of the group.
        rank: u16,
    },
}

/// One match of the bracket: two teams over a fixed number of rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchDef {
    /// Unique id used by later matches, places and results (`"QF1"`).
    pub id: String,
    /// Stage label for reports (`"八强赛"`).
    pub stage: String,
    /// The first-named team.
    pub first: Source,
    /// The second-named team.
    pub second: Source,
    /// Rounds (两轮对抗 = 2).
    pub rounds: u8,
}

/// Places `first_place`, `first_place + 1`, … go to these teams, the better regular-season place
/// (lower seed) first: "5th and 6th are ordered by regular-season place".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceRule {
    /// The best place of the group.
    pub first_place: u16,
    /// The teams sharing the group of places.
    pub teams: Vec<Source>,
}

/// A whole knockout: its seeds, matches in playing order, final places and relegations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Number of seeded teams (1..=seeds).
    pub seeds: u16,
    /// Matches; a match may only use outcomes of matches listed before it.
    pub matches: Vec<MatchDef>,
    /// Final places; together they cover 1..=seeds exactly once.
    pub places: Vec<PlaceRule>,
    /// Outcomes that are relegated.
    #[serde(default)]
    pub relegated: Vec<Source>,
    /// How a match level on match points is decided, in order.
    #[serde(default = "TieResolution::standard")]
    pub tie_resolution: Vec<TieResolution>,
}

/// One way of deciding a match level on match points (`tie_resolution` in event.toml).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieResolution {
    /// The sum of game points over the match's rounds.
    GamePoints,
    /// An over-the-board play-off whose winner the arbiter enters (`playoff_winners`).
    Playoff,
}

impl TieResolution {
    /// Game points, then the play-off (C.07 art. 3; the A-league template's reading).
    pub fn standard() -> Vec<TieResolution> {
        vec![TieResolution::GamePoints, TieResolution::Playoff]
    }
}

/// A match definition in one line.
fn m(id: &str, stage: &str, first: Source, second: Source, rounds: u8) -> MatchDef {
    MatchDef {
        id: id.into(),
        stage: stage.into(),
        first,
        second,
        rounds,
    }
}

fn w(id: &str) -> Source {
    Source::Winner(id.into())
}

fn l(id: &str) -> Source {
    Source::Loser(id.into())
}

fn place(first_place: u16, teams: Vec<Source>) -> PlaceRule {
    PlaceRule { first_place, teams }
}

impl Bracket {
    /// The A-league finals (2023 总规程 §5.3), seeds = regular-season places 1-12.
    ///
    /// - Quarter-finals (2 rounds): QF1 1-8, QF2 2-7, QF3 3-6, QF4 4-5. Winners become semi
    ///   seeds 1-4 and losers seeds 5-8 **by bracket slot** (the winner of QF*k* is seed *k*, its
    ///   loser seed 4+*k*): the regulation refers to a bracket chart (附件2) we do not have.
    /// - Semi-finals (4 rounds): SF1 = W(QF1)-W(QF4), SF2 = W(QF2)-W(QF3). Final and 3rd-place
    ///   match (4 rounds each) decide places 1-4.
    /// - Places 5-8 (2 rounds): P5-8 = L(QF1)-L(QF4), P6-7 = L(QF2)-L(QF3); the winners take
    ///   places 5-6 and the losers 7-8, each pair ordered by regular-season place.
    /// - Lower half (2 rounds each): L9-10 = 9-10 and L11-12 = 11-12; then L-final =
    ///   L(L9-10)-W(L11-12). Places **[INFERRED]** from "every place is decided": W(L9-10) 9th,
    ///   W(L-final) 10th, L(L-final) 11th, L(L11-12) 12th; the last two are relegated.
    pub fn a_league() -> Bracket {
        let s = Source::Seed;
        Bracket {
            seeds: 12,
            matches: vec![
                m("QF1", "八强赛", s(1), s(8), 2),
                m("QF2", "八强赛", s(2), s(7), 2),
                m("QF3", "八强赛", s(3), s(6), 2),
                m("QF4", "八强赛", s(4), s(5), 2),
                m("L9-10", "保级赛第一阶段", s(9), s(10), 2),
                m("L11-12", "保级赛第一阶段", s(11), s(12), 2),
                m("SF1", "半决赛", w("QF1"), w("QF4"), 4),
                m("SF2", "半决赛", w("QF2"), w("QF3"), 4),
                m("P5-8", "第五至八名争夺赛", l("QF1"), l("QF4"), 2),
                m("P6-7", "第五至八名争夺赛", l("QF2"), l("QF3"), 2),
                m("L-final", "保级赛第二阶段", l("L9-10"), w("L11-12"), 2),
                m("F", "冠亚军决赛", w("SF1"), w("SF2"), 4),
                m("P3-4", "三四名决赛", l("SF1"), l("SF2"), 4),
            ],
            places: vec![
                place(1, vec![w("F")]),
                place(2, vec![l("F")]),
                place(3, vec![w("P3-4")]),
                place(4, vec![l("P3-4")]),
                place(5, vec![w("P5-8"), w("P6-7")]),
                place(7, vec![l("P5-8"), l("P6-7")]),
                place(9, vec![w("L9-10")]),
                place(10, vec![w("L-final")]),
                place(11, vec![l("L-final")]),
                place(12, vec![l("L11-12")]),
            ],
            relegated: vec![l("L11-12"), l("L-final")],
            tie_resolution: TieResolution::standard(),
        }
    }

    /// The A-league finals read the other way: quarter-final winners re-seeded 1-4 and losers
    /// 5-8 **by regular-season place**, then semis 1-4 and 2-3, places 5-8 as 5-8 and 6-7.
    /// Everything else as [`Bracket::a_league`].
    pub fn a_league_reseeded() -> Bracket {
        let qf = ["QF1", "QF2", "QF3", "QF4"];
        let winners: Vec<Source> = qf.iter().map(|id| w(id)).collect();
        let losers: Vec<Source> = qf.iter().map(|id| l(id)).collect();
        let r = |among: &Vec<Source>, rank: u16| Source::Ranked {
            among: among.clone(),
            rank,
        };
        let mut b = Bracket::a_league();
        for m in &mut b.matches {
            let (first, second) = match m.id.as_str() {
                "SF1" => (r(&winners, 1), r(&winners, 4)),
                "SF2" => (r(&winners, 2), r(&winners, 3)),
                "P5-8" => (r(&losers, 1), r(&losers, 4)),
                "P6-7" => (r(&losers, 2), r(&losers, 3)),
                _ => continue,
            };
            m.first = first;
            m.second = second;
        }
        b
    }

    /// Checks that the bracket is usable: ids unique, rounds ≥ 1, sources refer to seeds in
    /// range or to earlier matches, every seed and every match's winner and loser goes to
    /// exactly one later match or place group (so each team ends with exactly one place; a
    /// [`Source::Ranked`] group uses each member once and must hand out ranks 1..=size once
    /// each), and the places cover 1..=seeds once each.
    ///
    /// # Errors
    ///
    /// [`Error::Bracket`] with the first problem found.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::Bracket(m));
        if self.seeds < 2 {
            return bad(format!("needs at least 2 seeds, not {}", self.seeds));
        }
        let mut check = Checker {
            seeds: self.seeds,
            known: BTreeSet::new(),
            uses: BTreeMap::new(),
            groups: BTreeMap::new(),
        };
        for m in &self.matches {
            if m.rounds == 0 {
                return bad(format!("match {:?} has no rounds", m.id));
            }
            if m.first == m.second {
                return bad(format!("match {:?} pairs a team with itself", m.id));
            }
            for src in [&m.first, &m.second] {
                check.consume(src, &format!("match {:?}", m.id))?;
            }
            if !check.known.insert(m.id.as_str()) {
                return bad(format!("match id {:?} is used twice", m.id));
            }
        }
        let mut covered = vec![false; usize::from(self.seeds)];
        for p in &self.places {
            for (k, src) in p.teams.iter().enumerate() {
                check.consume(src, &format!("place {}", p.first_place))?;
                let place = usize::from(p.first_place) + k;
                match covered.get_mut(place.wrapping_sub(1)) {
                    Some(slot) if !*slot => *slot = true,
                    Some(_) => return bad(format!("place {place} is given twice")),
                    None => return bad(format!("place {place} is outside 1..={}", self.seeds)),
                }
            }
        }
        if let Some(i) = covered.iter().position(|c| !c) {
            return bad(format!("place {} is never given", i + 1));
        }
        for src in &self.relegated {
            check.refers(src, "relegation")?;
        }
        check.finish(&self.matches)
    }
}

/// Bookkeeping of [`Bracket::validate`].
struct Checker<'a> {
    seeds: u16,
    /// Match ids defined so far.
    known: BTreeSet<&'a str>,
    /// How often each plain outcome is consumed by a match, a place group or a ranked group.
    uses: BTreeMap<Source, usize>,
    /// Ranks handed out per ranked group (members sorted).
    groups: BTreeMap<Vec<Source>, Vec<u16>>,
}

impl Checker<'_> {
    /// Checks that a plain source exists at this point; ranked groups are checked member-wise.
    fn refers(&self, src: &Source, at: &str) -> Result<(), Error> {
        match src {
            Source::Seed(n) if (1..=self.seeds).contains(n) => Ok(()),
            Source::Seed(n) => Err(Error::Bracket(format!(
                "{at}: seed {n} is outside 1..={}",
                self.seeds
            ))),
            Source::Winner(id) | Source::Loser(id) if self.known.contains(id.as_str()) => Ok(()),
            Source::Winner(id) | Source::Loser(id) => Err(Error::Bracket(format!(
                "{at}: match {id:?} is not defined before it"
            ))),
            Source::Ranked { among, rank } => {
                if among.is_empty() || !(1..=among.len()).contains(&usize::from(*rank)) {
                    return Err(Error::Bracket(format!(
                        "{at}: rank {rank} among {} teams",
                        among.len()
                    )));
                }
                for m in among {
                    if matches!(m, Source::Ranked { .. }) {
                        return Err(Error::Bracket(format!("{at}: ranked groups cannot nest")));
                    }
                    self.refers(m, at)?;
                }
                Ok(())
            }
        }
    }

    /// Checks a source and counts its use.
    fn consume(&mut self, src: &Source, at: &str) -> Result<(), Error> {
        self.refers(src, at)?;
        match src {
            Source::Ranked { among, rank } => {
                let mut key = among.clone();
                key.sort();
                let ranks = self.groups.entry(key).or_default();
                if ranks.is_empty() {
                    // The group takes each member once, however many ranks it hands out.
                    for m in among {
                        *self.uses.entry(m.clone()).or_default() += 1;
                    }
                }
                ranks.push(*rank);
            }
            plain => *self.uses.entry(plain.clone()).or_default() += 1,
        }
        Ok(())
    }

    /// Every outcome used exactly once; every ranked group hands out each rank once.
    fn finish(&self, matches: &[MatchDef]) -> Result<(), Error> {
        for (members, ranks) in &self.groups {
            let mut sorted = ranks.clone();
            sorted.sort_unstable();
            let want: Vec<u16> = (1..=u16::try_from(members.len()).unwrap_or(u16::MAX)).collect();
            if sorted != want {
                return Err(Error::Bracket(format!(
                    "ranked group {members:?} hands out ranks {sorted:?}, not 1..={}",
                    members.len()
                )));
            }
        }
        let outcomes = (1..=self.seeds).map(Source::Seed).chain(
            matches
                .iter()
                .flat_map(|m| [Source::Winner(m.id.clone()), Source::Loser(m.id.clone())]),
        );
        for src in outcomes {
            match self.uses.get(&src).copied().unwrap_or(0) {
                1 => {}
                0 => return Err(Error::Bracket(format!("{src:?} goes to no match or place"))),
                n => return Err(Error::Bracket(format!("{src:?} is used {n} times"))),
            }
        }
        Ok(())
    }
}
