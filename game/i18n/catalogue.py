"""Message catalogue: every visible string goes through here.

Strings live in ``fr.json`` / ``en.json`` beside this module, plus one pair
of section files per screen (``sheet.fr.json`` / ``sheet.en.json``…), all flat
``{"key": "text with {placeholders}"}`` objects merged into one table per
language (a key defined twice is an error). A key's first part names its file:
``sheet.title`` is in ``sheet.<language>.json``, and a key whose first part has
no file of its own (``common.ok``) in ``<language>.json``; so each file is read
when the first of its keys is asked (a start reads four of 29). The language can be switched
at runtime; a key missing from the current language shows as ``⟦key⟧`` so a
forgotten translation is visible on screen instead of crashing the app.

Plurals and numbers follow the language's CLDR rules through Babel. A text
that depends on a count is written as variants ``key.one`` / ``key.other``
(and ``key.many``… where a language has them): ``t("key", n=1)`` picks the
variant for the first number placeholder of the text ("1 jour", "0 jour",
"2 jours"; "1 day", "0 days"). Numbers given as parameters are written the
language's way: decimal comma in French, group separators from 10 000 up
("12 345" / "12,345").
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:  # Babel (9 ms: pickle, decimal…) is imported at the first plural or number written (issue 28)
    from babel import Locale
    from babel.plural import PluralRule

LANGUAGES: tuple[str, ...] = ("fr", "en")
DEFAULT_LANGUAGE = "fr"

# A piece of visible text: either already resolved, or resolved at draw time
# (so a language switch shows up without rebuilding widgets).
TextSource = str | Callable[[], str]


def missing_marker(key: str) -> str:
    """The visible stand-in for a key that has no text in the current language."""
    return f"⟦{key}⟧"


def placeholders(text: str) -> set[str]:
    """Names of the ``{placeholders}`` used in ``text``."""
    return set(ordered_placeholders(text))


def ordered_placeholders(text: str) -> list[str]:
    """Names of the ``{placeholders}`` of ``text`` in the order they appear (raises ValueError if malformed)."""
    return [field for _literal, field, _spec, _conv in string.Formatter().parse(text) if field]


@cache
def _bundled_names() -> tuple[str, ...]:
    """The names of the bundled files (the folder listed once for both languages)."""
    return tuple(sorted(entry.name for entry in files("game.i18n").iterdir()))


def table_files(language: str) -> list[str]:
    """The bundled files of one language: ``<language>.json`` then ``<section>.<language>.json``."""
    return [f"{language}.json", *(name for name in _bundled_names() if name.endswith(f".{language}.json"))]


def load_table(language: str) -> dict[str, str]:
    """Read and merge the bundled JSON tables of one language (read once: a second catalogue, the logs' English
    reasons beside the player's French, costs a copy, not the files again)."""
    table: dict[str, str] = {}
    for name in table_files(language):
        part = _read_file(name)
        twice = sorted(set(part) & set(table))
        if twice:
            raise ValueError(f"{name} defines keys already defined elsewhere: {twice}")
        table.update(part)
    return table


def file_of(language: str, key: str) -> str:
    """The bundled file that holds ``key`` in ``language``: its first part's section file, else the base one."""
    section = key.partition(".")[0]
    name = f"{section}.{language}.json"
    return name if name in _bundled_names() else f"{language}.json"


@cache
def _read_file(name: str) -> dict[str, str]:
    """One bundled file, each of its keys checked to be of it (see :func:`file_of`)."""
    return checked_file(name, json.loads(files("game.i18n").joinpath(name).read_text(encoding="utf-8")))


def checked_file(name: str, part: object) -> dict[str, str]:
    """``part``, the JSON of bundled file ``name``, if it is a flat object of strings whose keys are all of it."""
    if not isinstance(part, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in part.items()):
        raise ValueError(f"{name} must be a flat object of strings")
    language = name.removesuffix(".json").rpartition(".")[2]
    elsewhere = sorted(key for key in part if file_of(language, key) != name)
    if elsewhere:
        raise ValueError(f"{name} holds keys whose first part names another file: {elsewhere}")
    return part


class BundledTexts(Mapping[str, str]):
    """One language's bundled texts, each file read when one of its keys is first asked (issue 28: the start read
    the 29 files of a language for the few texts of its first frame). A text already read is one dict lookup away,
    as in the merged table this replaces."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._known: dict[str, str] = {}  # the texts of the files read so far (a key is in one file only)
        self._sections: set[str] = set()  # first parts of keys whose file has been read
        self._files: set[str] = set()
        self._whole = False

    def _read_section_of(self, key: str) -> bool:
        """Read the file of ``key``'s first part unless it was: whether anything was read now.

        A file is marked read once its texts are in: a thread asking one of its keys meanwhile (the speech thread,
        the odds worker) reads it too (the same cached dict) instead of finding its text missing. No lock: reading
        twice gives the same texts."""
        section = key.partition(".")[0]
        if section in self._sections:
            return False
        name = file_of(self.language, key)
        if name in self._files:
            self._sections.add(section)
            return False  # the base file holds every first part without a file of its own
        self._known.update(_read_file(name))
        self._files.add(name)
        self._sections.add(section)
        return True

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]  # str texts only
        """The text of ``key``, or ``default``."""
        text = self._known.get(key)
        if text is None and self._read_section_of(key):
            text = self._known.get(key)
        return default if text is None else text

    def __getitem__(self, key: str) -> str:
        text = self.get(key)
        if text is None:
            raise KeyError(key)
        return text

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def under(self, prefix: str) -> Iterator[str]:
        """The keys starting with ``prefix``: one file's when ``prefix`` names a first part ("reasons."), else all."""
        if "." in prefix:
            self._read_section_of(prefix)
        else:
            self._read_all()
        return (key for key in tuple(self._known) if key.startswith(prefix))  # a file read meanwhile adds keys

    def _read_all(self) -> None:
        if not self._whole:
            self._known.update(load_table(self.language))
            self._files.update(table_files(self.language))
            self._whole = True

    def __iter__(self) -> Iterator[str]:
        self._read_all()
        return iter(tuple(self._known))

    def __len__(self) -> int:
        self._read_all()
        return len(self._known)


PLURAL_FORMS: tuple[str, ...] = ("zero", "one", "two", "few", "many", "other")
GROUP_FROM = 10_000  # paragraph numbers and scores stay "1234"; bigger amounts get separators


@cache
def _locale(language: str) -> Locale:
    from babel import Locale

    return Locale.parse(language)


# The CLDR plural rules of the app's languages, as Babel's locale data writes them (tests/test_i18n.py checks
# they are Babel's): taking them from ``Locale.plural_form`` loads the language's whole locale data, about
# 4.6 MB and a pickle read at the shelf's first frame, for these two lines (issue 28, start-up and memory).
PLURAL_RULES: dict[str, dict[str, str]] = {
    "fr": {"one": "i in 0..1", "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5"},
    "en": {"one": "i in 1 and v in 0"},
}


@cache
def _plural_rule(language: str) -> PluralRule:
    from babel.plural import PluralRule

    rules = PLURAL_RULES.get(language)
    return PluralRule(rules) if rules is not None else _locale(language).plural_form


# The same rules for a whole number (its CLDR operands: i = n, v = e = 0): the shelf's first frame counts books
# and saves, and Babel's import (9 ms: pickle, decimal…) then waits for a fraction or another language (issue 28,
# start-up). tests/test_i18n_plurals.py holds them to Babel's.
WHOLE_NUMBER_PLURALS: dict[str, Callable[[int], str]] = {
    "fr": lambda n: "one" if n in (0, 1) else "many" if n % 1_000_000 == 0 else "other",
    "en": lambda n: "one" if n == 1 else "other",
}


def plural_form(language: str, count: float) -> str:
    """The CLDR plural category of ``count`` in ``language`` ("one", "other", "many"…)."""
    whole = WHOLE_NUMBER_PLURALS.get(language)
    if whole is not None and type(count) is int:
        return whole(abs(count))
    return _plural_rule(language)(abs(count))


def format_number(language: str, value: float) -> str:
    """``value`` written the language's way ("0,5" / "0.5"; "12 345" / "12,345"; "1234")."""
    if isinstance(value, int) and abs(value) < GROUP_FROM:
        return str(value)
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_locale(language), group_separator=abs(value) >= GROUP_FROM)


