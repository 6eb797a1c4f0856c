"""Tiny entry point: open a window with the widget gallery, or render it to PNG.

python -m game.gallery                       # window (F11: fullscreen)
python -m game.gallery --screenshot out.png  # headless render, 1280×720
"""

from __future__ import annotations

import argparse
import os
import random
import sys

from game.app.settings import Settings, SettingsStore


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(prog="feuille-gallery", description="Widget gallery of Feuille d'Aventure")
    parser.add_argument("--screenshot", metavar="PATH", help="render the gallery headless to a PNG and exit")
    parser.add_argument("--window-size", type=_size, default=(1280, 720), metavar="WxH")
    parser.add_argument("--language", choices=("fr", "en"))
    parser.add_argument("--palette", choices=("parchment", "colourblind", "contrast"))
    parser.add_argument("--config-dir", help="settings directory (default: the user config dir)")
    return parser.parse_args(argv)


def load_settings(config_dir: str | None) -> Settings:
    """Settings from disk; problems are reported on stderr and defaults used."""
    result = SettingsStore(config_dir).load()
    for problem in result.problems:
        print(f"settings: {problem}", file=sys.stderr)
    return result.settings


def run_app(argv: list[str] | None = None) -> int:
    """Open the gallery (or render it with --screenshot); returns the exit code."""
    args = parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # we make no sound; avoid ALSA noise

    import pygame

    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.app.navigator import Navigator, Screen, UIOnly
    from game.app.scene import SceneStack
    from game.i18n.catalogue import Catalogue
    from game.ui.clipboard import Clipboard
    from game.ui.context import UIContext
    from game.ui.theme import Theme

    settings = load_settings(args.config_dir)
    if args.language:
        settings.language = args.language
    if args.palette:
        settings.palette = args.palette

    pygame.display.init()
    pygame.font.init()
    catalogue = Catalogue(settings.language)
    theme = Theme.named(settings.palette, settings.ui_scale)
    display = Display(
        args.window_size,
        fullscreen=settings.fullscreen and not args.screenshot,
        title=catalogue.t("app.title"),
        letterbox_colour=theme.palette.letterbox,
    )
    ui = UIContext(theme, catalogue, Clipboard())
    stack = SceneStack()
    stack.push(Navigator(UIOnly(ui)).build(Screen.GALLERY, rng=random.Random(0), animation_factor=settings.animation_factor))
    stack.apply_pending()
    try:
        if args.screenshot:
            loop = MainLoop(stack, display, clock=FakeClock())
            loop.run_frames(2)
            display.save_screenshot(args.screenshot)
            print(args.screenshot)
        else:
            MainLoop(stack, display).run()
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(run_app(sys.argv[1:]))
