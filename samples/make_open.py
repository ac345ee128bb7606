"""The open chess sample (``open-chess-2026/``), built by ``make_samples.py`` after the youth sample.

A rated city open (fictional: 2026年南京市国际象棋等级分公开赛): clubs, universities and city
associations send forms for two sections, 公开组 (open) and 女子组 (women). The builder takes the
``make_samples`` module as its argument (the same random generator, the same sets of used names
and IDs, the same writers), so the four older folders come out as before: this one is drawn after
them.

The late entry's form (浦口区棋类协会补报名单) is in the folder as it stands after the event; the
play script ``play_open.py`` keeps it out until round 1 is typed, as it arrived on the first day.
"""

from __future__ import annotations

import datetime as dt

import make_youth as Y

O_TITLE = "2026年南京市国际象棋等级分公开赛报名表"
START = dt.date(2026, 10, 2)
LATE_FORM = "浦口区棋类协会补报名单.xlsx"
OPEN, WOMEN = "公开组", "女子组"

# (unit, address codes, open players, women players, format)
UNITS = [
    ("南京市棋类运动协会", ["320102", "320104", "320106"], 20, 4, "xlsx"),
    ("南京弈友国际象棋俱乐部", ["320105", "320106"], 16, 3, "xlsx"),
    ("南京大学国际象棋协会", ["320106", "320113"], 10, 2, "xlsx"),
    ("东南大学棋牌协会", ["320102", "320115"], 8, 1, "xls"),
    ("鼓楼区青少年宫", ["320106"], 10, 3, "xlsx"),
    ("建邺区棋院", ["320105"], 8, 2, "docx"),
    ("江宁区棋类协会", ["320115"], 9, 2, "csv-gbk"),
    ("无锡市国际象棋协会", ["320202", "320211"], 10, 2, "xlsx"),
    ("苏州市棋院", ["320505", "320506"], 12, 3, "xlsx"),
    ("常州市国际象棋俱乐部", ["320402", "320411"], 8, 2, "xls"),
    ("扬州市棋类协会", ["321002"], 7, 1, "zip-xlsx"),
    ("镇江市国际象棋协会", ["321102"], 6, 1, "zip-xls"),
    ("上海浦东国际象棋俱乐部", ["310115"], 9, 2, "xlsx"),
    ("合肥弈林国际象棋俱乐部", ["340104"], 6, 1, "biff5"),
    ("南京航空航天大学棋协", ["320104"], 5, 1, "ods"),
    ("六合区文化馆", ["320116"], 5, 1, "xlsx"),
    ("浦口区棋类协会", ["320111"], 1, 0, "xlsx"),
]

O_COLS = [("seq", "序号"), ("group", "组别"), ("name", "姓名"), ("sex", "性别"), ("birth", "出生日期"),
          ("rid", "身份证号码"), ("fide", "国际棋联ID"), ("rating", "等级分"), ("phone", "联系电话"),
          ("note", "备注")]


def open_player(m, group: str, areas: list, unit: str):
    """A player of the open (mostly men, a few women) or of the women's section."""
    sex = "女" if group == WOMEN or m.R.random() < 0.08 else "男"
    birth = m.rand_date(dt.date(1962, 1, 1), dt.date(2015, 12, 31))
    p = m.person(sex, birth, m.R.choice(areas), group=group, unit=unit)
    if m.R.random() < 0.72:
        lo, hi = (1400, 2150) if group == WOMEN else (1400, 2400)
        p.rating = m.R.randrange(lo, hi)
        p.fide = m.new_fide()
    elif m.R.random() < 0.2:
        p.fide = m.new_fide()  # registered with FIDE, no rating yet
    return p


def open_unit(m, name: str, areas: list, n_open: int, n_women: int, date: dt.date):
    t = m.Team(name=name, area=areas, date=date)
    t.players = [open_player(m, OPEN, areas, name) for _ in range(n_open)]
    t.players += [open_player(m, WOMEN, areas, name) for _ in range(n_women)]
    t.players.sort(key=lambda p: (p.group != OPEN, -(p.rating or 0)))
    t.leader = m.person("男" if m.R.random() < 0.7 else "女", m.rand_date(dt.date(1965, 1, 1), dt.date(1990, 12, 31)),
                        areas[0], role="领队")
    t.coach = None
    t.phone = t.leader.phone
    return t


