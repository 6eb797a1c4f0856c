"""`python -m game --smoke` renders every screen headless and exits 0; --screenshots writes one PNG per screen."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from sample_tiers import FAST_SAMPLES

from game.app.showcase import load_all

ROOT = Path(__file__).resolve().parent.parent


def smoke_as_the_executables_run_it(tmp_path, only: str | None = None) -> subprocess.CompletedProcess:
    """`--smoke` as the executables run it (issue 28): the modules they leave out cannot be imported, UTF-8 mode on."""
    spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
    build_exe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_exe)
    left_out = sorted(module for group in build_exe.EXCLUDED.values() for module in group)
    code = f"import sys; sys.modules.update(dict.fromkeys({left_out!r})); from game.__main__ import main; sys.exit(main())"
    options = [part for option in build_exe.PYTHON_OPTIONS for part in ("-" + option.split()[0], *option.split()[1:])]
    return subprocess.run(
        [sys.executable, *options, "-c", code, "--smoke", *(["--only", only] if only else [])],
        capture_output=True,
        text=True,
        timeout=900,
        env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""},
    )


def test_smoke_renders_a_sample_of_each_kind_of_screen_as_the_executables_run_and_exits_zero(tmp_path):
    """The fast suite's smoke: the samples the fast walks take (tests/sample_tiers.py: each kind of screen, each
    kind of book screen on FF2 and LW1), in the executables' conditions; the slow step renders all of them."""
    result = smoke_as_the_executables_run_it(tmp_path, ",".join(sorted(FAST_SAMPLES)))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "FAIL" not in result.stdout
    rendered = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("ok ")}
    assert FAST_SAMPLES <= rendered


@pytest.mark.slow
def test_smoke_renders_every_screen_and_exits_zero(tmp_path):
    result = smoke_as_the_executables_run_it(tmp_path)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "FAIL" not in result.stdout


def test_smoke_fails_when_a_fight_of_several_creatures_gets_no_odds(tmp_path):
    # An executable missing numpy (issue 28) would draw "odds unavailable" on the board: the smoke must say FAIL.
    code = "import sys; sys.modules['numpy'] = None; from game.__main__ import main; sys.exit(main(sys.argv[1:]))"
    result = subprocess.run(
        [sys.executable, "-c", code, "--smoke", "--only", "combat-all-together,combat-estimate"],
        capture_output=True,
        text=True,
        timeout=600,
        env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path)},
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "FAIL  combat-all-together: RuntimeError: the board has no odds" in result.stdout
    assert "FAIL  combat-estimate: RuntimeError: the board has no odds" in result.stdout


# The fast suite pictures the Défis Fantastiques sheets (4 screens: a PNG is 0.13 s of zlib each); the slow step every
# screen named "sheet" (25: the help, the builder's and each book's sheet too), as the smoke tiers its screens.
@pytest.mark.parametrize("only", [pytest.param("sheet-df", id="fast"), pytest.param("sheet", id="rest", marks=pytest.mark.slow)])
def test_screenshots_write_one_png_per_screen(tmp_path, only):
    result = subprocess.run(
        [sys.executable, "-m", "game", "--screenshots", str(tmp_path / "shots"), "--only", only],
        capture_output=True,
        text=True,
        timeout=600,
        env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    names = {name for name, _ in load_all() if only in name}
    assert len(names) > 1 and {p.stem for p in (tmp_path / "shots").glob("*.png")} == names


def test_every_screen_is_pictured_by_a_sample(tmp_path):
    """Every opaque scene class of game/scenes (screen packages and flat modules alike) is built by some
    sample of the showcase, wherever the sample lives (game/scenes/samples/ or beside its screen)."""
    import importlib
    import inspect
    import pkgutil

    import pygame

    import game.scenes
    from game.app.scene import Scene
    from game.app.services import build_services

    pygame.init()
    screens = set()
    for info in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Scene) and cls.__module__ == module.__name__ and not cls.transparent:
                screens.add(cls)  # an opaque screen: it must be pictured
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7)
    pictured = {type(scene) for _, factory in load_all() for scene in factory(services)}
    assert {"SheetScene", "CombatScene", "RnpTableScene"} <= {cls.__name__ for cls in screens}
    assert {cls.__qualname__ for cls in screens - pictured} == set()


