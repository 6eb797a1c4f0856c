"""Issue 29's "done when": from the first screen to a finished fight and back to the shelf, with keys only,
every decision taken from the speech log alone — as a blind player would, who hears the log's lines and
nothing else (the test never looks at a widget to choose what to press).

The listener picks the book by its name (turning the shelf's pages), makes the hero (rolls, hears the
scores, types a name and hears it echoed), notes a paragraph, sets up a fight, plays it (hearing each
round, the wound to settle with its odds and advice), comes back to the sheet and to the shelf; and every
control it passed said its name, its kind and, when it has one, its state.
"""

from __future__ import annotations

import re
import time

import pygame
from app_helpers import make_services
from test_access_keyboard_play import KeyboardOnly

from game.app.navigator import Screen

BOOK = "Le Siège de Sardath"
KINDS = ("bouton", "champ de saisie", "compteur", "interrupteur", "liste", "zone de notes")


class Listener:
    """Presses keys and reads only the speech log (``--speech-log``'s file)."""

    def __init__(self, tmp_path) -> None:
        self.services = make_services(tmp_path)
        self.log = tmp_path / "speech.txt"
        self.services.ui.speech.open_log(self.log)
        self.d = KeyboardOnly(self.services.navigator.build(Screen.SHELF), self.services)
        self.focus_lines: list[str] = []  # every control heard as the focus reached it

    def heard(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines()

    def last(self) -> str:
        return self.heard()[-1]

    def since(self, mark: int) -> str:
        return "\n".join(self.heard()[mark:])

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.d.pause()  # a player's pace
        self.d.key(key, mod, unicode)

    def tab(self) -> str:
        self.d.key(pygame.K_TAB)
        self.focus_lines.append(self.last())
        return self.last()

    def tab_to(self, pattern: str, limit: int = 60) -> str:
        """Tab until the control heard matches ``pattern`` (its name first)."""
        for _ in range(limit):
            if re.search(pattern, self.tab()):
                return self.last()
        raise AssertionError(f"Tab never reached a control called {pattern!r}; last heard: {self.last()!r}")

    def enter(self) -> str:
        mark = len(self.heard())
        self.key(pygame.K_RETURN)
        return self.since(mark)

    def wait_for(self, words: str, seconds: float = 10.0) -> str:
        """Listen (the frames go on) until ``words`` are heard; what was heard since the last line."""
        mark = len(self.heard()) - 1
        deadline = time.monotonic() + seconds
        while words not in self.since(mark) and time.monotonic() < deadline:
            time.sleep(0.02)
            self.d.loop.run_frames(1)
        assert words in self.since(mark), f"never heard {words!r}"
        return self.since(mark)

    def type(self, text: str) -> str:
        mark = len(self.heard())
        self.d.type(text)
        return self.since(mark)


def pick_the_book(ear: Listener) -> None:
    """Tab over the shelf's page; when the book is not on it, turn the page and listen again."""
    for _page in range(8):
        for _ in range(20):
            if ear.tab().startswith(f"Nouveau héros : {BOOK}, bouton"):
                return
        ear.tab_to("^Page de livres suivante, bouton")
        turned = ear.enter()
        assert re.search(r"Page \d sur \d", turned)  # a page turned is said, with the books now shown
    raise AssertionError(f"{BOOK} was never heard on the shelf")


def make_the_hero(ear: Listener) -> None:
    ear.tab_to("^Commencer l'aventure, bouton, indisponible : Créez d'abord votre héros")  # off, and why
    ear.tab_to("^Lancer les dés, bouton")
    rolled = ear.enter()
    assert re.search(r"HABILETÉ : .* = \d+\. ENDURANCE : .* = \d+\. CHANCE : .* = \d+", rolled)
    ear.enter()  # closes the dice
    ear.tab_to("^Le nom de votre héros…, champ de saisie, vide")
    assert ear.type("Alwen").splitlines() == list("Alwen")  # each letter echoed
    ear.tab_to("^Commencer l'aventure, bouton$")  # on now
    arrived = ear.enter()
    assert re.search(r"Feuille d'aventure, Le Siège de Sardath\. Alwen : HABILETÉ \d+ sur \d+", arrived)
    assert "Sac à dos : " in arrived


def note_a_paragraph(ear: Listener) -> None:
    ear.tab_to("^Paragraphe, champ de saisie, vide")
    ear.type("12")
    said = ear.enter()
    assert "12" in said  # the paragraph set is said back


def fight(ear: Listener) -> str:
    ear.tab_to("^Combat, bouton")
    assert ear.enter().startswith("Préparer le combat : nom, HABILETÉ et ENDURANCE de chaque créature")
    ear.tab_to("^Nom de la créature, champ de saisie, vide", limit=30)
    ear.type("Rat")
    ear.tab()
    ear.type("1")
    ear.tab()
    ear.type("4")
    ear.tab_to("^Ajouter, bouton$")
    added = ear.enter()
    assert "Ajouté : Rat (1 créature à combattre)" in added
    assert re.search(r"champ de saisie, vide", added)  # the focus went back to the cleared name field
    ear.tab_to("^Combattre, bouton$")
    board = ear.enter()
    assert board.startswith("Combat.") or "\nCombat." in board
    played, decisions, now = [], [], board  # ``now``: what was heard since the last key
    for _ in range(20):
        if "Victoire" in now:
            break
        if "pour accepter" in now:  # a wound to settle: wait for the advisor, then accept
            if "Chances de gagner le combat" not in now:
                now += "\n" + ear.wait_for("Chances de gagner le combat")
            decisions.append(now)
            press = (pygame.K_a, "a")
        else:
            press = (pygame.K_r, "r")
        mark = len(ear.heard())
        ear.key(press[0], unicode=press[1])
        now = ear.since(mark)
        played.append(now)
    assert decisions, "no wound was left to settle in this fight"
    for words in decisions:
        # the odds either way, then the advice ("Conseil : acceptez…", "Les deux choix se valent")
        assert re.search(r"Chances de gagner le combat : [\d,]+ % en tentant sa Chance, [\d,]+ % en acceptant\. \w+", words)
    return "\n".join(played)


def test_a_blind_player_picks_the_book_makes_the_hero_plays_a_fight_and_comes_back(tmp_path):
    ear = Listener(tmp_path)
    assert ear.heard()[0].startswith("Bibliothèque. Livres : ") and BOOK in ear.heard()[0]

    pick_the_book(ear)
    arrived = ear.enter()
    assert arrived.startswith(f"Création du héros, {BOOK}. Au départ : ")  # and what every hero starts with
    make_the_hero(ear)
    note_a_paragraph(ear)
    played = fight(ear)

    assert re.search(r"Assaut 1\. Rat \d+\+\d+ \+ 1 = \d+ · vous \d+\+\d+ \+ \d+ = \d+", played)  # every total
    assert "Victoire" in played
    ear.key(pygame.K_F3)
    assert ear.last().startswith("Combat.") and "Victoire" in ear.last()  # where am I: the board, as it ended
    assert ear.tab() == "Retour à la feuille, bouton"
    ear.key(pygame.K_F3)
    assert ear.last().endswith("Sur : Retour à la feuille, bouton.")
    assert ear.enter().startswith("Sur : Combat, bouton")  # back on the sheet, on the control it left from
    ear.key(pygame.K_ESCAPE)  # leaves the control
    ear.key(pygame.K_ESCAPE)  # leaves the sheet
    assert any(line.startswith("Bibliothèque.") and "1 aventure enregistrée" in line for line in ear.heard()[-4:])

    # Every control passed on the way said what it is, and its state when it has one.
    for line in ear.focus_lines:
        assert any(f", {kind}" in line for kind in KINDS), f"no kind in {line!r}"
        if ", interrupteur" in line:
            assert line.endswith((", activé", ", non activé")) or ", indisponible" in line, line
        if ", compteur" in line:
            assert re.search(r", compteur, \d+", line), line
        if ", champ de saisie" in line:
            assert not line.endswith(", champ de saisie"), line  # its text, or "vide"
    assert any(", indisponible : " in line for line in ear.focus_lines)  # a control that is off says why
