//! Cross-field checks of a parsed `event.toml`: facts that are each well-typed but contradict
//! one another (a window ending before it starts, a prize list for a section that does not
//! exist, a bracket slot naming an unknown match). Every problem is reported with its key path,
//! which [`super::parse`] turns into a line: an organizer fixes the file in one pass (issue 40).
//! Within one entry (a stage, a hotel, a knockout bracket) checks that build on one another stop
//! at the first problem, so that one mistake is not reported again as its consequences.

use std::collections::BTreeSet;

use super::error::KeyPath;
use super::{RawEvent as Event, System};
use crate::model::Sex;
use crate::scoring::TieBreak;
use crate::scoring::cxa::CxaKey;

mod deadlines;
mod knockout;
mod lodging;
mod rulings;
mod sections;
mod stages;
mod withdrawals;

/// A contradiction found in the event, at a key.
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    pub path: KeyPath,
    pub message: String,
}

pub(super) type Check = Result<(), Problem>;

pub(super) fn fail(path: KeyPath, zh: &str, en: &str) -> Check {
    Err(problem(path, zh, en))
}

pub(super) fn problem(path: KeyPath, zh: &str, en: &str) -> Problem {
    Problem {
        path,
        message: format!("{zh} ({en})"),
    }
}

/// The problems found so far, in the order the checks found them.
#[derive(Debug, Default)]
pub(crate) struct Found(pub Vec<Problem>);

impl Found {
    /// Notes a check's problem, if it has one; whether it passed.
    pub(super) fn note(&mut self, check: Check) -> bool {
        match check {
            Ok(()) => true,
            Err(p) => {
                self.0.push(p);
                false
            }
        }
    }

    /// `value` when no problem was found, else the problems.
    pub(crate) fn or_problems<T>(self, value: T) -> Result<T, Vec<Problem>> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self.0)
        }
    }

    /// Notes a problem at `path`.
    pub(super) fn fail(&mut self, path: KeyPath, zh: &str, en: &str) {
        self.0.push(problem(path, zh, en));
    }
}

pub(super) fn root(k: &str) -> KeyPath {
    KeyPath::root().key(k)
}

/// The codes of one `[[tiebreaks]]` entry, parsed by the checks: C.07 keys for the stages it
/// ranks that are not a xiangqi Swiss, the CXA chain for those that are (its 对手分 with the
/// default bye rule until a stage applies its own).
#[derive(Debug, Clone, Default)]
pub(crate) struct TieKeys {
    pub fide: Option<Vec<TieBreak>>,
    pub cxa: Option<Vec<CxaKey>>,
}

/// Runs every check; what they resolve is returned, one [`TieKeys`] per `[[tiebreaks]]` entry,
/// or every problem found.
pub(crate) fn check(ev: &Event) -> Result<Vec<TieKeys>, Vec<Problem>> {
    let mut found = Found::default();
    dates(ev, &mut found);
    sections::check(ev, &mut found);
    stages::check(ev, &mut found);
    rulings::check(ev, &mut found);
    withdrawals::check(ev, &mut found);
    deadlines::check(ev, &mut found);
    super::stage_groups::check(ev, &mut found);
    scoring_and_boards(ev, &mut found);
    rankings(ev, &mut found);
    money(ev, &mut found);
    quotas(ev, &mut found);
    super::teams::check(ev, &mut found);
    let orders = super::bounds::check(ev, &mut found);
    found.or_problems(orders)
}

