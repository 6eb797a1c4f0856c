"""Book expressions give what they gave before their evaluation was made faster: a corpus of texts (written and
seeded random ones, hostile values and names included) with the outcome of each recorded in
tests/data/language/golden_expressions.json — its type, the names it reads, its value in several scopes, or the
error with its code, position and parameters.

The record was written by the compiler before it was changed (``python tests/test_expr_golden.py --write``);
rewrite it only for a change meant to change an outcome.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.books.expr import EvalError, ExprError, NameInfo, Names, Type, compile_expression  # noqa: E402

RECORD = Path(__file__).parent / "data" / "language" / "golden_expressions.json"

NAMES = Names(
    {
        "skill": NameInfo(Type.INT),
        "stamina": NameInfo(Type.INT),
        "luck": NameInfo(Type.INT),
        "initial.stamina": NameInfo(Type.INT),
        "counters.gold": NameInfo(Type.INT),
        "counters.provisions": NameInfo(Type.INT),
        "flags.wizard": NameInfo(Type.BOOL),
        "section.fought": NameInfo(Type.BOOL),
        "fight.profile": NameInfo(Type.STRING),
        "roll.double": NameInfo(Type.BOOL, context="round"),
        "roll.hero": NameInfo(Type.INT, context="round"),
        "enemy.skill": NameInfo(Type.INT),
    },
    {"round": "a combat round's rules"},
)
BIG = 999_999_999


class Scope:
    """Values by name; a name without one raises EvalError("unavailable"), as the sheet's scope does."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def __getitem__(self, name: str) -> Any:
        if name not in self.values:
            raise EvalError("unavailable", f"{name} has no value here")
        return self.values[name]


BASE = {
    "skill": 9,
    "stamina": 0,
    "luck": 7,
    "initial.stamina": 20,
    "counters.gold": 5,
    "counters.provisions": 2,
    "flags.wizard": True,
    "section.fought": False,
    "fight.profile": "ship",
    "roll.double": False,
    "roll.hero": 7,
    "enemy.skill": 6,
}
SCOPES = [
    BASE,
    dict(BASE, skill=0, stamina=-3, luck=1, **{"counters.gold": 0, "flags.wizard": False, "fight.profile": ""}),
    dict(BASE, skill=BIG, stamina=-BIG, luck=BIG, **{"initial.stamina": BIG, "counters.gold": BIG, "roll.hero": -BIG}),
    dict(BASE, skill=12, stamina=24, **{"section.fought": True, "roll.double": True, "fight.profile": "Ünïcödé 名"}),
    {k: v for k, v in BASE.items() if k not in ("enemy.skill", "roll.hero", "counters.gold")},
]

WRITTEN = [
    "skill + 2",
    "initial.stamina / 2",
    "counters.gold >= 5 && !flags.wizard",
    "skill > 8 ? 2 : 1",
    "min(skill, 6, 10) + max(1, 2) + abs(-3)",
    "clamp(skill, 1, 3)",
    'fight.profile == "ship"',
    "skill in [7, 8, 9]",
    "fight.profile in ['ship', \"a\\\"b\", 'c\\\\d']",
    "-skill",
    "true || 1 / stamina > 0",
    "false && 1 / stamina > 0",
    "10 / stamina",
    "10 % stamina",
    "-7 / 2",
    "-7 % 2",
    "7 % -2",
    "skill * 999999999",
    "999999999 + 1",
    "1000000000",
    "1000000001",
    "-1000000000",
    "-1000000000 - 1",
    "999999999 * 999999999",
    "skill * skill * skill",
    "stamina - 999999999",
    "abs(stamina)",
    "-stamina",
    "clamp(1, skill, 2)",
    "clamp(1, 3, 2)",
    "1 / 0",
    "skill / (2 - 2)",
    "1 % 0",
    "0 / skill",
    "stamina < initial.stamina / 4",
    "counters.gold > 100000 ? 1 : 0",
    "!section.fought && stamina < initial.stamina",
    "counters.gold >= 500 && paragraph == 400",
    "6 + initial.skill",
    "roll.double",
    "roll.hero >= 7 && roll.double",
    "enemy.skill + 1",
    "counters",
    "counters.gold.x",
    "skill.x",
    "skil + 1",
    "stamna",
    "counters.gol",
    "mni(1, 2)",
    "frobnicate(1)",
    "abs(1, 2)",
    "clamp(1, 2)",
    "min()",
    "max(true)",
    "[]",
    "[1, true]",
    "[true, false]",
    "[[1]]",
    "1 in 1",
    "true in [1]",
    '"a" < "b"',
    '1 == "1"',
    "1 < 2 < 3",
    "1 = 1",
    "1 & 1",
    "1 | 1",
    "skill()",
    "skill.(1)",
    "1skill",
    "1.5",
    "null",
    "if",
    "in",
    "'unclosed",
    "'bad \\n escape'",
    "",
    "   ",
    "(",
    ")",
    "1 +",
    "? :",
    "true ? 1 : false",
    "true ? 1",
    "1, 2",
    "stäminа + 1",
    "skíll",
    "名前 > 1",
    "counters.gòld",
    "counters.😀",
    "ﬁ + 1",
    "１２",
    "skill\u00a0+ 1",
    "skill\u200b+ 1",
    "'Ünïcödé 名' == fight.profile",
    "'😀' in [fight.profile, '😀']",
    "(" * 39 + "skill" + ")" * 39,
    "(" * 40 + "skill" + ")" * 40,
    "(" * 41 + "skill" + ")" * 41,
    "-" * 38 + "skill",
    "-" * 39 + "skill",
    "-" * 40 + "skill",
    "!" * 39 + "true",
    "!" * 40 + "true",
    "!" * 41 + "true",
    "-" * 60 + "1",
    " + ".join(["skill"] * 80),
    " * ".join(["skill"] * 60),
    " - ".join(["1"] * 120),
    " && ".join(["flags.wizard"] * 60),
    "true ? " * 20 + "1" + " : 2" * 20,
    "1" * 500,
    "1" + " " * 499,
    "1" + " " * 500,
    "9" * 12,
    "0" * 30 + "1",
    "min(" + ", ".join(["skill"] * 100) + ")",
    "[" + ", ".join(str(i) for i in range(120)) + "]",
]

