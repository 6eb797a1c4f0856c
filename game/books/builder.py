"""The book builder's form model: what the player typed, as a book file of the current format, and back.

Headless and typed (the screen is game/scenes/book_builder). A :class:`BookForm`
holds the common case of a book without any JSON: the title, a series and its
number (or none: "Mon livre"), the scores, counters (provisions and their meal,
gold, anything else), potions and their kinds, the starting equipment, a
calendar or a count of days, creation choices and the fight's rules.

- :func:`book_data` makes the JSON of a book from a form (the same format as a
  hand-written file) with the builder's own problems (a formula it cannot read)
  and where each part of the JSON came from in the form, so that the
  validator's errors (game.books.loader) are said at the field that caused them;
- :func:`form_of` reads a valid book back into a form, and :func:`not_shown`
  names the parts of a book the form cannot show: a book is editable exactly
  when its form makes the same book again (a hand-written file with spells or
  triggers opens read-only).

Rows keep a ``key``, stable while the form is open, that references use (a
potion restores the score of key ``k``); a row read from a file keeps its
``id`` (its saves name it), a new row's id is made from its name when the JSON
is made.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from game.books import BOOK_ID
from game.safe_file import is_windows_device_name

if TYPE_CHECKING:
    from game.books.fighting_fantasy import FightingFantasyBook

ThresholdKind = Literal["none", "death_at_most", "death_at_least", "warning_at_most", "warning_at_least"]
THRESHOLD_KINDS: tuple[ThresholdKind, ...] = ("none", "death_at_most", "death_at_least", "warning_at_most", "warning_at_least")
CounterKind = Literal["provisions", "gold", "other"]
COUNTER_KINDS: tuple[CounterKind, ...] = ("provisions", "gold", "other")
GrantKind = Literal["none", "counter", "score", "item"]
GRANT_KINDS: tuple[GrantKind, ...] = ("none", "counter", "score", "item")
TimeKind = Literal["none", "calendar", "track"]
TIME_KINDS: tuple[TimeKind, ...] = ("none", "calendar", "track")
CORE_SCORES = ("skill", "stamina", "luck")  # the scores the rules know by their id (fights, tests, death)
Role = Literal["skill", "stamina", "luck", "other"]
ROLES: tuple[Role, ...] = ("skill", "stamina", "luck", "other")
"""What a score is to the rules: in the book language a score's id says it (``skill`` is the one fights add,
``stamina`` the one wounds take, ``luck`` the one Tested), whatever its name; any other score is the book's own."""
NEW_BOOK_ID = "MON-LIVRE"
MAX_ID = 40  # a score's, counter's or option's id (game.books.common.Identifier)
RESERVED = frozenset(
    {"initial", "counters", "flags", "tracks", "items", "choices", "crew", "calendar", "paragraph", "section", "fight",
     "enemy", "roll", "attack", "wound", "protection", "true", "false", "null", "in", "min", "max", "abs", "clamp"}
)  # fmt: skip


def clean(text: str) -> str:
    """``text`` as a file can hold it: a broken surrogate (a bad paste) becomes "?" instead of failing the write."""
    return text.encode("utf-8", "replace").decode("utf-8")


@dataclass
class Words:
    """A text in French and English, as typed (an empty one takes the other language's words)."""

    fr: str = ""
    en: str = ""

    def json(self) -> dict[str, str]:
        """``{"fr", "en"}``: stripped, each language falling back on the other when left empty."""
        fr, en = clean(self.fr.strip()), clean(self.en.strip())
        return {"fr": fr or en, "en": en or fr}

    @property
    def empty(self) -> bool:
        return not (self.fr.strip() or self.en.strip())

    def get(self, language: str) -> str:
        """The text in ``language``, else the other one."""
        fr, en = self.fr.strip(), self.en.strip()
        return (en or fr) if language == "en" else (fr or en)


@dataclass
class ScoreRow:
    """A score: its names, its dice (``2d6+12``) or fixed value (``7``), whether it is capped at its initial value,
    testable, where its current value starts, a death or warning threshold (``0``, ``initial``, ``initial-2``)."""

    key: str
    name: Words = field(default_factory=Words)
    roll: str = "1d6+6"
    capped: bool = True
    testable: bool = False
    about: Words = field(default_factory=Words)
    start: str = ""
    threshold: ThresholdKind = "none"
    limit: str = "0"
    id: str | None = None
    test_dice: int = 2
    test_cost: int = 0
    threshold_words: dict[str, str] | None = None  # a file's own words for the threshold (kept as they are)
    role: Role = "other"  # what the rules know it as (its id then is the role's), never guessed from its name


