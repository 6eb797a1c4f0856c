"""tools/compare_screens.py on tiny synthetic shots: what counts as a difference, and what it writes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("compare_screens", ROOT / "tools" / "compare_screens.py")
compare_screens = importlib.util.module_from_spec(spec)
sys.modules["compare_screens"] = compare_screens  # dataclasses look their module up by name
spec.loader.exec_module(compare_screens)


def shot(path: Path, size=(4, 4), changes=()) -> None:
    """A grey picture of ``size`` with ``changes`` ((x, y), colour) painted on it."""
    surface = pygame.Surface(size)
    surface.fill((120, 120, 120))
    for where, colour in changes:
        surface.set_at(where, colour)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def test_one_pixel_of_sixteen_moved_past_the_threshold_is_six_and_a_quarter_percent(tmp_path):
    shot(tmp_path / "before" / "sheet.png")
    shot(tmp_path / "after" / "sheet.png", changes=[((2, 1), (220, 120, 120)), ((0, 0), (125, 120, 120))])
    [result] = compare_screens.compare_folders(tmp_path / "before", tmp_path / "after", threshold=8, out=tmp_path / "diff")
    assert (result.kind, result.share, result.box) == ("differs", 1 / 16, (2, 1, 1, 1))  # the 5-step change is rounding
    diff = pygame.image.load(str(tmp_path / "diff" / "sheet.png"))
    assert (
        tuple(diff.get_at((2, 1)))[:3] == compare_screens.HIGHLIGHT
        and tuple(diff.get_at((0, 0)))[:3] != compare_screens.HIGHLIGHT
    )


def test_the_same_shots_write_no_diff_and_exit_zero(tmp_path, capsys):
    shot(tmp_path / "before" / "a.png")
    shot(tmp_path / "after" / "a.png", changes=[((1, 1), (126, 114, 120))])  # within the threshold
    assert compare_screens.main([str(tmp_path / "before"), str(tmp_path / "after"), "--out", str(tmp_path / "diff")]) == 0
    assert not (tmp_path / "diff").exists()
    assert capsys.readouterr().out.strip() == "1 shots: 1 the same, 0 differ, 0 of another size, 0 only before, 0 only after"


def test_a_missing_shot_and_another_size_are_reported_and_fail(tmp_path, capsys):
    shot(tmp_path / "before" / "gone.png")
    shot(tmp_path / "before" / "wide.png")
    shot(tmp_path / "after" / "wide.png", size=(5, 4))
    shot(tmp_path / "after" / "new.png")
    assert compare_screens.main([str(tmp_path / "before"), str(tmp_path / "after")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["only before gone.png", "only after new.png", "size     wide.png: 4×4 before, 5×4 after"]
    assert out[-1].endswith("1 of another size, 1 only before, 1 only after")