def base_key(key: str) -> str:
    """The key a plural variant belongs to ("a.b.one" → "a.b"); other keys unchanged."""
    stem, _, form = key.rpartition(".")
    return stem if stem and form in PLURAL_FORMS else key


def _is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class _KeepMissing(dict):
    """Leaves an unknown ``{name}`` visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalogue:
    """Translated strings for one current language, switchable at runtime."""

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        tables: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        """``tables`` maps language → {key: text}; defaults to the bundled JSON, each file read when one of its
        keys is first shown (the start reads four files of the player's language: issue 28)."""
        self._tables: dict[str, Mapping[str, str]] = (
            {lang: BundledTexts(lang) for lang in LANGUAGES}
            if tables is None
            else {lang: dict(table) for lang, table in tables.items()}
        )
        self._language = DEFAULT_LANGUAGE
        self.set_language(language)

    def _table(self, language: str) -> Mapping[str, str]:
        """The texts of ``language`` (a bundled one's files read as their keys are asked)."""
        return self._tables[language]

    @property
    def language(self) -> str:
        """The current language code."""
        return self._language

    @property
    def languages(self) -> tuple[str, ...]:
        """Every language this catalogue holds."""
        return tuple(self._tables)

    def set_language(self, language: str) -> None:
        """Switch language; raises ValueError for a language we do not ship."""
        if language not in self._tables:
            raise ValueError(f"unknown language {language!r}; known: {sorted(self._tables)}")
        self._language = language

    def has(self, key: str) -> bool:
        """Whether the current language has a text for ``key`` (plain or in plural variants)."""
        table = self._table(self._language)
        return key in table or f"{key}.other" in table

    def keys_under(self, prefix: str) -> set[str]:
        """The keys of the current language under ``prefix``, without it and without a plural's variant."""
        table = self._table(self._language)
        keys = table.under(prefix) if isinstance(table, BundledTexts) else (key for key in table if key.startswith(prefix))
        return {base_key(key).removeprefix(prefix) for key in keys}

    def t(self, key: str, **params: object) -> str:
        """The text for ``key`` with ``params`` filled in (plural variant and numbers per language); never raises."""
        table = self._table(self._language)
        text = table.get(key)
        if text is None:
            text = self._plural_variant(table, key, params)
            if text is None:
                return missing_marker(key)
        if not params and "{" not in text:
            return text
        shown = {name: format_number(self._language, value) if _is_number(value) else value for name, value in params.items()}
        try:
            return text.format_map(_KeepMissing(shown))
        except (ValueError, IndexError, AttributeError):
            # A malformed template is a translation bug: show it raw rather than crash.
            return text

    def _plural_variant(self, table: Mapping[str, str], key: str, params: Mapping[str, object]) -> str | None:
        """``key.one`` / ``key.other``… chosen by the first number placeholder of the text."""
        other = table.get(f"{key}.other")
        if other is None:
            return None
        try:
            names = ordered_placeholders(other)
        except ValueError:
            return other
        counts = [params[name] for name in names if _is_number(params.get(name))]
        if not counts:
            return other
        form = plural_form(self._language, counts[0])  # type: ignore[arg-type]  # _is_number checked it is a number
        return table.get(f"{key}.{form}", other)

    def lazy(self, key: str, **params: object) -> Callable[[], str]:
        """A callable giving ``t(key, **params)`` in whatever language is current then.

        A param that is a book's text in both languages (``LocalText``: ``.fr``, ``.en``) is given in the
        language current then too (a score's name in "Test {stat}").
        """
        return lambda: self.t(key, **{name: _in_language(value, self.language) for name, value in params.items()})


def _in_language(value: object, language: str) -> object:
    """A book's text (fr/en) in ``language``; any other value as it is."""
    if hasattr(value, "fr") and hasattr(value, "en"):
        return value.en if language == "en" else value.fr
    return value


def resolve(text: TextSource | None) -> str:
    """Turn a TextSource into the string to draw now."""
    if text is None:
        return ""
    return text() if callable(text) else text
