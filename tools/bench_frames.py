"""Frame cost of the combat board while dice animate, headless.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/bench_frames.py [--window 1280x720] [--rounds 40] [--creatures 3]

Drives a real fight (all together, an ally, archery in DF49) through the main
loop as a player does: each action is a real click (button down and up, in
window pixels, through ``MainLoop.step``) on "Assaut", "Tenter sa chance" or
"Accepter", and the pointer moves over the board during the tumble (motion
events delivered every frame). The creatures are small enough for exact odds
(SKILL 7, STAMINA 12 by default), so the board draws the gauge and the Luck
advice: the bench counts the frames drawn with the odds present. When a fight
ends a new one starts. Frames are timed one by one with ``time.process_time``
(CPU of the whole process, so the odds worker is waited for before timing: its
work is not a frame's). Prints the median and 95th percentile in milliseconds
per frame, and the same for idle frames (nothing moving), plus the command to
reproduce. Goal: median < 4 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_common import Figure, load_text, print_json, wait_for_quiet

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app.adventure import Adventure  # noqa: E402
from game.app.display import Display  # noqa: E402
from game.app.loop import FakeClock, MainLoop  # noqa: E402
from game.app.scene import SceneStack  # noqa: E402
from game.app.services import build_services  # noqa: E402
from game.rules.dice import RandomDice  # noqa: E402
from game.rules.session import Session, Start  # noqa: E402
from game.scenes.combat.scene import CombatScene  # noqa: E402

FRAME_GOAL_MS = {(1920, 1080): 3.0, (1280, 720): 2.0}  # issue 28, row 6


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--window", type=_size, default=(1280, 720), help="window size WxH (default 1280x720)")
    parser.add_argument("--rounds", type=int, default=40, help="rounds to animate (default 40)")
    parser.add_argument("--creatures", type=int, default=3, choices=range(1, 7), help="creatures, all together (default 3)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--stamina", type=int, default=12, help="each creature's STAMINA (default 12)")
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    args = parser.parse_args(argv)
    wait_for_quiet(args.max_load)

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory(prefix="bench-frames-") as scratch:
        services = build_services(config_dir=Path(scratch) / "c", data_dir=Path(scratch) / "d", seed=args.seed)
        services.settings.animation_speed = "normal"
        book = services.shelf.books["DF49"]
        hero = {"skill": 11, "stamina": 24, "luck": 12}
        display = Display(args.window)
        enemies = [{"name": f"Créature {i + 1}", "skill": 7, "stamina": args.stamina} for i in range(args.creatures)]
        fight_action = {
            "do": "fight",
            "mode": "all_together" if args.creatures > 1 else "one_after_another",
            "enemies": enemies,
            "arrows": 2,
            "ally": {"name": "Sorrel", "skill": 9, "stamina": 20},
        }

        def new_fight() -> tuple[Adventure, CombatScene, MainLoop]:
            session = Session(book, RandomDice(args.seed + len(animated)), Start(hero=hero))
            adventure = Adventure(session, services.saves, services.saves.new_id())
            adventure.act(fight_action)
            stack = SceneStack()
            scene = CombatScene(services, adventure)
            stack.push(scene)
            stack.apply_pending()
            loop = MainLoop(stack, display, clock=FakeClock())
            loop.run_frames(3)
            scene.odds.wait(60)
            loop.run_frames(3)
            return adventure, scene, loop

        def click(widget) -> list[pygame.event.Event]:
            at = display.viewport.to_window(widget.rect.center)
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1),
            ]

        animated: list[float] = []
        idle: list[float] = []
        with_odds = fights = 0
        adventure, scene, loop = new_fight()
        for turn in range(args.rounds):
            fight = adventure.state.fight
            if not fight.active:
                scene.shutdown()
                adventure, scene, loop = new_fight()
                fights += 1
                fight = adventure.state.fight
            if fight.pending:
                button = scene.controls.accept_button if turn % 2 else scene.controls.luck_button
            else:
                button = scene.controls.attack_button
            loop.step(1 / 60, click(button))  # the click itself is a frame too
            scene.odds.wait(60)  # the worker's CPU is not a frame's
            frame = 0
            while scene.wants_animation:
                frame += 1
                pointer = display.viewport.to_window((400 + 7 * frame % 480, 300 + 3 * frame % 200))
                motion = [pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(7, 3), buttons=(0, 0, 0))]
                start = time.process_time()
                loop.step(1 / 60, motion)
                animated.append((time.process_time() - start) * 1000)
                with_odds += scene.odds_answer() is not None
            for _ in range(5):
                loop.dirty = True  # an idle redraw (e.g. after a hover): the cached board layer only
                start = time.process_time()
                loop.step(1 / 60)
                idle.append((time.process_time() - start) * 1000)
        scene.shutdown()
    pygame.quit()
    if not animated:
        print("no animated frame measured", file=sys.stderr)
        return 1
    fought = f"{args.creatures} creatures all together" if args.creatures > 1 else "1 creature"
    print(
        f"window {args.window[0]}x{args.window[1]}, {fought} (SKILL 7, STAMINA {args.stamina}) + ally, DF49, "
        f"animation 'normal', {len(animated)} animated frames over {args.rounds} clicked actions, {fights + 1} fight(s), "
        f"pointer moving; odds present on {with_odds} of {len(animated)} frames"
    )
    print(
        f"animated frames: median {statistics.median(animated):.2f} ms, p95 {percentile(animated, 0.95):.2f} ms, "
        f"max {max(animated):.2f} ms (CPU, time.process_time)"
    )
    print(f"idle redraws:    median {statistics.median(idle):.2f} ms, p95 {percentile(idle, 0.95):.2f} ms")
    print("reproduce: SDL_VIDEODRIVER=dummy .venv/bin/python tools/bench_frames.py " + " ".join(argv or sys.argv[1:]))
    print(f"  {load_text()}")
    if args.json:
        width, height = args.window
        goal = FRAME_GOAL_MS.get(args.window)
        median = statistics.median(animated)
        print_json(
            [
                Figure(
                    row=f"CPU per frame, dice animating with odds shown, {width}×{height}",
                    value=f"{median:.2f} ms (p95 {percentile(animated, 0.95):.2f} ms; "
                    f"idle redraw {statistics.median(idle):.2f} ms)",
                    goal="" if goal is None else f"≤ {goal:g} ms",
                    met=None if goal is None else median <= goal,
                )
            ]
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
