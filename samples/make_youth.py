"""The youth chess sample (``youth-chess-2026/``), built by ``make_samples.py`` after the other three.

A provincial youth championship (fictional: 2026年安徽省青少年国际象棋锦标赛): 24 clubs and schools
send forms for ten sections (U8-U16 boys and girls). The builder takes the ``make_samples`` module
as its argument (the same random generator, the same sets of used names and IDs, the same writers),
so the three older folders come out as before: this one is drawn after them.

The late entry's form (池州市青少年宫) is in the folder as it stands after the event; the play
script ``play_youth.py`` keeps it out until round 1 is typed, as it arrived on the first day.
"""

from __future__ import annotations

import datetime as dt

Y_TITLE = "2026年安徽省青少年国际象棋锦标赛报名表"
START = dt.date(2026, 7, 20)
AGES = (8, 10, 12, 14, 16)
# Section weights (boys, girls) per age: how a provincial youth field is spread.
WEIGHTS = {8: (10, 6), 10: (15, 8), 12: (14, 8), 14: (12, 7), 16: (10, 6)}
# (share rated, rating range) per age; U8/U10 are almost all unrated.
RATED = {8: (0.0, (0, 0)), 10: (0.1, (1400, 1550)), 12: (0.3, (1400, 1800)), 14: (0.5, (1450, 2000)),
         16: (0.6, (1500, 2200))}
LATE_FORM = "池州市青少年宫补报名单.xlsx"

# (unit, address codes, players, format)
UNITS = [
    ("合肥市棋类运动协会", ["340104", "340103", "340111"], 28, "xlsx"),
    ("合肥弈林国际象棋俱乐部", ["340104", "340102"], 20, "xlsx"),
    ("合肥市少年宫", ["340103", "340102"], 14, "xls"),
    ("合肥市师范附属小学", ["340103"], 9, "xlsx"),
    ("合肥市包河区少年宫", ["340111"], 8, "xlsx"),
    ("芜湖市国际象棋协会", ["340202", "340207"], 18, "csv-gbk"),
    ("芜湖市育才小学", ["340202"], 8, "docx"),
    ("芜湖飞跃棋院", ["340207", "340202"], 10, "xlsx"),
    ("蚌埠市棋类协会", ["340302", "340303"], 13, "xlsx"),
    ("淮南市青少年活动中心", ["340402", "340403"], 9, "xlsx"),
    ("马鞍山市棋院", ["340503", "340504"], 12, "ods"),
    ("淮北市国际象棋协会", ["340602", "340603"], 8, "zip-xlsx"),
    ("铜陵市棋类协会", ["340705"], 8, "xlsx"),
    ("安庆市国际象棋协会", ["340802", "340803"], 15, "xlsx"),
    ("黄山市棋类运动协会", ["341002", "341003"], 6, "xlsx"),
    ("滁州市国际象棋协会", ["341102", "341103"], 12, "xlsx"),
    ("阜阳市棋院", ["341202", "341203"], 14, "xls"),
    ("宿州市国际象棋协会", ["341302"], 8, "zip-xls"),
    ("六安市棋类协会", ["341502", "341503"], 12, "xlsx"),
    ("亳州市国际象棋俱乐部", ["341602"], 6, "xlsx"),
    ("池州市青少年宫", ["341702"], 1, "xlsx"),
    ("宣城市国际象棋协会", ["341802"], 8, "biff5"),
    ("安徽省国际象棋青少年集训队", ["340104", "340202", "340302"], 14, "xlsx"),
    ("合肥市蜀山区实验小学", ["340104"], 8, "xlsx"),
]

Y_COLS = [("seq", "序号"), ("group", "组别"), ("name", "姓名"), ("sex", "性别"), ("birth", "出生日期"),
          ("rid", "身份证号码"), ("fide", "国际棋联ID"), ("rating", "等级分"), ("phone", "监护人电话"),
          ("note", "备注")]


def section_name(age: int, sex: str) -> str:
    return f"U{age}{'男子' if sex == '男' else '女子'}组"