@dataclass
class CounterRow:
    """A counter: provisions (with the STAMINA a meal restores), gold or anything else."""

    key: str
    kind: CounterKind = "other"
    name: Words = field(default_factory=Words)
    start: str = "0"
    maximum: str = ""
    meal: str = "4"  # provisions only: STAMINA one meal restores
    id: str | None = None


@dataclass
class PotionRow:
    """A kind of potion: its name, the score it restores (a score row's key), how much it raises that score's initial
    value first, and its doses (at the start, at most)."""

    key: str
    name: Words = field(default_factory=Words)
    restores: str = ""
    raise_initial: str = "0"
    doses: str = "0"
    maximum: str = ""
    id: str | None = None
    counter_id: str | None = None  # its doses' counter, read from a file (kept: its saves name it)


@dataclass
class OptionRow:
    """An option of a creation choice and what picking it gives: nothing, points of a counter or a potion's doses
    (``target``: its row's key), points on a score's initial value, or itself as an item."""

    key: str
    name: Words = field(default_factory=Words)
    grant: GrantKind = "none"
    target: str = ""
    amount: str = "1"
    id: str | None = None


@dataclass
class StepRow:
    """A creation choice: pick ``count`` options (a number, or as many as a score's initial value: ``count_score``
    is that score row's key), exactly or at most, the same one several times or not."""

    key: str
    name: Words = field(default_factory=Words)
    help: Words = field(default_factory=Words)
    count: str = "1"
    count_score: str | None = None
    at_most: bool = False
    repeats: bool = False
    options: list[OptionRow] = field(default_factory=list)
    id: str | None = None


@dataclass
class TimeForm:
    """A calendar of named days (``days``: the names, separated by commas) or a count of days, or nothing."""

    kind: TimeKind = "none"
    name: Words = field(default_factory=Words)
    days: Words = field(default_factory=Words)
    unit: Words = field(default_factory=lambda: Words("jours", "days"))
    maximum: str = ""
    id: str = "days"


@dataclass
class FightForm:
    """The hero's own fights: Luck on wounds or not, the damage each way (a number or dice), a killing double."""

    luck_allowed: bool = True
    hit_damage: str = "2"
    wound_damage: str = "2"
    double_kills: bool = False


@dataclass
class BookForm:
    """Everything the builder shows of a book."""

    title: Words = field(default_factory=Words)
    series: Words = field(default_factory=Words)
    short: Words = field(default_factory=Words)
    number: str = ""
    blurb: Words = field(default_factory=Words)
    notes: Words = field(default_factory=Words)
    sections: str = ""
    scores: list[ScoreRow] = field(default_factory=list)
    counters: list[CounterRow] = field(default_factory=list)
    potions: list[PotionRow] = field(default_factory=list)
    equipment: list[Words] = field(default_factory=list)
    time: TimeForm = field(default_factory=TimeForm)
    steps: list[StepRow] = field(default_factory=list)
    fight: FightForm = field(default_factory=FightForm)
    id: str | None = None  # fixed once the book is saved (its file's name); None: made from the title
    schema: str | None = None  # a file's "$schema", kept

    def new_key(self, prefix: str) -> str:
        """A row key no row of the form has yet."""
        taken = set(self.keys())
        number = 1
        while f"{prefix}{number}" in taken:
            number += 1
        return f"{prefix}{number}"

    def keys(self) -> Iterable[str]:
        for rows in (self.scores, self.counters, self.potions, self.steps):
            yield from (row.key for row in rows)
        for step in self.steps:
            yield from (option.key for option in step.options)


Place = tuple[str | int, ...]
"""Where in the form: ``("scores", 2, "roll")``, ``("steps", 0, "options", 1)``, ``("title",)``."""


@dataclass(frozen=True)
class Problem:
    """Something the builder itself cannot turn into a book (a formula it cannot read): where, and the catalogue's
    ``builder.<key>`` with its parameters."""

    place: Place
    key: str
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Built:
    """The JSON of a book made from a form, the builder's problems, and which place of the form each part of the
    JSON came from (a JSON path prefix such as ``$.stats[2]`` → ``("scores", 2)``)."""

    data: dict[str, Any]
    problems: list[Problem]
    places: dict[str, Place]

    def place_of(self, path: str) -> Place | None:
        """The place of the form a JSON path (``$.stats[2].roll.dice``) falls in: the longest known prefix."""
        best: tuple[int, Place] | None = None
        for prefix, place in self.places.items():
            if (path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")) and (
                best is None or len(prefix) > best[0]
            ):
                best = (len(prefix), place)
        return best[1] if best is not None else None