def build_o(m):
    fo = m.Folder("open-chess-2026", "open-chess", "2026 南京市国际象棋等级分公开赛（虚构）")
    T = {}
    for name, areas, n_open, n_women, _fmt in UNITS:
        t = open_unit(m, name, areas, n_open, n_women, dt.date(2026, 9, 1) + dt.timedelta(days=m.R.randrange(0, 19)))
        T[name] = t
        fo.teams.append(t)

    def form(t, sheet="报名表", cols=O_COLS, **kw):
        kw.setdefault("footer", "sign-dated")
        return m.form_sheet(sheet, O_TITLE, t, t.players, cols, **kw)

    for name in ("南京大学国际象棋协会", "鼓楼区青少年宫", "无锡市国际象棋协会", "上海浦东国际象棋俱乐部"):
        t = T[name]
        sh = form(t, date_style=m.R.choice(["cn", "iso", "slash"]))
        fo.book(f"{name}报名表.xlsx", "xlsx", [sh], "entry-form", name)

    # --- 南京市棋类运动协会: two-character names padded with two spaces; 组别 written 公开/女子.
    t = T["南京市棋类运动协会"]
    for p in t.players:
        p.w["group"] = "公开" if p.group == OPEN else "女子"
    m.pad_all(t.players, "sp2")
    sh = form(t)
    f = "南京市棋类运动协会报名表.xlsx"
    fo.book(f, "xlsx", [sh], "entry-form", t.name)
    fo.norm(f, sh, t.players[0], "group", OPEN)
    fo.write("~$南京市棋类运动协会报名表.xlsx", m.lock_file_bytes("njqx"), "ignored", note="Excel lock file")

    # --- 南京弈友国际象棋俱乐部: a rating in full-width digits; a woman playing in the open (allowed);
    #     one player also entered by his university (东南大学棋牌协会).
    t = T["南京弈友国际象棋俱乐部"]
    fw = next(p for p in t.players if p.rating)
    fw.w["rating"] = str(fw.rating).translate(m.FULLWIDTH)
    woman = next(p for p in t.players if p.group == OPEN and p.name not in (fw.name,))
    if woman.sex != "女":
        m.USED_NAMES.discard(woman.name)
        woman.sex, woman.name = "女", m.new_name("女")
        woman.rid = m.new_id(t.area[0], woman.birth, "女")
    shared = next(p for p in t.players if p.group == OPEN and p not in (fw, woman) and p.sex == "男")
    sh = form(t, label="adjacent")
    f_yy = "南京弈友国际象棋俱乐部报名表.xlsx"
    fo.book(f_yy, "xlsx", [sh], "entry-form", t.name)
    fo.norm(f_yy, sh, fw, "rating", f"{fw.rating} (full-width digits)")
    fo.edge(f_yy, sh, woman, "group", t.name, "a woman entered in 公开组: allowed (规程 四)")
    yy_sheet = sh

    # --- 东南大学棋牌协会: BIFF8 .xls; the same player entered by his club (earlier in path order).
    t = T["东南大学棋牌协会"]
    dup = next(p for p in t.players if p.group == OPEN)
    m.USED_NAMES.discard(dup.name)
    dup.name, dup.sex, dup.birth, dup.rid = shared.name, shared.sex, shared.birth, shared.rid
    dup.fide, dup.rating = shared.fide, shared.rating
    sh = form(t, label="adjacent", footer="filldate")
    f = "东南大学棋牌协会报名表.xls"
    fo.book(f, "xls", [sh], "entry-form", t.name, "BIFF8")
    other = f"{f}!{sh.name}!{fo._cell(sh, dup, 'name')}"
    fo.fault("person.duplicate", f_yy, yy_sheet, shared, "name", "南京弈友国际象棋俱乐部",
             f"same person (ID {shared.rid}) already entered by 东南大学棋牌协会 ({other}): a student entered by his "
             "university and his club", other=other)
    fo.fault("round.duplicate-entrant", f_yy, yy_sheet, shared, "name", "南京弈友国际象棋俱乐部",
             f"the consequence of the duplicate: {shared.name} is paired once, for 东南大学棋牌协会", severity="warning")

    # --- 建邺区棋院: the regulation's Word form filled in (组别 merged down).
    Y.word_form(m, fo, form, T["建邺区棋院"], O_TITLE)

    # --- 江宁区棋类协会: CSV in GBK; birth dates as text 1990.05.03; a wrong check character.
    Y.csv_bad_check(m, fo, form, T["江宁区棋类协会"], "江宁区棋类协会报名表")

    # --- 苏州市棋院: a first form, then a corrected one (a man moved from 女子组 back to 公开组).
    t = T["苏州市棋院"]
    moved = next(p for p in t.players if p.group == OPEN and p.sex == "男")
    Y.corrected_form(m, fo, form, t, moved, WOMEN, dt.date(2026, 9, 5), dt.date(2026, 9, 12))

    # --- 常州市国际象棋俱乐部: BIFF8 .xls, header under a note row, FIDE ID before the name; the unit
    #     only (no leader named).
    t = T["常州市国际象棋俱乐部"]
    t.leader = None
    cols = [("seq", "序号"), ("fide", "FIDE ID"), ("name", "姓 名"), ("sex", "性 别"), ("group", "参赛组别"),
            ("birth", "出生年月"), ("rid", "证件号码"), ("rating", "国际等级分"), ("phone", "手机"), ("note", "备注")]
    sh = form(t, cols=cols, header_row=3, note_row="组别：公开组、女子组（女子棋手可选报公开组）", label="unit-only")
    fo.book("常州市国际象棋俱乐部报名表.xls", "xls", [sh], "entry-form", t.name, "BIFF8; synonym headers")

    # --- 扬州 (xlsx) and 镇江 (BIFF8 .xls) inside one zip from Chinese Windows (GBK names).
    Y.zip_pair(m, fo, form, T["扬州市棋类协会"], T["镇江市国际象棋协会"], "报名表.zip")

    # --- 合肥弈林国际象棋俱乐部: BIFF5 (Excel 5.0/95, GBK); the template's example row.
    t = T["合肥弈林国际象棋俱乐部"]
    sh = form(t, example=True)
    f = "合肥弈林国际象棋俱乐部报名表.xls"
    fo.book(f, "biff5", [sh], "entry-form", t.name, "BIFF5 (Excel 5.0/95), CODEPAGE 936")
    fo.edges.append(dict(team=t.name, person="张三", file=f, sheet=sh.name, cell=f"A{sh.header_row + 2}",
                         what="the template's example row must be skipped"))

    # --- 南京航空航天大学棋协: .ods; names padded with U+3000; birth dates as numbers.
    t = T["南京航空航天大学棋协"]
    m.pad_all(t.players, "ideo")
    for p in t.players[1::2]:
        p.w["birth"] = m.Num(int(f"{p.birth:%Y%m%d}"))
    sh = form(t, date_style="iso")
    fo.book("南京航空航天大学棋协报名表.ods", "ods", [sh], "entry-form", t.name)

    # --- 六合区文化馆: sent two days after the deadline (no ruling: its players are 资格待查).
    Y.late_team(m, fo, form, T["六合区文化馆"], dt.date(2026, 9, 22), dt.date(2026, 9, 20), "规程 八(一)")

    # --- 浦口区棋类协会: one unrated man entered on the first day (the late entry, from round 2).
    t = T["浦口区棋类协会"]
    t.date = START
    late = t.players[0]
    late.rating, late.fide = None, ""
    Y.first_day_form(m, fo, form, t, LATE_FORM, dt.date(2026, 9, 20), "规程 八(一)", "play_open.py")

    # --- 江苏省国际象棋队: the ten invited masters of 大师组, a round robin (drawn last: the open and
    #     women's forms keep their bytes). Their numbers are typed in the sample's event.toml.
    masters_form(m, fo, form)

    fo.write("Thumbs.db", m.thumbs_db_bytes(), "ignored", note="Windows thumbnail cache")
    fo.write("微信文件/mmexport1759200000000.jpg", bytes.fromhex(m.JPEG_HEX), "ignored", note="photo of a stamped form")
    return fo


