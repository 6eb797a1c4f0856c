"""The first frame: the title page draws before any book or save is loaded."""

import subprocess
import sys

from app_helpers import make_services  # noqa: F401  (headless SDL)

from game.app.display import Display
from game.app.splash import PARCHMENT, draw_splash


def test_the_title_page_draws_on_the_window(tmp_path):
    make_services(tmp_path)
    display = Display((1280, 720))
    draw_splash(display)
    surface = display.surface
    assert surface.get_at((5, 5))[:3] == PARCHMENT
    inked = sum(surface.get_at((x, y))[:3] != PARCHMENT for x in range(300, 980, 4) for y in range(310, 370, 4))
    assert inked > 50  # the title is written


def test_the_title_page_imports_no_model_or_widget():
    code = (
        "import sys, game.app.splash; "
        "print(any(m.startswith(('pydantic', 'game.books', 'game.rules', 'game.ui')) for m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "False"


def test_the_title_page_is_drawn_before_pydantic_babel_or_the_save_layer_is_imported(tmp_path):
    """Issue 28 (first frame): the stop signals come first (game.app.lifecycle), and they bring nothing heavy in."""
    import os

    code = (
        "import os, sys\n"
        "from game import __main__ as entry\n"
        "from game.app import splash\n"
        "draw = splash.draw_splash\n"
        "def leave(display):\n"
        "    draw(display)\n"
        "    heavy = ('pydantic', 'babel', 'numpy', 'game.storage.saves', 'game.books.models')\n"
        "    print('AT THE TITLE PAGE', [m for m in heavy if m in sys.modules], flush=True)\n"
        "    os._exit(0)\n"
        "splash.draw_splash = leave\n"
        f"entry.main(['--config-dir', {str(tmp_path / 'c')!r}, '--data-dir', {str(tmp_path / 'd')!r}])\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert "AT THE TITLE PAGE []" in done.stdout, done.stdout + done.stderr[-2000:]