# -- how many rows a book holds ----------------------------------------------------------------------------------


def _most(model: Any, field_name: str) -> int:
    """The format's limit on a list (its ``max_length``), read from the model so the two never differ."""
    found = [m.max_length for m in model.model_fields[field_name].metadata if hasattr(m, "max_length")]
    return int(found[0]) if found else 10**6


def room_left(form: BookForm, section: str, step: int = 0) -> tuple[int, int]:
    """How many rows ``section`` ("score", "counter", "potion", "item", "step", "option" of ``step``) has and may
    have: the book format's limits (24 scores; counters and potions share the 40 counters, each potion's doses
    being one)."""
    from game.books import fighting_fantasy as ff
    from game.books.ff_mechanics import ChoiceStep

    if section == "score":
        return len(form.scores), _most(ff.FightingFantasyBook, "stats")
    if section in ("counter", "potion"):
        return len(form.counters) + len(form.potions), _most(ff.FightingFantasyBook, "counters")
    if section == "item":
        return len(form.equipment), _most(ff.FightingFantasyBook, "equipment")
    if section == "step":
        return len(form.steps), _most(ff.FightingFantasyBook, "creation")
    options = form.steps[step].options if 0 <= step < len(form.steps) else []
    return len(options), _most(ChoiceStep, "options")


# -- a new book ---------------------------------------------------------------------------------------------------


def new_form() -> BookForm:
    """A new book: SKILL, STAMINA (death at 0) and LUCK as in every Fighting Fantasy book, ten provisions
    that restore 4 STAMINA, a sword and a backpack; the player changes what their book does otherwise."""
    return BookForm(
        title=Words("Mon livre", "My book"),
        scores=[
            ScoreRow("skill", Words("HABILETÉ", "SKILL"), "1d6+6", testable=True, role="skill"),
            ScoreRow("stamina", Words("ENDURANCE", "STAMINA"), "2d6+12", threshold="death_at_most", limit="0", role="stamina"),
            ScoreRow("luck", Words("CHANCE", "LUCK"), "1d6+6", testable=True, role="luck"),
        ],
        counters=[CounterRow("provisions", "provisions", Words("Provisions", "Provisions"), "10")],
        equipment=[Words("Épée", "Sword"), Words("Sac à dos", "Backpack")],
    )


def book_id_for(title: str, taken: Iterable[str] = ()) -> str:
    """A book id (its file's name) from a title: letters and digits joined by ``-``, in capitals, at most 32, never
    a Windows device name, never one of ``taken`` (``-2``, ``-3``… added); ``MON-LIVRE`` for a title with none."""
    words = re.findall(r"[A-Za-z0-9]+", _ascii(title))
    base = "-".join(words).upper()[:32].strip("-") or NEW_BOOK_ID
    if is_windows_device_name(base):
        base = f"{base}-LIVRE"
    used = {t.upper() for t in taken}
    found, number = base, 1
    while found.upper() in used:
        number += 1
        suffix = f"-{number}"
        found = base[: 32 - len(suffix)] + suffix
    assert re.match(BOOK_ID, found)
    return found


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _slug(text: str, fallback: str) -> str:
    """A snake_case id from a name (``Potion de Force`` → ``potion_de_force``), or ``fallback``."""
    slug = re.sub(r"[^a-z0-9]+", "_", _ascii(text).lower()).strip("_")[:MAX_ID].strip("_")
    if not slug:
        return fallback
    if not slug[0].isalpha():
        slug = f"n_{slug}"[:MAX_ID]
    return f"{slug}_x"[:MAX_ID] if slug in RESERVED else slug


class _Ids:
    """Ids given out in one list: a row read from a file keeps its own, a new one is made from its name."""

    def __init__(self, fixed: Iterable[str | None] = ()) -> None:
        self.used = {each for each in fixed if each}

    def give(self, fixed: str | None, name: Words, fallback: str) -> str:
        if fixed:
            return fixed
        base = _slug(name.en or name.fr, fallback)
        found, number = base, 1
        while found in self.used:
            number += 1
            found = f"{base[: MAX_ID - len(str(number)) - 1]}_{number}"
        self.used.add(found)
        return found


# -- typed text → numbers -------------------------------------------------------------------------------------------