fn dates(ev: &Event, f: &mut Found) {
    if let Some(id) = ev.event.id.as_deref().filter(|id| !super::is_plain_id(id)) {
        f.fail(
            root("event").key("id"),
            &format!("赛事标识 {id:?} 只能由英文字母、数字和 - _ . 组成（用作TRF文件名）"),
            "the id may hold only ASCII letters, digits, `-`, `_` and `.` (it names the TRF files)",
        );
    }
    let d = &ev.dates;
    if d.end < d.start {
        f.fail(
            root("dates").key("end"),
            &format!("结束日期 {} 早于开始日期 {}", d.end, d.start),
            "the end precedes the start",
        );
    }
    if let Some(a) = d.arrival
        && a > d.start
    {
        f.fail(
            root("dates").key("arrival"),
            &format!("报到日期 {a} 晚于开始日期 {}", d.start),
            "arrival after the start",
        );
    }
    if let Some(x) = d.departure
        && x < d.end
    {
        f.fail(
            root("dates").key("departure"),
            &format!("离会日期 {x} 早于结束日期 {}", d.end),
            "departure before the end",
        );
    }
    if let Some(w) = &ev.eligibility.birth {
        sections::window(w, root("eligibility").key("birth"), f);
    }
    if let Some(c) = ev.accommodation.as_ref().and_then(|a| a.covered.as_ref())
        && (c.to, c.to_meal) < (c.from, c.from_meal)
    {
        f.fail(
            root("accommodation").key("covered").key("to"),
            "承担食宿的结束早于开始",
            "the covered period ends before it starts",
        );
    }
}

pub(super) fn unique<'a>(
    items: impl Iterator<Item = &'a str>,
    path: impl Fn(usize) -> KeyPath,
) -> Check {
    let mut seen = BTreeSet::new();
    for (i, id) in items.enumerate() {
        if id.trim().is_empty() {
            return fail(path(i), "标识不能为空", "an id must not be empty");
        }
        if !seen.insert(id) {
            return fail(path(i), &format!("标识 {id:?} 重复"), "duplicate id");
        }
    }
    Ok(())
}

pub(super) fn section_exists(ev: &Event, id: &str, path: KeyPath) -> Check {
    if ev.section(id).is_some() {
        Ok(())
    } else {
        fail(
            path,
            &format!("没有标识为 {id:?} 的组别（sections 中未定义）"),
            "no section with this id",
        )
    }
}

fn scoring_and_boards(ev: &Event, f: &mut Found) {
    let g = &ev.scoring.game;
    if !(g.win >= g.draw && g.draw >= g.loss) {
        f.fail(
            root("scoring").key("game"),
            "应满足 胜 ≥ 和 ≥ 负",
            "win ≥ draw ≥ loss",
        );
    }
    if ev.is_team_event() && ev.scoring.team_match.is_none() {
        f.fail(
            root("scoring"),
            "团体赛需要 [scoring.match] 场分",
            "a team event needs match points",
        );
    }
    let Some(b) = &ev.boards else {
        // The team stages pair and score board by board; without the boards they cannot run.
        if ev.is_team_event() {
            f.fail(
                root("boards"),
                "团体赛缺少 [boards] 台次规定",
                "a team event needs [boards]",
            );
        }
        return;
    };
    let p = root("boards");
    // The first only: a board numbered wrong makes every later one wrong.
    if let Some((i, _)) = (b.boards.iter().enumerate())
        .find(|(i, board)| usize::try_from(board.number).ok() != Some(i + 1))
    {
        f.fail(
            p.key("boards").index(i).key("number"),
            &format!("台次应从 1 起连续编号，此处应为 {}", i + 1),
            "boards are numbered 1, 2, 3, ...",
        );
    }
    for (i, r) in b.reserves.iter().enumerate() {
        for (j, n) in r.boards.iter().enumerate() {
            // A reserve of one sex plays a board of that sex or an open one; a reserve of
            // either sex any board.
            let ok = (b.boards.iter())
                .any(|x| x.number == *n && (r.sex.is_none() || x.sex.is_none() || x.sex == r.sex));
            if !ok {
                let zh = match r.sex {
                    Some(sex) => format!("第 {n} 台不是{}子台次", sex.zh()),
                    None => format!("没有第 {n} 台"),
                };
                f.fail(
                    p.key("reserves").index(i).key("boards").index(j),
                    &zh,
                    "the reserve's board is not one of its sex",
                );
            }
        }
    }
    if let Some(c) = &b.colours {
        let ok = c.sequence().is_some_and(|v| v.len() == b.boards.len());
        if !ok {
            f.fail(
                p.key("colours").key("first_named"),
                &format!(
                    "应为每台一个执色，共 {} 个：W/B、红/黑 或 先/后（如 \"WBW\"、\"红黑红\"）",
                    b.boards.len()
                ),
                "one colour per board: W or B, 红 or 黑, 先 or 后",
            );
        }
    }
    if let Some(t) = &ev.team {
        let count = |sex: Option<Sex>| u32::try_from(b.count_of(sex)).unwrap_or(u32::MAX);
        if let Some(m) = t.men_main
            && m != count(Some(Sex::Male))
        {
            f.fail(
                root("team").key("men_main"),
                &format!(
                    "男子主力 {m} 人与男子台次数 {} 不符",
                    count(Some(Sex::Male))
                ),
                "main men must match the men's boards",
            );
        }
        if let Some(w) = t.women_main
            && w != count(Some(Sex::Female))
        {
            f.fail(
                root("team").key("women_main"),
                &format!(
                    "女子主力 {w} 人与女子台次数 {} 不符",
                    count(Some(Sex::Female))
                ),
                "main women must match the women's boards",
            );
        }
        if let Some(m) = t.main
            && m != count(None)
        {
            f.fail(
                root("team").key("main"),
                &format!(
                    "主力 {m} 人与不限性别的台次数 {} 不符（[boards] 中未写 sex 的台次）",
                    count(None)
                ),
                "main players must match the open boards (boards without sex)",
            );
        }
    }
}

