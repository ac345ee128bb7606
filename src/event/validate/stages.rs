//! Checks of the stages (`[[stages]]`): ids, dates and rounds, and whether `run` can play each
//! stage as the file describes it.
//!
//! `outcome::compute` plays one team round robin (with the knockout finals seeded from it), or
//! one team Swiss, or one individual Swiss over individual and pair sections: the xiangqi
//! Swiss in a xiangqi event, the FIDE Dutch (`swiss`) in a chess event; or one individual
//! round robin (Berger, single or double) over individual sections, or such a round robin
//! side by side with an individual Swiss, each over its own sections. Any other
//! combination would be played by the nearest wrong branch or dropped without a word, so it is
//! refused here at the key that asks for it (docs/contract.md, "Stages bianpai runs").

use super::super::error::KeyPath;
use super::super::{Entrant, Numbering, RawEvent as Event, Sport, Stage, System, UnratedOrder};
use super::{Check, Found, fail, knockout, root, section_exists, unique};

/// Every stage on its own, then the stages together.
pub(super) fn check(ev: &Event, f: &mut Found) {
    if ev.stages.is_empty() {
        return f.fail(root("stages"), "至少要有一个赛段", "at least one stage");
    }
    f.note(unique(ev.stages.iter().map(|s| s.id.as_str()), |i| {
        root("stages").index(i).key("id")
    }));
    for (i, st) in ev.stages.iter().enumerate() {
        let p = root("stages").index(i);
        let mut known = true;
        for (j, sec) in st.sections.iter().enumerate() {
            known &= f.note(section_exists(ev, sec, p.key("sections").index(j)));
        }
        let start = st.start.unwrap_or(ev.dates.start);
        let end = st.end.unwrap_or(ev.dates.end);
        // Without dates of its own the stage has the event's, whose order `dates` checks.
        if (st.start.is_some() || st.end.is_some()) && end < start {
            f.fail(
                p.key("end"),
                &format!("赛段结束日期 {end} 早于开始日期 {start}"),
                "the stage ends before it starts",
            );
        }
        f.note(rounds(ev, st, &p));
        // A stage naming an unknown section would be refused again for its entrants.
        if known {
            f.note(runnable(ev, st, &p));
        }
        f.note(system_keys(ev, st, &p));
        f.note(bye_keys(ev, st, &p));
    }
    together(ev, f);
    requested_byes(ev, f);
    walkovers(ev, f);
    super::super::in_force::validate(ev, f);
}

/// A walkover (`decision = "walkover"`) is for a bracket match of knockout finals, and names
/// the team that goes through.
fn walkovers(ev: &Event, f: &mut Found) {
    use super::super::Decision;
    let knockout = ev.stages.iter().any(|s| s.system == System::Knockout);
    for (i, r) in ev.rulings.iter().enumerate() {
        if r.decision != Decision::Walkover {
            continue;
        }
        let p = root("rulings").index(i);
        if !knockout {
            f.fail(
                p.key("decision"),
                "不战而胜（walkover）只用于淘汰赛（knockout）赛段",
                "a walkover is for a knockout stage",
            );
        } else if r.team.is_none() {
            f.fail(
                p.key("team"),
                "不战而胜须写明晋级的队（team）",
                "a walkover names the team that goes through (team)",
            );
        }
    }
}

/// A requested bye (`decision = "bye-half"` / `"bye-zero"`) is for a round of an individual
/// chess Swiss, the only stage that honours one.
fn requested_byes(ev: &Event, f: &mut Found) {
    use super::super::Decision;
    let swiss = ev.stages.iter().any(|s| s.system == System::Swiss);
    for (i, r) in ev.rulings.iter().enumerate() {
        if !matches!(r.decision, Decision::ByeHalf | Decision::ByeZero) {
            continue;
        }
        let p = root("rulings").index(i);
        if !swiss {
            f.fail(
                p.key("decision"),
                "请假轮空（bye-half / bye-zero）只用于国际象棋个人瑞士制（swiss）赛段",
                "a requested bye is for a FIDE Dutch (swiss) stage",
            );
        } else if r.round.unwrap_or(0) == 0 || r.person.is_none() {
            f.fail(
                p.key(if r.person.is_none() {
                    "person"
                } else {
                    "round"
                }),
                "请假轮空须写明棋手（person）和轮次（round = N）",
                "a requested bye names the player (person) and the round (round = N)",
            );
        }
    }
}

