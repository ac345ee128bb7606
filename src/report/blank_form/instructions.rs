//! The instructions printed under the blank form's tables, drawn from event.toml with their
//! clauses, so that teams read the regulation's own numbers next to where they type.

use crate::event::{Event, Meal, PaidBy, Section, fold_group};
use crate::model::Sex;

/// `（规程 十(三)）`, or nothing.
fn cite(clause: Option<&str>) -> String {
    clause.map(|c| format!("（{c}）")).unwrap_or_default()
}

fn join_numbers(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join("、")
}

/// Instruction lines of the 报名表 sheet, numbered.
///
/// The order is the order a team fills the form in: when and how to enter, how many, which
/// boards, who may play, the quotas, then how to type the cells.
pub(crate) fn entry(ev: &Event) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    deadline_lines(ev, &mut out);
    contact_lines(ev, &mut out);
    team_lines(ev, &mut out);
    board_lines(ev, &mut out);
    eligibility_lines(ev, &mut out);
    out.extend(group_lines(ev));
    exclusion_lines(ev, &mut out);
    quota_lines(ev, &mut out);
    let mut general = String::from(
        "黄色单元格为填写区；身份证号码、国际棋联ID、电话已设为文本格式，请完整填写；出生日期写成 2001-05-03。",
    );
    // The blank form has the FIDE ID column only for chess and rated events.
    if !super::columns(ev).contains(&super::Column::FideId) {
        general = general.replace("、国际棋联ID", "");
    }
    out.push(general);
    numbered(&out)
}

/// `1. …`, `2. …`: the lines as printed under a sheet's table.
fn numbered(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}. {s}", i + 1))
        .collect()
}

/// The entry deadline and the documents to send with the form.
fn deadline_lines(ev: &Event, out: &mut Vec<String>) {
    let Some(d) = &ev.deadlines().entry else {
        return;
    };
    let mut s = format!(
        "报名截止：{}{}",
        d.date,
        if d.inclusive.value {
            "（含当日）"
        } else {
            "之前"
        }
    );
    if let Some(sub) = &d.submit {
        s.push_str(&format!("，{sub}"));
    }
    if d.late_invalid {
        s.push_str("，逾期报名无效");
    }
    s.push('。');
    s.push_str(&cite(d.clause.as_deref()));
    out.push(s);
    if !d.documents.is_empty() {
        out.push(format!(
            "报名须附：{}。{}",
            d.documents.join("；"),
            cite(d.clause.as_deref())
        ));
    }
}

