"""The syntax of book expressions: a small subset of CEL, read into a tree whose nodes know their position.

Grammar (lowest precedence first; CEL's own, without macros, floats, maps or
member calls)::

    expr     := or ( "?" expr ":" expr )?
    or       := and ( "||" and )*
    and      := relation ( "&&" relation )*
    relation := sum ( ("==" | "!=" | "<" | "<=" | ">" | ">=" | "in") sum )?
    sum      := product ( ("+" | "-") product )*
    product  := unary ( ("*" | "/" | "%") unary )*
    unary    := ("!" | "-") unary | primary
    primary  := INT | STRING | "true" | "false" | name | call | "(" expr ")" | "[" items? "]"
    name     := IDENT ( "." IDENT )*          call := IDENT "(" items? ")"

Every syntax error is a :class:`ExprError` carrying the character offset where
the reader stopped, so a validator can point at it. The text and the tree are
bounded (``MAX_LENGTH`` characters, ``MAX_DEPTH`` levels), so reading a book
never recurses without end.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_LENGTH = 500
MAX_DEPTH = 40
MAX_LITERAL = 1_000_000_000


class ExprError(Exception):
    """An expression that cannot be used: why (a reason code ``expr_<code>`` of the catalogue and its parameters),
    and at which character (0-based offset) of its text."""

    def __init__(self, code: str, position: int, **params: str | int) -> None:
        super().__init__(code)
        self.code = f"expr_{code}"
        self.params = params
        self.position = position

    @property
    def reason(self) -> str:
        """Why, in English (the logs, the tools)."""
        from game.safe_json import english_reason

        return english_reason(self.code, self.params)

    def problem(self, text: str) -> tuple[str, dict[str, object]]:
        """The error as a book's reason: where in ``text`` it is, and why (its own code inside)."""
        return "expression", {"at": self.position + 1, "text": text, "why": {"code": self.code, "params": self.params}}

    def __str__(self) -> str:
        return f"at character {self.position + 1}: {self.reason}"


@dataclass(frozen=True)
class Token:
    kind: str  # "int", "string", "ident", "op", "end"
    text: str
    position: int


@dataclass(frozen=True)
class Node:
    """Base of the tree: where the node starts in the text."""

    position: int


@dataclass(frozen=True)
class Literal(Node):
    value: int | bool | str


@dataclass(frozen=True)
class Name(Node):
    parts: tuple[str, ...]
    offsets: tuple[int, ...]  # where each part starts (an unknown part is pointed at)

    @property
    def dotted(self) -> str:
        return ".".join(self.parts)


@dataclass(frozen=True)
class Unary(Node):
    op: str
    operand: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Ternary(Node):
    condition: Node
    then: Node
    otherwise: Node


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class ListOf(Node):
    items: tuple[Node, ...]


OPERATORS = ("&&", "||", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "!", "?", ":", "(", ")", "[", "]", ",", ".")
KEYWORDS = {"true": True, "false": False}
RESERVED = {"null", "in", "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop",
            "package", "namespace", "return", "var", "void", "while"}  # fmt: skip
DIGITS = frozenset("0123456789")
RELATIONS = ("==", "!=", "<", "<=", ">", ">=", "in")


def tokens(text: str) -> list[Token]:
    """The tokens of ``text``, ending with an "end" token; raises ExprError at the first character it cannot read."""
    if len(text) > MAX_LENGTH:
        raise ExprError("too_long", MAX_LENGTH, length=len(text), limit=MAX_LENGTH)
    found: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char in " \t\r\n":
            i += 1
        elif char in DIGITS:
            start = i
            while i < len(text) and text[i] in DIGITS:
                i += 1
            if i < len(text) and (text[i].isalpha() or text[i] in "._"):
                raise ExprError("number_letters", i)
            found.append(Token("int", text[start:i], start))
        elif char.isascii() and (char.isalpha() or char == "_"):
            start = i
            while i < len(text) and text[i].isascii() and (text[i].isalnum() or text[i] == "_"):
                i += 1
            word = text[start:i]
            found.append(Token("op" if word == "in" else "ident", word, start))
        elif char in "\"'":
            start = i
            i = _string_end(text, i)
            found.append(Token("string", text[start:i], start))
        else:
            two = text[i : i + 2]
            if two in OPERATORS:
                found.append(Token("op", two, i))
                i += 2
            elif char in OPERATORS:
                found.append(Token("op", char, i))
                i += 1
            elif char == "=":
                raise ExprError("single_equals", i)
            elif char in "&|":
                raise ExprError("single_operator", i, char=char, double=char + char)
            else:
                raise ExprError("bad_character", i, char=char)
    found.append(Token("end", "", len(text)))
    return found