/// A knockout's bracket, or another stage's rounds and their dates.
fn rounds(ev: &Event, st: &Stage, p: &KeyPath) -> Check {
    match (st.system, &st.knockout) {
        (System::Knockout, Some(k)) => knockout::check(ev, k, &p.key("knockout"))?,
        (System::Knockout, None) => {
            return fail(
                p.key("system"),
                "淘汰赛赛段需要 [stages.knockout] 对阵表",
                "a knockout stage needs a bracket",
            );
        }
        _ if st.rounds.unwrap_or(0) == 0 => {
            return fail(
                p.key("system"),
                "循环赛和瑞士制赛段需要轮数 rounds",
                "round robin and Swiss stages need rounds",
            );
        }
        _ => {}
    }
    if st.round_dates.len() > usize::try_from(st.rounds.unwrap_or(0)).unwrap_or(usize::MAX) {
        return fail(
            p.key("round_dates"),
            "轮次日期多于轮数",
            "more round dates than rounds",
        );
    }
    Ok(())
}

/// Whether the stage plays teams: every section it plays is a team section (`Some(true)`),
/// none is (`Some(false)`), or both kinds are (`None`).
fn plays_teams(ev: &Event, st: &Stage) -> Option<bool> {
    let mut kinds = ev
        .sections
        .iter()
        .filter(|s| st.plays(&s.id))
        .map(|s| s.entrant == Entrant::Team);
    let first = kinds.next().unwrap_or(false);
    kinds.all(|k| k == first).then_some(first)
}

/// The key a refusal about the stage's sections names: `sections` when the stage lists them,
/// else `system` (an empty list plays every section).
fn sections_key(st: &Stage, p: &KeyPath) -> KeyPath {
    p.key(if st.sections.is_empty() {
        "system"
    } else {
        "sections"
    })
}

/// The stage's system fits the entrants of its sections, and `run` plays that system.
fn runnable(ev: &Event, st: &Stage, p: &KeyPath) -> Check {
    let Some(teams) = plays_teams(ev, st) else {
        return fail(
            sections_key(st, p),
            "同一赛段不能既有团体组别又有个人组别",
            "a stage plays either team sections or individual ones, not both",
        );
    };
    let chess = ev.event.sport == Sport::Chess;
    match (st.system, teams) {
        // Each sport's individual Swiss is its own engine (season::individual): the FIDE Dutch
        // for chess, the xiangqi Swiss for xiangqi, never one for the other.
        (System::Swiss, true) => fail(
            p.key("system"),
            "瑞士制（FIDE 荷兰制）赛段只编排个人组别；团体赛段用 team-swiss",
            "a FIDE Dutch stage plays individual sections; a team stage is team-swiss",
        ),
        (System::Swiss, false) if !chess => fail(
            p.key("system"),
            "象棋个人赛用积分编排制（xiangqi-swiss），不用国际象棋瑞士制（swiss）",
            "a xiangqi individual Swiss is xiangqi-swiss, not the FIDE Dutch (swiss)",
        ),
        (System::XiangqiSwiss, false) if chess => fail(
            p.key("system"),
            "国际象棋个人赛用瑞士制（swiss，FIDE 荷兰制），不用象棋积分编排制（xiangqi-swiss）",
            "a chess individual Swiss is swiss (FIDE Dutch), not xiangqi-swiss",
        ),
        (System::RoundRobin, false)
            if ev
                .sections
                .iter()
                .any(|s| st.plays(&s.id) && s.entrant == Entrant::Pair) =>
        {
            fail(
                sections_key(st, p),
                "个人循环赛只编排个人组别，不编排双人组别",
                "an individual round robin plays individual sections, not pair sections",
            )
        }
        // An individual round robin: each section its own Berger schedule, single or double.
        (System::RoundRobin, false) => match st.cycles {
            Some(c) if c != 1 && c != 2 => fail(
                p.key("cycles"),
                &format!("个人循环赛只编排单循环或双循环（cycles = 1 或 2），不能是 {c}"),
                "an individual round robin is single or double: cycles = 1 or 2",
            ),
            _ => Ok(()),
        },
        (System::TeamSwiss, false) => fail(
            p.key("system"),
            "团体瑞士制赛段需要团体组别（entrant = \"team\"）",
            "a team Swiss stage plays team sections",
        ),
        (System::Knockout, false) => fail(
            p.key("system"),
            "淘汰赛赛段只用于团体组别",
            "a knockout stage plays team sections",
        ),
        (System::XiangqiSwiss, true) => fail(
            p.key("system"),
            "积分编排制赛段只编排个人或双人组别；团体赛段用 team-swiss 或 round-robin",
            "a xiangqi Swiss stage plays individual or pair sections; a team stage is \
             team-swiss or round-robin",
        ),
        (System::RoundRobin | System::TeamSwiss, true) => one_field(ev, st, p),
        _ => Ok(()),
    }
}

