#!/usr/bin/env python3
"""Generate the event folder of the `individual` bench (benches/individual.rs): a chess open
(FIDE Dutch, `system = "swiss"`, 7 rounds) of N invented players in one section, entered on
N / 20 club forms of 20 players laid out like tests/fixtures/chess_swiss's forms (序号 | 组别 |
姓名 | 性别 | 出生日期 | 身份证号码 | 等级分 | 称号). Ratings 1000-2599, every tenth player unrated;
resident ID numbers have valid GB 11643 check characters.

    python3 benches/make_chess_open.py N DIR

Deterministic: a fixed seed; the same N gives the same players. Needs openpyxl.
"""

import datetime as dt
import random
import sys
from pathlib import Path

import openpyxl

W17 = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
SURNAMES = list("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈")
GIVEN = list("浩伟磊强军杰涛明超勇鹏辉宇航晨博文斌凯翔昊泽睿哲轩然朗峰娜婷静敏丽芳雪琳颖倩欣怡佳雯璐萱诗涵悦彤瑶琪")

EVENT = """# 性能测试用国际象棋公开赛（人物均为虚构）
template = "cca-b-league-2025"

[event]
id = "bench-open"
name = "性能测试国际象棋公开赛"
short_name = "性能公开赛"
sport = "chess"
regulation = "性能测试国际象棋公开赛竞赛规程"
issued_by = "测试协会"
issued = "2026-03-01"
items = ["个人赛"]
rules = "国际棋联《国际象棋竞赛规则》"

[[organizers]]
role = "主办"
name = "测试协会"

[dates]
start = "2026-04-10"
end = "2026-04-14"

[venue]
city = "测试"
venue = "测试体育中心"

[participants]
description = "各俱乐部棋手"

[[sections]]
id = "open"
name = "公开组"
labels = ["公开组"]
entrant = "individual"

[[stages]]
id = "swiss"
name = "瑞士制"
system = "swiss"
rounds = 7

[scoring]
primary = "points"
game = { win = 1, draw = 0.5, loss = 0 }

[[tiebreaks]]
stage = "swiss"
order = ["PTS", "BH/C1", "BH", "SB", "DE", "WIN"]
"""


def id_number(area, birth, seq, male):
    s17 = f"{area}{birth:%Y%m%d}{seq * 2 + (1 if male else 0):03d}"
    return s17 + "10X98765432"[sum(int(c) * w for c, w in zip(s17, W17)) % 11]


def main():
    n, out = int(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    (out / "event.toml").write_text(EVENT, encoding="utf-8")
    rng = random.Random(2026)
    used = set()
    for club in range(n // 20):
        name = f"测试{club + 1:03d}棋社"
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "报名表"
        ws.cell(1, 1, "性能测试国际象棋公开赛报名表")
        ws.cell(2, 1, f"参赛单位（盖章）：{name}    领队：{name[:2]}领队")
        for c, h in enumerate(["序号", "组别", "姓名", "性别", "出生日期", "身份证号码", "等级分", "称号"], 1):
            ws.cell(3, c, h)
        for i in range(20):
            while True:
                person = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN)
                if person not in used:
                    used.add(person)
                    break
            male = rng.random() < 0.7
            birth = dt.date(1960, 1, 1) + dt.timedelta(days=rng.randrange(365 * 55))
            k = club * 20 + i
            rating = "" if k % 10 == 9 else 1000 + rng.randrange(1600)
            row = [i + 1, "公开组", person, "男" if male else "女", birth.isoformat(),
                   id_number("110105", birth, k % 400 + 1, male), rating, ""]
            for c, v in enumerate(row, 1):
                ws.cell(4 + i, c, v)
        ws.cell(26, 1, "填表日期：2026-03-20")
        wb.save(out / f"{name}报名表.xlsx")


if __name__ == "__main__":
    main()