INT_ATOMS = ["skill", "stamina", "luck", "initial.stamina", "counters.gold", "enemy.skill"]
INT_ATOMS += ["0", "1", "2", "7", "999999999", "1000000000", "-3", "-999999999"]
BOOL_ATOMS = ["flags.wizard", "section.fought", "true", "false"]
STRING_ATOMS = ["fight.profile", '"ship"', "'a\\'b'", "'Ünïcödé 名'", '""']
OPERATORS = ["+", "-", "*", "/", "%", "&&", "||", "==", "!=", "<", "<=", ">", ">=", "in"]


def _random_text(rng: random.Random, depth: int) -> str:
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(rng.choice([INT_ATOMS, INT_ATOMS, BOOL_ATOMS, STRING_ATOMS]))
    inner = depth - 1
    form = rng.randrange(7)
    if form == 0:
        return f"({_random_text(rng, inner)} {rng.choice(OPERATORS)} {_random_text(rng, inner)})"
    if form == 1:
        return f"{_random_text(rng, inner)} {rng.choice(OPERATORS)} {_random_text(rng, inner)}"
    if form == 2:
        return rng.choice("!-") + _random_text(rng, inner)
    if form == 3:
        return f"({_random_text(rng, inner)} ? {_random_text(rng, inner)} : {_random_text(rng, inner)})"
    if form == 4:
        return "[" + ", ".join(_random_text(rng, inner) for _ in range(rng.randint(1, 3))) + "]"
    function = rng.choice(["min", "max", "abs", "clamp"])
    return f"{function}(" + ", ".join(_random_text(rng, inner) for _ in range(rng.randint(1, 3))) + ")"


def _typed_text(rng: random.Random, kind: str, depth: int) -> str:
    """A text of type ``kind`` ("int", "bool", "string"): most compile, so their values are recorded."""
    if depth <= 0 or rng.random() < 0.25:
        return rng.choice({"int": INT_ATOMS, "bool": BOOL_ATOMS, "string": STRING_ATOMS}[kind])
    inner = depth - 1
    if kind == "string":
        return f"({_typed_text(rng, 'bool', inner)} ? {_typed_text(rng, 'string', inner)} : {_typed_text(rng, 'string', inner)})"
    if kind == "int":
        form = rng.randrange(5)
        if form == 0:
            return f"{_typed_text(rng, 'int', inner)} {rng.choice('+-*/%')} {_typed_text(rng, 'int', inner)}"
        if form == 1:
            return f"({_typed_text(rng, 'int', inner)} {rng.choice('+-*/%')} {_typed_text(rng, 'int', inner)})"
        if form == 2:
            return "-" + _typed_text(rng, "int", inner)
        if form == 3:
            return f"({_typed_text(rng, 'bool', inner)} ? {_typed_text(rng, 'int', inner)} : {_typed_text(rng, 'int', inner)})"
        function, count = rng.choice([("min", rng.randint(1, 4)), ("max", rng.randint(1, 4)), ("abs", 1), ("clamp", 3)])
        return f"{function}(" + ", ".join(_typed_text(rng, "int", inner) for _ in range(count)) + ")"
    form = rng.randrange(6)
    if form == 0:
        return (
            f"{_typed_text(rng, 'int', inner)} {rng.choice(['<', '<=', '>', '>=', '==', '!='])} {_typed_text(rng, 'int', inner)}"
        )
    if form == 1:
        return f"({_typed_text(rng, 'bool', inner)} {rng.choice(['&&', '||'])} {_typed_text(rng, 'bool', inner)})"
    if form == 2:
        return "!" + _typed_text(rng, "bool", inner)
    if form == 3:
        items = ", ".join(_typed_text(rng, "int", inner) for _ in range(rng.randint(1, 3)))
        return f"{_typed_text(rng, 'int', inner)} in [{items}]"
    if form == 4:
        op = rng.choice(["==", "!=", "in"])
        if op != "in":
            return f"{_typed_text(rng, 'string', inner)} {op} {_typed_text(rng, 'string', inner)}"
        items = ", ".join(_typed_text(rng, "string", inner) for _ in range(rng.randint(1, 3)))
        return f"{_typed_text(rng, 'string', inner)} in [{items}]"
    return f"({_typed_text(rng, 'bool', inner)} ? {_typed_text(rng, 'bool', inner)} : {_typed_text(rng, 'bool', inner)})"