fn ranking_exists(ev: &Event, id: &str, path: KeyPath) -> Check {
    let team = ev.team_ranking.as_ref().is_some_and(|t| t.id == id);
    if team || ev.section(id).is_some() {
        Ok(())
    } else {
        fail(
            path,
            &format!("没有标识为 {id:?} 的组别或团体排名"),
            "no section or team ranking with this id",
        )
    }
}

fn rankings(ev: &Event, f: &mut Found) {
    for (i, t) in ev.tiebreaks.iter().enumerate() {
        let p = root("tiebreaks").index(i);
        if let Some(s) = &t.stage
            && ev.stage(s).is_none()
        {
            f.fail(
                p.key("stage"),
                &format!("没有标识为 {s:?} 的赛段"),
                "no such stage",
            );
        }
        for (j, s) in t.sections.iter().enumerate() {
            f.note(section_exists(ev, s, p.key("sections").index(j)));
        }
        if t.order.is_empty() {
            f.fail(p.key("order"), "排名顺序不能为空", "the order is empty");
        }
        if !t.names.is_empty() && t.names.len() != t.order.len() {
            f.fail(
                p.key("names"),
                "names 的个数须与 order 相同",
                "one name per code",
            );
        }
    }
    if let Some(tr) = &ev.team_ranking {
        let p = root("team_ranking");
        for (j, s) in tr.sections.iter().enumerate() {
            f.note(section_exists(ev, s, p.key("sections").index(j)));
        }
        if tr.count == 0 {
            f.fail(p.key("count"), "计入人数须大于 0", "count must be > 0");
        } else {
            f.note(team_ties(ev, tr, &p));
        }
    }
    if !ev.draw.public_numbers.is_empty() {
        f.note(unique(
            ev.draw.public_numbers.iter().map(String::as_str),
            |i| root("draw").key("public_numbers").index(i),
        ));
    }
    draw(ev, f);
}

