"""Refusals in the player's language: the catalogue text of a ``Refused`` from the rules.

The rules refuse an illegal action with ``Refused(code, english_message, **params)``;
the sheet shows ``refused.<code>`` from the catalogue (``game/i18n/refused.*.json``)
filled with the params. Ids among the params become the book's localized names
(a stat id → "HABILETÉ", a counter id → "Provisions", a pace id → "Lent"…), field
names become ``refused.field.<name>`` texts, lists are joined with ", " and numbers
are written tidily (24.0 → "24", 1.5 → "1,5" in French). A code the catalogue does
not know falls back to ``refused.unknown`` with the rules' English message, so a
new refusal is never silent. Pure functions: no pygame here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from game.books.models import AnyBook
from game.i18n.catalogue import Catalogue
from game.rules.errors import Refused

UNKNOWN_KEY = "refused.unknown"
FIELD_PREFIX = "refused.field."


def refusal_key(code: str) -> str:
    """The catalogue key of a refusal code."""
    return f"refused.{code}"


def describe_refusal(catalogue: Catalogue, refused: Refused, book: AnyBook | None = None) -> str:
    """The text to show the player for ``refused``, in the catalogue's current language.

    With a ``book``, id params (``stat``, ``counter``, and for Rôle'n Play ``pace``,
    ``scale``, ``sense``, ``reasons``, ability names in ``what``) are shown as the
    book's names; an id the book does not know is shown as given.
    """
    key = refusal_key(refused.code)
    if not catalogue.has(key):
        return catalogue.t(UNKNOWN_KEY, message=refused.message)
    language = catalogue.language
    # Whole numbers stay numbers: the catalogue writes them and picks a text's plural form by them.
    params = {
        name: value if type(value) is int else _param_text(catalogue, book, language, name, value)
        for name, value in refused.params.items()
    }
    return catalogue.t(key, **params)


def _param_text(catalogue: Catalogue, book: AnyBook | None, language: str, name: str, value: Any) -> str:
    """One param as display text: localized name, joined list or tidy number."""
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return ", ".join(_param_text(catalogue, book, language, name, item) for item in items)
    if value is None:
        return "—"
    if isinstance(value, dict) and set(value) == {"fr", "en"}:
        return str(value["en" if language == "en" else "fr"])  # the book's own words (a condition's why_not)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return _number(value, language)
    if isinstance(value, int):
        return str(value)
    text = str(value)
    localize = _LOCALIZERS.get(name)
    if localize is not None:
        found = localize(catalogue, book, language, text)
        if found:
            return found
    return text


def _number(value: float, language: str) -> str:
    """24.0 → "24"; 1.5 → "1.5" ("1,5" in French)."""
    if value.is_integer():
        return str(int(value))
    text = f"{value:g}"
    return text.replace(".", ",") if language == "fr" else text


def _book_name(lookup: str) -> Callable[[Catalogue, AnyBook | None, str, str], str | None]:
    """A localizer calling ``book.<lookup>(id).name.get(language)``; None when unknown."""

    def localize(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
        finder = getattr(book, lookup, None) if book is not None else None
        if finder is None:
            return None
        try:
            name: str = finder(ident).name.get(language)
            return name
        except (KeyError, StopIteration, AttributeError, LookupError):
            return None

    return localize


def _stat(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A Fighting Fantasy stat id as the book's name (only books with ``stats``)."""
    if book is None or not hasattr(book, "stats"):
        return None
    return _book_name("stat")(catalogue, book, language, ident)


def _counter(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A Fighting Fantasy counter id as the book's name (only books with ``counters``)."""
    if book is None or not hasattr(book, "counters"):
        return None
    return _book_name("counter")(catalogue, book, language, ident)


def _reason(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A Rôle'n Play reveal reason id as the book's name."""
    hiding = getattr(book, "hiding", None)
    for reason in getattr(hiding, "reveal_reasons", None) or []:
        if reason.id == ident:
            said: str = reason.name.get(language)
            return said
    return None


def _field(catalogue: Catalogue, book: AnyBook | None, language: str, what: str) -> str | None:
    """A quantity the rules name (an ability, "extra_hours", "distance_m"…) in the current language.

    An ability (by id or English name) takes the book's name; anything else the
    ``refused.field.<slug>`` text when the catalogue has one.
    """
    abilities = getattr(getattr(book, "abilities", None), "scores", None) or []
    for ability in abilities:
        if what in (ability.id, ability.name.en):
            named: str = ability.name.get(language)
            return named
    key = FIELD_PREFIX + re.sub(r"[^a-z0-9]+", "_", what.lower()).strip("_")
    return catalogue.t(key) if catalogue.has(key) else None


def _option(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A creation option id as the book's name (the first step that has it)."""
    for step in getattr(book, "creation", None) or []:
        for option in step.options:
            if option.id == ident:
                return str(option.name.get(language))
    return None


def _crew_member(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A crew member's id as the book's name for them."""
    for member in getattr(book, "crew", None) or []:
        if member.id == ident:
            return str(member.name.get(language))
    return None


def _profile(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A combat profile id as the book's name for it."""
    rules = (getattr(book, "combat_profiles", None) or {}).get(ident)
    return None if rules is None or rules.name is None else str(rules.name.get(language))


def _moon(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """A Rôle'n Play moon phase id as the book's name."""
    for phase in getattr(getattr(book, "time", None), "moon", None) or []:
        if phase.id == ident:
            return str(phase.name.get(language))
    return None


def _action(catalogue: Catalogue, book: AnyBook | None, language: str, ident: str) -> str | None:
    """An action's ``do`` as the journal names it ("Création du héros aux dés", not "roll_hero")."""
    key = f"action.{ident}"
    text = catalogue.t(key) if catalogue.has(key) else None
    return None if text is None or "{" in text else text  # a text that needs its params: the id stays


_LOCALIZERS: dict[str, Callable[[Catalogue, AnyBook | None, str, str], str | None]] = {
    "stat": _stat,
    "spell": _book_name("spell"),
    "step": _book_name("step"),
    "option": _option,
    "member": _crew_member,
    "profile": _profile,
    "counter": _counter,
    "list": _book_name("item_list"),
    "track": _book_name("track"),
    "shop": _book_name("shop"),
    "pace": _book_name("pace"),
    "scale": _book_name("scale"),
    "sense": _book_name("sense"),
    "reasons": _reason,
    "phases": _moon,
    "what": _field,
    "choices": _field,
}
# A refusal's ``do`` param names an action (written apart: a dict with a "do" key reads as an action).
_LOCALIZERS["do"] = _action
