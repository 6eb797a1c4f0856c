"""Counts through the catalogue's CLDR plural forms (issue 29 item 6): no "1 aventures", "1 saved adventures", "1 lignes"."""

from __future__ import annotations

import re

import pytest

from game.i18n.catalogue import Catalogue, base_key, load_table

# Placeholders that stand for a name or a word, never a count (what follows them is a verb or a noun of theirs).
NOT_COUNTS = {
    "name",
    "who",
    "ally",
    "stat",
    "spell",
    "period",
    "track",
    "shop",
    "member",
    "option",
    "other",
    "repeat",
    "where",
    "folder",
    "index",
    "number",
    "file",
    "id",
    "title",
    "kind",
    "skill",
    "new",
    "old",
    "action",
    "shortcut",
    "item",
}
# Words after a count that are not its noun, or nouns the same in the singular (French "fois", "héros").
NOT_PLURAL_NOUNS = {"dans", "vous", "aux", "sur", "êtes", "reçus", "plus", "gives", "fois", "héros"}
COUNTED = re.compile(r"\{(\w+)\}\s+(?:de |d'|d’)?([\w-]+)")


def counted_nouns_without_plural_forms(language: str) -> list[str]:
    """Plain texts (no ``.one`` / ``.other``) where a count is followed by a plural-looking noun."""
    found = []
    for key, text in load_table(language).items():
        if base_key(key) != key:
            continue
        for match in COUNTED.finditer(text):
            name, word = match.groups()
            if name not in NOT_COUNTS and word.lower() not in NOT_PLURAL_NOUNS and len(word) > 2 and word.endswith(("s", "x")):
                found.append(f"{key}: {match.group(0)}")
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_counted_noun_goes_through_the_plural_forms(language):
    assert counted_nouns_without_plural_forms(language) == []


@pytest.mark.parametrize(
    ("language", "key", "params", "text"),
    [
        ("fr", "access.saves", {"n": 1}, "1 aventure enregistrée"),
        ("fr", "access.saves", {"n": 0}, "0 aventure enregistrée"),
        ("fr", "access.saves", {"n": 3}, "3 aventures enregistrées"),
        ("en", "access.saves", {"n": 1}, "1 saved adventure"),
        ("en", "access.saves", {"n": 0}, "0 saved adventures"),
        ("fr", "access.list_count", {"n": 1}, "1 ligne, aucune choisie"),
        ("en", "access.list_count", {"n": 1}, "1 row, none chosen"),
        ("fr", "refused.escape_too_soon", {"rounds": 1}, "La fuite n'est possible qu'après 1 assaut."),
        ("fr", "rnp.j_fall", {"who": "Aldo", "metres": 3, "damage": 1}, "Aldo subit 1 dégât d'une chute de 3 m."),
        (
            "en",
            "refused.minutes_over_day",
            {"minutes": 60, "hours": 1},
            "At most 60 minutes (1 h) of march at a time; longer is a forced march: give days and extra hours.",
        ),
    ],
)
def test_one_is_singular_and_more_is_plural(language, key, params, text):
    assert Catalogue(language).t(key, **params) == text


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_whole_number_takes_babels_plural_form_without_babel(language):
    from babel import Locale

    from game.i18n.catalogue import WHOLE_NUMBER_PLURALS

    rule = Locale.parse(language).plural_form
    counts = [*range(0, 2100), *(k * 1_000_000 + d for k in range(1, 6) for d in (-1, 0, 1)), 10**12, 10**12 + 7]
    assert [WHOLE_NUMBER_PLURALS[language](n) for n in counts] == [rule(n) for n in counts]
