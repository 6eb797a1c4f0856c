"""Run the convention stand (`feuille --demo`) on the real clock and watch it, as a stand operator would.

    python tools/stand_run.py [--minutes 120] [--every 60] [--window-size 1920x1080] [--idle 5]

Starts `python -m game --demo` in a scratch home (headless unless a display is
given with --display), lets the attract loop play by itself for the given
wall-clock time, and prints, every ``--every`` seconds and at the end: the
loops played, the kiosk watchdog's restarts (a loop in which nothing moved for
a minute, issue 30 item 16: 0 on a healthy stand), the errors in the app's log,
the resident memory (first, peak, last) and the share of one core the stand
used, with the machine's load average beside it. It ends the stand with SIGTERM,
as an operator pulling the plug would, and checks it ended cleanly.

Its CPU share is not ``tools/bench_idle.py --kiosk``'s (issue 28's kiosk row):
the stand is fullscreen, so headless it draws at SDL's dummy desktop, 1024x768,
whatever ``--window-size`` says (the summary prints the size it drew at, from
the app's log), and it waits ``--idle`` seconds (5) before each attract loop;
the bench draws a 1920x1080 window (2.6 times the pixels a frame) with a
one-second idle delay, so more of its span is the loop's animation.

Exit status 1 when the watchdog restarted a loop, the log has an error, the stand
died, or it did not end on SIGTERM. The slow tests run a short version of it
(tests/test_stand_run.py); the issue's figure is a two-hour run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench_common import rss_mib

ROOT = Path(__file__).resolve().parent.parent
LOG_NAME = Path("feuille-aventure") / "log" / "feuille.log"
RUN = re.compile(r"kiosk: attract loop starts \(run (\d+)\)")
WATCHDOG = re.compile(r"kiosk: watchdog")
ERROR = re.compile(r" (ERROR|CRITICAL) ")
WINDOW = re.compile(r"start \(demo=\w+, window (\d+x\d+)")


@dataclass
class Sample:
    """One look at the running stand."""

    at: float  # seconds since the start
    rss_mib: float
    cpu_seconds: float  # user + system time of the stand so far
    load: str


@dataclass
class StandReport:
    """What the run saw, read from the stand's log and /proc."""

    samples: list[Sample] = field(default_factory=list)
    loops: int = 0
    watchdog: int = 0
    errors: list[str] = field(default_factory=list)
    window: str = ""  # the size the stand drew at (fullscreen: the screen's; headless, SDL's dummy desktop 1024x768)
    died: int | None = None  # the stand's exit status if it ended by itself
    ended_on_sigterm: bool | None = None

    @property
    def healthy(self) -> bool:
        return not self.watchdog and not self.errors and self.died is None and bool(self.ended_on_sigterm)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def read_log(path: Path, report: StandReport) -> None:
    """Count the loops, the watchdog's restarts and the errors the stand wrote so far."""
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    runs = [int(m.group(1)) for m in RUN.finditer(text)]
    report.loops = max(runs, default=0)
    report.watchdog = len(WATCHDOG.findall(text))
    report.errors = [line for line in text.splitlines() if ERROR.search(line)]
    window = WINDOW.search(text)
    report.window = window.group(1) if window else report.window


def _line(sample: Sample, report: StandReport, first: Sample) -> str:
    span = max(1e-9, sample.at - first.at)
    share = 100 * (sample.cpu_seconds - first.cpu_seconds) / span
    return (
        f"{sample.at / 60:7.1f} min  loops {report.loops:4d}  watchdog {report.watchdog}  errors {len(report.errors)}"
        f"  RSS {sample.rss_mib:6.1f} MiB  CPU {share:5.1f} % of a core  load {sample.load}"
    )


def run_stand(minutes: float, every: float, window: str, idle: int, display: str | None, out=sys.stdout) -> StandReport:
    """Run the stand for ``minutes`` of wall-clock time; print a line every ``every`` seconds."""
    scratch = Path(tempfile.mkdtemp(prefix="feuille-stand-"))
    (scratch / "config").mkdir()
    (scratch / "config" / "settings.json").write_text(json.dumps({"demo_idle_seconds": idle}))
    env = {**os.environ, "HOME": str(scratch), "XDG_STATE_HOME": str(scratch / "state"), "SDL_AUDIODRIVER": "dummy"}
    if display is None:
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env["DISPLAY"] = display
    command = [sys.executable, "-m", "game", "--demo", "--window-size", window]
    command += ["--config-dir", str(scratch / "config"), "--data-dir", str(scratch / "data")]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    log = scratch / "state" / LOG_NAME
    report = StandReport()
    began = time.monotonic()
    print(f"stand: {' '.join(command[1:])} for {minutes:g} min, a look every {every:g} s (scratch {scratch})", file=out)
    time.sleep(min(3.0, every))  # the first look after the stand is up (its start-up is not the stand's cost)
    try:
        while (now := time.monotonic() - began) < minutes * 60:
            if process.poll() is not None:
                report.died = process.returncode
                break
            report.samples.append(Sample(now, rss_mib(process.pid), _cpu_seconds(process.pid), _load()))
            read_log(log, report)
            if len(report.samples) > 1:
                print(_line(report.samples[-1], report, report.samples[0]), file=out, flush=True)
            time.sleep(min(every, max(0.0, minutes * 60 - now)))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
                report.ended_on_sigterm = process.returncode == 0
            except subprocess.TimeoutExpired:
                process.kill()
                report.ended_on_sigterm = False
        read_log(log, report)
    stderr = process.stderr.read().decode("utf-8", "replace") if process.stderr else ""
    if report.died is not None and stderr:
        report.errors.append(stderr.strip().splitlines()[-1])
    return report


def summary(report: StandReport) -> str:
    """The run's figures in a few lines (the issue's closing note quotes them)."""
    if len(report.samples) < 2:
        return "stand: too short a run to measure"
    first, last = report.samples[0], report.samples[-1]
    peak = max(s.rss_mib for s in report.samples)
    share = 100 * (last.cpu_seconds - first.cpu_seconds) / max(1e-9, last.at - first.at)
    lines = [
        f"stand: {last.at / 60:.1f} min of real clock, {report.loops} attract loops, watchdog restarts {report.watchdog},"
        f" errors in the log {len(report.errors)}",
        f"stand: RSS first {first.rss_mib:.1f} MiB, peak {peak:.1f} MiB, last {last.rss_mib:.1f} MiB;"
        f" CPU {share:.1f} % of a core, drawn at {report.window or 'an unknown size'}; load at the end {last.load}",
        f"stand: {'ended cleanly on SIGTERM' if report.ended_on_sigterm else 'did NOT end cleanly'}"
        + (f"; died by itself with status {report.died}" if report.died is not None else ""),
    ]
    lines += [f"stand: error: {e}" for e in report.errors[:10]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=120.0, help="wall-clock minutes to run the stand")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between two looks")
    parser.add_argument("--window-size", default="1920x1080", metavar="WxH")
    parser.add_argument("--idle", type=int, default=5, help="the stand's idle delay before the attract loop, seconds")
    parser.add_argument("--display", help="an X display to show the stand on (default: headless)")
    args = parser.parse_args(argv)
    # Stopped itself (SIGTERM, Ctrl+C), the tool still ends the stand it started: no stand left running.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    report = run_stand(args.minutes, args.every, args.window_size, args.idle, args.display)
    print(summary(report))
    return 0 if report.healthy else 1


if __name__ == "__main__":
    sys.exit(main())