/// `[draw]` gives the numbers of a team round robin (`public_numbers`, else a draw with `seed`)
/// or a team Swiss (`public_numbers`); no other stage reads it.
fn draw(ev: &Event, f: &mut Found) {
    let has = |sys: System| ev.stages.iter().any(|s| s.system == sys);
    let p = root("draw");
    // The stages that play `section` and whether one of them is a round robin.
    let team_stage = |sys: System| {
        ev.stages.iter().any(|s| {
            s.system == sys
                && ev
                    .sections
                    .iter()
                    .any(|x| s.plays(&x.id) && x.entrant == super::Entrant::Team)
        })
    };
    let team_numbers = team_stage(System::RoundRobin) || team_stage(System::TeamSwiss);
    if !ev.draw.public_numbers.is_empty() && ev.has_team_sections() {
        f.fail(
            p.key("public_numbers"),
            "有多个团体组别时，各组别的公开抽签序号分别写在 [draw.sections] 中（如 team-women = [\"…\"]）",
            "with several team sections, each section's public draw is [draw.sections] <id>",
        );
    }
    if ev.draw.pair_from.is_some() {
        f.fail(
            p.key("pair_from"),
            "不支持按日期暂缓编排：同一文件夹在不同日期运行的结果会不同（每次运行须可重复）；\
             报名审查期间请写 pair = false，审查完成后删去该行",
            "holding round 1 back until a date is not offered: the same folder would give \
             different outputs on different days (every run is repeatable); write pair = false \
             while the entries are reviewed and remove it afterwards",
        );
    }
    if !ev.draw.public_numbers.is_empty() && !team_numbers {
        f.fail(
            p.key("public_numbers"),
            "只有团体循环赛和团体瑞士制按 [draw] 的序号编排",
            "only a team round robin or team Swiss takes its numbers from [draw]",
        );
    }
    // An individual round robin's public draw, per section it plays.
    for (id, names) in &ev.draw.sections {
        let k = p.key("sections").key(id);
        let rr = ev.stages.iter().any(|s| {
            s.system == System::RoundRobin
                && s.plays(id)
                && ev
                    .sections
                    .iter()
                    .any(|x| x.id == *id && x.entrant == super::Entrant::Individual)
        });
        // A team section of an event of several: its public draw (team round robin or Swiss).
        let team = ev.has_team_sections()
            && ev
                .sections
                .iter()
                .any(|x| x.id == *id && x.entrant == super::Entrant::Team)
            && ev
                .stages
                .iter()
                .any(|s| s.plays(id) && matches!(s.system, System::RoundRobin | System::TeamSwiss));
        if !rr && !team {
            f.fail(
                k,
                &format!("[draw.sections] 的“{id}”不是个人循环赛赛段的组别"),
                &format!("{id:?} is not a section of an individual round robin stage"),
            );
            continue;
        }
        f.note(unique(names.iter().map(String::as_str), |i| k.index(i)));
    }
    // The FIDE Dutch draws the order of its unrated players with the seed when asked to.
    let drawn = ev.stages.iter().any(|s| {
        s.system == System::Swiss
            && s.pairing.as_ref().and_then(|p| p.unrated) == Some(super::UnratedOrder::Draw)
    });
    if ev.draw.seed.is_some() && !has(System::RoundRobin) && !drawn {
        f.fail(
            p.key("seed"),
            "只有循环赛由 bianpai 抽签（seed），或瑞士制按抽签排定无等级分棋手的序号（unrated = \"draw\"）",
            "only a round robin's numbers, or a Swiss stage's order of unrated players \
             (unrated = \"draw\"), are drawn by bianpai with a seed",
        );
    }
}

/// A delegation ranking is made by the xiangqi Swiss stage (`season::individual`) with its one
/// order of ties (`season::individual::delegations`).
fn team_ties(ev: &Event, tr: &super::TeamRanking, p: &KeyPath) -> Check {
    if !ev.stages.iter().any(|s| s.system == System::XiangqiSwiss) {
        return fail(
            p.clone(),
            "团体总分只由积分编排制（xiangqi-swiss）赛段的个人名次计算",
            "a team ranking from individual places needs a xiangqi-swiss stage",
        );
    }
    let order = super::TeamTie::ORDER;
    if let Some(i) = (0..order.len().max(tr.ties.len())).find(|&i| tr.ties.get(i) != order.get(i)) {
        let at = if i < tr.ties.len() {
            p.key("ties").index(i)
        } else {
            p.key("ties")
        };
        return fail(
            at,
            "名次和相同时只能依次比较 [\"rank-sum\", \"ranks-lexicographic\", \
             \"points-of-counted\", \"fifth-rank\"]",
            "ties are broken by exactly this list, in this order",
        );
    }
    if tr.count != 4 {
        return fail(
            p.key("ties").index(order.len() - 1),
            &format!(
                "fifth-rank 比较第 5 名队员的名次，须计入 4 人（count = {}）",
                tr.count
            ),
            "fifth-rank compares the fifth player's place: it needs count = 4",
        );
    }
    Ok(())
}

