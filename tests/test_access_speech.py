"""Speech for players who do not see the screen: the announcer, its outputs, the speech log, the narrator."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pygame
import pytest
from sample_tiers import TIERS, in_tier
from ui_helpers import init_pygame, key, ui  # noqa: F401  (fixture)

from game.app.narrator import Narrator
from game.app.scene import Scene, SceneStack
from game.i18n.catalogue import Catalogue
from game.ui import voices
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.group import WidgetGroup
from game.ui.keymap import Keymap
from game.ui.scroll_list import ScrollList
from game.ui.speech import Announcer


class Recorder:
    """An output that keeps what it was asked to say."""

    name = "recorder"

    def __init__(self) -> None:
        self.said: list[tuple[str, str, bool]] = []
        self.closed = False

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        self.said.append((text, language, interrupt))

    def close(self) -> None:
        self.closed = True


class Broken:
    name = "broken"

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        raise OSError("device gone")

    def close(self) -> None:
        pass


def test_announcements_reach_the_outputs_the_history_and_the_log(tmp_path):
    recorder = Recorder()
    announcer = Announcer([recorder], language="en")
    announcer.open_log(tmp_path / "speech.log")
    announcer.say("Lucky!\nYou lose 1 STAMINA")
    announcer.say("   ")
    assert recorder.said == [("Lucky! You lose 1 STAMINA", "en", True)]
    assert announcer.last == "Lucky! You lose 1 STAMINA"
    assert (tmp_path / "speech.log").read_text(encoding="utf-8") == "Lucky! You lose 1 STAMINA\n"


def test_repeat_says_the_last_line_again_without_logging_it_twice(tmp_path):
    recorder = Recorder()
    announcer = Announcer([recorder])
    announcer.open_log(tmp_path / "speech.log")
    announcer.say("Paragraph 12")
    announcer.repeat()
    assert [s[0] for s in recorder.said] == ["Paragraph 12", "Paragraph 12"]
    assert (tmp_path / "speech.log").read_text(encoding="utf-8").splitlines() == ["Paragraph 12"]


def test_a_failing_output_is_dropped_with_a_note_and_the_game_goes_on():
    recorder = Recorder()
    announcer = Announcer([Broken(), recorder])
    announcer.say("one")
    announcer.say("two")
    assert [s[0] for s in recorder.said] == ["one", "two"]
    assert announcer.note == "broken: device gone"


def test_without_accessible_output2_speech_is_off_with_the_reason(monkeypatch):
    monkeypatch.setattr(voices, "current_platform", lambda: "win32")  # Linux takes Speech Dispatcher's own path
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    assert voices.outputs_for("screen_reader") == ([], voices.NOTE_NO_LIBRARY)
    assert voices.outputs_for("off") == ([], None)


def test_self_voicing_picks_the_systems_synthesizer_in_the_games_language():
    found = {"spd-say": "/usr/bin/spd-say"}
    synth = voices.system_synthesizer("linux", lambda name: found.get(name), binding=lambda: None)
    assert synth is not None and synth.name == "spd-say"
    assert synth._argv("Bonjour", "fr") == ["spd-say", "-w", "-l", "fr", "Bonjour"]
    mac = voices.system_synthesizer("darwin", lambda name: "/usr/bin/say")
    assert mac._argv("Hello", "en") == ["say", "-v", "Samantha", "Hello"]
    assert voices.system_synthesizer("linux", lambda name: None, binding=lambda: None) is None


def test_a_command_voice_runs_the_synthesizer_and_a_new_line_cuts_the_old(tmp_path):
    out = tmp_path / "spoken.txt"
    script = (
        "import sys, time; open(sys.argv[1], 'a', encoding='utf-8').write(sys.argv[2] + '\\n'); time.sleep(float(sys.argv[3]))"
    )
    voice = voices.CommandVoice(
        "python", lambda text, lang: [sys.executable, "-c", script, str(out), f"{lang}:{text}", "30" if text == "long" else "0"]
    )
    voice.speak("long", "fr", True)
    deadline = time.monotonic() + 20
    while not out.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    first = voice._process
    voice.speak("short", "fr", True)  # interrupts: the long one is ended (terminated, not left to run 30 s)
    assert first is not None and first.wait(timeout=20) != 0
    voice._process.wait(timeout=20)
    voice.close()
    assert out.read_text(encoding="utf-8").splitlines() == ["fr:long", "fr:short"]


def test_tab_says_the_focused_control_with_its_kind_and_value(ui):  # noqa: F811
    group = WidgetGroup(ui)
    group.add(Button(ui, (0, 0, 100, 40), "Tenter sa Chance"))
    group.add(Counter(ui, (0, 50, 140, 46), value=15, spoken_name="ENDURANCE"))
    group.process_event(key(pygame.K_TAB))
    assert ui.speech.last == "Tenter sa Chance, bouton"
    group.process_event(key(pygame.K_TAB))
    assert ui.speech.last == "ENDURANCE, compteur, 15"


def test_a_key_that_changes_the_focused_value_says_the_new_value(ui):  # noqa: F811
    group = WidgetGroup(ui)
    rows = group.add(ScrollList(ui, (0, 0, 300, 200), row_height=30, spoken_name="Équipement"))
    rows.set_items(["Épée", "Corde", "Lanterne"])
    group.process_event(key(pygame.K_TAB))
    assert ui.speech.last == "Équipement, liste, 3 lignes, aucune choisie"
    group.process_event(key(pygame.K_DOWN))
    group.process_event(key(pygame.K_DOWN))
    assert ui.speech.last == "Corde, 2 sur 3"


def test_an_arrow_at_a_counters_bound_says_so(ui):  # noqa: F811
    group = WidgetGroup(ui)
    group.add(Counter(ui, (0, 0, 140, 46), value=11, minimum=0, maximum=11, spoken_name="HABILETÉ"))
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_UP))
    assert ui.speech.last == "Déjà au maximum (11)"


def test_a_disabled_control_says_why(ui):  # noqa: F811
    button = Button(ui, (0, 0, 100, 40), "Manger")
    button.set_enabled(False, "Plus de provisions")
    assert button.spoken() == "Manger, bouton, indisponible : Plus de provisions"


class Titled(Scene):
    def __init__(self, title: str) -> None:
        super().__init__()
        self.title = title


def test_the_narrator_announces_each_new_screen_once_and_answers_f4_f3(ui):  # noqa: F811
    init_pygame()
    stack = SceneStack()
    narrator = Narrator(ui, Keymap)  # a screen without its own words is announced by its title
    stack.push(Titled("Bibliothèque"))
    stack.apply_pending()
    narrator.notice(stack)
    narrator.notice(stack)
    assert list(ui.speech.history) == ["Bibliothèque"]
    stack.push(Titled("Réglages"))
    stack.apply_pending()
    narrator.notice(stack)
    ui.say("Langue, bouton")
    assert narrator.filter_event(key(pygame.K_F4), stack) is None
    assert narrator.filter_event(key(pygame.K_F3), stack) is None
    assert ui.speech.last == "Réglages"
    assert narrator.filter_event(key(pygame.K_r), stack) is not None


def test_smoke_speech_log_says_what_each_screen_sample_sounds_like(tmp_path):
    log = tmp_path / "speech.log"
    result = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "--only", "combat-pending", "--speech-log", str(log)],
        capture_output=True,
        text=True,
        timeout=600,
        env={"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines and all(line.startswith("combat-pending-wound: ") for line in lines)
    heard = lines[0]
    assert "Combat." in heard and "Chance d'être chanceux" in heard and "L pour tenter sa Chance, A pour accepter" in heard


CORE_SCREENS = (
    "bookshelf",
    "settings",
    "settings-access",
    "creation-df31",
    "creation-rolled",
    "sheet-df49",
    "sheet-df64-journal",
    "combat-setup",
    "combat-archery",
    "combat-pending-wound",
    "combat-all-together",
    "death-df64-continue",
    "reader-start",
    "reader-fight",
    "rnp-travel",
    "rnp-form",
    "rules-help-combat",
    "rnp-party",
    "rnp-clock",
    "rnp-timers",
    "rnp-calculators",
    "rnp-fall",
    "rnp-food",
    "rnp-hiding",
)


@pytest.mark.parametrize("sample", CORE_SCREENS)
def test_every_control_a_keyboard_reaches_has_a_name_to_say(tmp_path, sample):
    from app_helpers import make_services

    from game.app.showcase import load_all

    services = make_services(tmp_path)
    stack = SceneStack()
    for scene in dict(load_all())[sample](services):
        stack.push(scene)
        stack.apply_pending()
    group = stack.top.group
    unnamed = [w for w in group.focus.widgets if w.accepts_focus() and not w.spoken_label()]
    assert unnamed == [], [f"{type(w).__name__} at {w.rect}" for w in unnamed]


@pytest.mark.parametrize("tier", TIERS)
def test_every_screen_sample_says_something_on_arrival(tmp_path, tier):
    from app_helpers import make_services

    from game.app.showcase import load_all

    silent = []
    for name, factory in in_tier(load_all(), tier):
        services = make_services(tmp_path / name)
        stack = SceneStack()
        for scene in factory(services):
            stack.push(scene)
            stack.apply_pending()
        if not stack.top.spoken_summary().strip():
            silent.append(name)
    assert silent == []


def test_cutting_a_speech_server_voice_also_sends_its_cancel_command(tmp_path):
    out = tmp_path / "spoken.txt"
    write = "import sys, time; open(sys.argv[1], 'a').write(sys.argv[2] + '\\n'); time.sleep(float(sys.argv[3]))"
    voice = voices.CommandVoice(
        "server",
        lambda text, lang: [sys.executable, "-c", write, str(out), text, "30"],
        cancel=[sys.executable, "-c", write, str(out), "cancel", "0"],
    )
    voice.speak("first", "fr", True)
    deadline = time.monotonic() + 20
    while not out.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    voice.close()
    assert out.read_text().splitlines() == ["first", "cancel"]


# ---------------------------------------------------------------- Linux: Speech Dispatcher's own binding (issue 29)


class StandInSpeechd:
    """A stand-in for the ``speechd`` module (python3-speechd): its SSIPClient records what it is asked."""

    def __init__(self, refuse: bool = False, stuck: threading.Event | None = None) -> None:
        """``refuse``: no server; ``stuck``: a server that does not answer the connection until the event is set."""
        self.calls: list[tuple] = []
        self.refuse = refuse
        stand_in = self

        class SSIPClient:
            def __init__(self, name: str) -> None:
                if stand_in.refuse:
                    raise OSError("Speech Dispatcher is not running")
                if stuck is not None:
                    stuck.wait()
                stand_in.calls.append(("connect", name))

            def set_language(self, language: str) -> None:
                stand_in.calls.append(("language", language))

            def speak(self, text: str) -> None:
                stand_in.calls.append(("speak", text))

            def cancel(self) -> None:
                stand_in.calls.append(("cancel",))

            def close(self) -> None:
                stand_in.calls.append(("close",))

        self.SSIPClient = SSIPClient


def test_on_linux_the_screen_reader_mode_speaks_through_speech_dispatchers_binding():
    speechd = StandInSpeechd()
    outputs, note = voices.linux_reader(binding=lambda: speechd, which=lambda name: None)
    assert note is None and [o.name for o in outputs] == ["Speech Dispatcher"]
    announcer = Announcer(outputs, language="fr")
    announcer.say("Combat.")
    announcer.say("Assaut, bouton", interrupt=False)
    announcer.language = "en"
    announcer.say("Fight.")
    announcer.close()
    assert speechd.calls == [
        ("connect", "feuille-aventure"),
        ("cancel",),
        ("language", "fr"),
        ("speak", "Combat."),
        ("speak", "Assaut, bouton"),  # not interrupting: queued after the first by the server
        ("cancel",),
        ("language", "en"),
        ("speak", "Fight."),
        ("cancel",),
        ("close",),
    ]


def test_without_the_binding_linux_falls_back_to_the_apps_own_voice_and_says_so():
    outputs, note = voices.linux_reader(binding=lambda: None, which={"espeak-ng": "/usr/bin/espeak-ng"}.get)
    assert [o.name for o in outputs] == ["espeak-ng"] and note == voices.NOTE_SPEECHD_MISSING
    assert "python3-speechd" in Catalogue("en").t(note) and "python3-speechd" in Catalogue("fr").t(note)


def test_a_binding_without_a_running_speech_dispatcher_falls_back_and_says_it_did_not_answer():
    outputs, note = voices.linux_reader(binding=lambda: StandInSpeechd(refuse=True), which={"spd-say": "/usr/bin/spd-say"}.get)
    assert [o.name for o in outputs] == ["spd-say"] and note == voices.NOTE_SPEECHD_DOWN


def test_a_speech_dispatcher_that_does_not_answer_never_freezes_the_game_and_is_left_closed():
    # Seen on this machine: a Speech Dispatcher left stuck, whose binding's handshake never returned; choosing
    # "screen reader" then froze the settings page for good. The game waits a second, then its own voice speaks.
    stuck = threading.Event()
    speechd = StandInSpeechd(stuck=stuck)
    # it returns (it hung before) with the app's own voice, though the server has not answered yet
    outputs, note = voices.linux_reader(binding=lambda: speechd, which={"spd-say": "/usr/bin/spd-say"}.get)
    assert [o.name for o in outputs] == ["spd-say"] and note == voices.NOTE_SPEECHD_DOWN
    stuck.set()  # the server answers at last: the late connection is closed, nothing is left open
    deadline = time.monotonic() + 5
    while ("close",) not in speechd.calls and time.monotonic() < deadline:
        time.sleep(0.01)
    assert speechd.calls == [("connect", "feuille-aventure"), ("close",)]


def test_with_nothing_to_speak_with_linux_is_silent_and_says_what_to_install():
    assert voices.linux_reader(binding=lambda: None, which=lambda name: None) == ([], voices.NOTE_NO_SPEECHD)


def test_self_voicing_on_linux_prefers_the_binding_to_a_process_per_line():
    synth = voices.system_synthesizer("linux", {"spd-say": "/usr/bin/spd-say"}.get, binding=StandInSpeechd)
    assert synth is not None and synth.name == "Speech Dispatcher"


def test_the_systems_binding_is_found_outside_the_virtual_environment(tmp_path, monkeypatch):
    package = tmp_path / "dist-packages" / "speechd"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from .client import SSIPClient\n", encoding="utf-8")
    (package / "client.py").write_text("class SSIPClient:\n    found_here = True\n", encoding="utf-8")
    monkeypatch.setattr(voices, "SYSTEM_SITE_PATTERNS", (str(tmp_path / "dist-packages"),))
    monkeypatch.delitem(sys.modules, "speechd", raising=False)
    monkeypatch.delitem(sys.modules, "speechd.client", raising=False)
    module = voices._system_binding()
    assert module is not None and module.SSIPClient.found_here
    assert str(tmp_path) not in " ".join(sys.path)  # only the binding, not the system's other packages
