"""The outputs that make announcements heard, chosen from the "speech" setting.

- ``screen_reader``: the player's running screen reader through accessible-output2
  (NVDA, JAWS, Dolphin, ZDSR, SAPI on Windows; VoiceOver on macOS); on Linux,
  Speech Dispatcher (what Orca speaks through) by its own Python binding
  ``speechd`` (Debian's ``python3-speechd``; found in the system's Python too
  when the app runs in a virtual environment), else the app's own voice, and
  the note says which and why.
- ``self_voicing``: the app speaks by itself with the system's synthesizer in the
  game's language (SAPI through accessible-output2 on Windows, ``say`` on macOS,
  ``spd-say`` or ``espeak-ng`` on Linux), for players without a screen reader.
- ``off``: silence (the history, the repeat key and the speech log still work).

accessible-output2 is an optional dependency (``pip install 'feuille-aventure[speech]'``):
without it the app runs, speech is off and the settings show why.
"""

from __future__ import annotations

import contextlib
import glob
import importlib
import importlib.util
import io
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Protocol

from game.ui.speech import SpeechOutput

SPEECH_MODES = ("off", "screen_reader", "self_voicing")

# Catalogue keys of the reasons speech makes no sound.
NOTE_NO_LIBRARY = "access.note_no_library"
NOTE_NO_READER = "access.note_no_reader"
NOTE_NO_SYNTH = "access.note_no_synth"
NOTE_SPEECHD_MISSING = "access.note_speechd_missing"  # no binding: the app's own voice speaks instead
NOTE_SPEECHD_DOWN = "access.note_speechd_down"  # a binding, but no Speech Dispatcher answered: own voice
NOTE_NO_SPEECHD = "access.note_no_speechd"  # no binding and no synthesizer: silent

CLIENT_NAME = "feuille-aventure"  # how Speech Dispatcher lists the app among its clients
# Seconds the game waits for Speech Dispatcher to answer a new connection: a server that is stuck (it happens:
# the binding's handshake then never returns) must not freeze the game; its own voice speaks instead.
CONNECT_WAIT = 1.0
# Where a system's package puts the binding, for an app running in a virtual environment that cannot see it.
SYSTEM_SITE_PATTERNS = (
    "/usr/lib/python3/dist-packages",
    "/usr/lib/python3*/site-packages",
    "/usr/lib64/python3*/site-packages",
    "/usr/local/lib/python3*/dist-packages",
)

# macOS voices shipped with the system, by game language.
MAC_VOICES = {"fr": "Thomas", "en": "Samantha"}


