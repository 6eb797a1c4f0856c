"""Screen samples of the classic books (issue 12): creation, sheet and a fight for each.

Each sample plays the book's own data through the rules: the hero is rolled on
seeded dice, every creation step is chosen (the first options, as many as the
step asks), and a fight uses the book's first combat profile when it has one.
So ``--screenshots`` shows what a player of that book sees, whatever it holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from game.app.adventure import Adventure
from game.app.navigator import Screen
from game.app.sample_hero import chosen_hero
from game.app.scene import Scene, SceneStack
from game.app.services import Services
from game.app.showcase import showcase
from game.books.ff_sheet import ItemList
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.context import list_limit
from game.rules.session import Session

if TYPE_CHECKING:
    from game.scenes.creation.scene import CreationScene
    from game.scenes.sheet.scene import SheetScene

BOOKS = ("FF1", "FF2", "FF10", "FF24", "FF13", "FF4", "FF5", "FF6", "FF8", "FF12", "FF16", "FF17", "FF22", "FF36", "LW1", "LW2")
RANDOM_NUMBER_BOOKS = ("LW1",)  # books whose dice are random numbers: the Random Number Table, a fight on the table
LIST_BOOKS = ("LW1",)  # books whose sheet declares item lists: the backpack panel shows one of them


def chosen_session(services: Services, book_id: str, seed: int = 3) -> Session:
    """A hero of ``book_id`` rolled on seeded dice, with every creation step chosen."""
    book = services.shelf.books[book_id]
    assert isinstance(book, FightingFantasyBook)  # a hero is created only in a Fighting Fantasy book
    return chosen_hero(book, services.language, "Tarkan", seed)


def _creation_on_a_stack(services: Services, book_id: str) -> tuple[CreationScene, SceneStack]:
    """The book's creation screen, alone on a stack."""
    scene = cast("CreationScene", services.navigator.build(Screen.CREATION, services.shelf.books[book_id]))
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    return scene, stack


def creation_sample(services: Services, book_id: str) -> list[Scene]:
    """The creation screen after a roll, with the book's first step open when it has one."""
    scene, stack = _creation_on_a_stack(services, book_id)
    scene.roll()
    stack.apply_pending()
    while stack.top is not scene:  # the dice overlay: the sample shows the page under it
        stack.pop(stack.top)
        stack.apply_pending()
    if scene.book.creation:
        scene.choose(scene.book.creation[0])
        stack.apply_pending()
    return list(stack.scenes)


def sheet_sample(services: Services, book_id: str, tab: str = "tools") -> list[Scene]:
    """The sheet of a freshly created hero of the book, on its Tools tab."""
    adventure = Adventure.start(chosen_session(services, book_id), services.saves)
    scene = cast("SheetScene", services.navigator.build(Screen.SHEET, adventure))
    scene.show_tab(tab)
    return [scene]


def lists_sheet_sample(services: Services, book_id: str) -> list[Scene]:
    """The sheet showing the book's list with a limit and the most room (the Backpack beside its Meals), two items
    written in it and the first one chosen."""
    book = services.shelf.books[book_id]
    assert isinstance(book, FightingFantasyBook)  # item lists are a Fighting Fantasy sheet's
    adventure = Adventure.start(chosen_session(services, book_id), services.saves)
    state = adventure.session.state

    def room(item_list: ItemList) -> int:
        limit = list_limit(book, item_list.id, state)
        return -1 if limit is None else limit - len(state.lists.get(item_list.id, []))

    shown = max(book.lists, key=room)
    for text in ("Corde", "Lanterne"):
        adventure.act(a.AddItem(do="add_item", text=text, list=shown.id))
    scene = cast("SheetScene", services.navigator.build(Screen.SHEET, adventure))
    while scene.item_list != shown.id:
        scene.turn_list(1)
    scene.controls.backpack.equipment.select(0)
    return [scene]


def fight_sample(services: Services, book_id: str) -> list[Scene]:
    """A fight of the book after one round, in its first combat profile when it has some (vehicles, ships)."""
    book = services.shelf.books[book_id]
    assert isinstance(book, FightingFantasyBook)  # fights are Fighting Fantasy ones
    adventure = Adventure.start(chosen_session(services, book_id), services.saves)
    profile = next(iter(book.combat_profiles), None)
    name = "Orc" if profile is None else "Interceptor"
    start = a.StartFight(do="fight", enemies=[a.EnemySpec(name=name, skill=8, stamina=10)], profile=profile)
    if isinstance(adventure.act(start), Refused):  # the profile's conditions do not hold yet (no robot boarded)
        adventure.act(a.StartFight(do="fight", enemies=[a.EnemySpec(name="Orc", skill=8, stamina=10)]))
    adventure.act(a.AttackRound(do="round"))
    return [services.navigator.build(Screen.COMBAT, adventure)]


def random_table_sample(services: Services, book_id: str) -> list[Scene]:
    """Creation with the Random Number Table open for the book's scores, one number already pointed at."""
    scene, stack = _creation_on_a_stack(services, book_id)
    scene.point_at_table()
    stack.apply_pending()
    table = stack.top
    point = getattr(table, "point", None)
    if point is not None:
        point(23)
    return list(stack.scenes)


def even_fight_sample(services: Services, book_id: str) -> list[Scene]:
    """A fight in progress after one round against a creature as skilled as the hero (a table's middle column)."""
    adventure = Adventure.start(chosen_session(services, book_id), services.saves)
    hero = adventure.session.state.hero
    assert hero is not None  # chosen_session rolled one
    enemy = a.EnemySpec(name="Gourgaz", skill=hero.scores["skill"], stamina=30)
    adventure.act(a.StartFight(do="fight", enemies=[enemy], escape=True, escape_after=2))
    adventure.act(a.AttackRound(do="round"))
    return [services.navigator.build(Screen.COMBAT, adventure)]


def _register(book_id: str) -> None:
    showcase(f"book-{book_id}-creation")(lambda services: creation_sample(services, book_id))
    showcase(f"book-{book_id}-sheet")(lambda services: sheet_sample(services, book_id))
    showcase(f"book-{book_id}-fight")(lambda services: fight_sample(services, book_id))


for _book_id in BOOKS:
    _register(_book_id)


def _register_random_numbers(book_id: str) -> None:
    showcase(f"book-{book_id}-random-table")(lambda services: random_table_sample(services, book_id))
    showcase(f"book-{book_id}-fight-even")(lambda services: even_fight_sample(services, book_id))


for _book_id in RANDOM_NUMBER_BOOKS:
    _register_random_numbers(_book_id)


def _register_lists(book_id: str) -> None:
    showcase(f"book-{book_id}-sheet-lists")(lambda services: lists_sheet_sample(services, book_id))


for _book_id in LIST_BOOKS:
    _register_lists(_book_id)