/// A team round robin or team Swiss plays every team of its team section as one field
/// (`season::league`, `season::team_swiss`); several team sections (男子团体, 女子团体) are each
/// played on their own ([`crate::event::Event::for_team_section`]). A round robin is single or
/// double (`[stages.groups]` splits the field into groups).
fn one_field(_ev: &Event, st: &Stage, p: &KeyPath) -> Check {
    match (st.system, st.cycles) {
        (System::RoundRobin, Some(c)) if c != 1 && c != 2 => fail(
            p.key("cycles"),
            &format!("{c} 循环暂不能用 run 编排：只编排单循环或双循环（cycles = 1 或 2）"),
            "only a single or double round robin is run: cycles = 1 or 2",
        ),
        _ => Ok(()),
    }
}

/// `rounds`, `cycles` and `[stages.pairing]` hold only what the stage's system reads.
fn system_keys(ev: &Event, st: &Stage, p: &KeyPath) -> Check {
    if st.rounds.is_some() && st.system == System::Knockout {
        return fail(
            p.key("rounds"),
            "淘汰赛的轮数由各场对抗的 rounds 规定",
            "a knockout stage takes its rounds from its matches",
        );
    }
    if st.cycles.is_some() && st.system != System::RoundRobin {
        return fail(
            p.key("cycles"),
            "只有循环赛有循环数 cycles",
            "cycles is a round robin's",
        );
    }
    let Some(pr) = &st.pairing else {
        return Ok(());
    };
    let p = p.key("pairing");
    let Some(how) = st.system.numbers() else {
        return fail(
            p,
            &format!("{}赛段没有编排选项 [stages.pairing]", st.system.zh()),
            "this stage has no pairing options",
        );
    };
    if let Some(asked) = pr.numbers
        && asked != how
    {
        return fail(
            p.key("numbers"),
            &format!(
                "{}赛段按{}排定序号（numbers = \"{}\"），不能改为 \"{}\"",
                st.system.zh(),
                how.zh(),
                how.as_str(),
                asked.as_str()
            ),
            &format!(
                "this system gives numbers \"{}\"; \"{}\" is not run",
                how.as_str(),
                asked.as_str()
            ),
        );
    }
    acceleration(ev, st, pr, &p)?;
    if st.system != System::Swiss && pr.unrated.is_some() {
        return fail(
            p.key("unrated"),
            "只有国际象棋瑞士制（swiss）按 unrated 排定同分（无等级分）棋手的序号",
            "only the FIDE Dutch (swiss) orders its unrated players by `unrated`",
        );
    }
    if pr.unrated == Some(UnratedOrder::Draw) && ev.draw.seed.is_none() {
        return fail(
            p.key("unrated"),
            "unrated = \"draw\" 需要公开的抽签种子 [draw] seed",
            "unrated = \"draw\" needs the event's public seed, [draw] seed",
        );
    }
    // Only the xiangqi engine keeps units apart, limits runs of one side and reads a forfeit
    // as it is told (the FIDE systems fix that: a forfeited game is not a meeting).
    if st.system == System::XiangqiSwiss {
        return Ok(());
    }
    let xiangqi_only = [
        (
            pr.avoid_same_unit,
            "avoid_same_unit",
            "只有积分编排制（xiangqi-swiss）避免同单位棋手相遇",
            "only the xiangqi Swiss keeps players of one unit apart",
        ),
        (
            pr.max_same_colour_run.is_some(),
            "max_same_colour_run",
            "只有积分编排制（xiangqi-swiss）限制连续同先后手",
            "only the xiangqi Swiss limits runs of one side",
        ),
        (
            pr.three_in_a_row.is_some(),
            "three_in_a_row",
            "只有积分编排制（xiangqi-swiss）限制连续同先后手，three_in_a_row 不适用于本赛段",
            "only the xiangqi Swiss limits runs of one side; three_in_a_row does not apply to this stage",
        ),
        (
            pr.forfeit_rematch.is_some(),
            "forfeit_rematch",
            "本赛段的编排规则已规定弃权对局不算相遇（FIDE 规则），forfeit_rematch 只用于积分编排制（xiangqi-swiss）",
            "this stage's pairing rules fix it (FIDE: a forfeited game is not a meeting); forfeit_rematch is for the xiangqi Swiss only",
        ),
    ];
    match xiangqi_only.iter().find(|(set, ..)| *set) {
        Some(&(_, key, zh, en)) => fail(p.key(key), zh, en),
        None => Ok(()),
    }
}

