"""tools/bench_all.py: every row of issue 28's table printed with its goal and load, written into the docs.

The fast tests check the table and the writing (no figure is timed here); the
slow one runs the benches in CI's slow step, its output kept in
``.work/bench_all.txt`` and shown in the log. It leaves out the README's test
command: CI's first step has just run it, and running the fast suite a second
time inside the slow step took 17 of CI's 90 minutes (the run that did not finish).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import bench_all  # noqa: E402
from bench_common import Figure  # noqa: E402

ROWS = [  # the issue's table, in its order (the executables' row needs a build: --dist)
    "load (replay) a save of 100 / 1 000 / 10 000 actions",
    "one click on the sheet with 10 000 journal entries",
    "bookshelf with 20 saves of 10 000 actions",
    "start to bookshelf ready / first frame",
    "peak RSS, python -m game --smoke / a real session",
    "CPU per frame, dice animating with odds shown, 1920×1080",
    "CPU per frame, dice animating with odds shown, 1280×720",
    "kiosk title page and attract loop, % of a core",
    "all-together odds, 4 different creatures at STAMINA 12",
    "one fight's odds, cold CLI process",
    "the README's test command",
]


def test_the_table_shows_each_figure_with_its_goal_whether_met_and_its_load():
    figures = [
        Figure(row="a row", value="1.5 ms | 2 ms", goal="≤ 2 ms", met=True, load=0.84),
        Figure(row="another", value="9 s", goal="≤ 1 s", met=False, load=1.5),
        Figure(row="no goal", value="3", load=0.1),
    ]
    lines = bench_all.table(figures, "2026-12-01 19:00 UTC").splitlines()
    assert "| a row | 1.5 ms / 2 ms | ≤ 2 ms | **met** | 0.84 |" in lines
    assert "| another | 9 s | ≤ 1 s | not met | 1.50 |" in lines and "| no goal | 3 |  | — | 0.10 |" in lines


def test_writing_replaces_only_what_lies_between_the_markers(tmp_path, monkeypatch):
    performance, readme = tmp_path / "PERFORMANCE.md", tmp_path / "README.md"
    performance.write_text(f"# before\n{bench_all.BEGIN}\nold table\n{bench_all.END}\nafter\n", encoding="utf-8")
    readme.write_text(f"intro\n{bench_all.TESTS_BEGIN}\nold sentence\n{bench_all.TESTS_END}\nrest\n", encoding="utf-8")
    monkeypatch.setattr(bench_all, "PERFORMANCE", performance)
    monkeypatch.setattr(bench_all, "README", readme)
    detail = '{"cpu": 101.4, "wall": 300, "peak": 900, "summary": "2000 passed in 300s", "ok": true, "when": "2026-12-01"}'
    tests = Figure(row="the README's test command", value="v", goal="g", met=True, load=1.0, detail=detail)
    bench_all.write([Figure(row="r", value="v", goal="g", met=True, load=1.0), tests], "today")
    text = performance.read_text(encoding="utf-8")
    assert text.startswith("# before\n") and text.endswith("after\n") and "old table" not in text and "| r | v | g |" in text
    sentence = readme.read_text(encoding="utf-8")
    assert "old sentence" not in sentence and "101 s of CPU" in sentence and "2000 passed in 300s" in sentence
    assert sentence.startswith("intro\n") and sentence.endswith("rest\n")


def test_writing_some_rows_replaces_those_rows_and_says_when_they_were_measured(tmp_path, monkeypatch):
    performance = tmp_path / "PERFORMANCE.md"
    old = bench_all.table(
        [Figure(row="a", value="1", goal="g", load=1.0), Figure(row="b", value="2", goal="g", load=1.0)], "then"
    )
    performance.write_text(f"# before\n{bench_all.BEGIN}\n{old}\n{bench_all.END}\nafter\n", encoding="utf-8")
    monkeypatch.setattr(bench_all, "PERFORMANCE", performance)
    bench_all.write_rows([Figure(row="b", value="3", goal="g", met=False, load=2.0)], "now")
    text = performance.read_text(encoding="utf-8")
    assert "on then:" in text and "| a | 1 | g | — | 1.00 |" in text and "| b | 2 |" not in text
    assert "| b | 3 (measured now, --only) | g | not met | 2.00 |" in text and text.endswith("after\n")


def test_writing_the_test_commands_row_alone_writes_the_readmes_sentence_too(tmp_path, monkeypatch):
    performance, readme = tmp_path / "PERFORMANCE.md", tmp_path / "README.md"
    old = bench_all.table([Figure(row="the README's test command", value="1", goal="g", load=1.0)], "then")
    performance.write_text(f"{bench_all.BEGIN}\n{old}\n{bench_all.END}\n", encoding="utf-8")
    readme.write_text(f"{bench_all.TESTS_BEGIN}\nold sentence\n{bench_all.TESTS_END}\n", encoding="utf-8")
    monkeypatch.setattr(bench_all, "PERFORMANCE", performance)
    monkeypatch.setattr(bench_all, "README", readme)
    detail = '{"cpu": 377.2, "wall": 500, "peak": 900, "summary": "3608 passed in 500s", "ok": true, "when": "now"}'
    bench_all.write_rows([Figure(row="the README's test command", value="v", goal="g", load=1.0, detail=detail)], "now")
    sentence = readme.read_text(encoding="utf-8")
    assert "old sentence" not in sentence and "377 s of CPU" in sentence and "3608 passed in 500s" in sentence


def test_the_docs_carry_the_markers_bench_all_writes_between():
    assert bench_all.BEGIN in bench_all.PERFORMANCE.read_text(encoding="utf-8")
    readme = bench_all.README.read_text(encoding="utf-8")
    assert bench_all.TESTS_BEGIN in readme and bench_all.TESTS_END in readme


@pytest.mark.slow
def test_bench_all_measures_every_row_of_the_issue_with_its_goal_and_load(capsys):
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench_all.py"), "--quick", "--max-load", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=7200,
    )
    kept = ROOT / ".work" / "bench_all.txt"
    kept.parent.mkdir(exist_ok=True)
    kept.write_text(done.stdout + done.stderr, encoding="utf-8")
    with capsys.disabled():
        print("\n" + done.stdout[-20_000:])
    failed = [row[-3000:] for row in re.findall(r"\| failed: .*?\| +\| —", done.stdout, re.S)]  # its failed rows
    assert done.returncode == 0, "\n".join(failed) + done.stderr[-3000:]
    table = done.stdout[done.stdout.rindex("| figure |") :]
    for row in ROWS[:-1]:  # all but the README's test command (see the docstring)
        assert f"| {row}" in table
    assert ROWS[-1] not in table
