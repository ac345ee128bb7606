#!/usr/bin/env python3
"""The xiangqi team sample (``xiangqi-team-2026/``): 8 provinces send their forms (报名表 and 食宿
sheets) for the ``xiangqi-team`` template (fictional: 2026年全国象棋团体锦标赛): a men's team of 3
boards + 1 reserve each (男子团体, two groups of four then the finals), and six of them a women's
team of 3 boards + 1 reserve too (女子团体, a round robin of six), on the same form with a 组别
column. Every person is invented: names, resident IDs (valid GB 11643 check
characters, consistent with birth date and sex, address codes of the team's province) and phone
numbers, drawn with ``make_samples``' helpers from a seed of its own, so the other samples are
untouched.

Run from the repository root: ``python3 samples/make_xqteam.py``; then play it with
``python3 samples/play_xqteam.py``. ``event.toml`` is the template with the public draw typed in.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

import openpyxl

import make_samples as m

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FOLDER = HERE / "xiangqi-team-2026"
SEED = 20261101
TITLE = "2026年全国象棋团体锦标赛报名表"
FIXED = dt.datetime(2026, 10, 10, 9, 0, 0)

# (team, address code, rating range of the team's players, 填表日期): listed in public-draw order.
TEAMS = [
    ("广东队", "440106", (2450, 2600), dt.date(2026, 10, 8)),
    ("北京队", "110108", (2350, 2500), dt.date(2026, 10, 9)),
    ("上海队", "310115", (2400, 2550), dt.date(2026, 10, 10)),
    ("浙江队", "330106", (2300, 2450), dt.date(2026, 10, 11)),
    ("江苏队", "320106", (2250, 2400), dt.date(2026, 10, 12)),
    ("四川队", "510107", (2200, 2350), dt.date(2026, 10, 12)),
    ("河北队", "130102", (2150, 2300), dt.date(2026, 10, 13)),
    ("湖北队", "420106", (2100, 2250), dt.date(2026, 10, 14)),
]
# The women's teams (女子团体), in their public-draw order, with their players' rating range.
WOMEN = [
    ("北京队", (2150, 2300)),
    ("浙江队", (2100, 2250)),
    ("广东队", (2050, 2200)),
    ("上海队", (2000, 2150)),
    ("河北队", (1950, 2100)),
    ("江苏队", (1900, 2050)),
]
SECTIONS = {"男": "男子团体", "女": "女子团体"}
# Forms that name the unit otherwise than the draw does (event.toml lists the alias).
ALIASES = {"广东队": "广东省象棋协会"}
HDR = ["序号", "组别", "台次", "姓名", "性别", "出生日期", "身份证号码", "等级分", "注册单位", "联系电话"]
ROOM_HDR = ["序号", "姓名", "性别", "身份", "入住酒店", "房型", "入住日期", "离店日期", "同住人"]


def players_of(sex: str, area: str, ratings: tuple, unit: str) -> list:
    """Four players of one sex (boards 1-3 and the reserve, strongest first)."""
    lo, hi = ratings
    players = []
    for board in ("1", "2", "3", "替补"):
        m.R.random()  # the draw that once chose the sex of an open team's player
        p = m.person(sex, m.rand_date(dt.date(1975, 1, 1), dt.date(2008, 12, 31)), area, unit=unit)
        p.rating = m.R.randrange(lo, hi)
        players.append(p)
    players.sort(key=lambda p: -p.rating)
    for p, board in zip(players, ("1", "2", "3", "替补")):
        p.board = board
    return players


def team_people(unit: str, area: str, ratings: tuple):
    """The men's team (four players), a leader and a coach."""
    players = players_of("男", area, ratings, unit)
    leader = m.person("男", m.rand_date(dt.date(1965, 1, 1), dt.date(1985, 12, 31)), area, role="领队")
    coach = m.person("男" if m.R.random() < 0.7 else "女", m.rand_date(dt.date(1970, 1, 1), dt.date(1990, 12, 31)),
                     area, role="教练")
    return players, leader, coach


