#!/usr/bin/env python3
"""Generate an event folder of N team entry forms for the `run` bench (benches/run.rs).

    python3 benches/make_forms.py N DIR

DIR gets `event.toml` (the cxa-amateur-king-2023 sample's, without its ruling, which names a
team of the sample) and N forms `<team>报名表.xlsx` laid out like the sample's
`北京市报名表.xlsx`: a merged title row, a label row (参赛单位（盖章）：… 领队：… 教练：… 联系电话：…),
the header 序号 | 组别 | 姓 名 | 性 别 | 出生年月 | 证件号码 | 等级称号 | 所属单位 | 联系电话 | 备注, 8-12
players (公开组男子 3-4, 公开组女子 2, 少年组男子 1-2, 少年组女子 1, and in every third form a
家庭双人组 pair), the signature lines under the table, and a second sheet 食宿 (rooms for everyone:
the accommodation requests). Every team and person is invented: team names are made of two
place-like syllables, names of common surnames and given-name characters, resident ID numbers
have valid GB 11643 check characters and agree with the birth date and sex.

Deterministic: a fixed seed, fixed document properties; the same N gives the same bytes.
Needs openpyxl.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import sys
from pathlib import Path

import openpyxl
from openpyxl.styles import Alignment, Border, Font, Side

HERE = Path(__file__).resolve().parent
SAMPLE_EVENT = HERE.parent / "samples" / "cxa-amateur-king-2023" / "event.toml"

SURNAMES = list(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
GIVEN_M = list("浩伟磊强军杰涛明超勇鹏辉宇航晨博文斌凯翔昊泽睿哲轩然朗峰毅帆俊龙志建海国立新远东子一嘉天思卓骏锐旭煜")
GIVEN_F = list("娜婷静敏丽芳雪琳颖倩欣怡佳雯璐萱诗涵悦彤瑶琪蕾晴梦洁慧玲丹月菲妍楠薇雨婧露晓艺可")
# Place-like syllables for invented team names (青川, 白溪, ...): 60 × 59 pairs.
PLACE = list("青白云松竹梅兰桃柳杉枫桂荷溪川泉湖江河海山岭峰岩石林原野田庄村塘桥港湾洲岛沙泽渡关城镇宁安康平和丰顺昌盛兴隆华阳明")
# Address codes of a few districts (the first six digits of a resident ID).
AREAS = ["110105", "120101", "310104", "320102", "330106", "410105", "420106", "440104", "510104", "610113"]
TITLES = ["", "", "业余3级", "业余5级", "棋协候补大师", "一级运动员", "二级运动员"]
W17 = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
HEADER = ["序号", "组别", "姓 名", "性 别", "出生年月", "证件号码", "等级称号", "所属单位", "联系电话", "备注"]
FIXED = dt.datetime(2023, 12, 1, 9, 0, 0)


def check_char(s17: str) -> str:
    """GB 11643 MOD 11-2 check character of the first 17 digits."""
    return "10X98765432"[sum(int(c) * w for c, w in zip(s17, W17)) % 11]


class People:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.names: set[str] = set()
        self.ids: set[str] = set()
        self.phone = 0

    def name(self, sex: str, surname: str | None = None) -> str:
        pool = GIVEN_M if sex == "男" else GIVEN_F
        while True:
            s = surname or self.rng.choice(SURNAMES)
            n = 2 if self.rng.random() < 0.25 else 3
            name = s + "".join(self.rng.choice(pool) for _ in range(n - 1))
            if name not in self.names:
                self.names.add(name)
                return name

    def resident_id(self, birth: dt.date, sex: str) -> str:
        while True:
            seq = self.rng.randrange(0, 100)
            sex_digit = self.rng.choice([1, 3, 5, 7, 9] if sex == "男" else [0, 2, 4, 6, 8])
            s17 = f"{self.rng.choice(AREAS)}{birth:%Y%m%d}{seq:02d}{sex_digit}"
            rid = s17 + check_char(s17)
            if rid not in self.ids:
                self.ids.add(rid)
                return rid

    def birth(self, start: dt.date, end: dt.date) -> dt.date:
        return start + dt.timedelta(days=self.rng.randrange((end - start).days + 1))

    def phone_no(self) -> str:
        self.phone += 1
        return f"138{self.phone:08d}"


def team_names(n: int) -> list[str]:
    names = [a + b for a in PLACE for b in PLACE if a != b]
    random.Random(7).shuffle(names)
    if n > len(names):
        sys.exit(f"at most {len(names)} forms")
    return [f"{x}象棋俱乐部" for x in names[:n]]


def players(p: People, team: str, k: int) -> list[list]:
    rng = p.rng
    rows: list[tuple[str, str, dt.date, str]] = []
    spec = [
        ("公开组男子", "男", rng.choice([3, 4]), dt.date(1963, 1, 1), dt.date(2006, 12, 31)),
        ("公开组女子", "女", 2, dt.date(1963, 1, 1), dt.date(2006, 12, 31)),
        ("少年组男子", "男", rng.choice([1, 2]), dt.date(2007, 1, 1), dt.date(2011, 12, 31)),
        ("少年组女子", "女", 1, dt.date(2007, 1, 1), dt.date(2011, 12, 31)),
    ]
    for group, sex, count, start, end in spec:
        for _ in range(count):
            rows.append((group, sex, p.birth(start, end), ""))
    # Fill to 8-12 with more open players.
    while len(rows) < 8 + k % 5 - (2 if k % 3 == 0 else 0):
        sex = rng.choice(["男", "女"])
        group = "公开组男子" if sex == "男" else "公开组女子"
        rows.append((group, sex, p.birth(dt.date(1963, 1, 1), dt.date(2006, 12, 31)), ""))
    out = []
    for group, sex, birth, note in rows:
        out.append([group, p.name(sex), sex, birth, p.resident_id(birth, sex), rng.choice(TITLES), note])
    if k % 3 == 0:
        # A family pair: a parent and a child under 12 on the first day, same surname.
        surname = rng.choice(SURNAMES)
        parent_sex = rng.choice(["男", "女"])
        pb = p.birth(dt.date(1975, 1, 1), dt.date(1990, 12, 31))
        cb = p.birth(dt.date(2012, 1, 1), dt.date(2016, 12, 31))
        child_sex = rng.choice(["男", "女"])
        kin = "父" if parent_sex == "男" else "母"
        kin += "子" if child_sex == "男" else "女"
        note = f"家庭1（{kin}）"
        for sex, birth in [(parent_sex, pb), (child_sex, cb)]:
            out.append(["家庭双人组", p.name(sex, surname), sex, birth, p.resident_id(birth, sex), "", note])
    return out


def write_form(path: Path, team: str, rows: list[list], leader: str, coach: str, p: People):
    wb = openpyxl.Workbook()
    wb.properties.creator = "bianpai bench"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "报名表"
    thin = Side(style="thin")
    border = Border(left=thin, right=thin, top=thin, bottom=thin)
    ws["A1"] = "2023年全国业余棋王赛总决赛报名表"
    ws["A1"].font = Font(name="宋体", size=16, bold=True)
    ws["A1"].alignment = Alignment(horizontal="center")
    ws.merge_cells("A1:J1")
    ws["A2"] = f"参赛单位（盖章）：{team}    领队：{leader}    教练：{coach}    联系电话：{p.phone_no()}"
    ws.merge_cells("A2:J2")
    for c, h in enumerate(HEADER, 1):
        cell = ws.cell(row=3, column=c, value=h)
        cell.font = Font(name="宋体", bold=True)
        cell.border = border
    for i, (group, name, sex, birth, rid, title, note) in enumerate(rows, 1):
        values = [i, group, name, sex, dt.datetime(birth.year, birth.month, birth.day), rid, title or None,
                  team, p.phone_no(), note or None]
        for c, v in enumerate(values, 1):
            cell = ws.cell(row=3 + i, column=c, value=v)
            cell.border = border
            if c == 5:
                cell.number_format = "yyyy-mm-dd"
            if c == 6:
                cell.number_format = "@"
    end = 3 + len(rows) + 2
    ws.cell(row=end, column=1, value="单位负责人签字：\u3000\u3000\u3000\u3000单位（公章）\u3000\u3000\u3000\u30002023年12月13日")
    ws.merge_cells(start_row=end, start_column=1, end_row=end, end_column=10)
    ws.cell(row=end + 1, column=1, value="注：1. 身份证号码请以文本格式填写；2. 报名表须加盖公章，扫描件与电子版一并发送。")
    ws.merge_cells(start_row=end + 1, start_column=1, end_row=end + 1, end_column=10)
    for col, width in zip("ABCDEFGHIJ", [6, 12, 10, 6, 12, 22, 14, 18, 14, 14]):
        ws.column_dimensions[col].width = width
    rooms = wb.create_sheet("食宿")
    rooms["A1"] = "食宿登记表"
    rooms.merge_cells("A1:I1")
    for c, h in enumerate(["序号", "姓名", "性别", "身份", "房型", "入住日期", "离店日期", "用餐", "备注"], 1):
        rooms.cell(row=2, column=c, value=h)
    people = [(leader, "男", "领队"), (coach, "男", "教练")] + [(r[1], r[2], "运动员") for r in rows]
    for i, (name, sex, role) in enumerate(people, 1):
        for c, v in enumerate([i, name, sex, role, "双人标间", "12月22日", "12月24日", "是", None], 1):
            rooms.cell(row=2 + i, column=c, value=v)
    wb.save(path)


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, out = int(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    event = SAMPLE_EVENT.read_text(encoding="utf-8")
    # The sample's ruling names one of its own teams.
    event = re.sub(r"\[\[rulings\]\].*", "", event, flags=re.S)
    (out / "event.toml").write_text(event, encoding="utf-8")
    p = People(random.Random(20231201))
    for k, team in enumerate(team_names(n)):
        rows = players(p, team, k)
        leader, coach = p.name("男"), p.name("男")
        write_form(out / f"{team}报名表.xlsx", team, rows, leader, coach, p)


if __name__ == "__main__":
    main()
