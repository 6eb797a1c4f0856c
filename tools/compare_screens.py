"""Compare two folders of screenshots pixel by pixel: which samples draw differently, and where.

    python tools/compare_screens.py BEFORE_DIR AFTER_DIR [--out DIFF_DIR] [--threshold 8]

For every PNG of either folder (matched by file name): the share of pixels
whose colour moved by more than ``--threshold`` on any of R, G, B (0-255; a
small threshold forgives nothing that a reader would see, only rounding), the
box around them, and with ``--out`` a diff picture (the after shot greyed,
the differing pixels in magenta). A shot in one folder only, or of another
size, is reported as such. The last line sums it up; the exit code is 0 when
every shot is the same, 1 otherwise.

Made for issue 27 (screens as packages must draw the same pixels): render
both sets with ``python -m game --screenshots DIR --window-size WxH --language L``.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

HIGHLIGHT = (255, 0, 255)


@dataclass(frozen=True)
class Comparison:
    """One shot compared: ``kind`` is "same", "differs", "size", "only before" or "only after"."""

    name: str
    kind: str
    share: float = 0.0  # of the pixels, 0..1
    box: tuple[int, int, int, int] | None = None  # x, y, width, height of the differing pixels
    detail: str = ""

    def line(self) -> str:
        if self.kind == "same":
            return f"same     {self.name}"
        if self.kind == "differs":
            x, y, w, h = self.box or (0, 0, 0, 0)
            return f"differs  {self.name}: {100 * self.share:.3f} % of the pixels, in {w}×{h} at ({x}, {y})"
        return f"{self.kind:<8} {self.name}{': ' + self.detail if self.detail else ''}"


def pixels(path: Path) -> np.ndarray:
    """The picture's RGB values, as rows × columns × 3."""
    return np.transpose(pygame.surfarray.array3d(pygame.image.load(str(path))), (1, 0, 2)).astype(np.int16)


def diff_picture(after: np.ndarray, mask: np.ndarray) -> pygame.Surface:
    """The after shot greyed and lightened, with the differing pixels in magenta."""
    grey = (after.mean(axis=2, keepdims=True) * 0.35 + 160).clip(0, 255)
    picture = np.repeat(grey, 3, axis=2).astype(np.uint8)
    picture[mask] = HIGHLIGHT
    return pygame.surfarray.make_surface(np.transpose(picture, (1, 0, 2)))


def compare(before: Path, after: Path, threshold: int = 8, out: Path | None = None) -> Comparison:
    """Compare two shots of the same name; with ``out``, write the diff picture there when they differ."""
    old, new = pixels(before), pixels(after)
    if old.shape != new.shape:
        return Comparison(
            after.name, "size", 1.0, detail=f"{old.shape[1]}×{old.shape[0]} before, {new.shape[1]}×{new.shape[0]} after"
        )
    mask = np.abs(old - new).max(axis=2) > threshold
    count = int(mask.sum())
    if count == 0:
        return Comparison(after.name, "same")
    rows, columns = np.nonzero(mask)
    box = (int(columns.min()), int(rows.min()), int(columns.max() - columns.min() + 1), int(rows.max() - rows.min() + 1))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(diff_picture(new, mask), str(out / after.name))
    return Comparison(after.name, "differs", count / mask.size, box)


def compare_folders(before: Path, after: Path, threshold: int = 8, out: Path | None = None) -> list[Comparison]:
    """Every PNG of either folder, by name."""
    old = {p.name: p for p in before.glob("*.png")}
    new = {p.name: p for p in after.glob("*.png")}
    results = []
    for name in sorted(old.keys() | new.keys()):
        if name not in new:
            results.append(Comparison(name, "only before"))
        elif name not in old:
            results.append(Comparison(name, "only after"))
        else:
            results.append(compare(old[name], new[name], threshold, out))
    return results


def summary(results: list[Comparison]) -> str:
    """One line: how many compared, the same, differing (the worst named), and in one folder only."""
    counts = {
        kind: sum(1 for r in results if r.kind == kind) for kind in ("same", "differs", "size", "only before", "only after")
    }
    worst = max((r for r in results if r.kind == "differs"), key=lambda r: r.share, default=None)
    text = f"{len(results)} shots: {counts['same']} the same, {counts['differs']} differ"
    if worst is not None:
        text += f" (most: {worst.name}, {100 * worst.share:.3f} %)"
    return text + f", {counts['size']} of another size, {counts['only before']} only before, {counts['only after']} only after"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path, help="the folder of the shots before")
    parser.add_argument("after", type=Path, help="the folder of the shots after")
    parser.add_argument("--out", type=Path, help="write a diff picture of each differing shot here")
    parser.add_argument("--threshold", type=int, default=8, help="how far (0-255) a channel may move unseen (default 8)")
    args = parser.parse_args(argv)
    for folder in (args.before, args.after):
        if not folder.is_dir():
            parser.error(f"{folder}: not a folder")
    results = compare_folders(args.before, args.after, args.threshold, args.out)
    for result in results:
        if result.kind != "same":
            print(result.line())
    print(summary(results))
    return 0 if all(r.kind == "same" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
