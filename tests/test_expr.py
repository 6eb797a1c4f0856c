"""The book expression language (game.books.expr): syntax, names, types, bounds, errors with their position."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.books.expr import EvalError, ExprError, NameInfo, Names, Type, compile_expression

NAMES = Names(
    {
        "skill": NameInfo(Type.INT),
        "stamina": NameInfo(Type.INT),
        "initial.stamina": NameInfo(Type.INT),
        "counters.gold": NameInfo(Type.INT),
        "counters.provisions": NameInfo(Type.INT),
        "flags.wizard": NameInfo(Type.BOOL),
        "fight.profile": NameInfo(Type.STRING),
        "roll.double": NameInfo(Type.BOOL, context="round"),
    },
    {"round": "a combat round's rules"},
)
SCOPE = {
    "skill": 9,
    "stamina": 0,
    "initial.stamina": 20,
    "counters.gold": 5,
    "counters.provisions": 2,
    "flags.wizard": True,
    "fight.profile": "ship",
    "roll.double": False,
}


def value(text, **kwargs):
    return compile_expression(text, NAMES, **kwargs).evaluate(SCOPE)


def error(text, **kwargs):
    with pytest.raises(ExprError) as raised:
        compile_expression(text, NAMES, **kwargs)
    return raised.value


@pytest.mark.parametrize(
    "text, expected",
    [
        ("skill + 2", 11),
        ("initial.stamina / 2", 10),
        ("counters.gold >= 5 && !flags.wizard", False),
        ("skill > 8 ? 2 : 1", 2),
        ("min(skill, 6, 10) + max(1, 2) + abs(-3)", 11),
        ("clamp(skill, 1, 3)", 3),
        ('fight.profile == "ship"', True),
        ("skill in [7, 8, 9]", True),
        ("-skill", -9),
        ("2 + 3 * 4", 14),
        ("(2 + 3) * 4", 20),
        ("true || 1 / stamina > 0", True),  # short-circuit: the division is never made
    ],
)
def test_an_expression_has_its_value(text, expected):
    assert value(text) == expected


def test_division_truncates_toward_zero_as_in_cel():
    assert (value("-7 / 2"), value("7 / 2"), value("-7 % 2"), value("7 % -2")) == (-3, 3, -1, 1)


def test_a_program_lists_the_full_names_it_reads():
    program = compile_expression("counters.gold >= 5 && !flags.wizard || skill > initial.stamina", NAMES)
    assert program.reads == {"counters.gold", "flags.wizard", "skill", "initial.stamina"}


def test_a_constant_expression_reads_nothing_and_is_worked_out_once():
    program = compile_expression("2 * (3 + 4)", NAMES)
    assert program.constant and program.reads == frozenset() and program.evaluate({}) == 14


@pytest.mark.parametrize(
    "text, position, words",
    [
        ("skil + 2", 0, "did you mean 'skill'"),
        ("counters.gld", 9, "did you mean 'counters.gold'"),
        ("counters", 0, "a group of names"),
        ("skill.x", 6, "it has no '.x'"),
        ("1 +", 3, "expected a value"),
        ("skill = 2", 6, "compare with '=='"),
        ('skill > "a"', 6, "compares a whole number with a text"),
        ("foo(1)", 0, "not a function"),
        ("1 / 0", 2, "division by 0"),
        ("a < b < c", 6, "do not chain"),
        ("(skill", 6, "expected ')'"),
        ('"abc', 0, "never closed"),
        ("skill & 1", 6, "write '&&'"),
        ("12abc", 2, "followed by letters"),
        ("null", 0, "reserved word"),
        ("skill ? 1 : 2", 0, "must be a condition"),
        ("max()", 0, "at least 1"),
        ("abs(1, 2)", 0, "takes 1"),
        ("[]", 0, "empty list"),
        ("", 0, "empty"),
        ("skill in [1, true]", 13, "one type"),
        ("1 ? 2 : 3", 0, "must be a condition"),
        ("flags.wizard ? 1 : true", 0, "one type"),
        ("5000000000", 0, "too large"),
    ],
)
def test_a_mistake_is_refused_with_its_position_and_plain_words(text, position, words):
    found = error(text)
    assert found.position == position and words in found.reason, (found.position, found.reason)


def test_a_name_of_another_context_is_refused_where_it_has_no_value():
    assert "known only in a combat round's rules" in error("roll.double").reason
    assert compile_expression("roll.double", NAMES, context="round").reads == {"roll.double"}


def test_the_place_asks_for_a_type():
    assert "a condition (true or false) is needed here" in error("skill", want=Type.BOOL).reason
    assert compile_expression("skill > 1", NAMES, want=Type.BOOL).type is Type.BOOL


def test_a_too_long_or_too_deep_expression_is_refused():
    assert "too long" in error("1 + " * 200 + "1").reason
    assert "nested too deeply" in error("(" * 60 + "1" + ")" * 60).reason
    assert "nested too deeply" in error("-" * 60 + "1").reason


def test_play_values_that_break_a_rule_raise_eval_error_not_a_crash():
    with pytest.raises(EvalError) as divide:
        value("10 / stamina")
    with pytest.raises(EvalError) as overflow:
        value("skill * 999999999")
    with pytest.raises(EvalError) as clamp:
        value("clamp(1, skill, 2)")
    assert (divide.value.kind, overflow.value.kind, clamp.value.kind) == ("divide_by_zero", "overflow", "overflow")


# -- properties -------------------------------------------------------------------------------------------------

INT_ATOMS = st.sampled_from(["skill", "stamina", "initial.stamina", "counters.gold", "0", "1", "7", "999999999", "-3"])
BOOL_ATOMS = st.sampled_from(["flags.wizard", "true", "false"])
STRING_ATOMS = st.sampled_from(["fight.profile", '"ship"', "'a\\'b'"])


def _texts() -> st.SearchStrategy[str]:
    atoms = st.one_of(INT_ATOMS, BOOL_ATOMS, STRING_ATOMS)

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "%", "&&", "||", "==", "!=", "<", ">=", "in"]), inner)
        return st.one_of(
            binary.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            inner.map(lambda t: f"!{t}"),
            inner.map(lambda t: f"-{t}"),
            st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} ? {t[1]} : {t[2]})"),
            st.lists(inner, min_size=1, max_size=3).map(lambda xs: f"[{', '.join(xs)}]"),
            st.tuples(st.sampled_from(["min", "max", "abs", "clamp"]), st.lists(inner, min_size=1, max_size=3)).map(
                lambda t: f"{t[0]}({', '.join(t[1])})"
            ),
        )

    return st.recursive(atoms, extend, max_leaves=12)


SCORES = st.integers(min_value=-999, max_value=9999)


@settings(max_examples=400, deadline=None)
@given(_texts(), SCORES, SCORES, SCORES, st.booleans())
def test_evaluation_never_raises_outside_the_refusal_path(text, skill, stamina, gold, wizard):
    """Any text either fails at load (ExprError) or evaluates to a value of its type or to EvalError."""
    try:
        program = compile_expression(text, NAMES)
    except ExprError:
        return
    scope = dict(SCOPE, skill=skill, stamina=stamina, **{"counters.gold": gold, "flags.wizard": wizard})
    try:
        result = program.evaluate(scope)
    except EvalError:
        return
    kinds = {Type.INT: int, Type.BOOL: bool, Type.STRING: str, Type.INT_LIST: tuple, Type.STRING_LIST: tuple}
    assert type(result) is kinds[program.type]
    if program.type is Type.INT:
        assert abs(result) <= 1_000_000_000


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_read_or_refused_with_a_position_inside_it(text):
    try:
        compile_expression(text, NAMES)
    except ExprError as refused:
        assert 0 <= refused.position <= len(text)