def band(m, age: int) -> tuple:
    """Birth dates of the section's own two years (U10 in 2026: 2016-01-01..2017-12-31)."""
    y = START.year - age
    return dt.date(y, 1, 1), dt.date(y + 1, 12, 31)


def youth_player(m, age: int, sex: str, areas: list, unit: str, elite: bool = False):
    share, (lo, hi) = RATED[age]
    p = m.person(sex, m.rand_date(*band(m, age)), m.R.choice(areas), group=section_name(age, sex), unit=unit)
    if elite or m.R.random() < share:
        p.rating = m.R.randrange(max(lo, 1500) if elite else lo, (hi + 150) if elite else hi + 1)
        p.fide = m.new_fide()
    elif age >= 10 and m.R.random() < 0.12:
        p.fide = m.new_fide()  # registered with FIDE, no rating yet
    return p


def youth_unit(m, name: str, areas: list, n: int, date: dt.date):
    t = m.Team(name=name, area=areas, date=date)
    elite = "集训队" in name
    cells = [(a, s) for a in AGES for s, w in zip(("男", "女"), WEIGHTS[a]) for _ in range(w)]
    if elite:
        cells = [(a, s) for a, s in cells if a >= 12]
    for _ in range(n):
        age, sex = m.R.choice(cells)
        t.players.append(youth_player(m, age, sex, areas, name, elite))
    order = {section_name(a, s): i for i, (a, s) in enumerate((a, s) for a in AGES for s in ("男", "女"))}
    t.players.sort(key=lambda p: order[p.group])
    t.leader = m.person("男" if m.R.random() < 0.6 else "女", m.rand_date(dt.date(1970, 1, 1), dt.date(1988, 12, 31)),
                        areas[0], role="领队")
    t.coach = m.person("男" if m.R.random() < 0.6 else "女", m.rand_date(dt.date(1980, 1, 1), dt.date(1998, 12, 31)),
                       areas[0], role="教练")
    t.phone = t.leader.phone
    return t


def find(t, group: str, k: int = 0, **kw):
    """The k-th player of a section in a unit (optionally rated / unrated)."""
    ps = [p for p in t.players if p.group == group]
    if kw.get("rated") is not None:
        ps = [p for p in ps if bool(p.rating) == kw["rated"]]
    return ps[k]


def csv_bad_check(m, fo, form, t, stem: str) -> None:
    """A CSV form in GBK: every third birth date as text (2014.05.03), the fifth player's ID number
    with a wrong check character (a planted ``person.id-invalid``)."""
    for p in t.players[::3]:
        p.w["birth"] = f"{p.birth:%Y.%m.%d}"
    bad = t.players[4]
    ck = bad.rid[-1]
    wrongck = "10X98765432"[("10X98765432".index(ck) + 3) % 11]
    bad.w["rid"] = bad.rid[:17] + wrongck
    sh = form(t, stem, footer="filldate-text")
    f = f"{stem}.csv"
    fo.book(f, "csv-gbk", [sh], "entry-form", t.name, "GBK, no BOM")
    fo.fault("person.id-invalid", f, sh, bad, "rid", t.name, f"check character {wrongck} is wrong (should be {ck})")


def word_form(m, fo, form, t, title: str) -> None:
    """The regulation's Word form filled in (组别 merged down)."""
    base = form(t)
    tbl = m.docx_table_sheet(base, len(t.players), merge_col=1)
    staff = f"领队：{m.pad_name(t.leader.name, 'ideo')}　　"
    if t.coach:
        staff += f"教练：{m.pad_name(t.coach.name, 'ideo')}　　"
    before = [f"附件1：{title}", f"参赛单位（盖章）：{t.name}　　{staff}联系电话：{t.phone}"]
    after = [f"填表日期：{t.date.year}年{t.date.month}月{t.date.day}日"]
    t.dated = True
    b = m.docx_form_bytes(before, tbl, after)
    f = f"{t.name}报名表.docx"
    fo.checks.append((f, "docx", b, [tbl]))
    fo.write(f, b, "entry-form", t.name, "the regulation's Word form filled in (组别 merged down)")


