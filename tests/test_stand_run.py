"""tools/stand_run.py: the convention stand on the real clock (issue 30 item 16). The issue's figure is a
two-hour run (`python tools/stand_run.py`); the slow tests run two minutes of it."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import stand_run  # noqa: E402
from bench_common import rss_mib  # noqa: E402


def test_the_log_reader_counts_loops_watchdog_restarts_and_errors(tmp_path):
    log = tmp_path / "feuille.log"
    log.write_text(
        "t INFO feuille.kiosk: kiosk: attract loop starts (run 1)\n"
        "t WARNING feuille.kiosk: kiosk: watchdog: nothing moved for 60 s on ReaderScene (restart 1)\n"
        "t INFO feuille.kiosk: kiosk: attract loop starts (run 2)\n"
        "t ERROR feuille: a screen failed\n",
        encoding="utf-8",
    )
    report = stand_run.StandReport()
    stand_run.read_log(log, report)
    assert (report.loops, report.watchdog, len(report.errors)) == (2, 1, 1)


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="resident memory is read from Linux's /proc")
def test_the_stand_and_the_soak_read_a_process_memory_the_same_way_and_nothing_of_one_that_ended():
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert 0 < rss_mib(child.pid) < rss_mib()  # a bare interpreter holds less than this test run
    finally:
        child.kill()
        child.wait()
    assert rss_mib(child.pid) == 0.0


def test_a_run_with_a_watchdog_restart_is_not_healthy():
    report = stand_run.StandReport(watchdog=1, ended_on_sigterm=True)
    assert not report.healthy
    assert stand_run.StandReport(ended_on_sigterm=True).healthy


@pytest.mark.slow
def test_two_minutes_of_the_stand_on_the_real_clock_play_loops_without_the_watchdog(capsys):
    report = stand_run.run_stand(minutes=2, every=20, window="1920x1080", idle=2, display=None)
    print(stand_run.summary(report))
    assert report.loops >= 1 and report.watchdog == 0 and not report.errors
    assert report.died is None and report.ended_on_sigterm
    assert all(sample.rss_mib > 0 for sample in report.samples)


def test_the_tool_stopped_by_sigterm_ends_the_stand_it_started(tmp_path):
    import os
    import signal
    import subprocess
    import time

    tool = subprocess.Popen(
        [sys.executable, str(Path(stand_run.__file__)), "--minutes", "5", "--every", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    time.sleep(5)  # the stand is up
    stands = subprocess.run(["pgrep", "-P", str(tool.pid)], capture_output=True, text=True).stdout.split()
    assert stands, "the tool started no stand"
    tool.send_signal(signal.SIGTERM)
    tool.wait(timeout=30)
    time.sleep(0.5)
    left = [pid for pid in stands if Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text()]
    for pid in left:  # a failing run leaves no stand behind it
        os.kill(int(pid), signal.SIGKILL)
    assert not left