def _quietly(load: Callable[[], object]) -> object:
    """Run ``load`` with its prints swallowed (accessible-output2 prints about every missing engine)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return load()


class ScreenReaderOutput:
    """The first active output accessible-output2 finds (a screen reader before a synthesizer)."""

    def __init__(self, output: object, name: str) -> None:
        self._output = output
        self.name = name

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        self._output.speak(text, interrupt=interrupt)  # type: ignore[attr-defined]  # accessible-output2 is untyped

    def close(self) -> None:
        close = getattr(self._output, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()


class CommandVoice:
    """A synthesizer run as a command per announcement; a new one cuts the one still speaking."""

    def __init__(self, name: str, argv: Callable[[str, str], Sequence[str]], cancel: Sequence[str] | None = None) -> None:
        """``cancel``: a command that stops what the synthesizer is saying (a speech server keeps speaking
        after its client is gone)."""
        self.name = name
        self._argv = argv
        self._cancel = list(cancel) if cancel else None
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()  # spoken from the speech thread, closed from the loop's at Quit

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        if interrupt:
            self.silence()
        process = subprocess.Popen(
            list(self._argv(text, language)), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        with self._lock:
            self._process = process

    def busy(self) -> bool:
        """Whether the last announcement is still being spoken (the speech queue lets it finish)."""
        process = self._process
        return process is not None and process.poll() is None

    def silence(self) -> None:
        """Stop the announcement being spoken, if any (killed when it does not end; never left running)."""
        with self._lock:
            process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                process.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=1)
            if self._cancel is not None:
                with contextlib.suppress(OSError, subprocess.SubprocessError):
                    subprocess.run(
                        self._cancel,
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        timeout=2,
                        check=False,
                    )

    def close(self) -> None:
        self.silence()


class SpeechdClient(Protocol):
    """What the app asks of ``speechd.SSIPClient`` (the binding ships no type information)."""

    def set_language(self, language: str) -> None: ...

    def speak(self, text: str) -> object: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class SpeechdOutput:
    """Speech Dispatcher through its own Python binding: one connection, each announcement handed to the server
    (which queues it and returns at once); an interrupting one cancels what the server is saying first."""

    name = "Speech Dispatcher"

    def __init__(self, client: SpeechdClient) -> None:
        self._client = client
        self._language: str | None = None
        self._lock = threading.Lock()  # spoken from the speech thread, closed from the loop's at Quit

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        client = self._client
        with self._lock:
            if interrupt:
                client.cancel()
            if language != self._language:
                client.set_language(language)
                self._language = language
            client.speak(text)

    def close(self) -> None:
        with self._lock, contextlib.suppress(Exception):
            self._client.cancel()
            self._client.close()


def _system_binding() -> ModuleType | None:
    """The ``speechd`` package a system installed for its own Python (python3-speechd), loaded by itself,
    without putting the rest of the system's packages on the path."""
    for pattern in SYSTEM_SITE_PATTERNS:
        for site in sorted(glob.glob(pattern)):
            init = Path(site) / "speechd" / "__init__.py"
            if not init.is_file():
                continue
            spec = importlib.util.spec_from_file_location("speechd", init, submodule_search_locations=[str(init.parent)])
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            sys.modules["speechd"] = module
            try:
                spec.loader.exec_module(module)
            except Exception:  # noqa: BLE001 - a binding for another Python: as if it were not there
                sys.modules.pop("speechd", None)
                continue
            return module
    return None


def speechd_binding() -> ModuleType | None:
    """Speech Dispatcher's Python binding (``import speechd``, else the system's copy), or None."""
    if importlib.util.find_spec("speechd") is None:  # optional: from the system's packages, not PyPI
        return _system_binding()
    try:
        return importlib.import_module("speechd")
    except Exception:  # noqa: BLE001 - a broken binding: as if there were none, the app's own voice speaks
        return None


def _connect(module: ModuleType, wait: float) -> SpeechdClient | None:
    """``SSIPClient`` made on a thread of its own, if it answers within ``wait`` seconds; None when it fails or
    hangs (a connection that comes later is closed at once, nothing is left open)."""
    lock, answered = threading.Lock(), threading.Event()
    box: dict[str, SpeechdClient | None] = {}

    def connect() -> None:
        try:
            client: SpeechdClient | None = module.SSIPClient(CLIENT_NAME)
        except Exception:  # noqa: BLE001 - no server and none could be started: the app's own voice speaks instead
            client = None
        with lock:
            late = answered.is_set()
            box["client"] = client
            answered.set()
        if late and client is not None:
            with contextlib.suppress(Exception):
                client.close()

    threading.Thread(target=connect, name="speechd-connect", daemon=True).start()
    answered.wait(wait)
    with lock:
        if "client" not in box:
            answered.set()  # given up: the thread closes what it gets, if it ever does
            return None
        return box["client"]


def speech_dispatcher(
    binding: Callable[[], ModuleType | None] = speechd_binding, wait: float = CONNECT_WAIT
) -> tuple[SpeechOutput | None, str | None]:
    """A connection to Speech Dispatcher, or None and the note that says why (no binding, or no server answered
    within ``wait`` seconds)."""
    module = binding()
    if module is None:
        return None, NOTE_SPEECHD_MISSING
    client = _connect(module, wait)
    if client is None:
        return None, NOTE_SPEECHD_DOWN
    return SpeechdOutput(client), None


