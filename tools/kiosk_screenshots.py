"""Pictures of `feuille --demo`: the title page and the attract loop at work (whole window, band included).

SDL_VIDEODRIVER=dummy python tools/kiosk_screenshots.py [--out .work/screenshots] [--size 1920x1080]
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.app.display import Display  # noqa: E402
from game.app.kiosk import KioskMode, demo_fresh_start  # noqa: E402
from game.app.loop import FakeClock, MainLoop  # noqa: E402
from game.app.scene import SceneStack  # noqa: E402
from game.app.services import build_services  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path(".work/screenshots"))  # git-ignored; docs/ keeps a few
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--language", choices=("fr", "en"), default="fr")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    scratch = Path(tempfile.mkdtemp(prefix="feuille-kiosk-"))
    services = build_services(config_dir=scratch / "config", data_dir=scratch / "data", demo=True, seed=args.seed)
    services.settings.demo_idle_seconds = 5
    services.settings.language = args.language
    services.apply_settings()
    pygame.display.init()
    pygame.font.init()
    stack = SceneStack()
    clock = FakeClock()
    display = Display(size)
    kiosk = KioskMode(services, stack, lambda: demo_fresh_start(services, now=clock.now), clock=clock, display=display)
    kiosk.reset()
    loop = MainLoop(stack, display, clock=clock, supervisor=kiosk, zoom=lambda: services.settings.ui_scale)  # as the stand
    args.out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.language == "fr" else "-en"
    clock.advance(1.5)  # the first throw of the dice, caught mid-tumble
    loop.run_frames(12, dt=1 / 30)
    display.save_screenshot(str(args.out / f"demo-title{suffix}.png"), window=True)
    # Each picture when the autopilot holds on a still screen (just before its next press).
    wanted = {
        "CreationScene": "demo-attract-creation",
        "ReaderScene": "demo-attract-reader",
        "CombatScene": "demo-attract-fight",
        "DeathScene": "demo-attract-death",
    }
    taken: set[str] = {f"demo-title{suffix}"}
    for _ in range(30 * 600):
        loop.run_frames(1, dt=1 / 30)
        pilot = kiosk.autopilot
        name = wanted.get(type(stack.top).__name__)
        holding = pilot is not None and pilot.still_since is not None and 0 < pilot.next_at - clock.now() < 0.5
        if (
            name
            and f"{name}{suffix}" not in taken
            and holding
            and not (name == "demo-attract-fight" and not pilot._luck_pending(stack.top))
        ):
            display.save_screenshot(str(args.out / f"{name}{suffix}.png"), window=True)
            taken.add(f"{name}{suffix}")
        if len(taken) == len(wanted) + 1:
            break
    for name in sorted(taken):
        print(args.out / f"{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
