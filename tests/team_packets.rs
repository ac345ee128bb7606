//! Team packets hold the team's matches and place (issue 18): the B-league's 北京京西队, checked
//! against its round-1 pairings (match 8, 北京京西队 at home against 安徽黄山队) and the 排名 sheet.

mod util;

use util::cells::{read_book, sheet};
use util::{run_json, sample_copy};

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| (*x).to_string()).collect()
}

#[test]
fn a_b_league_packet_has_the_matches_board_by_board_and_the_place() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    run_json(&folder, &[]);
    let book = read_book(&folder.join("out/teams/北京京西队.xlsx"));
    let names: Vec<&str> = book.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        ["报名名单", "审查问题", "对阵与成绩", "名次", "费用结算"]
    );
    let m = sheet(&book, "对阵与成绩");
    assert_eq!(
        m.texts(1),
        s(&[
            "轮次",
            "对手",
            "台次",
            "本队棋手",
            "执色",
            "结果",
            "对方棋手",
            "比分"
        ])
    );
    // Round 1, from results/r01.xlsx: ½ + 1 + 0 + 0 + ½ = 2 of 5.
    assert_eq!(
        m.body()[..5].to_vec(),
        vec![
            s(&[
                "1",
                "安徽黄山队",
                "1",
                "龚明",
                "白",
                "½-½",
                "薛博国",
                "2.0:3.0"
            ]),
            s(&["1", "安徽黄山队", "2", "闫骏强", "黑", "1-0", "顾然强", ""]),
            s(&["1", "安徽黄山队", "3", "任琳欣", "白", "0-1", "余杰", ""]),
            s(&["1", "安徽黄山队", "4", "秦琳", "黑", "0-1", "韦彤", ""]),
            s(&["1", "安徽黄山队", "5", "谢琳敏", "白", "½-½", "崔蕾娜", ""]),
        ]
    );
    // Eight matches of five boards and the bye of round 6 (轮空 2.5, as in the 交叉表).
    let body = m.body();
    assert_eq!(body.len(), 41);
    assert_eq!(body[25], s(&["6", "轮空", "", "", "", "", "", "2.5"]));
    let p = sheet(&book, "名次");
    assert_eq!(
        p.texts(2)[..5].to_vec(),
        s(&["14", "16", "北京京西队", "3.0", "17.0"])
    );
}
