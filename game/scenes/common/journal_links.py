"""The journal tab's way out: the timeline, the book's chronicles and the share panel.

Kept apart from the sheet so any adventure screen can offer the same three
buttons; each asks the navigator for its screen over the one that asked.
"""

from __future__ import annotations

from typing import Any

from game.app.navigator import Screen
from game.ui.button import Button


def open_timeline(scene: Any) -> None:
    scene.services.navigator.open(scene, Screen.TIMELINE, scene.adventure)


def open_chronicles(scene: Any) -> None:
    scene.services.navigator.open(scene, Screen.CHRONICLES, scene.adventure.book, current=scene.adventure)


def open_share(scene: Any) -> None:
    scene.services.navigator.open(scene, Screen.SHARE, scene.adventure)


def journal_buttons(scene: Any, area: tuple[int, int, int, int]) -> list[Button]:
    """Timeline (full width), then chronicles and share side by side, added to ``scene.group`` in ``area``."""
    ui, (x, y, width, _height) = scene.ui, area
    half = (width - 8) // 2
    return [
        scene.group.add(
            Button(
                ui,
                (x, y, width, 46),
                ui.tr("play.open_timeline"),
                style="primary",
                on_click=lambda: open_timeline(scene),
                tooltip=ui.tr("play.open_timeline_tip"),
            )
        ),
        scene.group.add(
            Button(
                ui,
                (x, y + 56, half, 46),
                ui.tr("play.open_chronicles"),
                on_click=lambda: open_chronicles(scene),
                tooltip=ui.tr("play.open_chronicles_tip"),
            )
        ),
        scene.group.add(
            Button(
                ui,
                (x + half + 8, y + 56, half, 46),
                ui.tr("play.share"),
                on_click=lambda: open_share(scene),
                tooltip=ui.tr("play.share_tip"),
            )
        ),
    ]