def _espeak_argv(command: str) -> Callable[[str, str], Sequence[str]]:
    """espeak-ng's (or espeak's) command line for one announcement in a language."""
    return lambda text, language: [command, "-v", language, text]


def _accessible_output() -> object | None:
    """accessible-output2's ``Auto`` output, or None when the library is not installed."""
    try:
        auto = _quietly(lambda: __import__("accessible_output2.outputs.auto", fromlist=["Auto"]))
    except Exception:  # noqa: BLE001 - missing, or failing to load a native library: speech just stays off
        return None
    try:
        return _quietly(auto.Auto)  # type: ignore[attr-defined]  # accessible_output2 ships no type information
    except Exception:  # noqa: BLE001
        return None


def current_platform() -> str:
    """``sys.platform`` (a function, so that tests can pretend to be another system)."""
    return sys.platform


def linux_reader(
    binding: Callable[[], ModuleType | None] = speechd_binding, which: Callable[[str], str | None] = shutil.which
) -> tuple[list[SpeechOutput], str | None]:
    """Linux's screen reader path: Speech Dispatcher by its binding; else the app's own voice, with a note that
    says what was missing; else silence and why."""
    output, note = speech_dispatcher(binding)
    if output is not None:
        return [output], None
    synth = system_synthesizer("linux", which, binding=lambda: None)
    if synth is not None:
        return [synth], note
    return [], NOTE_NO_SPEECHD


def screen_reader(platform: str | None = None) -> tuple[list[SpeechOutput], str | None]:
    """The running screen reader, or no output and the reason."""
    platform = platform or current_platform()
    if platform.startswith("linux") or platform.startswith("freebsd"):
        return linux_reader()
    auto = _accessible_output()
    if auto is None:
        return [], NOTE_NO_LIBRARY
    output = auto.get_first_available_output()  # type: ignore[attr-defined]  # accessible_output2 ships no type information
    if output is None:
        return [], NOTE_NO_READER
    return [ScreenReaderOutput(output, str(getattr(output, "name", "screen reader")))], None


def system_synthesizer(
    platform: str | None = None,
    which: Callable[[str], str | None] = shutil.which,
    binding: Callable[[], ModuleType | None] = speechd_binding,
) -> SpeechOutput | None:
    """The system's own synthesizer for self-voicing, or None when there is none (on Linux Speech Dispatcher
    by its binding first: one connection, no process per announcement)."""
    platform = platform or current_platform()
    if platform == "darwin" and which("say"):
        return CommandVoice("say", lambda text, lang: ["say", "-v", MAC_VOICES.get(lang, "Samantha"), text])
    if platform.startswith("linux") or platform.startswith("freebsd"):
        output, _why = speech_dispatcher(binding)
        if output is not None:
            return output
        if which("spd-say"):
            return CommandVoice("spd-say", lambda text, lang: ["spd-say", "-w", "-l", lang, text], cancel=["spd-say", "-C"])
        for command in ("espeak-ng", "espeak"):
            if which(command):
                return CommandVoice(command, _espeak_argv(command))
    if platform == "win32":
        auto = _accessible_output()
        sapi = next((o for o in getattr(auto, "outputs", []) if type(o).__name__ == "SAPI5"), None)
        if sapi is not None:
            return ScreenReaderOutput(sapi, "SAPI5")
    return None


def outputs_for(mode: str) -> tuple[list[SpeechOutput], str | None]:
    """The outputs for the "speech" setting ``mode`` and, when silent, the catalogue key of why."""
    if mode == "screen_reader":
        return screen_reader()
    if mode == "self_voicing":
        synth = system_synthesizer()
        return ([synth], None) if synth is not None else ([], NOTE_NO_SYNTH)
    return [], None
