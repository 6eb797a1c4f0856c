"""Speech never holds up the loop (issue 29 item 4): the outputs speak from a thread of their own,
stale announcements are dropped, and nothing is left speaking after Quit."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable

import pygame
from test_access_speech import Broken
from ui_helpers import init_pygame, key, ui  # noqa: F401  (fixture)

from game.app.display import Display
from game.app.loop import MainLoop
from game.app.scene import Scene, SceneStack
from game.ui import voices
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.group import WidgetGroup
from game.ui.speech import Announcer, SpeechQueue, Utterance

SLOW = 0.4  # seconds a slow speaker takes per announcement (a stuck audio device took about 2 s)


class SlowSpeaker:
    """An output that holds whoever calls it for ``SLOW`` seconds, as spd-say did when audio was stuck."""

    name = "slow"

    def __init__(self, delay: float = SLOW) -> None:
        self.delay = delay
        self.said: list[tuple[str, bool]] = []
        self.closed = False
        self.threads: set[str] = set()

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        self.threads.add(threading.current_thread().name)
        time.sleep(self.delay)
        self.said.append((text, interrupt))

    def close(self) -> None:
        self.closed = True


class Gate:
    """An output that speaks only when the test lets it (to see what waits in the queue)."""

    name = "gate"

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.said: list[tuple[str, bool]] = []

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        self.started.set()
        self.open.wait(timeout=20)
        self.said.append((text, interrupt))

    def close(self) -> None:
        self.open.set()


def wait_until(done: Callable[[], object], seconds: float = 20) -> None:
    """Poll ``done()`` until it is true (or ``seconds`` pass: the assertion after says what went wrong)."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.01)


def held(first: Utterance) -> tuple[Gate, SpeechQueue]:
    """A queue whose output is busy saying ``first`` until ``released``."""
    gate = Gate()
    queue = SpeechQueue([gate])
    queue.put(first)
    assert gate.started.wait(timeout=20)
    return gate, queue


def released(gate: Gate, queue: SpeechQueue, count: int) -> list[tuple[str, bool]]:
    """Let the output speak until it said ``count`` lines; what it said (text, interrupting)."""
    gate.open.set()
    wait_until(lambda: len(gate.said) >= count)
    queue.close()
    return gate.said


class Buttons(Scene):
    """A screen of three buttons: every frame a Tab moves the focus, which is said."""

    def __init__(self, ui: UIContext) -> None:  # noqa: F811
        super().__init__()
        self.group = WidgetGroup(ui)
        for n in range(3):
            self.group.add(Button(ui, (10, 10 + 50 * n, 200, 40), f"Bouton {n}"))

    @property
    def wants_animation(self) -> bool:
        return True

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return None if self.group.process_event(event) else event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        self.group.draw(surface)


def frames_in(ui: UIContext, seconds: float) -> int:  # noqa: F811
    """Frames the real loop runs in ``seconds`` of real time, paced at 60 fps, a Tab (so a spoken control) in each."""
    stack = SceneStack()
    stack.push(Buttons(ui))
    loop = MainLoop(stack, Display((1280, 720)))
    pacer = pygame.time.Clock()
    frames = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        loop.step(1 / 60, [key(pygame.K_TAB)])
        pacer.tick(60)
        frames += 1
    return frames


def test_the_loop_keeps_its_frame_rate_while_speech_is_slow(ui):  # noqa: F811
    speaker = SlowSpeaker()
    ui.speech.set_outputs([speaker], background=True)
    frames = frames_in(ui, 1.0)
    ui.speech.close()
    assert frames >= 20  # 60 asked; a loop held by each announcement would draw 1 / SLOW = 2 or 3
    assert speaker.threads == {"speech"}  # never called from the loop's thread
    assert len(speaker.said) < frames / 4  # the stale focus announcements were dropped, not queued up
    assert speaker.closed


def test_without_the_queue_the_same_slow_speaker_holds_the_loop(ui):  # noqa: F811
    """What the test above guards against (the loop before issue 29): each frame waits for the voice."""
    ui.speech.set_outputs([SlowSpeaker(delay=0.25)])
    frames = frames_in(ui, 1.0)
    ui.speech.close()
    assert frames <= 6


def test_an_interrupting_announcement_drops_all_that_waits():
    gate, queue = held(Utterance("first", "fr", True))
    queue.put(Utterance("waits", "fr", False))
    queue.put(Utterance("also waits", "fr", False))
    assert queue.pending == ["waits", "also waits"]
    queue.put(Utterance("outcome", "fr", True))
    assert queue.pending == ["outcome"]
    assert released(gate, queue, 2) == [("first", True), ("outcome", True)]


def test_a_newer_announcement_of_a_kind_replaces_the_older_one_of_that_kind_only():
    gate, queue = held(Utterance("Sheet: SKILL 11", "fr", True, "screen"))
    queue.put(Utterance("Button 1", "fr", False, "focus"))
    queue.put(Utterance("Lucky!", "fr", False))
    queue.put(Utterance("Button 2", "fr", False, "focus"))
    assert queue.pending == ["Lucky!", "Button 2"]  # the screen is not cut, the older focus is dropped
    assert [text for text, _ in released(gate, queue, 3)] == ["Sheet: SKILL 11", "Lucky!", "Button 2"]


def test_a_focus_announcement_cuts_the_focus_announcement_being_said():
    gate, queue = held(Utterance("Button 1", "fr", False, "focus"))
    queue.put(Utterance("Button 2", "fr", False, "focus"))
    assert released(gate, queue, 2) == [("Button 1", False), ("Button 2", True)]


def test_a_failing_output_in_the_speech_thread_is_dropped_with_a_note():
    announcer = Announcer()
    announcer.set_outputs([Broken()], background=True)
    announcer.say("one")
    wait_until(lambda: announcer.queue is None or bool(announcer.queue.failures))
    announcer.say("two")
    assert announcer.note == "broken: device gone"
    assert announcer.outputs == []
    announcer.close()


def test_no_synthesizer_process_is_left_after_quit(tmp_path):
    started = tmp_path / "started"
    script = "import sys, time; open(sys.argv[1], 'w').close(); time.sleep(60)"
    voice = voices.CommandVoice("python", lambda text, lang: [sys.executable, "-c", script, str(started)])
    announcer = Announcer()
    announcer.set_outputs([voice], background=True)
    announcer.say("a long paragraph")
    wait_until(started.exists)
    process = voice._process
    assert process is not None and process.poll() is None
    assert announcer.queue is not None
    queue_thread = announcer.queue._thread
    announcer.close()  # what Quit does (game/__main__.py)
    assert process.poll() is not None
    assert announcer.queue is None and not queue_thread.is_alive()


def test_a_non_interrupting_line_waits_for_the_synthesizer_to_finish(tmp_path):
    out = tmp_path / "spoken.txt"
    script = "import sys, time; time.sleep(float(sys.argv[3])); open(sys.argv[1], 'a').write(sys.argv[2] + '\\n')"
    voice = voices.CommandVoice(
        "python", lambda text, lang: [sys.executable, "-c", script, str(out), text, "1" if text == "first" else "0"]
    )
    announcer = Announcer()
    announcer.set_outputs([voice], background=True)
    announcer.say("first")
    announcer.say("second", interrupt=False)
    wait_until(lambda: out.exists() and len(out.read_text().splitlines()) >= 2)
    announcer.close()
    assert out.read_text().splitlines() == ["first", "second"]  # one after the other, not over each other
