"""Announcements for players who do not see the screen: one announcer, several outputs.

Text drawn in a pygame window is invisible to a screen reader, so every change
the player needs (a dice result, an exchange's outcome, a refusal and its
reason, the focused control and its value) is *said* through the
:class:`Announcer` that every widget reaches as ``ui.speech``. What is said comes
from the catalogue and the rules' outcomes, never from pixels.

The announcer always keeps its history (tests read it; ``repeat`` says the last
line again) and writes every line to the speech log when one is open
(``--speech-log FILE``). The outputs that make sound are optional and chosen by
``game.ui.voices`` from the settings: a running screen reader through
accessible-output2, or a self-voicing synthesizer. None of them is needed to
run the app or its tests.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

HISTORY = 200  # lines kept for "repeat" and for the tests
BUSY_POLL = 0.05  # seconds between two looks at a synthesizer still speaking
JOIN_TIMEOUT = 3.0  # seconds Quit waits for the speech thread (a stuck output is left to the daemon thread)


def join(*parts: str) -> str:
    """Sentences joined by spaces, empty ones dropped, each ending with a full stop (what a screen says on arrival)."""
    out = []
    for part in parts:
        part = " ".join(str(part).split())
        if part:
            out.append(part if part[-1] in ".!?:…" else part + ".")
    return " ".join(out)


class SpeechOutput(Protocol):
    """Something that makes an announcement heard (a screen reader, a synthesizer)."""

    name: str

    def speak(self, text: str, language: str, interrupt: bool) -> None: ...

    def close(self) -> None: ...


@dataclass
class Utterance:
    """One announcement on its way to the outputs."""

    text: str
    language: str
    interrupt: bool
    kind: str = ""  # "focus", "value", "screen"…: a newer one of the same kind replaces an older one


class SpeechQueue:
    """The outputs spoken from a thread of their own, so that no synthesizer ever holds up the loop.

    ``put`` returns at once. Stale announcements are dropped before they are spoken: an interrupting
    one drops everything waiting and cuts what is being said; one with a ``kind`` drops the waiting
    ones of its kind and cuts the one being said if it is of its kind (Tab pressed five times says
    the fifth control, not five). Others wait their turn; an output with a ``busy()`` method (a
    synthesizer process still speaking) is let finish before the next one starts.
    An output that raises is reported through ``failures`` (the announcer drops it on its own thread).
    """

    def __init__(self, outputs: list[SpeechOutput]) -> None:
        self.outputs = list(outputs)
        self.failures: list[tuple[SpeechOutput, Exception]] = []
        self._pending: deque[Utterance] = deque()
        self._current: Utterance | None = None
        self._closed = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def put(self, utterance: Utterance) -> None:
        """Queue ``utterance``, dropping what it makes stale."""
        with self._wake:
            if utterance.interrupt:
                self._pending.clear()
            elif utterance.kind:
                self._pending = deque(p for p in self._pending if p.kind != utterance.kind)
                if self._current is not None and self._current.kind == utterance.kind:
                    utterance.interrupt = True  # cuts the older one of its kind still being said
            self._pending.append(utterance)
            self._wake.notify_all()

    @property
    def pending(self) -> list[str]:
        """The texts still waiting (for the tests)."""
        with self._wake:
            return [p.text for p in self._pending]

    def _busy(self) -> bool:
        return any(bool(getattr(output, "busy", lambda: False)()) for output in self.outputs)

    def _next(self) -> Utterance | None:
        """The next announcement to say, once the outputs are free for it (None: closed)."""
        with self._wake:
            while not self._closed:
                head = self._pending[0] if self._pending else None
                if head is not None and (head.interrupt or not self._busy()):
                    self._current = self._pending.popleft()
                    return self._current
                self._wake.wait(BUSY_POLL if head is not None else None)
            return None

    def _run(self) -> None:
        while (utterance := self._next()) is not None:
            for output in list(self.outputs):
                try:
                    output.speak(utterance.text, utterance.language, utterance.interrupt)
                except Exception as error:  # noqa: BLE001 - a failing voice must never stop the game
                    self.outputs.remove(output)
                    with self._wake:
                        self.failures.append((output, error))

    def close(self) -> None:
        """Drop what waits, stop the thread, then close the outputs (ending what they were saying)."""
        with self._wake:
            self._closed = True
            self._pending.clear()
            self._wake.notify_all()
        self._thread.join(timeout=JOIN_TIMEOUT)
        for output in self.outputs:
            output.close()


class SpeechLog:
    """The ``--speech-log`` file: each announcement on one line, flushed at once."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] | None = self.path.open("w", encoding="utf-8")
        self.prefix = ""  # put before each line (the smoke run names the screen sample)

    def write(self, line: str) -> None:
        """Append one line (newlines inside the announcement become spaces)."""
        if self._file is None:
            return
        self._file.write(self.prefix + " ".join(line.split()) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file; later writes are dropped."""
        if self._file is not None:
            self._file.close()
            self._file = None


class Announcer:
    """Says things: to the log and history always, to the outputs when speech is on."""

    def __init__(self, outputs: list[SpeechOutput] | None = None, *, language: str = "fr") -> None:
        self.outputs: list[SpeechOutput] = list(outputs or [])
        self.language = language
        self.history: deque[str] = deque(maxlen=HISTORY)
        self.log: SpeechLog | None = None
        self.note: str | None = None  # why no output makes sound (no library, no screen reader…)
        self.mode = "off"  # the "speech" setting the outputs were opened for
        self.queue: SpeechQueue | None = None  # the outputs' own thread (``set_outputs(background=True)``)
        self.told = 0  # announcements made, the focused control's aside (a screen sees whether it said a result)
        self.lines = 0  # announcements made, all of them (``since``)

    @property
    def last(self) -> str:
        """The last announcement ("" before the first)."""
        return self.history[-1] if self.history else ""

    @property
    def speaking(self) -> bool:
        """Whether some output makes the announcements heard."""
        return bool(self.outputs)

    def set_outputs(self, outputs: list[SpeechOutput], note: str | None = None, *, background: bool = False) -> None:
        """Replace the outputs (closing the old ones); ``note`` says why there are none.

        ``background``: speak them from a :class:`SpeechQueue` thread (the app does; a test's
        recorder is called at once when it is False)."""
        if self.queue is not None:
            self.queue.close()  # closes the outputs it held
            self.queue = None
        else:
            for output in self.outputs:
                if output not in outputs:
                    output.close()
        self.outputs = list(outputs)
        self.note = note
        if background and self.outputs:
            self.queue = SpeechQueue(self.outputs)

    def open_log(self, path: str | Path) -> None:
        """Write every later announcement to ``path``, one per line."""
        self.close_log()
        self.log = SpeechLog(path)

    def close_log(self) -> None:
        """Stop writing the speech log."""
        if self.log is not None:
            self.log.close()
            self.log = None

    def say(self, text: str, *, interrupt: bool = True, kind: str = "") -> None:
        """Announce ``text`` (empty text says nothing). ``interrupt`` cuts what is being said; a ``kind``
        ("focus", "value", "screen") makes a newer announcement of that kind replace an older one."""
        text = " ".join(str(text).split())
        if not text:
            return
        self.history.append(text)
        self.lines += 1
        if kind != "focus":
            self.told += 1
        if self.log is not None:
            self.log.write(text)
        self._speak(text, interrupt, kind)

    def since(self, mark: int) -> list[str]:
        """What was said after ``lines`` was ``mark`` (as much as the history keeps)."""
        count = min(self.lines - mark, len(self.history))
        return list(self.history)[-count:] if count > 0 else []

    def repeat(self) -> None:
        """Say the last announcement again (the "repeat" key); not logged twice."""
        if self.history:
            self._speak(self.history[-1], True)

    def _speak(self, text: str, interrupt: bool, kind: str = "") -> None:
        if self.queue is not None:
            self._drop_failed(self.queue)
            self.queue.put(Utterance(text, self.language, interrupt, kind))
            return
        for output in list(self.outputs):
            try:
                output.speak(text, self.language, interrupt)
            except Exception as error:  # noqa: BLE001 - a failing voice must never stop the game
                self.outputs.remove(output)
                self.note = f"{output.name}: {error}"

    def _drop_failed(self, queue: SpeechQueue) -> None:
        """Forget the outputs the speech thread saw fail, and say why in the note."""
        while queue.failures:
            output, error = queue.failures.pop(0)
            if output in self.outputs:
                self.outputs.remove(output)
            self.note = f"{output.name}: {error}"

    def close(self) -> None:
        """Close the outputs (and their thread) and the log."""
        self.set_outputs([])
        self.close_log()


class SpokenText:
    """A screen's status or error attribute whose every new text is also said aloud.

    ``message = SpokenText()`` in a scene class: ``self.message = "No provisions left"``
    shows on its status line as before and reaches a screen reader through
    ``self.ui.say``. None or "" clears it silently.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_spoken_{name}"

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return obj.__dict__.get(self.slot)

    def __set__(self, obj: object, value: object) -> None:
        obj.__dict__[self.slot] = value
        ui = obj.__dict__.get("ui")
        if value and ui is not None:
            ui.say(value() if callable(value) else str(value))
