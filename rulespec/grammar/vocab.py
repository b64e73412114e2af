"""The DSL's vocabulary: which item sets which document key, and token helpers (stage: parse).

Tables read by `rulespec.grammar.items.DocBuilder`: the section each statement
writes into, and for the simple items (a fixed value, a number, a word, an
expression) the key they set under it. Kept beside rules.lark's item aliases.
"""

from __future__ import annotations

import re
from typing import Any

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
}
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"}
ACE_MODES = {
    "low": "low",
    "high": "high",
    "high or low": "high_or_low",
    "wrap": "wrap",
    "wraps": "wrap",
}

# item alias -> (relative path, constant value) for items that set one fixed value
FIXED_ITEMS: dict[str, tuple[Path, Any]] = {
    "no_jokers": (("jokers",), 0),
    "first_cut": (("first",), "cut"),
    "first_random": (("first",), "random"),
    "upcard_yes": (("upcard",), True),
    "upcard_no": (("upcard",), False),
    "no_set": (("set",), False),
    "no_run": (("run",), False),
    "same_suit": (("suit",), "same"),
    "pattern_run": (("run",), True),
    "pattern_no_run": (("run",), False),
    "per_meld_any": (("per_meld",), None),
    "outnumber": (("outnumber",), True),
    "no_outnumber": (("outnumber",), False),
    "unique": (("unique",), True),
    "not_unique": (("unique",), False),
    "swap_yes": (("swap",), True),
    "swap_no": (("swap",), False),
    "draw_stock": (("stock",), True),
    "draw_no_stock": (("stock",), False),
    "draw_no_discard": (("discard",), False),
    "then_stock": (("discard_then_stock",), True),
    "no_then_stock": (("discard_then_stock",), False),
    "then_discard": (("discard_then_discard",), True),
    "no_then_discard": (("discard_then_discard",), False),
    "no_depth": (("depth",), False),
    "whole_pile": (("pile",), True),
    "no_whole_pile": (("pile",), False),
    "upcard_offer": (("upcard_offer",), True),
    "no_upcard_offer": (("upcard_offer",), False),
    "melding_anytime": (("melding",), "anytime"),
    "melding_never": (("melding",), "never"),
    "melding_going_out": (("melding",), "going_out"),
    "per_turn_any": (("melds_per_turn",), None),
    "layoff_yes": (("layoff",), True),
    "layoff_no": (("layoff",), False),
    "required_always": (("required",), "always"),
    "required_unless_out": (("required",), "unless_out"),
    "forbid_taken": (("forbid_taken",), True),
    "allow_taken": (("forbid_taken",), False),
    "partition_none": (("partition",), None),
    "knock_layoff": (("layoff",), True),
    "knock_no_layoff": (("layoff",), False),
    "show_all": (("show",), "all"),
    "ranks_once": (("ranks_once",), True),
    "no_ranks_once": (("ranks_once",), False),
    "meld_credit": (("meld_credit",), True),
    "no_meld_credit": (("meld_credit",), False),
    "no_target": (("target",), None),
    "tie_highest": (("tie",), "highest"),
    "tie_play_on": (("tie",), "play_on"),
    "no_eliminate": (("eliminate",), None),
    "no_rounds": (("rounds",), None),
    "recycles_unlimited": (("recycles",), None),
    "shutout_doubles": (("bonus", "shutout"), 2),
}
# item alias -> relative path, for items `keyword INT`
INT_ITEMS: dict[str, Path] = {
    "packet": ("packet",),
    "min": ("min",),
    "max": ("max",),
    "per_meld": ("per_meld",),
    "hand_cards": ("hand_cards",),
    "per_turn": ("melds_per_turn",),
    "reserve": ("reserve",),
    "recycles": ("recycles",),
    "target": ("target",),
    "eliminate": ("eliminate",),
    "game_bonus": ("bonus", "game"),
    "box_bonus": ("bonus", "box"),
    "shutout_times": ("bonus", "shutout"),
}
# item alias -> relative path, for items `keyword TOKEN` storing the token's text
WORD_ITEMS: dict[str, Path] = {
    "rotation": ("rotation",),
    "suits": ("suits",),
    "use": ("use",),
    "layoff_onto": ("layoff_onto",),
    "pile_kind": ("pile",),
    "exhausted": ("exhausted",),
    "penalty": ("penalty",),
}
# item alias -> relative path, for items holding one expression
EXPR_ITEMS: dict[str, Path] = {
    "swap_when": ("swap",),
    "when": ("when",),
    "layoff_when": ("layoff",),
    "first_laydown": ("first_laydown_min",),
    "limit": ("limit",),
    "multiplier": ("multiplier",),
    "rounds": ("rounds",),
}


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
