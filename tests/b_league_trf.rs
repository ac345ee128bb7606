//! Issue 44 point 7, the B-league's TRF report as an arbiter checks it (`out/<id>.trf` of the
//! sample): 覃龙轩 (Qin Longxuan, entered by 河北燕赵队 and 天津滨海队) is one `001` line, the
//! one of the team he played for; 吉林长白山队's team bye (round 7) is the team's, in `320`,
//! not a point on each of its boards (nor on 蒋建哲, a reserve never in a line-up), so its
//! players' points and the bye's 2.5 add up to the team's 11.5 game points.

mod util;

use std::collections::BTreeMap;

use util::{bianpai, run_json, sample_copy};

#[test]
fn the_b_league_trf_has_one_line_per_person_and_the_team_bye_on_the_team() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    let (_, json, err) = run_json(&dir, &[]);
    assert!(json["outputs"].is_array(), "{err}");
    let path = dir.join("out/cca-b-league-2025.trf");
    let text = std::fs::read_to_string(&path).expect("trf");
    let lines: Vec<&str> = text.split("\r\n").collect();
    // One `001` line per FIDE ID.
    let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
    for l in lines.iter().filter(|l| l.starts_with("001")) {
        let id = l.get(57..68).unwrap_or("").trim();
        if !id.is_empty() {
            *ids.entry(id).or_default() += 1;
        }
    }
    assert_eq!(ids.values().filter(|&&n| n > 1).count(), 0, "{ids:?}");
    let expected = [
        "062 109",
        "001   31 m    Qin, Longxuan                     2477 CHN    86981367 1990/10/15  4.5         85 w 0    73 b 1     3 w 0    98 b =    52 b 1    24 w 0    10 b 0    80 b 1    18 w 1",
        "001   78 m    Fan, Xuchao                       2612 CHN    86959481 2000/04/10  3.0         22 w 1     1 w 0    90 w 0    43 b =   103 b 1    96 b 0  0000 -      29 w 0    64 b =",
        "001   79 m    Lu, Leijun                        2483 CHN    86921785 1996/08/23  3.0         23 b 0     2 b =    91 b =    44 w =   104 w 1    97 w =  0000 -      30 b 0    65 w 0",
        "001   80      Xia, Weijun                       2438 CHN     8662128 1993/01/02  2.0         24 w 1     3 w 0    92 w 0    45 b 0   105 b 1    98 b 0  0000 -      31 w 0    66 b 0",
        "001   81 w    Hu, Xueyan                        2210 CHN    86996743 2011/08/09  1.0         25 b 0     4 b 0    93 b 0    46 w 0   106 w =   100 w =  0000 -      32 b 0    67 w 0",
        "001   82 m    Jiang, Jianzhe                    2428 CHN    86909887 1980/10/05  0.0       0000 -    0000 -    0000 -    0000 -    0000 -    0000 -    0000 -    0000 -    0000 -  ",
        "310   3 He Bei Yan Zhao Dui                             14.0   28.5   1    16   17   18   19   20   21",
        "310  12 Ji Lin Chang Bai Shan Dui                        3.0   11.5  15    78   79   80   81   82",
        "013 He Bei Yan Zhao Dui               16   17   18   19   20   21",
        "013 Ji Lin Chang Bai Shan Dui         78   79   80   81   82",
        "320  1.0  2.5 000 000 000 000 000 016 012 009 001",
    ];
    for want in expected {
        assert!(lines.contains(&want), "missing: {want:?}");
    }
    // `trf check` replays rounds 6-9 (a bye each) as written: the bye team's blank boards
    // are the team's PAB (`320`), not an absence.
    let out = bianpai(&["trf", "check", path.to_str().unwrap()]);
    let report = String::from_utf8_lossy(&out.stdout);
    for r in 6..=9 {
        let want = format!("第{r}轮：一致（7台）");
        assert!(report.lines().any(|l| l == want), "{want}\n{report}");
    }
    assert!(
        report
            .lines()
            .any(|l| l == "名次（MPTS GPTS EDE EMGSB/C1 BH:MP/C1）：一致，16个名次"),
        "{report}"
    );
}
