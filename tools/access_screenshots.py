"""Pictures of the accessibility features, as the player sees the window (issue 16).

    python tools/access_screenshots.py [DIR]     # default .work/screenshots (git-ignored)

Writes, for French and English: the sheet and the combat board at 200 % interface size with the
keyboard focus moved by Tab (a fluid screen re-lays out for the window divided by the size; below
the smallest page, 960×540, what is left to magnify is magnified and the view follows the focus):
in a 1280×720 window (magnified), on a 1920×1080 screen (the 960×540 page, re-laid out, nothing
cropped) and in a 2048×1280 window; the same screens in high contrast, and the accessibility page.
Each picture is played through the real loop with key events.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app.display import Display  # noqa: E402
from game.app.loop import FakeClock, MainLoop  # noqa: E402
from game.app.scene import SceneStack  # noqa: E402
from game.app.services import build_services  # noqa: E402
from game.app.showcase import load_all  # noqa: E402

# (picture, showcase sample, palette, interface size, how many Tabs before the picture, window)
SMALL, FULL_HD, LARGE = (1280, 720), (1920, 1080), (2048, 1280)
SHOTS = (
    ("sheet-df49", "sheet-df49", "parchment", 2.0, 14, SMALL),  # the page re-laid out at its minimum, then magnified
    ("sheet-df49-large", "sheet-df49", "parchment", 2.0, 14, LARGE),  # a 1024×640 page laid out, drawn twice as big
    ("sheet-df49-1080p", "sheet-df49", "parchment", 2.0, 14, FULL_HD),  # the 960×540 page, drawn twice as big
    ("combat-pending-wound-1080p", "combat-pending-wound", "parchment", 2.0, 1, FULL_HD),
    ("creation-df64-1080p", "creation-df64-ready-heroes", "parchment", 2.0, 0, FULL_HD),
    ("rnp-travel-1080p", "rnp-travel", "parchment", 2.0, 0, FULL_HD),
    ("combat-pending-wound", "combat-pending-wound", "parchment", 2.0, 1, SMALL),
    ("sheet-df49", "sheet-df49", "contrast", 1.0, 14, SMALL),
    ("combat-pending-wound", "combat-pending-wound", "contrast", 1.0, 1, SMALL),
    ("combat-archery", "combat-archery", "contrast", 1.0, 0, SMALL),
    ("settings-access", "settings-access", "contrast", 1.0, 0, SMALL),
)


def shoot(out: Path, language: str) -> list[Path]:
    """Render every shot in ``language`` into ``out``; returns the files written."""
    samples = dict(load_all())
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for picture, sample, palette, size, tabs, window in SHOTS:
            display = Display(window)
            services = build_services(config_dir=Path(scratch) / picture / "c", data_dir=Path(scratch) / picture / "d", seed=7)
            services.settings.language, services.settings.palette, services.settings.ui_scale = language, palette, size
            services.settings.animation_speed = "off"
            services.apply_settings()
            stack = SceneStack()
            for scene in samples[sample](services):
                stack.push(scene)
                stack.apply_pending()
            odds = getattr(stack.top, "odds", None)
            if odds is not None:
                odds.wait(60)
            loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda s=services: s.settings.ui_scale)
            loop.run_frames(3)
            for _ in range(tabs):
                loop.run_frames(1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
            loop.run_frames(30)
            name = f"access-{picture}-{'zoom200' if size > 1 else palette}-{language}.png"
            display.save_screenshot(str(out / name), window=True)
            written.append(out / name)
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(".work/screenshots")  # docs/screenshots keeps a few, optimised (README)
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    for language in ("fr", "en"):
        for path in shoot(out, language):
            print(path)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
