"""`python -m game --smoke` renders every screen headless and exits 0; --screenshots writes one PNG per screen."""

import subprocess
import sys

from game.app.showcase import load_all


def test_smoke_renders_every_screen_and_exits_zero(tmp_path):
    result = subprocess.run([sys.executable, "-m", "game", "--smoke"], capture_output=True, text=True, timeout=900,
                            env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""})
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "FAIL" not in result.stdout


def test_screenshots_write_one_png_per_screen(tmp_path):
    result = subprocess.run([sys.executable, "-m", "game", "--screenshots", str(tmp_path / "shots"), "--only", "sheet"],
                            capture_output=True, text=True, timeout=600, env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stdout + result.stderr
    names = {name for name, _ in load_all() if "sheet" in name}
    assert {p.stem for p in (tmp_path / "shots").glob("*.png")} == names


def test_every_screen_module_registers_a_showcase():
    import importlib
    import inspect
    import pkgutil

    import game.scenes
    from game.app.scene import Scene

    registered = {factory.__module__ for _, factory in load_all()}
    screens = set()
    for info in pkgutil.iter_modules(game.scenes.__path__):
        module = importlib.import_module(f"game.scenes.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Scene) and cls.__module__ == module.__name__ and not cls.transparent:
                screens.add(module.__name__)  # an opaque screen: it must be pictured
    assert screens - registered - {"game.scenes.gallery"} == set()