/// Where to send the form: each `[[contacts]]` whose role is 报名 (all of them when none is),
/// with name, phone, e-mail and address as event.toml gives them.
fn contact_lines(ev: &Event, out: &mut Vec<String>) {
    let entry: Vec<_> = ev
        .contacts()
        .iter()
        .filter(|c| c.role.contains("报名"))
        .collect();
    let shown = if entry.is_empty() {
        ev.contacts().iter().collect()
    } else {
        entry
    };
    for c in shown {
        let parts: Vec<String> = [
            c.name.clone(),
            c.phone.as_ref().map(|p| format!("电话 {p}")),
            c.email.as_ref().map(|e| format!("邮箱 {e}")),
            c.address.as_ref().map(|a| format!("地址 {a}")),
            c.postcode.as_ref().map(|p| format!("邮编 {p}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            continue;
        }
        out.push(format!(
            "{}联系：{}。{}",
            c.role.trim(),
            parts.join("，"),
            cite(c.clause.as_deref())
        ));
    }
}

/// A team's size: players by sex (main and reserve), leaders and coaches.
fn team_lines(ev: &Event, out: &mut Vec<String>) {
    let Some(t) = ev.team() else { return };
    if let (Some(mm), Some(wm)) = (t.men_main, t.women_main) {
        let mr = t.men_reserve.unwrap_or(0);
        let wr = t.women_reserve.unwrap_or(0);
        out.push(format!(
            "每队可报男运动员{}名（主力{mm}名、替补{mr}名），女运动员{}名（主力{wm}名、替补{wr}名）。{}",
            mm + mr,
            wm + wr,
            cite(t.clause.as_deref())
        ));
    }
    if let Some(m) = t.main {
        let r = t.reserve.unwrap_or(0);
        out.push(format!(
            "每队可报不限性别的运动员{}名（主力{m}名、替补{r}名）。{}",
            m + r,
            cite(t.clause.as_deref())
        ));
    }
    if t.leaders.value > 0 || t.coaches.value > 0 {
        // A staff size the regulation does not state is bianpai's default: say so rather
        // than cite a clause that does not exist.
        let clause = if t.leaders.default {
            "（默认值，规程未规定）".to_string()
        } else {
            cite(t.staff_clause.as_deref())
        };
        out.push(format!(
            "每队可报领队{}人、教练{}人，请填在表头。{clause}",
            t.leaders.value, t.coaches.value
        ));
    }
}

/// The boards: fixed order, which are men's and women's, where reserves play, and whether a
/// woman may take a men's board.
fn board_lines(ev: &Event, out: &mut Vec<String>) {
    let Some(b) = ev.boards() else { return };
    let mut s = String::new();
    if b.fixed_order {
        s.push_str("比赛采用固定台次制，报名时须确定台次，报名后不得更改；");
    }
    let kinds = [
        (Some(Sex::Male), "为男子台次"),
        (Some(Sex::Female), "为女子台次"),
        (None, "不限性别"),
    ];
    let parts: Vec<String> = (kinds.iter())
        .filter_map(|&(sex, what)| {
            let ns: Vec<u32> = (b.boards.iter().filter(|x| x.sex == sex))
                .map(|x| x.number)
                .collect();
            (!ns.is_empty()).then(|| format!("第{}台{what}", join_numbers(&ns)))
        })
        .collect();
    s.push_str(&parts.join("，"));
    if b.move_up {
        s.push_str("；主力队员休息时台次按报名顺序依次上调");
    }
    let res: Vec<String> = b
        .reserves
        .iter()
        .map(|r| {
            let who = r.sex.map_or("不限性别", Sex::zh);
            format!("第{}台（{who}）", join_numbers(&r.boards))
        })
        .collect();
    if !res.is_empty() {
        s.push_str(&format!("；替补队员只能在{}上场", res.join("或")));
    }
    s.push_str("。台次栏请填写台次号，替补队员填“替补”。");
    s.push_str(&cite(b.clause.as_deref()));
    out.push(s);
    if let Some(w) = &b.woman_on_men_board {
        out.push(format!(
            "女运动员可报名男子台次，但须{}等级分{}{}。{}",
            if w.rating == "FIDE" {
                "国际"
            } else {
                &w.rating
            },
            w.min_rating,
            if w.inclusive {
                "（含）以上"
            } else {
                "以上"
            },
            if w.is_default {
                "（默认值，规程未规定）".to_string()
            } else {
                cite(w.clause.as_deref())
            }
        ));
    }
}

/// Who may play: registration, loans, FIDE ID, minimum age, the overall birth window.
fn eligibility_lines(ev: &Event, out: &mut Vec<String>) {
    let el = &ev.eligibility();
    if let Some(r) = &el.registration {
        out.push(format!(
            "参赛运动员须为{}年{}年度注册运动员。{}",
            r.year,
            r.body,
            cite(r.clause.as_deref())
        ));
    }
    if let Some(l) = &el.loan {
        out.push(format!(
            "注册单位与参赛单位不同的运动员，须同时提交{}。{}",
            l.document,
            cite(l.clause.as_deref())
        ));
    }
    if let Some(f) = el.fide_id.as_ref().filter(|f| f.required) {
        let how = f
            .how
            .as_deref()
            .map(|h| format!("没有的请{h}"))
            .unwrap_or_default();
        out.push(format!(
            "参赛运动员须有国际棋联ID，请填在“国际棋联ID”栏；{how}。{}",
            cite(f.clause.as_deref())
        ));
    }
    if let Some(m) = &el.min_age {
        let mut s = format!(
            "参赛棋手最低年龄为{}周岁（按{}计算）",
            m.years,
            ev.age_day(m)
        );
        if let Some(x) = &m.exception {
            s.push_str(&format!("，特殊情况{x}"));
        }
        s.push('。');
        s.push_str(&cite(m.clause.as_deref()));
        out.push(s);
    }
    if let Some(w) = &el.birth {
        let span = w.span().0;
        let when = if w.from.is_some() && w.to.is_some() {
            format!("在{span}之间")
        } else {
            span
        };
        out.push(format!(
            "正式组别参赛者须{when}出生。{}",
            cite(w.clause.as_deref())
        ));
    }
}

/// Who may not enter: players or units of another event, holders of a title.
fn exclusion_lines(ev: &Event, out: &mut Vec<String>) {
    let el = &ev.eligibility();
    for x in &el.excluded {
        let who = match (x.units, x.players) {
            (true, true) => "单位和运动员",
            (true, false) => "单位",
            _ => "运动员",
        };
        out.push(format!(
            "参加{}的{who}不得报名。{}",
            x.event,
            cite(x.clause.as_deref())
        ));
    }
    if let Some(t) = &el.titles {
        // The first title listed is the lowest that excludes (规程 七(四) of the xiangqi
        // event: 国家级运动健将 及以上): naming it with 及以上 reads as the regulation does.
        out.push(format!(
            "已获得或具备申报{}及以上称号资格者不得报名；请在“称号/技术等级”栏如实填写。{}",
            t.ineligible.first().map_or("", String::as_str),
            cite(t.clause.as_deref())
        ));
    }
}

/// The quota tiers (places per section, leaders, coaches) and the extra places.
fn quota_lines(ev: &Event, out: &mut Vec<String>) {
    let Some(q) = ev.quotas() else { return };
    // Sections by the name teams read on the form; an unknown id is shown as written.
    let names = |ids: &[String]| -> String {
        let v: Vec<&str> = ids
            .iter()
            .map(|s| ev.section(s).map_or(s.as_str(), |x| x.name.as_str()))
            .collect();
        v.join("/")
    };
    for tier in &q.tiers {
        let places: Vec<String> = tier
            .places
            .iter()
            .map(|p| format!("{}{}人", names(&p.sections), p.count))
            .collect();
        out.push(format!(
            "名额（{}）：{}；领队{}人、教练{}人。{}",
            tier.name,
            places.join("，"),
            tier.leaders,
            tier.coaches,
            cite(tier.clause.as_deref())
        ));
    }
    for x in &q.extras {
        let scope = if x.sections.is_empty() {
            "（组别不限）".to_string()
        } else {
            format!("（限{}）", names(&x.sections))
        };
        out.push(format!(
            "额外名额：{}{}个{scope}。{}",
            x.condition,
            x.count,
            cite(x.clause.as_deref())
        ));
    }
}

/// One line per group with a birth window, and the pair rule.
fn group_lines(ev: &Event) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for s in ev.sections() {
        let label = s.group.as_deref().unwrap_or(&s.name);
        if seen.contains(&label) {
            continue;
        }
        if let Some(w) = &s.birth {
            seen.push(label);
            // An age label is written out with the window it resolves to (`U10男子组：` is
            // already clear; `男子甲组（U10）：2016-01-01及以后出生`).
            let age = s
                .age
                .as_deref()
                .filter(|a| !fold_group(label).contains(&fold_group(a)))
                .map(|a| format!("（{}）", a.trim()))
                .unwrap_or_default();
            out.push(format!(
                "{label}{age}：{}出生。{}",
                w.span().0,
                cite(w.clause.as_deref())
            ));
        } else if let Some(p) = &s.pair {
            seen.push(label);
            out.push(pair_line(
                s,
                label,
                p.adult_min_age,
                p.child_age_below,
                p.same_family,
            ));
        }
    }
    out
}

fn pair_line(s: &Section, label: &str, adult: u32, child: u32, family: bool) -> String {
    format!(
        "{label}{}：{}一名成年人（{adult}周岁及以上）和一名未满{child}周岁的成员组成{}；两人在“家庭编号”栏填写同一编号（如 家庭1）。{}",
        if s.official { "" } else { "（表演项目）" },
        if family { "由同一家庭" } else { "由" },
        if s.sex.is_none() {
            "，男女不限"
        } else {
            ""
        },
        cite(
            s.clause
                .as_deref()
                .or(s.pair.as_ref().and_then(|p| p.clause.as_deref()))
        )
    )
}

/// Instruction lines of the 食宿 sheet.
pub(crate) fn rooms(ev: &Event) -> Vec<String> {
    let mut out = Vec::new();
    let Some(acc) = ev.accommodation() else {
        out.push("食宿自理。".to_string());
        return out;
    };
    if let Some(c) = &acc.covered {
        let meal = |m: Meal| match m {
            Meal::Breakfast => "早餐",
            Meal::Lunch => "午餐",
            Meal::Dinner => "晚餐",
        };
        out.push(format!(
            "组委会承担各队正选人员（领队、教练、运动员）{}{}起至{}{}的食宿费用；超编人员按下列标准自理。{}",
            c.from,
            meal(c.from_meal),
            c.to,
            meal(c.to_meal),
            cite(c.clause.as_deref())
        ));
    } else if acc.paid_by == PaidBy::Team {
        out.push(format!("各队食宿费用自理。{}", cite(acc.clause.as_deref())));
    }
    if acc.settled_with.value == crate::event::LodgingPayee::Hotel {
        out.push("自理的食宿费用由各队与酒店直接结算，不交组委会。".to_string());
    }
    for h in &acc.hotels {
        for r in &h.rooms {
            let mut s = format!("{}（{}）{}：{}元/人/天", h.name, h.label(), r.name, r.rate);
            if let Some(inc) = &r.includes {
                s.push_str(&format!("（{inc}）"));
            }
            if let (Some(total), Some(stay)) = (r.stated_room_total, &acc.standard_stay) {
                s.push_str(&format!("，{}天每间合计{}元", stay.days, total));
            }
            s.push('。');
            s.push_str(&cite(h.clause.as_deref()));
            out.push(s);
        }
    }
    if let Some(m) = &acc.meals {
        out.push(format!(
            "用餐：{}{}元/人/天。{}",
            m.kind.as_deref().unwrap_or(""),
            m.rate,
            cite(m.clause.as_deref())
        ));
    }
    // What a team without this sheet is booked (`without_request`), as the statements bill it.
    let books = acc.books_without_request();
    if let Some(s) = &acc.standard_stay {
        let room = acc
            .hotel(&s.hotel)
            .and_then(|h| h.room(&s.room).map(|r| format!("{}{}", h.label(), r.name)));
        let note = match room {
            Some(room) if books => format!("；未提交本表的人员按{room}安排"),
            Some(room) => format!(
                "；未提交本表的参赛队不安排食宿、不计食宿费用，已提交本表的参赛队未填写的人员按{room}安排"
            ),
            None => String::new(),
        };
        out.push(format!(
            "食宿按{}天计{note}。{}",
            s.days,
            cite(s.clause.as_deref())
        ));
    } else if !books && !acc.hotels.is_empty() {
        out.push("未提交本表的参赛队不安排食宿、不计食宿费用。".to_string());
    }
    if let Some(i) = &acc.insurance {
        out.push(format!("{i}。{}", cite(acc.insurance_clause.as_deref())));
    }
    out.push(
        "住双人间的，请在“同住人”栏填写同住者姓名；身份填 运动员、领队、教练 或 随队人员。".into(),
    );
    numbered(&out)
}