def _string_end(text: str, start: int) -> int:
    """The offset just after the string literal starting at ``start`` (its quote); raises ExprError if unclosed."""
    quote = text[start]
    i = start + 1
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in (quote, "\\"):
            i += 2
        elif text[i] == quote:
            return i + 1
        elif text[i] == "\\":
            raise ExprError("bad_escape", i)
        else:
            i += 1
    raise ExprError("unclosed_text", start)


def unquote(raw: str) -> str:
    """The value of a string literal (its quotes removed, ``\\"`` and ``\\\\`` read)."""
    body = raw[1:-1]
    return body.replace("\\\\", "\0").replace("\\" + raw[0], raw[0]).replace("\0", "\\")


class Parser:
    """Reads one expression; ``parse`` returns its tree."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokens(text)
        self.at = 0
        self.depth = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.at]

    def take(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def accept(self, op: str) -> Token | None:
        if self.token.kind == "op" and self.token.text == op:
            return self.take()
        return None

    def expect(self, op: str, what: str, **params: str) -> Token:
        """The token ``op``, or an error saying ``what`` was expected (the code ``expr_expected_<what>``)."""
        found = self.accept(op)
        if found is None:
            raise self.error(f"expected_{what}", self.token, **params)
        return found

    @staticmethod
    def error(code: str, token: Token, **params: str | int) -> ExprError:
        """An error about what was found at ``token`` (said ``<code>_end`` when it is the end of the expression)."""
        if token.kind == "end":
            return ExprError(f"{code}_end", token.position, **params)
        return ExprError(code, token.position, token=token.text, **params)

    def parse(self) -> Node:
        if self.token.kind == "end":
            raise ExprError("empty", 0)
        node = self.expression()
        if self.token.kind != "end":
            raise self.error("unexpected", self.token)
        return node

    def nested(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError("too_deep", self.token.position, limit=MAX_DEPTH)

    def expression(self) -> Node:
        self.nested()
        start = self.token.position
        node = self.binary(0)
        if self.accept("?"):
            then = self.expression()
            self.expect(":", "colon")
            otherwise = self.expression()
            node = Ternary(start, node, then, otherwise)
        self.depth -= 1
        return node

    LEVELS: tuple[tuple[str, ...], ...] = (("||",), ("&&",), RELATIONS, ("+", "-"), ("*", "/", "%"))

    def binary(self, level: int) -> Node:
        if level == len(self.LEVELS):
            return self.unary()
        node = self.binary(level + 1)
        ops = self.LEVELS[level]
        while self.token.kind == "op" and self.token.text in ops:
            op = self.take()
            right = self.binary(level + 1)
            node = Binary(op.position, op.text, node, right)
            if ops is RELATIONS:
                if self.token.kind == "op" and self.token.text in RELATIONS:
                    raise ExprError("chained", self.token.position)
                break
        return node

    def unary(self) -> Node:
        token = self.token
        if token.kind == "op" and token.text in ("!", "-"):
            self.take()
            self.nested()
            operand = self.unary()
            self.depth -= 1
            if token.text == "-" and isinstance(operand, Literal) and type(operand.value) is int:
                return Literal(token.position, -operand.value)
            return Unary(token.position, token.text, operand)
        return self.primary()

    def primary(self) -> Node:
        token = self.take()
        if token.kind == "int":
            value = int(token.text)
            if value > MAX_LITERAL:
                raise ExprError("literal_too_big", token.position, number=token.text, limit=MAX_LITERAL)
            return Literal(token.position, value)
        if token.kind == "string":
            return Literal(token.position, unquote(token.text))
        if token.kind == "ident":
            if token.text in KEYWORDS:
                return Literal(token.position, KEYWORDS[token.text])
            if token.text in RESERVED:
                raise ExprError("reserved_word", token.position, word=token.text)
            if self.accept("("):
                return Call(token.position, token.text, self.items(")"))
            return self.name(token)
        if token.kind == "op" and token.text == "(":
            node = self.expression()
            self.expect(")", "parenthesis")
            return node
        if token.kind == "op" and token.text == "[":
            return ListOf(token.position, self.items("]"))
        raise self.error("expected_value", token)

    def name(self, first: Token) -> Name:
        parts, offsets = [first.text], [first.position]
        while self.accept("."):
            part = self.take()
            if part.kind != "ident":
                raise self.error("expected_name", part)
            parts.append(part.text)
            offsets.append(part.position)
        if self.token.kind == "op" and self.token.text == "(":
            raise ExprError("only_functions", self.token.position)
        return Name(first.position, tuple(parts), tuple(offsets))

    def items(self, closing: str) -> tuple[Node, ...]:
        found: list[Node] = []
        if self.accept(closing):
            return ()
        while True:
            found.append(self.expression())
            if self.accept(closing):
                return tuple(found)
            self.expect(",", "comma", closing=closing)


def parse(text: str) -> Node:
    """The tree of ``text``, or ExprError with the position where reading stopped."""
    return Parser(text).parse()