def corrected_form(m, fo, form, t, moved, wrong_group: str, first: dt.date, second: dt.date) -> None:
    """A first form with ``moved`` in ``wrong_group``, then a corrected one (``(更正)``): only
    ``file.superseded`` is expected for the first."""
    t.date = first
    moved.w["group"] = wrong_group
    sh1 = form(t, footer="filldate")
    f1 = f"{t.name}报名表.xlsx"
    fo.book(f1, "xlsx", [sh1], "entry-form (superseded)", t.name)
    del moved.w["group"]
    t.date = second
    sh2 = form(t, footer="filldate")
    f2 = f"{t.name}报名表(更正).xlsx"
    fo.book(f2, "xlsx", [sh2], "entry-form", t.name)
    fo.fault("file.superseded", f1, None, None, None, t.name,
             f"填表日期 {first} replaced by “{f2}” ({second}); {moved.name}'s 组别 in the old file "
             f"({m.a1(*sh1.pos[(moved.key, 'group')])}) must NOT be reported", severity="warning")


def zip_pair(m, fo, form, a, b, zip_name: str) -> None:
    """``a``'s form (xlsx) and ``b``'s (BIFF8 .xls) in one zip from Chinese Windows (GBK names)."""
    m1n, m2n = f"{a.name}报名表.xlsx", f"{b.name}报名表.xls"
    b1 = fo.book(f"{zip_name}/{m1n}", "xlsx", [form(a)], "entry-form", a.name, "zip member, GBK name", write=False)
    b2 = fo.book(f"{zip_name}/{m2n}", "xls", [form(b, label="adjacent")], "entry-form", b.name,
                 "zip member, GBK name", write=False)
    fo.write(zip_name, m.zip_bytes([(m1n, b1), (m2n, b2)], "gbk"), "archive",
             note="made on Chinese Windows: CP936 names, UTF-8 flag clear")


def late_team(m, fo, form, t, date: dt.date, deadline: dt.date, clause: str) -> None:
    """``t``'s form dated after the entry deadline, with no ruling (a planted ``team.late``)."""
    t.date = date
    sh = form(t, footer="filldate-text")
    f = f"{t.name}报名表.xlsx"
    fo.book(f, "xlsx", [sh], "entry-form", t.name)
    fo.fault("team.late", f, sh, None, None, t.name,
             f"填表日期 {date} is after the deadline {deadline} (inclusive) ({clause})",
             cell=m.a1(len(sh.rows) - 3, 0))


def first_day_form(m, fo, form, t, late_form: str, deadline: dt.date, clause: str, script: str) -> None:
    """``t``'s form dated on the first day (``t.date``), after round 1: a late entry the sample's
    event.toml clears (a ``team.late`` warning); ``script`` keeps it out until round 1 is typed."""
    sh = form(t, footer="filldate-text")
    fo.book(late_form, "xlsx", [sh], "entry-form", t.name,
            f"arrives on {t.date} after round 1 ({script} keeps it out of the folder until round 1 is typed)")
    fo.fault("team.late", late_form, sh, None, None, t.name,
             f"填表日期 {t.date} (first day) is after the deadline {deadline} ({clause}); the sample's event.toml "
             "rules it cleared (裁判长同意补报，第2轮起参赛): a warning ending with the ruling",
             severity="warning", cell=m.a1(len(sh.rows) - 3, 0))