DICE = re.compile(r"^\s*(\d{0,2})\s*[dD]\s*(\d{1,3})\s*(?:([+\-−])\s*(\d{1,3}))?\s*$")
WHOLE = re.compile(r"^\s*[-−]?\s*\d{1,9}\s*$")
INITIAL = re.compile(r"^\s*(?:initial|initiale|init)\s*(?:([+\-−])\s*(\d{1,2}))?\s*$", re.IGNORECASE)


def whole(text: str) -> int | None:
    """The whole number typed (``−3`` with a typographic minus too), or None."""
    if not WHOLE.match(text):
        return None
    return int(text.replace("−", "-").replace(" ", ""))


def _dice(text: str) -> tuple[int, int, int] | None:
    """``2d6+12`` → (2, 6, 12), ``d6`` → (1, 6, 0), ``1D10 − 1`` → (1, 10, -1), else None."""
    found = DICE.match(text)
    if found is None:
        return None
    dice, sides, sign, plus = found.groups()
    bonus = int(plus) if plus else 0
    return int(dice or 1), int(sides), -bonus if sign in ("-", "−") else bonus


def parse_roll(text: str) -> dict[str, int] | int | None:
    """``2d6+12`` → ``{"dice": 2, "plus": 12}``, ``d6`` → one die, ``7`` → 7 (a fixed score), else None."""
    number = whole(text)
    if number is not None:
        return number
    found = _dice(text)
    if found is None:
        return None
    dice, sides, plus = found
    roll = {"dice": dice}
    if sides != 6:
        roll["sides"] = sides
    if plus:
        roll["plus"] = plus
    return roll


def roll_text(roll: Mapping[str, Any]) -> str:
    """``{"dice": 2, "plus": 12}`` → ``2d6+12`` (what the builder shows of a formula)."""
    text = f"{roll['dice']}d{roll.get('sides', 6)}"
    plus = roll.get("plus", 0)
    return text + (f"+{plus}" if plus > 0 else f"{plus}" if plus < 0 else "")


def amount(text: str) -> int | str | None:
    """A damage typed: a whole number, or dice (``1d6``, ``2d6+1``) as the book language writes them; else None."""
    found = parse_roll(text)
    return roll_text(found) if isinstance(found, dict) else found


def parse_limit(text: str) -> tuple[int | Literal["initial"], int] | None:
    """A threshold's value: ``0`` → (0, 0); ``initial`` → ("initial", 0); ``initial-2`` → ("initial", -2); else None."""
    number = whole(text)
    if number is not None:
        return number, 0
    found = INITIAL.match(text)
    if found is None:
        return None
    sign, offset = found.groups()
    return "initial", (-int(offset) if sign in ("-", "−") else int(offset)) if offset else 0


def limit_text(bound: int | str, offset: int) -> str:
    if bound != "initial":
        return str(bound)
    return "initial" + (f"+{offset}" if offset > 0 else f"{offset}" if offset < 0 else "")


# -- form → JSON ---------------------------------------------------------------------------------------------------