def rooms(people: list) -> list:
    """Room requests: everyone shares a twin room with someone of the same sex, the last one of
    a sex alone takes a single room."""
    rows = []
    for sex in ("男", "女"):
        lst = [p for p in people if p.sex == sex]
        for i in range(0, len(lst), 2):
            pair = lst[i:i + 2]
            for j, p in enumerate(pair):
                mate = pair[1 - j].name if len(pair) == 2 else ""
                rows.append([p.name, p.sex, p.role, "大会指定酒店", "双人间" if len(pair) == 2 else "单人间",
                             dt.date(2026, 11, 1), dt.date(2026, 11, 6), mate])
    return rows


def form(path: Path, unit: str, people: tuple, date: dt.date) -> None:
    players, leader, coach = people
    unit = ALIASES.get(unit, unit)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "报名表"
    ws.cell(1, 1, TITLE)
    ws.cell(2, 1, f"参赛单位（盖章）：{unit}    领队：{leader.name}    教练：{coach.name}    联系电话：{leader.phone}")
    for c, h in enumerate(HDR, 1):
        ws.cell(3, c, h)
    for i, p in enumerate(players, 1):
        row = [i, SECTIONS[p.sex], p.board, p.name, p.sex, p.birth, p.rid, p.rating, unit, p.phone]
        for c, v in enumerate(row, 1):
            cell = ws.cell(3 + i, c, v)
            if isinstance(v, dt.date):
                cell.number_format = "yyyy-mm-dd"
    ws.cell(3 + len(players) + 2, 1, f"填表日期：{date.isoformat()}")
    rs = wb.create_sheet("食宿")
    rs.cell(1, 1, "2026年全国象棋团体锦标赛食宿登记表")
    for c, h in enumerate(ROOM_HDR, 1):
        rs.cell(2, c, h)
    for i, row in enumerate(rooms([leader, coach] + players), 1):
        for c, v in enumerate([i] + row, 1):
            cell = rs.cell(2 + i, c, v)
            if isinstance(v, dt.date):
                cell.number_format = "yyyy-mm-dd"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.save(path)
    path.write_bytes(m.fix_zip(path.read_bytes(), m.core_patch))


def event_toml() -> str:
    t = (ROOT / "templates" / "xiangqi-team.toml").read_text(encoding="utf-8")
    names = ", ".join(f'"{n}"' for n, *_ in TEAMS)
    new, n = re.subn(r"^team-men = \[\]", f"team-men = [{names}]", t, count=1, flags=re.M)
    assert n == 1
    names = ", ".join(f'"{n}"' for n, _ in WOMEN)
    new, n = re.subn(r"^team-women = \[\]", f"team-women = [{names}]", new, count=1, flags=re.M)
    assert n == 1
    # 广东队's form names its unit 广东省象棋协会: the alias makes it the team 广东队.
    new, n = re.subn(r"^# \[\[teams\]\]\n# name = (.*)\n# aliases = (.*)\n", r"[[teams]]\nname = \1\naliases = \2\n",
                     new, count=1, flags=re.M)
    assert n == 1
    return new


def main() -> None:
    m.R.seed(SEED)
    # No surname 白: the sample's outputs are scanned for the chess word 白 (tests/xiangqi_team_sample.rs).
    m.SURNAMES.remove("白")
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    FOLDER.mkdir(parents=True)
    (FOLDER / "event.toml").write_text(event_toml(), encoding="utf-8")
    # The men's teams first, drawn as the open teams of the first sample were (same seed, same
    # draws), then the women's.
    people = {unit: team_people(unit, area, ratings) for unit, area, ratings, _ in TEAMS}
    areas = {unit: area for unit, area, *_ in TEAMS}
    for unit, ratings in WOMEN:
        people[unit][0].extend(players_of("女", areas[unit], ratings, unit))
    for unit, _, _, date in TEAMS:
        form(FOLDER / f"{ALIASES.get(unit, unit)}报名表.xlsx", unit, people[unit], date)


if __name__ == "__main__":
    main()
