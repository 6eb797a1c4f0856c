"""The odds command as a program (issue 28: the cold command): what it imports, its help, its output failing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.odds.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
ONE_FIGHT = ["--hero", "10/24/12", "--creature", "10/24"]


def _command(*args: str, stdout: object = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # The timeout only turns a hang into a failure; speed is measured by tools/bench_all.py --only odds-cold.
    command = [sys.executable, "-m", "game.rules.odds", *args]
    return subprocess.run(command, cwd=ROOT, text=True, stdout=stdout, stderr=subprocess.PIPE, env=env, timeout=60)  # type: ignore[call-overload]  # stdout: a descriptor, a file or PIPE


def test_rating_one_fight_imports_no_module_only_help_or_other_paths_need():
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['odds', *{ONE_FIGHT!r}]\n"
        "try:\n    runpy.run_module('game.rules.odds', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    loaded = set(done.stderr.split())
    assert "game.rules.odds.fight" in loaded
    # dataclasses (inspect, ast, dis), shutil (zlib, bz2, lzma: the help's terminal width), typing, numpy, pydantic.
    for heavy in ("dataclasses", "inspect", "shutil", "typing", "numpy", "pydantic", "json", "math"):
        assert heavy not in loaded, heavy


def test_help_is_laid_out_at_the_terminal_s_width(capsys, monkeypatch):
    widest = {}
    for columns in (40, 200):
        monkeypatch.setenv("COLUMNS", str(columns))
        with pytest.raises(SystemExit) as exit_info:
            main(["--help"])
        assert exit_info.value.code == 0
        widest[columns] = max(len(line) for line in capsys.readouterr().out.splitlines())
    assert widest[40] <= 40 < 100 < widest[200] <= 200


def test_a_bad_argument_is_a_usage_line_and_an_error_with_status_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--hero", "10/24/x", "--creature", "10/24"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m game.rules.odds") and "--hero LUCK must be a whole number" in err


def test_a_reader_that_leaves_early_ends_the_command_without_a_traceback():
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written: every write is a broken pipe
    try:
        done = _command(*ONE_FIGHT, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 1
    assert done.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_a_one_line_error():
    with open("/dev/full", "w") as full:
        for env in ({**os.environ, "PYTHONUNBUFFERED": "1"}, {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}):
            done = _command(*ONE_FIGHT, stdout=full, env=env)
            assert done.returncode == 1
            assert done.stderr == "python -m game.rules.odds: error: cannot write the odds: No space left on device\n"


def test_a_non_utf8_terminal_gets_the_same_odds():
    done = _command(*ONE_FIGHT, stdout=subprocess.PIPE, env={**os.environ, "LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": ""})
    assert done.returncode == 0 and done.stderr == ""
    assert "P(win) best Luck policy   : 0.8609717" in done.stdout
