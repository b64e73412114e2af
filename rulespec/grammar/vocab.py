"""The DSL's vocabulary: which item sets which document key, and token helpers (stage: parse).

Tables read by `rulespec.grammar.items.DocBuilder`: the section each statement
writes into, and for the simple items (a fixed value, a number, a word, an
expression) the key they set under it. Those items are derived from the axis
declarations (`rulespec.model.axes`): `axis_items()` maps each generated item
alias to its key and phrase, and `grammar_extension()` is their grammar, the
`%extend` rules `grammar/parser.py` adds to rules.lark.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from rulespec.model.axes import AXES, Axis, Phrase, node

Path = tuple[str, ...]

SECTIONS: dict[str, Path] = {
    "players": ("players",),
    "deck": ("deck",),
    "dealer": ("dealer",),
    "deal": ("deal",),
    "values": ("values",),
    "melds": ("melds",),
    "wild": ("melds", "wild"),
    "draw": ("draw",),
    "play": ("play",),
    "discard": ("discard",),
    "going_out": ("going_out",),
    "knock": ("knock",),
    "stock": ("stock",),
    "scoring": ("scoring",),
    "match": ("match",),
    "buy": ("buy",),
}
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"}

# The item rules of rules.lark whose simple phrases come from the axis declarations,
# with the section (a document path) their statement writes into. Items of shared
# parts (`set_part` of a set or a run, `pile_opt` of a discard or depth draw) name
# the key under the table that holds them.
ITEM_SECTIONS: dict[str, str] = {
    "deck_item": "deck",
    "dealer_item": "dealer",
    "deal_item": "deal",
    "meld_item": "melds",
    "wild_item": "melds.wild",
    "set_part": "",
    "draw_item": "draw",
    "pile_opt": "",
    "play_item": "play",
    "discard_item": "discard",
    "go_item": "going_out",
    "knock_item": "knock",
    "stock_item": "stock",
    "scoring_item": "scoring",
    "match_item": "match",
    "buy_item": "buy",
}
# pattern items (a pattern is a little table of its own: see model/axes/melds.py)
PATTERN_ITEMS: dict[str, tuple[str, Any]] = {
    "same_suit": ("suit", "same"),
    "pattern_run": ("run", True),
    "pattern_no_run": ("run", False),
}


@dataclass(frozen=True)
class ItemWords:
    """One generated DSL item: the key it sets under its section and the phrase that says it."""

    rel: Path
    phrase: Phrase


def _rel(path: str, item: str) -> Path:
    section = ITEM_SECTIONS[item]
    if section and (path == section or path.startswith(section + ".")):
        return tuple(path[len(section) :].lstrip(".").split(".")) if path != section else ()
    return (path.rpartition(".")[2],)


def _alias(item: str, words: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", words.replace("<=", " le ").replace("{", "x_").lower())
    return f"{item}__{slug.strip('_')}"


@functools.cache
def axis_items() -> dict[str, ItemWords]:
    """Generated item alias -> what it sets, for every phrase of every declared axis."""
    found: dict[str, ItemWords] = {}
    for decl in AXES:
        if not decl.item:
            continue
        for phrase in decl.phrases:
            alias = _alias(decl.item, phrase.words)
            words = ItemWords(_rel(decl.path, decl.item), phrase)
            if alias in found and found[alias] != words:
                raise ValueError(f"{decl.path}: '{phrase.words}' already says something else")
            found[alias] = words
    return found


@functools.cache
def tokens() -> dict[str, tuple[str, ...]]:
    """Named terminals of `{word}` phrases -> the words they take (an enum axis's values)."""
    found: dict[str, tuple[str, ...]] = {}
    for decl in AXES:
        if isinstance(decl, Axis) and decl.token:
            found[decl.token] = tuple(str(v) for v in decl.values)
    return found


def _lark_words(words: str, token: str) -> str:
    parts = []
    for word in words.split():
        if word == "{int}":
            parts.append("int")
        elif word == "{expr}":
            parts.append("expr_val")
        elif word == "{word}":
            parts.append(token)
        else:
            parts.append(f'"{word}"')
    return " ".join(parts)


@functools.cache
def grammar_extension() -> str:
    """The grammar of every simple item, from the declarations: `%extend` rules of rules.lark."""
    lines = ["", "// generated from rulespec/model/axes (grammar/vocab.py)"]
    seen: set[str] = set()
    for decl in AXES:
        if not decl.item:
            continue
        token = decl.token if isinstance(decl, Axis) else ""
        for phrase in decl.phrases:
            alias = _alias(decl.item, phrase.words)
            if alias not in seen:
                seen.add(alias)
                lines.append(f"%extend {decl.item}: {_lark_words(phrase.words, token)} -> {alias}")
    lines.append("!ace_mode: " + " | ".join(_lark_words(words, "") for words in ACE_MODES))
    for name, values in tokens().items():
        lines.append(f"{name}: " + " | ".join(f'"{v}"' for v in values))
    return "\n".join(lines) + "\n"


def token_words(name: str) -> str | None:
    """A generated terminal in the user's words: "'left' or 'right'" (None if not one)."""
    values = tokens().get(name)
    if values is None:
        return None
    quoted = [f"'{v}'" for v in values]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _ace_modes() -> dict[str, str]:
    ace = node("ace")
    assert isinstance(ace, Axis)
    return {p.words: str(p.value) for p in ace.phrases}


ACE_MODES = _ace_modes()


def unescape(token: str) -> str:
    """A STRING token (with its quotes) -> its text; \\" \\\\ \\n \\t \\r \\uXXXX escapes."""
    body = token[1:-1]
    return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", _unescape_one, body)


def _unescape_one(match: re.Match[str]) -> str:
    code = match.group(1)
    if code.startswith("u") and len(code) == 5:
        return chr(int(code[1:], 16))
    return _ESCAPES.get(code, code)


def parse_int(tree: Any) -> int:
    return int("".join(str(t) for t in tree.children))


def table_key(tree: Any) -> str:
    """for_key tree -> table key "N" or "N-M"."""
    ints = [str(t) for t in tree.children[0].children]
    return "-".join(ints)


def rank_text(tree: Any) -> str:
    """A rank (or `joker`) as the document writes it; the number 10 is the rank T."""
    token = tree.children[0]
    text = str(token)
    if token.type == "STRING":
        return unescape(text)
    return "T" if text == "10" else text


_CARD = re.compile(r"(10|[2-9TJQKA])([CDHS])", re.IGNORECASE)
_RANKS = "A, 2..10 (or T), J, Q, K, joker"


def card_code_hint(word: str) -> str:
    """How to say a rank when a card code (`2H`, `JK`) stands where rules name ranks; "" if none."""
    if word.upper() == "JK":
        return f"a joker is written 'joker' in rules (ranks: {_RANKS})"
    match = _CARD.fullmatch(word)
    if match is None:
        return ""
    rank = match.group(1).upper()
    return f"that is one card, but rules name whole ranks: write '{rank}' (every {rank}, any suit)"


def variant_name_hint(word: str) -> str:
    """The naming rule of variants, with `word` made into a valid name as the example."""
    fixed = re.sub(r"[^a-z0-9-]+", "-", word.lower()).strip("-")
    example = fixed if fixed and fixed[0].isalpha() else "my-rummy"
    return (
        "a variant name is lowercase letters, digits and '-', starting with a letter"
        f" (such as '{example}')"
    )
