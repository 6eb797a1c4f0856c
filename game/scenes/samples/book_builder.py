"""Samples of the book builder (issue 26 item 1): a book being made (five scores, two potions chosen one of two at
creation, a week), its sheet's preview, a book with problems, and a hand-written book shown read-only."""

from __future__ import annotations

from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.books import builder as b
from game.scenes.book_builder.scene import BookBuilderScene


def misty_vale(form: b.BookForm) -> None:
    """The sample book: FEAR that kills at its maximum, FAITH, gold, two potions, a potion chosen, a week."""
    form.title = b.Words("Le Val des Brumes", "The Misty Vale")
    form.blurb = b.Words("Une vallée où la peur tue.", "A valley where fear kills.")
    form.scores += [
        b.ScoreRow("fear", b.Words("PEUR", "FEAR"), "1d6+6", start="0", threshold="death_at_least", limit="initial"),
        b.ScoreRow("faith", b.Words("FOI", "FAITH"), "3", capped=False, testable=True, about=b.Words("votre foi", "your faith")),
    ]
    form.scores[3].about = b.Words("monte à chaque frayeur", "rises with each fright")
    form.counters.append(b.CounterRow("gold", "gold", b.Words("Pièces d'or", "Gold Pieces"), "5"))
    form.potions = [
        b.PotionRow("p1", b.Words("Potion de Vigueur", "Potion of Strength"), "stamina"),
        b.PotionRow("p2", b.Words("Potion de Fortune", "Potion of Fortune"), "luck", raise_initial="1"),
    ]
    options = [
        b.OptionRow("o1", b.Words("Vigueur", "Strength"), "counter", "p1", "2"),
        b.OptionRow("o2", b.Words("Fortune", "Fortune"), "counter", "p2", "2"),
    ]
    form.steps = [
        b.StepRow(
            "potion", b.Words("Potion", "Potion"), b.Words("Une potion, deux doses.", "One potion, two doses."), options=options
        )
    ]
    form.time = b.TimeForm(
        "calendar", b.Words("Semaine", "Week"), b.Words("Lundi, Mardi, Mercredi", "Monday, Tuesday, Wednesday")
    )
    form.fight.double_kills = True


def _builder(services: Services, tab: str = "creation", scroll: int = 0) -> BookBuilderScene:
    scene = BookBuilderScene(services)
    misty_vale(scene.form)
    scene.reshape()
    scene.show_preview(tab)
    scene.controls.pane.scroll_to(scroll)
    return scene


@showcase("book-builder")
def _showcase_builder(services: Services) -> list[Scene]:
    return [_builder(services)]


@showcase("book-builder-sheet")
def _showcase_builder_sheet(services: Services) -> list[Scene]:
    """Further down the form (the potions, a creation choice), the preview on the hero's sheet."""
    return [_builder(services, "sheet", 900)]


@showcase("book-builder-problems")
def _showcase_builder_problems(services: Services) -> list[Scene]:
    scene = _builder(services)
    scene.form.scores[0].roll = "beaucoup"
    scene.form.scores[1].name = b.Words()
    scene.form.counters[0].start = "dix"
    scene.reshape()  # the fields made again from the form: they show what the problems name
    return [scene]


@showcase("book-builder-read-only")
def _showcase_builder_read_only(services: Services) -> list[Scene]:
    """A book written by hand with spells: shown, every field off, and why."""
    return [BookBuilderScene(services, "FF2")]