/// `acceleration = "baku"` (C.04.5.1) is for a FIDE Dutch stage with the standard scoring (a
/// win 1, a draw ½, a loss 0: the method's virtual points are a win's and a draw's).
fn acceleration(ev: &Event, st: &Stage, pr: &super::super::Pairing, p: &KeyPath) -> Check {
    let Some(a) = &pr.acceleration else {
        return Ok(());
    };
    let g = &ev.scoring.game;
    let standard = (g.win, g.draw, g.loss)
        == (
            crate::model::Points::WIN,
            crate::model::Points::DRAW,
            crate::model::Points::ZERO,
        );
    if a != "baku" {
        fail(
            p.key("acceleration"),
            &format!(
                "加速配对只有 Baku 加速法（acceleration = \"baku\"，C.04.5.1），不能是 \"{a}\""
            ),
            &format!("the one acceleration run is \"baku\" (C.04.5.1), not \"{a}\""),
        )
    } else if st.system != System::Swiss {
        fail(
            p.key("acceleration"),
            "Baku 加速法（C.04.5.1）只用于国际象棋瑞士制（swiss，FIDE 荷兰制）赛段",
            "Baku acceleration (C.04.5.1) is for a FIDE Dutch (swiss) stage",
        )
    } else if !standard {
        fail(
            p.key("acceleration"),
            "Baku 加速法（C.04.5.1）只用于胜1分、和½分、负0分的计分",
            "Baku acceleration (C.04.5.1) needs the standard scoring: win 1, draw ½, loss 0",
        )
    } else {
        Ok(())
    }
}

/// The stages together: `outcome::compute` plays the first round robin (its knockout finals
/// the first knockout seeded from it) and otherwise the first Swiss stage; a second stage of a
/// kind, a Swiss next to a round robin or a knockout seeded from anything but the round robin
/// would never be played. In an event of several team sections each section runs with the
/// stages that play it ([`Event::for_team_section`]), so only stages sharing a section meet.
fn together(ev: &Event, f: &mut Found) {
    let is = |s: &&Stage, sys: &[System]| sys.contains(&s.system);
    let swiss = [System::TeamSwiss, System::XiangqiSwiss, System::Swiss];
    for (i, st) in ev.stages.iter().enumerate() {
        let p = root("stages").index(i);
        let met = || ev.stages.iter().filter(|s| meet(ev, s, st));
        let round_robin = met().find(|s| is(s, &[System::RoundRobin]));
        let earlier = |sys: &[System]| {
            (ev.stages.iter().take(i))
                .filter(|s| meet(ev, s, st))
                .any(|s| is(&s, sys))
        };
        match st.system {
            System::RoundRobin if earlier(&[System::RoundRobin]) => {
                if round_robin.is_some_and(|rr| rr.groups.is_some()) {
                    // Issue 42 point 4: a placement round robin (places 1-4 of each group to an
                    // upper group) is not run; never a silent fallback.
                    f.fail(
                        p.key("system"),
                        "不支持由小组名次组成的第二阶段循环赛（如各组第1-4名进入上一组单循环）；\
                         按小组名次继续比赛请用淘汰赛赛段（system = \"knockout\"，\
                         seeds_from 为分组循环赛，对阵写 place:A:1 等），\
                         其余名次由 [[stages.knockout.places]] 按小组名次排定",
                        "a second round robin made of the groups' places (places 1-4 of each \
                         group to an upper group) is not run; after the groups, use a knockout \
                         stage (system = \"knockout\", seeds_from the grouped round robin, \
                         matches from place:A:1 …) and [[stages.knockout.places]] for the \
                         other places",
                    );
                } else {
                    f.fail(
                        p.key("system"),
                        "一个赛事只能有一个循环赛赛段",
                        "an event has at most one round robin stage",
                    );
                }
            }
            System::TeamSwiss | System::XiangqiSwiss | System::Swiss if earlier(&swiss) => {
                f.fail(
                    p.key("system"),
                    "一个赛事只能有一个瑞士制赛段",
                    "an event has at most one Swiss stage",
                );
            }
            System::TeamSwiss | System::XiangqiSwiss | System::Swiss
                if round_robin.is_some_and(|rr| !side_by_side(ev, st, rr)) =>
            {
                side_by_side_refused(ev, st, &p, f);
            }
            System::Knockout if earlier(&[System::Knockout]) => {
                f.fail(
                    p.key("system"),
                    "一个赛事只能有一个淘汰赛赛段",
                    "an event has at most one knockout stage",
                );
            }
            System::Knockout => {
                let seeds = st.knockout.as_ref().map(|k| k.seeds_from.as_str());
                if round_robin.map(|r| r.id.as_str()) != seeds {
                    f.fail(
                        p.key("knockout").key("seeds_from"),
                        "淘汰赛的种子须来自循环赛赛段（run 只在循环赛之后编排淘汰赛）",
                        "a knockout is seeded from the round robin stage it follows",
                    );
                }
            }
            _ => {}
        }
    }
}

