"""Expressions read aloud: rule-document expression text → plain English (explain layer).

A visitor over the expression tree of rulespec.grammar.exprast (the one parser,
the Lark rule `expr`), used only for wording: `upcard.value` becomes "the
upcard's value", `a ? b : c` becomes "b if a, otherwise c". It never
evaluates. Text that does not parse is shown as written, in backticks, so an
explanation never fails.
"""

from __future__ import annotations

from rulespec.grammar.exprast import (
    COMPARISONS,
    LEVEL,
    LEVEL_COND,
    LEVEL_NEG,
    LEVEL_NOT,
    Binary,
    Bool,
    Call,
    Cond,
    Expr,
    ExprError,
    Int,
    Name,
    Over,
    Unary,
    parse_expression,
)
from rulespec.model.names import SUITS

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
    "drop": "every other player dropped",
}
SEATS = {
    "me": "their",
    "winner": "the winner's",
    "knocker": "the knocker's",
    "losers": "the losers' total",
    "others": "the other players' total",
    "partners": "their partners' total",
}
FACTS = {
    "penalty": "penalty",
    "deadwood": "deadwood",
    "cards": "cards left",
    "jokers": "wild cards in hand",
    "melded": "melded value",
    "melded_jokers": "wild cards melded this hand",
    "naturals": "natural cards in hand",
    "melded_naturals": "natural cards in their melds on the table",
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
    "partners.count": "the number of their partners",
    "reason": "the reason the hand ended",
    "deal": "the deal number",
    "turns": "the number of turns played in the hand",
    "out.by": "how the winner went out",
    "winner.turn": "the winner's number of turns",
    "wild.value": "a wild card's own value",
}
WAYS = {
    "discard": "by discarding",
    "meld": "by melding",
    "layoff": "by laying off",
    "dealt": "on the deal",
}
GROUPS = {"losers": "the losers", "others": "the other players", "partners": "their partners"}
_OVER = {"sum": "the sum over {} of {}", "min": "the least, among {}, of {}"}
_OVER["max"] = "the greatest, among {}, of {}"
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
    "won": ("that player won the hand", "that player did not win the hand"),
    "me.contract": (
        "the player's cards hold the contract's melds",
        "the player's cards do not hold the contract's melds",
    ),
    "winner.contract": (
        "the winner's cards hold the contract's melds",
        "the winner's cards do not hold the contract's melds",
    ),
    "knocker.contract": (
        "the knocker's cards hold the contract's melds",
        "the knocker's cards do not hold the contract's melds",
    ),
    "contract": (
        "that player's cards hold the contract's melds",
        "that player's cards do not hold the contract's melds",
    ),
    "me is winner": ("the player is the winner", "the player is not the winner"),
    "me is knocker": ("the player is the knocker", "the player is not the knocker"),
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
    if text in REASONS or text in WAYS:
        return text
    if text in FACTS:  # a bare fact, inside sum(losers, ...): that seat's
        return f"their {FACTS[text]}"
    seat, _, fact = text.partition(".")
    if seat in SEATS and fact:
        return f"{SEATS[seat]} {FACTS.get(fact, fact.replace('_', ' '))}"
    return text.replace("_", " ")


def _word(node: Expr) -> str | None:
    """The bare word of a name or a true/false literal (the tables key on it), else None."""
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Bool):
        return "true" if node.value else "false"
    return None


def _compare(node: Binary, negate: bool) -> str:
    words = _COMPARE[node.op][1 if negate else 0]
    verb = "is not" if words.startswith("is not") else "is"
    for a, b in ((node.left, node.right), (node.right, node.left)):
        subject, value = _word(a), _word(b)
        if subject == "place" and value in PLACES:
            return f"it {verb} {PLACES[value]}"
        if subject == "reason" and value in REASONS:
            return f"the hand's end {verb} {value}"
        if subject == "upcard.rank" and value in RANKS:
            return f"the upcard {verb} {RANKS[value]}"
        if subject == "out.by" and value in WAYS:
            did = "went" if verb == "is" else "did not go"
            return f"the winner {did} out {WAYS[value]}"
    power = LEVEL[node.op]
    return f"{render(node.left, power)} {words} {render(node.right, power)}"