MASTERS_UNIT = "江苏省国际象棋队"
# (name, sex, birth, FIDE title, rating): the invited masters, fictional.
MASTERS = [
    ("陆承泽", "男", dt.date(1994, 3, 12), "GM", 2561),
    ("顾明远", "男", dt.date(1998, 7, 2), "GM", 2532),
    ("沈一鸣", "男", dt.date(2001, 11, 23), "IM", 2478),
    ("蒋天骐", "男", dt.date(1990, 1, 30), "IM", 2455),
    ("华亦舟", "女", dt.date(1999, 5, 8), "WGM", 2431),
    ("许嘉禾", "男", dt.date(2004, 9, 16), "IM", 2420),
    ("韦思源", "男", dt.date(1987, 12, 4), "FM", 2402),
    ("秦朗", "男", dt.date(2006, 2, 27), "FM", 2391),
    ("邵乐天", "男", dt.date(1996, 6, 19), "FM", 2384),
    ("孔令川", "男", dt.date(2003, 10, 1), "CM", 2366),
]


def masters_form(m, fo, form):
    """The masters' form: ten invited players of one provincial team, 组别 大师组, with titles."""
    t = m.Team(name=MASTERS_UNIT, area=["320102"], date=dt.date(2026, 9, 15))
    for name, sex, birth, title, rating in MASTERS:
        p = m.person(sex, birth, "320102", name=name, group="大师组", unit=MASTERS_UNIT, title=title)
        p.rating, p.fide = rating, m.new_fide()
        t.players.append(p)
    t.leader = m.person("男", dt.date(1975, 4, 1), "320102", role="领队")
    t.phone = t.leader.phone
    fo.teams.append(t)
    cols = O_COLS[:7] + [("title", "称号")] + O_COLS[7:]
    sh = form(t, cols=cols)
    fo.book(f"{MASTERS_UNIT}大师组报名表.xlsx", "xlsx", [sh], "entry-form", t.name)