class _Maker:
    """Makes the JSON of one form, collecting the builder's problems and the places of the JSON's parts."""

    def __init__(self, form: BookForm, taken: Iterable[str]) -> None:
        self.form = form
        self.taken = list(taken)
        self.problems: list[Problem] = []
        self.places: dict[str, Place] = {}
        self.score_ids: dict[str, str] = {}  # row key → id
        self.counter_ids: dict[str, str] = {}  # counter or potion row key → its counter's id

    def problem(self, place: Place, key: str, **params: str) -> None:
        self.problems.append(Problem(place, key, params))

    def number(self, text: str, place: Place, *, default: int | None = None) -> int | str | None:
        """A whole number typed, ``default`` for an empty field; text that is not one goes into the JSON as it is
        (the validator then says "must be a whole number" at its place)."""
        if not text.strip():
            return default
        found = whole(text)
        return found if found is not None else clean(text.strip())

    def make(self) -> dict[str, Any]:
        form = self.form
        data: dict[str, Any] = {}
        if form.schema is not None:
            data["$schema"] = form.schema
        data.update(format=2, kind="fighting_fantasy", id=form.id or book_id_for(form.title.fr or form.title.en, self.taken))
        self.places.update({"$.id": ("title",), "$.title": ("title",), "$": ("title",)})
        data["title"] = form.title.json()
        self._series(data)
        if not form.blurb.empty:
            data["blurb"] = form.blurb.json()
            self.places["$.blurb"] = ("blurb",)
        if not form.notes.empty:
            data["notes"] = form.notes.json()
            self.places["$.notes"] = ("notes",)
        if form.sections.strip():
            data["section_count"] = self.number(form.sections, ("sections",))
            self.places["$.section_count"] = ("sections",)
        data["stats"], thresholds, tests = self._scores()
        data.update(tests)
        data["thresholds"] = thresholds
        counters, meal = self._counters()
        potions = self._potions(counters)
        data["counters"] = counters
        if meal is not None:
            data["meal"] = meal
        if potions is not None:
            data["potions"] = potions
        data["equipment"] = [words.json() for words in form.equipment if not words.empty]
        self.places["$.equipment"] = ("equipment",)
        for index in range(len(data["equipment"])):
            self.places[f"$.equipment[{index}]"] = ("equipment", index)
        self._time(data)
        data["creation"] = self._steps()
        data["combat"] = self._fight()
        return data

    def _series(self, data: dict[str, Any]) -> None:
        form = self.form
        self.places.update({"$.series": ("series",), "$.series_number": ("number",)})
        if not form.series.empty:
            short = form.short if not form.short.empty else Words(_initials(form.series.fr), _initials(form.series.en))
            data["series"] = {"name": form.series.json(), "short": short.json()}
        if form.number.strip():  # without a series of its own, the shelf shows the book as "Mon livre" all the same
            data["series_number"] = self.number(form.number, ("number",))

    def _scores(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        ids = _Ids([*CORE_SCORES, *(row.id for row in self.form.scores if row.role == "other")])
        stats: list[dict[str, Any]] = []
        thresholds: list[dict[str, Any]] = []
        tests: dict[str, Any] = {}
        roles: set[str] = set()
        for index, row in enumerate(self.form.scores):
            if row.role != "other" and row.role in roles:
                self.problem(("scores", index, "role"), "role_twice")
            roles.add(row.role)
            own_id = row.id if row.id not in CORE_SCORES else None  # a score no longer the rules' gets an id of its own
            stat_id = row.role if row.role != "other" else ids.give(own_id, row.name, f"score_{index + 1}")
            self.score_ids[row.key] = stat_id
            self.places[f"$.stats[{index}]"] = ("scores", index)
            stat: dict[str, Any] = {"id": stat_id, "name": row.name.json()}
            if not row.about.empty:
                stat["about"] = row.about.json()
            roll = parse_roll(row.roll)
            if roll is None:
                self.problem(("scores", index, "roll"), "bad_roll", text=row.roll.strip())
                roll = 0
            stat["fixed" if isinstance(roll, int) else "roll"] = roll
            if row.start.strip():
                stat["start"] = self.number(row.start, ("scores", index, "start"))
            if not row.capped:
                stat["capped_at_initial"] = False
            test = {"dice": row.test_dice} | ({"cost": row.test_cost} if row.test_cost else {})
            if stat_id == "skill" and not row.testable:
                tests["skill_test"] = None
            elif stat_id not in CORE_SCORES and row.testable:
                stat["test"] = test
            stats.append(stat)
            threshold = self._threshold(row, stat_id, index)
            if threshold is not None:
                self.places[f"$.thresholds[{len(thresholds)}]"] = ("scores", index, "limit")
                thresholds.append(threshold)
        return stats, thresholds, tests

    def _threshold(self, row: ScoreRow, stat_id: str, index: int) -> dict[str, Any] | None:
        if row.threshold == "none":
            return None
        limit = parse_limit(row.limit)
        if limit is None:
            self.problem(("scores", index, "limit"), "bad_limit", text=row.limit.strip())
            limit = (0, 0)
        bound, offset = limit
        consequence, side = row.threshold.split("_", 1)
        found: dict[str, Any] = {"stat": stat_id, side: bound}
        if offset:
            found["offset"] = offset
        found["consequence"] = consequence
        found["message"] = row.threshold_words or threshold_words(row.name, consequence, bound, offset)
        return found

    def _counters(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        rows = self.form.counters
        ids = _Ids([row.id for row in rows] + [row.counter_id for row in self.form.potions])
        counters, meal = [], None
        for index, row in enumerate(rows):
            fallback = row.kind if row.kind != "other" else f"counter_{index + 1}"
            counter_id = ids.give(row.id, Words(en=row.kind) if row.kind != "other" else row.name, fallback)
            self.counter_ids[row.key] = counter_id
            self.places[f"$.counters[{index}]"] = ("counters", index)
            counter: dict[str, Any] = {"id": counter_id, "name": row.name.json()}
            counter["start"] = self.number(row.start, ("counters", index, "start"), default=0)
            if row.maximum.strip():
                counter["maximum"] = self.number(row.maximum, ("counters", index, "maximum"))
            if row.kind != "other":
                counter["icon"] = row.kind
            counters.append(counter)
            if row.kind == "provisions":
                if meal is not None:
                    self.problem(("counters", index), "one_meal")
                    continue
                meal = {"counter": counter_id, "stamina": self.number(row.meal, ("counters", index, "meal"), default=4)}
                self.places["$.meal"] = ("counters", index, "meal")
        self._ids = ids
        return counters, meal

    def _potions(self, counters: list[dict[str, Any]]) -> dict[str, Any] | None:
        if not self.form.potions:
            return None
        kinds: dict[str, Any] = {}
        kind_ids = _Ids(row.id for row in self.form.potions)
        for index, row in enumerate(self.form.potions):
            kind_id = kind_ids.give(row.id, row.name, f"potion_{index + 1}")
            counter_id = self._ids.give(row.counter_id, Words(en=f"potion_{kind_id}"), f"potion_{index + 1}")
            self.counter_ids[row.key] = counter_id
            self.places[f"$.counters[{len(counters)}]"] = ("potions", index)
            self.places[f"$.potions.kinds.{kind_id}"] = ("potions", index)
            counter: dict[str, Any] = {"id": counter_id, "name": row.name.json()}
            counter["start"] = self.number(row.doses, ("potions", index, "doses"), default=0)
            if row.maximum.strip():
                counter["maximum"] = self.number(row.maximum, ("potions", index, "maximum"))
            counter["icon"] = "potion"
            counters.append(counter)
            restores = self.score_ids.get(row.restores)
            if restores is None:
                self.problem(("potions", index, "restores"), "potion_restores_nothing")
                restores = next(iter(self.score_ids.values()), "stamina")
            kind: dict[str, Any] = {"restores": restores}
            raised = self.number(row.raise_initial, ("potions", index, "raise_initial"), default=0)
            if raised:
                kind["raise_initial"] = raised
            kind.update(name=row.name.json(), counter=counter_id)
            kinds[kind_id] = kind
        self.places["$.potions"] = ("potions",)
        return {"kinds": kinds}

    def _time(self, data: dict[str, Any]) -> None:
        time = self.form.time
        if time.kind == "calendar":
            fr, en = _days(time.days.fr), _days(time.days.en)
            if not fr and not en:
                self.problem(("time", "days"), "no_days")
            elif fr and en and len(fr) != len(en):
                self.problem(("time", "days"), "days_differ", fr=str(len(fr)), en=str(len(en)))
            days = [Words(f, e).json() for f, e in zip(fr or en, en or fr)]
            data["calendar"] = {"name": time.name.json(), "days": days}
            self.places["$.calendar"] = ("time",)
        elif time.kind == "track":
            track: dict[str, Any] = {"id": time.id, "name": time.name.json(), "unit": time.unit.json()}
            if time.maximum.strip():
                track["maximum"] = self.number(time.maximum, ("time", "maximum"))
            data["tracks"] = [track]
            self.places["$.tracks"] = ("time",)

    def _steps(self) -> list[dict[str, Any]]:
        ids = _Ids(row.id for row in self.form.steps)
        steps = []
        for index, row in enumerate(self.form.steps):
            self.places[f"$.creation[{index}]"] = ("steps", index)
            step: dict[str, Any] = {"id": ids.give(row.id, row.name, f"choice_{index + 1}"), "name": row.name.json()}
            if not row.help.empty:
                step["help"] = row.help.json()
            option_ids = _Ids(option.id for option in row.options)
            options = []
            for number, option in enumerate(row.options):
                self.places[f"$.creation[{index}].options[{number}]"] = ("steps", index, "options", number)
                made: dict[str, Any] = {"id": option_ids.give(option.id, option.name, f"option_{number + 1}")}
                made["name"] = option.name.json()
                grant = self._grant(option, ("steps", index, "options", number))
                if grant is not None:
                    made["grants"] = [grant]
                options.append(made)
            step["options"] = options
            if row.count_score is not None:
                step["count"] = self.score_ids.get(row.count_score, row.count_score)
            else:
                step["count"] = self.number(row.count, ("steps", index, "count"), default=1)
            if row.at_most:
                step["exact"] = False
            if row.repeats:
                step["repeats"] = True
            steps.append(step)
        return steps

    def _grant(self, option: OptionRow, place: Place) -> dict[str, Any] | None:
        if option.grant == "none":
            return None
        if option.grant == "item":
            return {"effect": "item", "item": option.name.json()}
        by = self.number(option.amount, (*place, "amount"), default=1)
        ids = self.counter_ids if option.grant == "counter" else self.score_ids
        target = ids.get(option.target)
        if target is None:
            self.problem((*place, "target"), "grant_targets_nothing")
            return None
        if option.grant == "counter":
            return {"effect": "add", "to": f"counters.{target}", "by": by}
        return {"effect": "raise_initial", "to": target, "by": by}

    def _fight(self) -> dict[str, Any]:
        fight = self.form.fight
        self.places["$.combat"] = ("fight",)
        combat: dict[str, Any] = {}
        for key, text in (("hit_damage", fight.hit_damage), ("wound_damage", fight.wound_damage)):
            found = amount(text) if text.strip() else 2
            if found is None:
                self.problem(("fight", key), "bad_damage", text=text.strip())
                found = 2
            if found != 2:
                combat[key] = found
        if not fight.luck_allowed:
            combat["luck_allowed"] = False
        if fight.double_kills:
            combat["double_kills"] = True
        return combat


def _initials(name: str) -> str:
    """``Défis Fantastiques`` → ``DF``: a series' prefix when none is typed."""
    return "".join(word[0] for word in name.split() if word[:1].isalnum())[:6].upper() or name.strip()[:6]


def _days(text: str) -> list[str]:
    return [day.strip() for day in text.split(",") if day.strip()]


def threshold_words(name: Words, consequence: str, bound: int | str, offset: int) -> dict[str, str]:
    """What the death page or the sheet says of a threshold the builder made ("Votre PEUR a atteint son maximum.")."""
    fr, en = name.get("fr"), name.get("en")
    if bound == "initial":
        limit_fr = "son maximum" + (f" {offset:+d}" if offset else "")
        limit_en = "its maximum" + (f" {offset:+d}" if offset else "")
    else:
        limit_fr = limit_en = str(bound)
    if consequence == "death":
        return {"fr": f"{fr} à {limit_fr} : vous êtes mort.", "en": f"{en} at {limit_en}: you are dead."}
    return {"fr": f"{fr} à {limit_fr} : prenez garde.", "en": f"{en} at {limit_en}: beware."}


def book_data(form: BookForm, taken: Iterable[str] = ()) -> Built:
    """The JSON of the book ``form`` says (``taken``: ids a new book's id must not take), with the builder's own
    problems and the places of its parts; the loader validates it like any file."""
    maker = _Maker(form, taken)
    data = maker.make()
    return Built(data, maker.problems, maker.places)


# -- JSON → form ----------------------------------------------------------------------------------------------------


def form_of(book: FightingFantasyBook) -> BookForm:
    """The form of a (validated) book: what the builder can show of it (:func:`not_shown` says what it cannot)."""
    form = BookForm(id=book.id, schema=book.schema_, title=_words(book.title), sections=_text(book.section_count))
    if book.series.model_dump() != _default_series():
        form.series, form.short = _words(book.series.name), _words(book.series.short)
    form.number = _text(book.series_number)
    form.blurb = _words(book.blurb) if book.blurb is not None else Words()
    form.notes = _words(book.notes) if book.notes is not None else Words()
    form.scores = [_score_row(book, stat) for stat in book.stats]
    potion_counters = {kind.counter for kind in book.potions.kinds.values()} if book.potions is not None else set()
    form.counters = [_counter_row(book, counter) for counter in book.counters if counter.id not in potion_counters]
    if book.potions is not None:
        form.potions = [_potion_row(book, kind_id, kind) for kind_id, kind in book.potions.kinds.items()]
    form.equipment = [_words(item) for item in book.equipment]
    form.time = _time_of(book)
    form.steps = [_step_row(book, step) for step in book.creation]
    combat = book.combat
    form.fight = FightForm(combat.luck_allowed, str(combat.hit_damage), str(combat.wound_damage), combat.double_kills)
    return form


def _default_series() -> dict[str, Any]:
    from game.books.fighting_fantasy import DEFAULT_SERIES

    return DEFAULT_SERIES.model_dump()


def _words(text: Any) -> Words:
    return Words(text.fr, text.en)


def _text(value: int | str | None) -> str:
    return "" if value is None else str(value)


def _score_row(book: FightingFantasyBook, stat: Any) -> ScoreRow:
    roll = roll_text(stat.roll.model_dump(exclude_defaults=True) | {"dice": stat.roll.dice}) if stat.roll else ""
    tested = book.test_rules(stat.id)
    row = ScoreRow(
        key=stat.id,
        name=_words(stat.name),
        roll=roll if stat.roll is not None else _text(stat.fixed),
        capped=stat.capped_at_initial,
        testable=tested is not None,
        about=_words(stat.about) if stat.about is not None else Words(),
        start=_text(stat.start),
        id=stat.id,
        role=stat.id if stat.id in CORE_SCORES else "other",
    )
    if stat.test is not None:
        row.test_dice, row.test_cost = stat.test.dice, stat.test.cost
    threshold = next((t for t in book.thresholds if t.stat == stat.id), None)
    if threshold is not None:
        side = "at_most" if threshold.at_most is not None else "at_least"
        bound = threshold.at_most if threshold.at_most is not None else threshold.at_least
        assert bound is not None
        row.threshold = f"{threshold.consequence}_{side}"  # type: ignore[assignment]  # one of THRESHOLD_KINDS
        row.limit = limit_text(bound, threshold.offset)
        words = threshold.message.model_dump() if threshold.message is not None else None
        if words != threshold_words(row.name, threshold.consequence, bound, threshold.offset):
            row.threshold_words = words
    return row


def _counter_row(book: FightingFantasyBook, counter: Any) -> CounterRow:
    kind: CounterKind = counter.icon if counter.icon in ("provisions", "gold") else "other"
    row = CounterRow(counter.id, kind, _words(counter.name), str(counter.start), _text(counter.maximum), id=counter.id)
    if book.meal is not None and book.meal.counter == counter.id:
        row.meal = str(book.meal.stamina)
    return row


def _potion_row(book: FightingFantasyBook, kind_id: str, kind: Any) -> PotionRow:
    row = PotionRow(kind.counter or kind_id, _words(kind.name), kind.restores, str(kind.raise_initial), id=kind_id)
    row.counter_id = kind.counter
    if kind.counter is not None and any(c.id == kind.counter for c in book.counters):
        counter = book.counter(kind.counter)
        row.doses, row.maximum = str(counter.start), _text(counter.maximum)
    return row


def _time_of(book: FightingFantasyBook) -> TimeForm:
    if book.calendar is not None:
        days = book.calendar.days
        return TimeForm(
            "calendar", _words(book.calendar.name), Words(", ".join(d.fr for d in days), ", ".join(d.en for d in days))
        )
    if book.tracks:
        track = book.tracks[0]
        return TimeForm("track", _words(track.name), unit=_words(track.unit), maximum=_text(track.maximum), id=track.id)
    return TimeForm()


def _step_row(book: FightingFantasyBook, step: Any) -> StepRow:
    counted = isinstance(step.count, str)
    row = StepRow(
        step.id,
        _words(step.name),
        _words(step.help) if step.help is not None else Words(),
        count="1" if counted else str(step.count),
        count_score=step.count if counted else None,
        at_most=not step.exact,
        repeats=step.repeats,
        id=step.id,
    )
    row.options = [_option_row(book, step.id, option) for option in step.options]
    return row


def _option_row(book: FightingFantasyBook, step_id: str, option: Any) -> OptionRow:
    row = OptionRow(f"{step_id}.{option.id}", _words(option.name), id=option.id)
    if len(option.grants) != 1:
        return row
    grant = option.grants[0]
    if grant.effect == "item":
        row.grant = "item"
    elif grant.effect == "add" and grant.to.startswith("counters."):
        counter = grant.to.removeprefix("counters.")
        row.grant, row.target, row.amount = "counter", counter, str(grant.by)
    elif grant.effect == "raise_initial":
        row.grant, row.target, row.amount = "score", grant.to, str(grant.by)
    return row


def canonical(book: FightingFantasyBook) -> dict[str, Any]:
    """A book as data with every default left out: two books are the same book when these are equal."""
    return book.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def not_shown(book: FightingFantasyBook) -> list[str]:
    """The parts of ``book`` (its top-level keys) that its form would not make again: empty when the builder can
    edit it (a book made with it, or a hand-written one as plain), else what it would lose (``spells``,
    ``triggers``…): the builder then opens it read-only."""
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.books.loader import BookError, validate_book

    try:
        again = validate_book(f"{book.id}.json", book_data(form_of(book)).data)
    except BookError:
        return sorted(canonical(book))
    if not isinstance(again, FightingFantasyBook):
        return sorted(canonical(book))
    before, after = canonical(book), canonical(again)
    return sorted(key for key in set(before) | set(after) if before.get(key) != after.get(key))
