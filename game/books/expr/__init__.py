"""Book expressions: the small language a book's rules are written in (a subset of CEL; docs/BOOKS.md).

``compile_expression(text, names, want)`` checks a text once, at book load, and
gives a :class:`Program`; ``program.evaluate(scope)`` reads names from the scope
and returns an int, a bool or a text. Pure: no pygame, no files, no clock.
"""

from game.books.expr.program import EvalError, NameInfo, Names, Program, Scope, Type, Value, compile_expression
from game.books.expr.syntax import MAX_DEPTH, MAX_LENGTH, ExprError

__all__ = [
    "MAX_DEPTH",
    "MAX_LENGTH",
    "EvalError",
    "ExprError",
    "NameInfo",
    "Names",
    "Program",
    "Scope",
    "Type",
    "Value",
    "compile_expression",
]