/// Whether two stages are computed together: always, but in an event of several team
/// sections only when they play a section in common.
fn meet(ev: &Event, a: &Stage, b: &Stage) -> bool {
    !ev.has_team_sections() || ev.sections.iter().any(|s| a.plays(&s.id) && b.plays(&s.id))
}

/// Whether an individual Swiss stage and an individual round robin stage are played side by
/// side, each by its own system over its own sections: both list their `sections`, no section
/// in both, none a team section, and no `[team_ranking]` adding the two stages' places.
fn side_by_side(ev: &Event, swiss: &Stage, rr: &Stage) -> bool {
    let individual = |st: &Stage| plays_teams(ev, st) == Some(false);
    !ev.is_team_event()
        && individual(swiss)
        && individual(rr)
        && !swiss.sections.is_empty()
        && !rr.sections.is_empty()
        && !swiss.sections.iter().any(|s| rr.sections.contains(s))
        && ev.team_ranking.is_none()
}

/// A Swiss stage next to a round robin stage that cannot be played side by side, refused at
/// the key that stands in the way.
fn side_by_side_refused(ev: &Event, st: &Stage, p: &KeyPath, f: &mut Found) {
    if plays_teams(ev, st) != Some(false) || ev.is_team_event() {
        f.fail(
            p.key("system"),
            "有循环赛赛段的赛事不能再有瑞士制赛段",
            "a Swiss stage next to a round robin stage is not run",
        );
    } else if ev.team_ranking.is_some() {
        f.fail(
            root("team_ranking"),
            "团体总分（[team_ranking]）只计一个个人赛段的名次：瑞士制组别与循环赛组别并行时不能计算",
            "a [team_ranking] adds the places of one individual stage: not run with a Swiss and a \
             round robin side by side",
        );
    } else {
        f.fail(
            p.key("sections"),
            "瑞士制赛段与循环赛赛段并行时，每个赛段须用 sections 写明各自编排的组别，且同一组别不能同属两个赛段",
            "a Swiss stage next to a round robin stage: each stage lists its own sections \
             (sections), none in both",
        );
    }
}

/// `[stages.bye] requested_max` and `half_point_rounds_until` limit the byes a player requests,
/// which only the FIDE Dutch stage reads (`season::individual::byes`).
fn bye_keys(ev: &Event, st: &Stage, p: &KeyPath) -> Check {
    let Some(b) = &st.bye else { return Ok(()) };
    if st.system == System::Swiss {
        return Ok(());
    }
    if st.system == System::RoundRobin && plays_teams(ev, st) == Some(false) {
        return fail(
            p.key("bye"),
            "循环赛人数为单数时，轮到与空号相遇的棋手本轮休息，不计分（FIDE C.05）；循环赛没有 [stages.bye]",
            "in a round robin of an odd number the player paired with the dummy rests and scores \
             nothing (C.05); a round robin has no [stages.bye]",
        );
    }
    for (key, set) in [
        ("requested_max", b.requested_max.is_some()),
        (
            "half_point_rounds_until",
            b.half_point_rounds_until.is_some(),
        ),
    ] {
        if set {
            return fail(
                p.key("bye").key(key),
                "只有国际象棋个人瑞士制（swiss）受理请假轮空",
                "only the FIDE Dutch (swiss) takes requested byes",
            );
        }
    }
    Ok(())
}

impl Numbering {
    /// What the numbers are given by, in Chinese.
    fn zh(self) -> &'static str {
        match self {
            Numbering::Draw => "抽签",
            Numbering::AverageRatingMain => "主力队员平均等级分",
            Numbering::Rating => "等级分",
        }
    }
}