/// A rating-band list: of an individual section, a band that holds a rating, an id of its own.
fn band_list(ev: &Event, l: &crate::event::PrizeList, i: usize, f: &mut Found) {
    let p = root("prizes").key("lists").index(i);
    if let Some(b) = &l.band {
        if b.from.is_some_and(|from| from >= b.below) {
            f.fail(
                p.key("band"),
                &format!(
                    "等级分段下限 {} 不低于上限 {}",
                    b.from.unwrap_or(0),
                    b.below
                ),
                "the band's `from` is not under its `below`",
            );
        }
        if ev.section(&l.ranking).is_none() || l.recipient != crate::event::Recipient::Individual {
            f.fail(
                p.key("band"),
                "等级分段奖只用于个人赛的组别（ranking 须为组别 id，recipient = \"individual\"）",
                "a rating band needs an individual section's ranking (recipient = \"individual\")",
            );
        }
    }
    let id = l.id();
    if ev.prizes.lists.iter().take(i).any(|o| o.id() == id) {
        f.fail(
            p.key("ranking"),
            &format!("奖金表“{id}”重复（同一组别的等级分段奖须写不同的 band）"),
            "a second prize list with the same ranking and band",
        );
    }
}

fn money(ev: &Event, f: &mut Found) {
    for (i, l) in ev.prizes.lists.iter().enumerate() {
        let p = root("prizes").key("lists").index(i);
        f.note(ranking_exists(ev, &l.ranking, p.key("ranking")));
        if l.amounts.len() > usize::try_from(l.places).unwrap_or(usize::MAX) {
            f.fail(
                p.key("amounts_yuan"),
                &format!("奖金名次多于录取名次 {}", l.places),
                "more prizes than places ranked",
            );
        }
        band_list(ev, l, i, f);
    }
    for (i, h) in ev.prizes.honours.iter().enumerate() {
        for (j, r) in h.rankings.iter().enumerate() {
            f.note(ranking_exists(
                ev,
                r,
                root("prizes")
                    .key("honours")
                    .index(i)
                    .key("rankings")
                    .index(j),
            ));
        }
    }
    if let Some(t) = &ev.tax
        && t.rate_percent > 100
    {
        f.fail(
            root("tax").key("rate_percent"),
            "税率不能超过 100%",
            "rate above 100%",
        );
    }
    lodging::check(ev, f);
}

fn quotas(ev: &Event, f: &mut Found) {
    let Some(q) = &ev.quotas else {
        return;
    };
    for (i, t) in q.tiers.iter().enumerate() {
        places_exist(ev, &t.places, &root("quotas").key("tiers").index(i), f);
    }
    for (i, x) in q.extras.iter().enumerate() {
        for (k, s) in x.sections.iter().enumerate() {
            let path = root("quotas")
                .key("extras")
                .index(i)
                .key("sections")
                .index(k);
            f.note(section_exists(ev, s, path));
        }
    }
    for (i, d) in q.delegations.iter().enumerate() {
        places_exist(
            ev,
            &d.places,
            &root("quotas").key("delegations").index(i),
            f,
        );
        for id in d.extras.keys() {
            if !q.extras.iter().any(|x| &x.id == id) {
                let path = root("quotas")
                    .key("delegations")
                    .index(i)
                    .key("extras")
                    .key(id);
                f.fail(
                    path,
                    &format!("没有 id 为 {id:?} 的额外名额（quotas.extras）"),
                    "no such extra place in quotas.extras",
                );
            }
        }
    }
}

/// Every section named by `places` (at `base.places[j].sections[k]`) exists.
fn places_exist(ev: &Event, places: &[super::quotas::QuotaPlaces], base: &KeyPath, f: &mut Found) {
    for (j, pl) in places.iter().enumerate() {
        for (k, s) in pl.sections.iter().enumerate() {
            let path = base.key("places").index(j).key("sections").index(k);
            f.note(section_exists(ev, s, path));
        }
    }
}
