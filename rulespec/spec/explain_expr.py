"""Expressions read aloud: rule-document expression text → plain English (used by spec/explain).

A small self-contained Pratt parser over the expression language of
docs/document.md, used only for wording: `upcard.value` becomes "the upcard's
value", `a ? b : c` becomes "b if a, otherwise c". It never evaluates. Text it
cannot parse is shown as written, in backticks, so an explanation never fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespec.spec.names import SUITS

_TOKEN = re.compile(
    r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|"
    r"(==|!=|<=|>=|//|[<>+\-*%?:(),]))"
)

# binding powers, loosest first
_BINARY = {
    "or": 2,
    "and": 3,
    "==": 5, "!=": 5, "<": 5, "<=": 5, ">": 5, ">=": 5,
    "+": 6, "-": 6,
    "*": 7, "//": 7, "%": 7,
}  # fmt: skip
_NOT, _NEG, _TERNARY = 4, 8, 1

RANKS = {"A": "an ace", "J": "a jack", "Q": "a queen", "K": "a king"}
PLACES = {
    "hand": "in hand",
    "set": "in a set",
    "run_low": "the low card of a run",
    "run_middle": "a middle card of a run",
    "run_high": "the high card of a run",
}
REASONS = {
    "out": "a player went out",
    "knock": "the knocker won",
    "gin": "a player went gin",
    "undercut": "the knocker was undercut",
    "stock": "the stock ran out",
    "void": "the hand was void",
}
SEATS = {
    "me": "their",
    "winner": "the winner's",
    "knocker": "the knocker's",
    "losers": "the losers' total",
    "others": "the other players' total",
}
FACTS = {
    "penalty": "penalty",
    "deadwood": "deadwood",
    "cards": "cards left",
    "jokers": "wild cards in hand",
    "melded": "melded value",
    "melded_jokers": "wild cards melded this hand",
    "turn": "turn number",
}
NAMES = {
    "face": "its face number",
    "place": "its place",
    "players": "the number of players",
    "stock": "the number of cards in the stock",
    "upcard.rank": "the upcard's rank",
    "upcard.suit": "the upcard's suit",
    "upcard.value": "the upcard's value",
    "me.cards": "the number of cards in their hand",
    "losers.count": "the number of losers",
    "others.count": "the number of other players",
    "reason": "the reason the hand ended",
}
# bool names: (affirmative clause, negated clause)
CLAUSES = {
    "rummy": ("the winner went rummy", "the winner did not go rummy"),
    "me.laid_down": ("the player has laid down this hand", "the player has not laid down yet"),
    "me.laid_down_before": (
        "the player laid down in an earlier turn",
        "the player did not lay down in an earlier turn",
    ),
    "me.won": ("the player won the hand", "the player did not win the hand"),
    "winner.won": ("the winner won the hand", "the winner did not win the hand"),
    "knocker.won": ("the knocker won the hand", "the knocker did not win the hand"),
    "true": ("always", "never"),
    "false": ("never", "always"),
}
_WORDS = {"+": "plus", "-": "minus", "*": "times", "//": "divided by", "%": "modulo"}
_COMPARE = {
    "==": ("is", "is not"),
    "!=": ("is not", "is"),
    "<": ("is less than", "is not less than"),
    "<=": ("is at most", "is more than"),
    ">": ("is more than", "is at most"),
    ">=": ("is at least", "is less than"),
}


@dataclass(frozen=True)
class Node:
    """A parsed expression: op is 'num', 'name', 'call', an operator, 'not', 'neg' or '?'."""

    op: str
    args: tuple[Node, ...] = ()
    text: str = ""


class _Unreadable(Exception):
    """The text is not an expression this reader understands."""


def tokenize(text: str) -> list[str]:
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise _Unreadable(text)
        tokens.append(next(g for g in match.groups() if g is not None))
        pos = match.end()
    return tokens


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens, self.pos = tokens, 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            raise _Unreadable(expected or "end")
        self.pos += 1
        return tok

    def parse(self, power: int = 0) -> Node:
        left = self.prefix()
        while True:
            tok = self.peek()
            if tok == "?" and power < _TERNARY:
                self.take()
                then = self.parse(0)
                self.take(":")
                other = self.parse(_TERNARY - 1)
                left = Node("?", (left, then, other))
            elif tok in _BINARY and _BINARY[tok] > power:
                self.take()
                left = Node(tok, (left, self.parse(_BINARY[tok])))
            else:
                return left

    def prefix(self) -> Node:
        tok = self.take()
        if tok == "(":
            inner = self.parse(0)
            self.take(")")
            return inner
        if tok == "not":
            return Node("not", (self.parse(_NOT),))
        if tok == "-":
            return Node("neg", (self.parse(_NEG),))
        if tok.isdigit():
            return Node("num", text=tok)
        if self.peek() == "(":
            self.take("(")
            args: list[Node] = []
            while self.peek() != ")":
                args.append(self.parse(0))
                if self.peek() == ",":
                    self.take(",")
            self.take(")")
            return Node("call", tuple(args), tok)
        if tok in _BINARY or tok in "?:),":
            raise _Unreadable(tok)
        return Node("name", text=tok)


def parse(text: str) -> Node:
    parser = _Parser(tokenize(text))
    node = parser.parse()
    if parser.peek() is not None:
        raise _Unreadable(text)
    return node


def _name(text: str) -> str:
    if text in NAMES:
        return NAMES[text]
    if text in CLAUSES:
        return CLAUSES[text][0]
    if text in RANKS:
        return RANKS[text]
    if text in SUITS:
        return text
    if text in PLACES:
        return PLACES[text]
    if text in REASONS:
        return text
    seat, _, fact = text.partition(".")
    if seat in SEATS and fact:
        return f"{SEATS[seat]} {FACTS.get(fact, fact.replace('_', ' '))}"
    return text.replace("_", " ")


def _compare(node: Node, negate: bool) -> str:
    left, right = node.args
    words = _COMPARE[node.op][1 if negate else 0]
    for a, b in ((left, right), (right, left)):
        if a.op == "name" and a.text == "place" and b.op == "name" and b.text in PLACES:
            return f"it is {'not ' if words.startswith('is not') else ''}{PLACES[b.text]}"
        if a.op == "name" and a.text == "reason" and b.op == "name" and b.text in REASONS:
            verb = "is not" if words.startswith("is not") else "is"
            return f"the hand's end {verb} {b.text}"
        if a.op == "name" and a.text == "upcard.rank" and b.op == "name" and b.text in RANKS:
            verb = "is not" if words.startswith("is not") else "is"
            return f"the upcard {verb} {RANKS[b.text]}"
    return f"{render(left, _BINARY[node.op])} {words} {render(right, _BINARY[node.op])}"


def clause(node: Node, negate: bool = False) -> str:
    """A bool node as a clause ("the upcard's rank is not an ace")."""
    if node.op in _COMPARE:
        return _compare(node, negate)
    if node.op == "not":
        return clause(node.args[0], not negate)
    if node.op == "name" and node.text in CLAUSES:
        return CLAUSES[node.text][1 if negate else 0]
    if node.op in ("and", "or"):
        joiner = node.op if not negate else ("or" if node.op == "and" else "and")
        parts = [clause(a, negate) for a in node.args]
        if any(a.op in ("and", "or") and a.op != node.op for a in node.args):
            parts = [f"({p})" for p in parts]
        return f" {joiner} ".join(parts)
    text = render(node)
    return f"not ({text})" if negate else text


def render(node: Node, outer: int = 0) -> str:
    """A node as a noun phrase, parenthesised when it binds looser than its context."""
    op = node.op
    if op == "num":
        return node.text
    if op == "name":
        return _name(node.text)
    if op == "neg":
        inner = render(node.args[0], _NEG)
        return f"-{inner}" if node.args[0].op == "num" else f"minus {inner}"
    if op == "call":
        args = [render(a) for a in node.args]
        listed = args[0] if len(args) == 1 else ", ".join(args[:-1]) + " and " + args[-1]
        if node.text == "abs":
            return f"the absolute value of {listed}"
        if node.text in ("min", "max"):
            word = {"min": "smaller", "max": "larger"}[node.text] if len(args) == 2 else None
            word = word or {"min": "smallest", "max": "largest"}[node.text]
            return f"the {word} of {listed}"
        return f"{node.text}({', '.join(args)})"
    if op == "?":
        cond, then, other = node.args
        text = f"{render(then, _TERNARY)} if {clause(cond)}, otherwise {render(other, 0)}"
        return f"({text})" if outer > 0 else text
    if op in _COMPARE or op in ("and", "or", "not"):
        text = clause(node)
        power = _NOT if op == "not" else _BINARY[op]
        return f"({text})" if power < outer else text
    power = _BINARY[op]
    left, right = node.args
    text = f"{render(left, power - 1)} {_WORDS[op]} {render(right, power)}"
    return f"({text})" if power <= outer else text


def say(expr: object) -> str:
    """An expression (int, bool or source text) as an English noun phrase."""
    if isinstance(expr, bool):
        return "always" if expr else "never"
    if isinstance(expr, int):
        return str(expr)
    try:
        return render(parse(str(expr)))
    except (_Unreadable, RecursionError):
        return f"`{expr}`"


def say_condition(expr: object) -> str:
    """A bool expression as a clause: "the upcard's rank is not an ace"."""
    if isinstance(expr, bool):
        return "always" if expr else "never"
    try:
        return clause(parse(str(expr)))
    except (_Unreadable, RecursionError):
        return f"`{expr}`"
