"""Checking and compiling book expressions: names resolved, types checked, a program ready to evaluate.

A book declares the names its expressions may read (:class:`Names`: each
name's type, and where it is known); :func:`compile_expression` checks a text
against them once, when the book is loaded, and returns a :class:`Program`.
Every mistake an author can make (an unknown name, a number where a condition
is wanted, a division by a literal 0) is an :class:`ExprError` with the
character where it is. Evaluating a program reads the names from a *scope*
(anything with ``scope[name]``) and does nothing else: no input, no output, no
loop, so it always ends, in time bounded by the length of the text. What only
play can tell (a division by a score that is 0, a sum beyond the bounds, a
name with no value now, such as the enemy outside a fight) raises
:class:`EvalError`, which the rules turn into a refusal that changes nothing.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from game.books.expr.syntax import MAX_LITERAL, Binary, Call, ExprError, ListOf, Literal, Name, Node, Ternary, Unary, parse

Value = int | bool | str | tuple[int, ...] | tuple[str, ...]
BOUND = MAX_LITERAL


class Type(Enum):
    """The types of the language (CEL's names)."""

    INT = "int"
    BOOL = "bool"
    STRING = "string"
    INT_LIST = "list(int)"
    STRING_LIST = "list(string)"

    # Hashed by identity, in C: the rules look a program up by (text, type, context) each time they read one of
    # the book's rules, and Enum's own hash (of the member's name) is a Python call. A member is its only equal.
    __hash__ = object.__hash__

    @property
    def words(self) -> str:
        """The type as a word of a reason (``reasons.word.<words>``: "a whole number", "un nombre entier")."""
        return "type_" + self.value.replace("(", "_").replace(")", "")


LIST_OF = {Type.INT: Type.INT_LIST, Type.STRING: Type.STRING_LIST}


class EvalError(Exception):
    """An expression that cannot be worked out now (``kind``: divide_by_zero, overflow, unavailable)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class Scope(Protocol):
    """Where a program reads its names: ``scope[name]`` (may raise EvalError "unavailable")."""

    def __getitem__(self, name: str) -> Value: ...


@dataclass(frozen=True)
class NameInfo:
    """One name a book's expressions may read: its type, what it is, and where it is known."""

    type: Type
    about: str = ""
    context: str | None = None  # None: everywhere; else only in expressions compiled for that context ("round")


@dataclass(frozen=True)
class Names:
    """Every name of one book's expressions (dotted: ``counters.gold``), and the groups they form."""

    known: Mapping[str, NameInfo]
    contexts: Mapping[str, str] = field(default_factory=dict)  # context id -> where it is, in words ("a combat round's rules")

    def groups(self) -> set[str]:
        """Every dotted prefix of a name (``counters``, ``choices.path``): groups, not values."""
        found: set[str] = set()
        for name in self.known:
            parts = name.split(".")
            found.update(".".join(parts[:i]) for i in range(1, len(parts)))
        return found


Evaluator = Callable[[Scope], Value]


@dataclass(frozen=True)
class Program:
    """A checked expression: its text, its type, the names it reads, and how to evaluate it."""

    text: str
    type: Type
    reads: frozenset[str]
    run: Evaluator = field(repr=False, compare=False)
    constant: bool = False

    def evaluate(self, scope: Scope) -> Value:
        """The value of the expression in ``scope``; EvalError when play makes it impossible."""
        return self.run(scope)

    def integer(self, scope: Scope) -> int:
        """The value of a number expression (its type was checked at load)."""
        value = self.run(scope)
        assert type(value) is int, self.text
        return value

    def truth(self, scope: Scope) -> bool:
        """The value of a condition (its type was checked at load)."""
        value = self.run(scope)
        assert type(value) is bool, self.text
        return value


def compile_expression(text: str, names: Names, want: Type | None = None, context: str | None = None) -> Program:
    """Check ``text`` against ``names`` and compile it; ``want``: the type the place needs (None: any).

    Raises ExprError (reason, character position) for any problem found without playing.
    """
    if not isinstance(text, str):
        raise ExprError("not_text", 0)
    tree = parse(text)
    compiler = _Compiler(names, context)
    kind, run, constant = compiler.node(tree)
    if want is not None and kind is not want:
        raise ExprError("wrong_type", tree.position, found=kind.words, want=want.words)
    if constant:
        value = run(_NO_SCOPE)
        return Program(text, kind, frozenset(), lambda scope: value, True)
    return Program(text, kind, frozenset(compiler.reads), run)


class _NoScope:
    def __getitem__(self, name: str) -> Value:  # pragma: no cover - a constant reads no name
        raise EvalError("unavailable", f"{name} has no value here")


_NO_SCOPE = _NoScope()
Compiled = tuple[Type, Evaluator, bool]  # type, evaluator, constant (reads no name)


def _overflow(value: int) -> EvalError:
    return EvalError("overflow", f"a result ({value}) is beyond the bounds of the language (±{BOUND})")


def _bounded(value: int) -> int:
    if -BOUND <= value <= BOUND:
        return value
    raise _overflow(value)


def _divide(left: int, right: int) -> int:
    if right == 0:
        raise EvalError("divide_by_zero", "a division by 0")
    quotient = abs(left) // abs(right)
    return quotient if (left >= 0) == (right > 0) else -quotient  # CEL: truncated toward zero


def _remainder(left: int, right: int) -> int:
    if right == 0:
        raise EvalError("divide_by_zero", "a remainder of a division by 0")
    return left - right * _divide(left, right)


def _clamp(value: int, low: int, high: int) -> int:
    if low > high:
        raise EvalError("overflow", f"clamp between {low} and {high}: the lower bound is above the upper one")
    return min(max(value, low), high)


ARITHMETIC = ("+", "-", "*", "/", "%")
# The operators as C functions: evaluating a comparison or a sum calls no Python function of ours.
OPERATORS: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub, "*": operator.mul}
ORDER: dict[str, Callable[[Value, Value], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
FUNCTIONS = {"min": "the smallest of its numbers", "max": "the largest of its numbers", "abs": "a number without its sign",
             "clamp": "clamp(x, low, high): x kept between low and high"}  # fmt: skip

# -- evaluators ---------------------------------------------------------------------------------------------
# A long adventure evaluates the same few programs hundreds of thousands of times, so each node's evaluator is
# made for its shape once, at compile time: an operand that reads no name is the value itself (not a function to
# call), and operators are C functions. Each gives exactly what the plain form ``op(left(scope), right(scope))``
# gives, the left side evaluated first, the same errors with the same words.

Operand = tuple[Evaluator, bool, "Value | None"]  # evaluator, constant, its value when constant


def _operand(compiled: Compiled) -> Operand:
    _, run, constant = compiled
    return run, constant, run(_NO_SCOPE) if constant else None


def _compare(apply: Callable[[Value, Value], bool], left: Operand, right: Operand) -> Evaluator:
    """``apply(left, right)`` (a comparison, or ``in`` with the sides swapped by the caller)."""
    left_run, left_constant, left_value = left
    right_run, right_constant, right_value = right
    if right_constant:
        return lambda scope: apply(left_run(scope), right_value)  # type: ignore[arg-type]  # the sides' types were checked at compile time
    if left_constant:
        return lambda scope: apply(left_value, right_run(scope))  # type: ignore[arg-type]  # the sides' types were checked at compile time
    return lambda scope: apply(left_run(scope), right_run(scope))


def _sum(op: str, left: Operand, right: Operand) -> Evaluator:
    """``left op right`` for + - * / %, an overflow beyond ±BOUND (a division by 0) raising EvalError."""
    left_run, left_constant, left_value = left
    right_run, right_constant, right_value = right
    apply = OPERATORS.get(op)
    if apply is None:
        divide = _divide if op == "/" else _remainder
        return lambda scope: divide(left_run(scope), right_run(scope))  # type: ignore[arg-type]  # the sides' types were checked at compile time
    if right_constant:

        def run(scope: Scope) -> Value:
            value = apply(left_run(scope), right_value)  # type: ignore[arg-type]  # the sides' types were checked at compile time
            if -BOUND <= value <= BOUND:
                return value
            raise _overflow(value)

    elif left_constant:

        def run(scope: Scope) -> Value:
            value = apply(left_value, right_run(scope))  # type: ignore[arg-type]  # the sides' types were checked at compile time
            if -BOUND <= value <= BOUND:
                return value
            raise _overflow(value)

    else:

        def run(scope: Scope) -> Value:
            value = apply(left_run(scope), right_run(scope))  # type: ignore[arg-type]  # the sides' types were checked at compile time
            if -BOUND <= value <= BOUND:
                return value
            raise _overflow(value)

    return run


def _choice(condition: Evaluator, then: Operand, otherwise: Operand) -> Evaluator:
    """``then`` when the condition holds, else ``otherwise`` (only the branch taken is evaluated)."""
    then_run, then_constant, then_value = then
    other_run, other_constant, other_value = otherwise
    if then_constant and other_constant:
        return lambda scope: then_value if condition(scope) else other_value  # type: ignore[return-value]  # the sides' types were checked at compile time
    return lambda scope: then_run(scope) if condition(scope) else other_run(scope)


class _Compiler:
    """One pass over the tree: each node's type, its evaluator, and whether it reads no name."""

    def __init__(self, names: Names, context: str | None) -> None:
        self.names = names
        self.context = context
        self.reads: set[str] = set()

    def node(self, node: Node) -> Compiled:
        if isinstance(node, Literal):
            value = node.value
            kind = Type.BOOL if type(value) is bool else Type.INT if type(value) is int else Type.STRING
            return kind, lambda scope: value, True
        if isinstance(node, Name):
            return self.name(node)
        if isinstance(node, Unary):
            return self.unary(node)
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, Ternary):
            return self.ternary(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, ListOf):
            return self.list_of(node)
        raise ExprError("unreadable", node.position)  # pragma: no cover - every node kind is handled above

    def folded(self, kind: Type, run: Evaluator, constant: bool, position: int) -> Compiled:
        """A node whose parts read no name is worked out now: a division by a literal 0 is an error at load."""
        if not constant:
            return kind, run, False
        try:
            value = run(_NO_SCOPE)
        except EvalError as error:
            raise ExprError(f"constant_{error.kind}", position) from None
        return kind, lambda scope: value, True

    def name(self, node: Name) -> Compiled:
        dotted = node.dotted
        info = self.names.known.get(dotted)
        if info is None:
            raise self.unknown(node)
        if info.context is not None and info.context != self.context:
            raise ExprError("known_only_in", node.position, name=dotted, where=f"context_{info.context}")
        self.reads.add(dotted)
        return info.type, operator.itemgetter(dotted), False

    def unknown(self, node: Name) -> ExprError:
        """The error for a name the book does not have: the first part that goes wrong, and close names."""
        groups = self.names.groups()
        known = [n for n, i in self.names.known.items() if i.context is None or i.context == self.context]
        for i in range(1, len(node.parts) + 1):
            prefix = ".".join(node.parts[:i])
            if prefix in self.names.known:
                return ExprError("value_no_member", node.offsets[i], name=prefix, member=node.parts[i])
            if prefix in groups:
                continue
            if i == 1:
                close = difflib.get_close_matches(prefix, sorted({n.split(".")[0] for n in known}), n=3)
            else:
                parent = ".".join(node.parts[: i - 1]) + "."
                siblings = sorted({parent + n[len(parent) :].split(".")[0] for n in known if n.startswith(parent)})
                close = difflib.get_close_matches(prefix, siblings, n=2, cutoff=0.8)
            name = node.parts[0] if i == 1 else prefix
            if close:
                return ExprError("unknown_name_close", node.offsets[i - 1], name=name, close=", ".join(repr(c) for c in close))
            return ExprError("unknown_name", node.offsets[i - 1], name=name)
        members = sorted(n for n in known if n.startswith(node.dotted + "."))[:4]
        example = ", ".join(members) if members else node.dotted + ".<id>"
        return ExprError("group_not_value", node.position, name=node.dotted, example=example)

    def expect(self, compiled: Compiled, want: Type, node: Node, what: str, **params: str) -> Compiled:
        """``compiled`` when it is of type ``want``, else the error ``expr_operand_<what>`` (what it is given to)."""
        if compiled[0] is not want:
            raise ExprError(f"operand_{what}", node.position, want=want.words, found=compiled[0].words, **params)
        return compiled

    def unary(self, node: Unary) -> Compiled:
        if node.op == "!":
            _, run, constant = self.expect(self.node(node.operand), Type.BOOL, node.operand, "not")
            return self.folded(Type.BOOL, lambda scope: not run(scope), constant, node.position)
        _, run, constant = self.expect(self.node(node.operand), Type.INT, node.operand, "minus")
        negate: Evaluator = lambda scope: _bounded(-run(scope))  # type: ignore[operator]  # noqa: E731  # checked: an int
        return self.folded(Type.INT, negate, constant, node.position)

    def binary(self, node: Binary) -> Compiled:
        op = node.op
        left_kind, left, left_constant = self.node(node.left)
        right_kind, right, right_constant = self.node(node.right)
        constant = left_constant and right_constant
        if op in ("&&", "||"):
            self.expect((left_kind, left, left_constant), Type.BOOL, node.left, "side", op=op)
            self.expect((right_kind, right, right_constant), Type.BOOL, node.right, "side", op=op)
            if op == "&&":
                return self.folded(Type.BOOL, lambda scope: bool(left(scope)) and bool(right(scope)), constant, node.position)
            return self.folded(Type.BOOL, lambda scope: bool(left(scope)) or bool(right(scope)), constant, node.position)
        if op in ARITHMETIC:
            self.expect((left_kind, left, left_constant), Type.INT, node.left, "side", op=op)
            self.expect((right_kind, right, right_constant), Type.INT, node.right, "side", op=op)
            both = _sum(op, _operand((left_kind, left, left_constant)), _operand((right_kind, right, right_constant)))
            return self.folded(Type.INT, both, constant, node.position)
        if op == "in":
            if LIST_OF.get(left_kind) is not right_kind:
                want = LIST_OF.get(left_kind)
                needed = want.words if want is not None else "a_list"
                raise ExprError("in_needs_list", node.right.position, want=needed, found=right_kind.words)
            sides = _operand((left_kind, left, left_constant)), _operand((right_kind, right, right_constant))
            among = _compare(lambda item, items: item in items, *sides)  # type: ignore[operator]  # a list
            return self.folded(Type.BOOL, among, constant, node.position)
        if left_kind is not right_kind:
            raise ExprError("compares_kinds", node.position, op=op, left=left_kind.words, right=right_kind.words)
        if op not in ("==", "!=") and left_kind is not Type.INT:
            raise ExprError("compares_numbers", node.position, op=op, found=left_kind.words)
        sides = _operand((left_kind, left, left_constant)), _operand((right_kind, right, right_constant))
        return self.folded(Type.BOOL, _compare(ORDER[op], *sides), constant, node.position)

    def ternary(self, node: Ternary) -> Compiled:
        _, condition, c_constant = self.expect(self.node(node.condition), Type.BOOL, node.condition, "condition")
        then_kind, then, t_constant = self.node(node.then)
        other_kind, otherwise, o_constant = self.node(node.otherwise)
        if then_kind is not other_kind:
            raise ExprError("ternary_types", node.position, left=then_kind.words, right=other_kind.words)
        constant = c_constant and t_constant and o_constant
        choose = _choice(condition, _operand((then_kind, then, t_constant)), _operand((other_kind, otherwise, o_constant)))
        return self.folded(then_kind, choose, constant, node.position)

    def call(self, node: Call) -> Compiled:
        if node.function not in FUNCTIONS:
            close = difflib.get_close_matches(node.function, sorted(FUNCTIONS), n=2)
            if close:
                raise ExprError("unknown_function_close", node.position, name=node.function, close=", ".join(close))
            raise ExprError("unknown_function", node.position, name=node.function, functions=", ".join(FUNCTIONS))
        args = [self.expect(self.node(arg), Type.INT, arg, "argument", function=node.function) for arg in node.args]
        runs = [run for _, run, _ in args]
        constant = all(c for _, _, c in args)
        count = len(args)
        wanted = {"abs": 1, "clamp": 3}.get(node.function)
        if (wanted is not None and count != wanted) or count == 0:
            if wanted is None:
                raise ExprError("arguments_none", node.position, function=node.function)
            raise ExprError("arguments_count", node.position, function=node.function, wanted=wanted, count=count)
        run: Evaluator
        if node.function == "min":
            run = lambda scope: min([r(scope) for r in runs])  # noqa: E731
        elif node.function == "max":
            run = lambda scope: max([r(scope) for r in runs])  # noqa: E731
        elif node.function == "abs":
            only = runs[0]
            run = lambda scope: abs(only(scope))  # type: ignore[arg-type]  # noqa: E731
        else:
            value, low, high = runs
            run = lambda scope: _clamp(value(scope), low(scope), high(scope))  # type: ignore[arg-type] # noqa: E731
        return self.folded(Type.INT, run, constant, node.position)

    def list_of(self, node: ListOf) -> Compiled:
        if not node.items:
            raise ExprError("empty_list", node.position)
        items = [self.node(item) for item in node.items]
        kind = items[0][0]
        if kind not in LIST_OF:
            raise ExprError("list_kind", node.position, found=kind.words)
        for (item_kind, _, _), item in zip(items, node.items):
            if item_kind is not kind:
                raise ExprError("list_mixed", item.position, want=kind.words, found=item_kind.words)
        runs = [run for _, run, _ in items]
        constant = all(c for _, _, c in items)
        gather: Evaluator = lambda scope: tuple(r(scope) for r in runs)  # type: ignore[assignment, return-value]  # noqa: E731  # one type
        return self.folded(LIST_OF[kind], gather, constant, node.position)