HOSTILE = "tests/data/hostile_strings.txt"
# The screens where player-written text shows: names, items, notes, creatures, the party, day names.
TEXT_SCREENS = "sheet-df49,sheet-df64-journal,combat-pending-wound,combat-all-together,combat-setup,rnp-party,death-df31-fight"
# One line of each kind of HOSTILE (by line number): the fast suite runs these through the text screens; the slow step
# runs every line through every screen sample, these seven included (all 38 lines here cost 50 s of CPU; issue 28).
HOSTILE_KINDS = {
    3: "an emoji joined by ZWJ inside a name",
    5: "a lone zero-width joiner",
    8: "a letter under stacked combining marks",
    12: "a bidi override",
    14: "right-to-left Arabic",
    16: "CJK ideographs, kana and hangul",
    17: "control characters and an escape sequence",
    19: "invisible format characters",
    21: "private-use characters",
    25: "one long word that cannot wrap",
    26: "many short words",
    27: "a single space",
    30: "format-string placeholders",
    31: "a catalogue key's brackets",
    37: "lone surrogates and a bad byte",
    38: "the empty line",
}


def smoke_text(tmp_path, only: str | None, text: str = HOSTILE) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "game", "--smoke", "--text", text] + (["--only", only] if only else [])
    return subprocess.run(
        command, capture_output=True, text=True, timeout=1200, env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""}
    )


def hostile_lines() -> list[bytes]:
    """HOSTILE's lines as --text reads them (game.app.text_fill.read_lines: split at each newline)."""
    return (ROOT / HOSTILE).read_bytes().split(b"\n")


def test_one_hostile_string_of_each_kind_in_every_text_of_the_text_screens_raises_nothing(tmp_path):
    lines = hostile_lines()
    assert max(HOSTILE_KINDS) == len(lines) and lines[-1] == b""  # the empty line is the last
    kinds = tmp_path / "hostile-kinds.txt"
    kinds.write_bytes(b"\n".join(lines[number - 1] for number in sorted(HOSTILE_KINDS)))
    result = smoke_text(tmp_path, TEXT_SCREENS, str(kinds))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "FAIL" not in result.stdout and f" 0 failed ({len(HOSTILE_KINDS)} lines of " in result.stdout


@pytest.mark.slow
def test_hostile_strings_in_every_screen_sample_raise_nothing(tmp_path):
    result = smoke_text(tmp_path, None)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "FAIL" not in result.stdout and f" 0 failed ({len(hostile_lines())} lines of " in result.stdout


def test_screenshots_matrix_writes_each_screen_in_both_languages_at_the_three_sizes(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "game", "--screenshots", str(tmp_path / "shots"), "--matrix", "--only", "sheet-df49-broken-bow"],
        capture_output=True,
        text=True,
        timeout=600,
        env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    folders = {p.parent.name for p in (tmp_path / "shots" / "sizes").glob("*/sheet-df49-broken-bow.png")}
    assert folders == {f"{lang}-{size}" for lang in ("fr", "en") for size in ("1024x640", "1280x720", "1920x1080")}


def test_screenshots_without_a_folder_go_to_the_git_ignored_work_folder():
    """docs/screenshots keeps a few optimised pictures; a full set goes to .work/ (issue 27)."""
    from pathlib import Path

    from game.__main__ import parse_args

    assert parse_args(["--screenshots"]).screenshots == Path(".work") / "screenshots"
    assert parse_args(["--screenshots", "shots"]).screenshots == Path("shots")
    ignored = (Path(__file__).resolve().parent.parent / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".work/" in ignored
