"""Message catalogue: every visible string goes through here.

Strings live in ``fr.json`` / ``en.json`` beside this module, plus one pair
of section files per screen (``sheet.fr.json`` / ``sheet.en.json``…), all flat
``{"key": "text with {placeholders}"}`` objects merged into one table per
language (a key defined twice is an error). The language can be switched
at runtime; a key missing from the current language shows as ``⟦key⟧`` so a
forgotten translation is visible on screen instead of crashing the app.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Mapping
from importlib.resources import files

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
    names: set[str] = set()
    for _literal, field, _spec, _conv in string.Formatter().parse(text):
        if field is not None and field != "":
            names.add(field)
    return names


def table_files(language: str) -> list[str]:
    """The bundled files of one language: ``<language>.json`` then ``<section>.<language>.json``."""
    names = sorted(entry.name for entry in files("game.i18n").iterdir() if entry.name.endswith(f".{language}.json"))
    return [f"{language}.json", *names]


def load_table(language: str) -> dict[str, str]:
    """Read and merge the bundled JSON tables of one language."""
    table: dict[str, str] = {}
    for name in table_files(language):
        part = json.loads(files("game.i18n").joinpath(name).read_text(encoding="utf-8"))
        if not isinstance(part, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in part.items()):
            raise ValueError(f"{name} must be a flat object of strings")
        twice = sorted(set(part) & set(table))
        if twice:
            raise ValueError(f"{name} defines keys already defined elsewhere: {twice}")
        table.update(part)
    return table


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
        """``tables`` maps language → {key: text}; defaults to the bundled JSON."""
        if tables is None:
            tables = {lang: load_table(lang) for lang in LANGUAGES}
        self._tables = {lang: dict(table) for lang, table in tables.items()}
        self._language = DEFAULT_LANGUAGE
        self.set_language(language)

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
        """Whether the current language has a text for ``key``."""
        return key in self._tables[self._language]

    def t(self, key: str, **params: object) -> str:
        """The text for ``key`` with ``params`` filled in; never raises."""
        text = self._tables[self._language].get(key)
        if text is None:
            return missing_marker(key)
        if not params and "{" not in text:
            return text
        try:
            return text.format_map(_KeepMissing(params))
        except (ValueError, IndexError, AttributeError):
            # A malformed template is a translation bug: show it raw rather than crash.
            return text

    def lazy(self, key: str, **params: object) -> Callable[[], str]:
        """A callable giving ``t(key, **params)`` in whatever language is current then."""
        return lambda: self.t(key, **params)


def resolve(text: TextSource | None) -> str:
    """Turn a TextSource into the string to draw now."""
    if text is None:
        return ""
    return text() if callable(text) else text