NOTES = """Interpretations:

- Three sections: 公开组 (`open`) and 女子组 (`women`), each a 9-round FIDE Dutch, and 大师组
  (`masters`), a single round robin of the ten masters invited by 江苏省国际象棋队 (their form is
  drawn last), numbered by the draw typed in the sample's `event.toml` (`[draw.sections]`) and
  paired by the Berger table (C.05 Annex 1). A woman may play in the open (南京弈友's woman in
  公开组 is no fault). 组别 is written `公开`/`女子` by 南京市棋类运动协会.
- Prizes (the sample's `event.toml`): the open's places 1-8, the women's 1-6, and two rating bands
  of the open, U2000 and U1800 (by the rating on the form; unrated players are in no band);
  tied players share by the Hort system; one prize per player, the higher one
  (`combine = "highest"`). `tests/open_sample.rs` checks every amount in fen.
- 浦口区棋类协会's form (one unrated man) arrives on the first day, after round 1: `play_open.py`
  keeps it out of the folder until round 1 is typed, so he is a late entry paired from round 2
  (round 1 scores 0). The sample's `event.toml` clears its `team.late` with a ruling; 六合区文化馆's
  late form has none, so its players are 资格待查 (ranked, prizes withheld).
- 常州市国际象棋俱乐部's form names the unit only: no leader. No form names a coach.
- A player entered by 南京弈友国际象棋俱乐部 and by 东南大学棋牌协会 plays once, for the first
  form in path order.
- One requested half-point bye (`H`) in the open, round 4: a `[[rulings]]` entry of the sample's
  `event.toml`. A withdrawal in the open after round 5 and a forfeit in the women's round 3 are
  typed by `play_open.py`; `round.late-entry` and `round.withdrawal` (warnings) follow from the play
  and are not listed below.
"""