def build_y(m):
    fo = m.Folder("youth-chess-2026", "youth-chess", "2026 安徽省青少年国际象棋锦标赛（虚构）")
    T = {}
    for name, areas, n, fmt in UNITS:
        t = youth_unit(m, name, areas, n, dt.date(2026, 6, 20) + dt.timedelta(days=m.R.randrange(0, 15)))
        T[name] = t
        fo.teams.append(t)

    def form(t, sheet="报名表", cols=Y_COLS, **kw):
        kw.setdefault("footer", "sign-dated")
        return m.form_sheet(sheet, Y_TITLE, t, t.players, cols, **kw)

    plain = {"合肥市包河区少年宫", "淮南市青少年活动中心", "铜陵市棋类协会", "黄山市棋类运动协会", "滁州市国际象棋协会",
             "六安市棋类协会", "合肥市蜀山区实验小学", "芜湖飞跃棋院"}
    for name in sorted(plain):
        t = T[name]
        sh = form(t, date_style=m.R.choice(["cn", "iso", "slash"]))
        fo.book(f"{name}报名表.xlsx", "xlsx", [sh], "entry-form", name)

    # --- 合肥市棋类运动协会: the biggest club; two-character names padded with two spaces; a U8 girl
    #     playing up in U10 (allowed); a minority name with a middle dot.
    t = T["合肥市棋类运动协会"]
    up = find(t, "U10女子组")
    up.birth = dt.date(2018, 3, 14)
    up.rid = m.new_id("340104", up.birth, "女")
    dot = find(t, "U12男子组")
    m.USED_NAMES.discard(dot.name)
    dot.name = "艾力·买买提"
    dot.rid = m.new_id("650102", dot.birth, "男")
    m.pad_all(t.players, "sp2")
    sh = form(t)
    f = "合肥市棋类运动协会报名表.xlsx"
    fo.book(f, "xlsx", [sh], "entry-form", t.name)
    fo.edge(f, sh, up, "birth", t.name, "born 2018-03-14 (U8 age) entered in U10女子组: playing up is allowed (规程 六(二))")
    fo.norm(f, sh, dot, "name", "艾力·买买提")
    fo.write("~$合肥市棋类运动协会报名表.xlsx", m.lock_file_bytes("hfqx"), "ignored", note="Excel lock file")

    # --- 合肥弈林国际象棋俱乐部: 组别 written every way; a rating in full-width digits; one boy also
    #     entered by his school (合肥市师范附属小学).
    t = T["合肥弈林国际象棋俱乐部"]
    ways = ["U{a}{zh}", "{zh}U{a}", "{a}岁以下{zh}组", "U{a}{sx}", "U{a} {zh}组"]
    for i, p in enumerate(t.players):
        a = int(p.group[1:p.group.index("男" if "男" in p.group else "女")])
        zh = "男子" if p.sex == "男" else "女子"
        p.w["group"] = ways[i % len(ways)].format(a=a, zh=zh, sx=p.sex)
    fw = next(p for p in t.players if p.rating)
    fw.w["rating"] = str(fw.rating).translate(m.FULLWIDTH)
    shared = find(t, "U10男子组")
    sh = form(t, label="adjacent")
    f_yl = "合肥弈林国际象棋俱乐部报名表.xlsx"
    fo.book(f_yl, "xlsx", [sh], "entry-form", t.name)
    fo.norm(f_yl, sh, fw, "rating", f"{fw.rating} (full-width digits)")
    fo.norm(f_yl, sh, shared, "group", "U10男子组")
    yl_sheet = sh

    # --- 合肥市师范附属小学: the same boy entered by his school (earlier in path order).
    t = T["合肥市师范附属小学"]
    dup = find(t, "U10男子组") if any(p.group == "U10男子组" for p in t.players) else t.players[0]
    m.USED_NAMES.discard(dup.name)
    dup.name, dup.sex, dup.birth, dup.rid, dup.group = shared.name, shared.sex, shared.birth, shared.rid, shared.group
    dup.fide, dup.rating = shared.fide, shared.rating
    dup.w.pop("group", None)
    sh = form(t, footer="filldate")
    f = "合肥市师范附属小学报名表.xlsx"
    fo.book(f, "xlsx", [sh], "entry-form", t.name)
    other = f"{f}!{sh.name}!{fo._cell(sh, dup, 'name')}"
    fo.fault("person.duplicate", f_yl, yl_sheet, shared, "name", "合肥弈林国际象棋俱乐部",
             f"same person (ID {shared.rid}) already entered by 合肥市师范附属小学 ({other}): a pupil entered by his "
             "school and his club", other=other)

    # --- 合肥市少年宫: BIFF8 .xls with labels in adjacent cells; a boy born 2015 in U10 (playing down).
    t = T["合肥市少年宫"]
    old = find(t, "U10男子组") if any(p.group == "U10男子组" for p in t.players) else t.players[0]
    if old.sex != "男":
        m.USED_NAMES.discard(old.name)
        old.sex, old.name = "男", m.new_name("男")
    old.group, old.birth, old.rating, old.fide = "U10男子组", dt.date(2015, 8, 10), None, ""
    old.rid = m.new_id("340103", old.birth, "男")
    t.players.sort(key=lambda p: [section_name(a, s) for a in AGES for s in ("男", "女")].index(p.group))
    sh = form(t, label="adjacent")
    f = "合肥市少年宫报名表.xls"
    fo.book(f, "xls", [sh], "entry-form", t.name, "BIFF8")
    fo.fault("person.birth-out-of-range", f, sh, old, "birth", t.name,
             "born 2015-08-10, entered in U10男子组 (born 2016-01-01 or later); U12男子组 fits: playing down is not "
             "allowed (规程 六(二))")

    # --- 芜湖市国际象棋协会: CSV in GBK; birth dates as text 2014.05.03; a wrong check character.
    csv_bad_check(m, fo, form, T["芜湖市国际象棋协会"], "芜湖市国际象棋协会报名表")

    # --- 芜湖市育才小学: the regulation's Word form filled in (组别 merged down).
    word_form(m, fo, form, T["芜湖市育才小学"], Y_TITLE)

    # --- 蚌埠市棋类协会: a first form, then a corrected one (a girl moved from U12 to U14).
    t = T["蚌埠市棋类协会"]
    moved = find(t, "U12女子组") if any(p.group == "U12女子组" for p in t.players) else t.players[-1]
    wrong = "U8女子组" if moved.group != "U8女子组" else "U16女子组"
    corrected_form(m, fo, form, t, moved, wrong, dt.date(2026, 6, 25), dt.date(2026, 7, 2))

    # --- 马鞍山市棋院: .ods; names padded with U+3000.
    t = T["马鞍山市棋院"]
    m.pad_all(t.players, "ideo")
    sh = form(t, date_style="iso")
    fo.book("马鞍山市棋院报名表.ods", "ods", [sh], "entry-form", t.name)

    # --- 淮北 (xlsx) and 宿州 (BIFF8 .xls) inside one zip from Chinese Windows (GBK names).
    zip_pair(m, fo, form, T["淮北市国际象棋协会"], T["宿州市国际象棋协会"], "附件.zip")

    # --- 安庆市国际象棋协会: the template's example row; pre-numbered empty rows; birth as numbers.
    t = T["安庆市国际象棋协会"]
    for p in t.players[1::4]:
        p.w["birth"] = m.Num(int(f"{p.birth:%Y%m%d}"))
    sh = form(t, example=True, prenumbered=4)
    f = "安庆市国际象棋协会报名表.xlsx"
    fo.book(f, "xlsx", [sh], "entry-form", t.name)
    fo.edges.append(dict(team=t.name, person="张三", file=f, sheet=sh.name, cell=f"A{sh.header_row + 2}",
                         what="the template's example row must be skipped"))

    # --- 阜阳市棋院: BIFF8 .xls, header under a note row, FIDE ID before the name; the unit only
    #     (no leader or coach named).
    t = T["阜阳市棋院"]
    t.leader = t.coach = None
    cols = [("seq", "序号"), ("fide", "FIDE ID"), ("name", "姓 名"), ("sex", "性 别"), ("group", "参赛组别"),
            ("birth", "出生年月"), ("rid", "证件号码"), ("rating", "国际等级分"), ("phone", "家长电话"), ("note", "备注")]
    sh = form(t, cols=cols, header_row=3, note_row="组别：U8/U10/U12/U14/U16 男子组、女子组（可向上跨组）",
              label="unit-only")
    fo.book("阜阳市棋院报名表.xls", "xls", [sh], "entry-form", t.name, "BIFF8; synonym headers")

    # --- 亳州市国际象棋俱乐部: sent two days after the deadline.
    late_team(m, fo, form, T["亳州市国际象棋俱乐部"], dt.date(2026, 7, 7), dt.date(2026, 7, 5), "规程 九(一)")

    # --- 池州市青少年宫: one boy entered on the first day (the late entry, from round 2).
    t = T["池州市青少年宫"]
    t.date = START
    late = t.players[0]
    if late.group != "U12男子组" or late.sex != "男":
        m.USED_NAMES.discard(late.name)
        late.sex, late.group = "男", "U12男子组"
        late.birth = m.rand_date(*band(m, 12))
        late.name = m.new_name("男")
        late.rid = m.new_id("341702", late.birth, "男")
        late.rating, late.fide = None, ""
    first_day_form(m, fo, form, t, LATE_FORM, dt.date(2026, 7, 5), "规程 九(一)", "play_youth.py")
    fo.fault("round.duplicate-entrant", f_yl, yl_sheet, shared, "name", "合肥弈林国际象棋俱乐部",
             f"the consequence of the duplicate: {shared.name} is paired once, for 合肥市师范附属小学", severity="warning")

    # --- 宣城市国际象棋协会: BIFF5 (Excel 5.0/95, GBK).
    t = T["宣城市国际象棋协会"]
    fo.book("宣城市国际象棋协会报名表.xls", "biff5", [form(t)], "entry-form", t.name, "BIFF5 (Excel 5.0/95), CODEPAGE 936")

    # --- 安徽省国际象棋青少年集训队: rated players with FIDE IDs; one rated girl's FIDE ID left empty.
    t = T["安徽省国际象棋青少年集训队"]
    noid = next(p for p in t.players if p.sex == "女" and p.rating)
    noid.fide = ""
    sh = form(t)
    f = "安徽省国际象棋青少年集训队报名表.xlsx"
    fo.book(f, "xlsx", [sh], "entry-form", t.name)
    fo.edge(f, sh, noid, "rating", t.name, "rated but 国际棋联ID empty: not required by the regulation (规程 五); "
                                           "her FIDE report line has no ID")

    fo.write("Thumbs.db", m.thumbs_db_bytes(), "ignored", note="Windows thumbnail cache")
    fo.write("微信文件/安全承诺书（合肥市少年宫）.pdf", m.pdf_bytes("Safety pledge (scanned)"), "ignored",
             T["合肥市少年宫"].name, "PDF")
    fo.write("微信文件/mmexport1751862210331.jpg", bytes.fromhex(m.JPEG_HEX), "ignored", note="photo of a stamped form")
    return fo