def clause(node: Expr, negate: bool = False) -> str:
    """A bool node as a clause ("the upcard's rank is not an ace")."""
    if isinstance(node, Binary) and node.op in COMPARISONS:
        return _compare(node, negate)
    if isinstance(node, Unary) and node.op == "not":
        return clause(node.operand, not negate)
    word = _word(node)
    if word in CLAUSES:
        return CLAUSES[word][1 if negate else 0]
    if isinstance(node, Binary) and node.op in ("and", "or"):
        joiner = node.op if not negate else ("or" if node.op == "and" else "and")
        args = (node.left, node.right)
        parts = [clause(a, negate) for a in args]
        if any(isinstance(a, Binary) and a.op in ("and", "or") and a.op != node.op for a in args):
            parts = [f"({p})" for p in parts]
        return f" {joiner} ".join(parts)
    text = render(node)
    return f"not ({text})" if negate else text


def _call(node: Call) -> str:
    args = [render(a) for a in node.args]
    listed = args[0] if len(args) == 1 else ", ".join(args[:-1]) + " and " + args[-1]
    if node.func == "abs":
        return f"the absolute value of {listed}"
    word = {"min": "smaller", "max": "larger"}[node.func] if len(args) == 2 else None
    word = word or {"min": "smallest", "max": "largest"}[node.func]
    return f"the {word} of {listed}"


def render(node: Expr, outer: int = 0) -> str:
    """A node as a noun phrase, parenthesised when it binds looser than its context."""
    if isinstance(node, Int):
        return str(node.value)
    word = _word(node)
    if word is not None:
        return _name(word)
    if isinstance(node, Call):
        return _call(node)
    if isinstance(node, Over):
        return _OVER[node.func].format(GROUPS[node.seats], render(node.body))
    if isinstance(node, Cond):
        then, other = render(node.then, LEVEL_COND), render(node.orelse, 0)
        text = f"{then} if {clause(node.test)}, otherwise {other}"
        return f"({text})" if outer > 0 else text
    if isinstance(node, Unary) and node.op == "-":
        # a negative literal is an Int ("-20"); only a negated expression is read as "minus"
        return f"minus {render(node.operand, LEVEL_NEG)}"
    if isinstance(node, Unary) or (isinstance(node, Binary) and node.op not in _WORDS):
        text = clause(node)
        power = LEVEL_NOT if isinstance(node, Unary) else LEVEL[node.op]
        return f"({text})" if power < outer else text
    if not isinstance(node, Binary):  # pragma: no cover - every node kind is handled above
        raise TypeError(f"not an expression node: {node!r}")
    power = LEVEL[node.op]
    text = f"{render(node.left, power - 1)} {_WORDS[node.op]} {render(node.right, power)}"
    return f"({text})" if power <= outer else text


def _parse(expr: object) -> Expr | None:
    """The tree of an expression's text, by the one parser; None when it does not parse."""
    try:
        return parse_expression(str(expr))
    except (ExprError, RecursionError):
        return None


def say(expr: object) -> str:
    """An expression (int, bool or source text) as an English noun phrase."""
    if isinstance(expr, bool):
        return "always" if expr else "never"
    if isinstance(expr, int):
        return str(expr)
    tree = _parse(expr)
    return f"`{expr}`" if tree is None else render(tree)


def say_condition(expr: object) -> str:
    """A bool expression as a clause: "the upcard's rank is not an ace"."""
    if isinstance(expr, bool):
        return "always" if expr else "never"
    tree = _parse(expr)
    return f"`{expr}`" if tree is None else clause(tree)
