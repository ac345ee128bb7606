//! A withdrawal ruled by the arbiter (`decision = "withdrawn"`, round = N): for a stage whose
//! next round is paired from the standings (a Swiss), which is the only pairing that can
//! leave an entrant out; it names the round from which the entrant is not paired.

use super::super::{Decision, RawEvent as Event, System};
use super::{Found, root};

pub(super) fn check(ev: &Event, f: &mut Found) {
    let swiss = ev.stages.iter().any(|s| {
        matches!(
            s.system,
            System::Swiss | System::XiangqiSwiss | System::TeamSwiss
        )
    });
    for (i, r) in ev.rulings.iter().enumerate() {
        if r.decision != Decision::Withdrawn {
            continue;
        }
        let p = root("rulings").index(i);
        if !swiss {
            f.fail(
                p.key("decision"),
                "退赛裁定（withdrawn）只用于瑞士制赛段；循环赛和淘汰赛的对阵不因退赛而变，未赛对局由裁判长在成绩表中录入",
                "a ruled withdrawal is for a Swiss stage; a round robin's or a bracket's pairings \
                 do not change, the games not played are typed in the round workbooks",
            );
        } else if r.person.is_none() && r.team.is_none() {
            f.fail(
                p.key("person"),
                "退赛裁定须写明棋手（person）或队（team）",
                "a ruled withdrawal names the player (person) or the team (team)",
            );
        } else if r.round.unwrap_or(0) == 0 {
            f.fail(
                p.key("round"),
                "退赛裁定须写明自第几轮起不再编排（round = N）",
                "a ruled withdrawal names the first round not paired (round = N)",
            );
        }
    }
}