NOTES = """Interpretations:

- Ages are counted on 2026-01-01 (FIDE youth practice, 规程 六(二)): U8 born 2018-01-01 or later,
  U10 2016, U12 2014, U14 2012, U16 2010. A player may play up (a younger child in an older
  section) but not down. Until the `age = "U10"` key exists the template writes each section's
  window as `birth = { from = "2016-01-01", to = "2026-07-20" }`.
- 组别 is written as the section name (`U10男子组`) or as a label (`U10男`, `男子U10`, `10岁以下男子组`,
  `U10 男子组`): 合肥弈林国际象棋俱乐部 uses all of them.
- 池州市青少年宫's form (one U12 boy) arrives on the first day, after round 1: `play_youth.py` keeps
  it out of the folder until round 1 is typed, so he is a late entry paired from round 2 (round 1
  scores 0). The sample's `event.toml` clears his `team.late` with a ruling; 亳州's late form has
  none, so its players are 资格待查.
- 阜阳市棋院's form names the unit only: no leader or coach.
- No FIDE ID is required (unrated children take part); every player with a 国际棋联ID on a form
  must have it on his `001` line of the section's FIDE report.
- 程骏 (合肥市蜀山区实验小学, U12男子组) asked for a half-point bye in round 3 and a zero-point bye in
  round 6: two `[[rulings]]` in the sample's `event.toml` (`decision = "bye-half"` / `"bye-zero"`,
  `round = N`, the FIDE Dutch contract), within `[stages.bye] requested_max = 2`.
- The rounds are played by `play_youth.py` with the FIDE Dutch engine of `run` (forfeits in
  U10男子组 round 3 and U12女子组 round 5, a withdrawal in U14男子组 round 4); `results/` holds
  every round typed. `round.late-entry` and `round.withdrawal` (warnings) follow from the play and
  are not listed below.
"""