def _mutated(rng: random.Random, text: str) -> str:
    """``text`` with one character dropped, doubled or replaced (most become syntax errors)."""
    if not text:
        return text
    i = rng.randrange(len(text))
    change = rng.randrange(3)
    if change == 0:
        return text[:i] + text[i + 1 :]
    if change == 1:
        return text[:i] + text[i] + text[i:]
    return text[:i] + rng.choice("()[]!?:,.'\"+-*/%<>=&|é9 ") + text[i + 1 :]


def corpus() -> list[str]:
    """Every text of the record: the written ones, then seeded random ones and their mutations."""
    rng = random.Random(24)
    texts = list(WRITTEN)
    for i in range(1000):
        depth = rng.randint(1, 4)
        text = _random_text(rng, depth) if i % 5 == 0 else _typed_text(rng, rng.choice(["int", "bool", "string"]), depth)
        texts.append(text)
        if rng.random() < 0.3:
            texts.append(_mutated(rng, text))
    return texts


PLACES: list[tuple[Type | None, str | None]] = [(None, None), (Type.INT, None), (Type.BOOL, "round")]


def _json_value(value: Any) -> Any:
    return {"list": list(value)} if isinstance(value, tuple) else value


def outcome(text: str, want: Type | None, context: str | None) -> dict[str, Any]:
    """What compiling ``text`` for that place gives, and the program's value in each of SCOPES."""
    try:
        program = compile_expression(text, NAMES, want, context)
    except ExprError as error:
        return {"error": error.code, "at": error.position, "params": error.params}
    values: list[Any] = []
    for values_of in SCOPES:
        try:
            values.append({"value": _json_value(program.evaluate(Scope(values_of)))})
        except EvalError as error:
            values.append({"eval_error": error.kind, "message": error.message})
    return {"type": program.type.value, "reads": sorted(program.reads), "constant": program.constant, "values": values}


def record() -> list[dict[str, Any]]:
    """The outcome of every text of the corpus in every place."""
    return [
        {"text": text, "want": want.value if want else None, "context": context, **outcome(text, want, context)}
        for text in corpus()
        for want, context in PLACES
    ]


def _recorded() -> list[dict[str, Any]]:
    return json.loads(RECORD.read_text(encoding="utf-8"))


def test_the_corpus_is_the_one_recorded():
    assert [(r["text"], r["want"], r["context"]) for r in _recorded()] == [
        (t, w.value if w else None, c) for t in corpus() for w, c in PLACES
    ]


@pytest.mark.parametrize("chunk", range(8))
def test_every_expression_gives_what_it_gave_before(chunk):
    recorded = _recorded()
    size = -(-len(recorded) // 8)
    for expected in recorded[chunk * size : (chunk + 1) * size]:
        want = Type(expected["want"]) if expected["want"] else None
        found = json.loads(json.dumps(outcome(expected["text"], want, expected["context"])))
        assert found == {k: v for k, v in expected.items() if k not in ("text", "want", "context")}, expected["text"]


def test_a_program_compiled_twice_gives_the_same_values():
    for text in WRITTEN:
        assert outcome(text, None, None) == outcome(text, None, None), text


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_expr_golden.py --write  (records the outcomes of the code as it is)")
    RECORD.write_text("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in record()) + "\n]\n", encoding="utf-8")
    print(f"{RECORD}: {len(record())} outcomes")
