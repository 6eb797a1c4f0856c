"""Pictures of `feuille --demo` for docs/screenshots: the fresh start and the attract loop at work.

    SDL_VIDEODRIVER=dummy python tools/kiosk_screenshots.py [--out docs/screenshots] [--size 1920x1080]
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
from game.app.services import build_services  # noqa: E402
from game.app.stack import SceneStack  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    scratch = Path(tempfile.mkdtemp(prefix="feuille-kiosk-"))
    services = build_services(config_dir=scratch / "config", data_dir=scratch / "data", demo=True, seed=args.seed)
    services.settings.demo_idle_seconds = 5
    pygame.display.init()
    pygame.font.init()
    stack = SceneStack()
    kiosk = KioskMode(services, stack, lambda: demo_fresh_start(services))
    kiosk.reset()
    display = Display(size)
    loop = MainLoop(stack, display, clock=FakeClock(), supervisor=kiosk)
    args.out.mkdir(parents=True, exist_ok=True)
    loop.run_frames(10)
    display.save_screenshot(str(args.out / "demo-fresh-start.png"), window=True)
    wanted = {"CreationScene": "demo-attract-creation", "ReaderScene": "demo-attract-reader", "CombatScene": "demo-attract-fight"}
    taken: set[str] = set()
    for _ in range(60 * 240):
        loop.step(1 / 60)
        name = wanted.get(type(stack.top).__name__)
        if kiosk.attracting and name and name not in taken and kiosk.autopilot.wait < 0.3:
            display.save_screenshot(str(args.out / f"{name}.png"), window=True)
            taken.add(name)
        if len(taken) == len(wanted):
            break
    for name in sorted(taken | {"demo-fresh-start"}):
        print(args.out / f"{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
