"""Card codes and their one text form: the card codec every layer uses (core).

A card is an int: `0..51 = (rank-1) + 13*suit` with suits in order C D H S,
and `JOKER = 52`. A *placed* card (a card as laid in a meld) is a pair
`(card, stands_for)`: a natural card stands for itself, a wild card names
the natural card it stands for (`JK:7H`). Nothing here knows a variant:
decks, wild cards and values are in rulespec.interpreter.cards.
"""

from __future__ import annotations

from rulespec.core.errors import InvalidMove

JOKER = 52
SUITS = "CDHS"
RANKS = "A23456789TJQK"
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}

Placed = tuple[int, int]
"""A card as laid in a meld: (card, stands_for); equal for a natural card."""


def make_card(rank: int, suit: int) -> int:
    """The code of a natural card: rank 1..13, suit 0..3 (C D H S)."""
    return (rank - 1) + 13 * suit


def rank_of(code: int) -> int:
    """Rank 1..13 of a natural card (A = 1, K = 13); 0 for the joker."""
    return 0 if code == JOKER else code % 13 + 1


def suit_of(code: int) -> int:
    """Suit 0..3 (C D H S) of a natural card; -1 for the joker."""
    return -1 if code == JOKER else code // 13


def parse_card(text: str) -> int:
    """Card text (`AS`, `TS`, `10S`, `ts`, `10♠`, `JK`) -> code; InvalidMove on garbage."""
    raw = text.strip()
    norm = raw.upper()
    if norm in ("JK", "JOKER"):
        return JOKER
    if len(norm) >= 2 and norm[-1] in _SUIT_SYMBOLS:
        norm = norm[:-1] + _SUIT_SYMBOLS[norm[-1]]
    rank_text, suit_text = norm[:-1], norm[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS or suit_text not in SUITS or not suit_text:
        raise InvalidMove(
            f"{text!r} is not a card: write ranks A 2-9 T J Q K (10 also accepted)"
            " and suits C D H S, e.g. TH; JK is a joker"
        )
    return make_card(RANKS.index(rank_text) + 1, SUITS.index(suit_text))


def card_text(code: int) -> str:
    """Canonical text of a card code: `TS`, `AH`, `JK`."""
    if code == JOKER:
        return "JK"
    if not 0 <= code < 52:
        raise ValueError(f"not a card code: {code}")
    return RANKS[code % 13] + SUITS[code // 13]


def parse_placed(text: str) -> Placed:
    """`7H` -> (code, code); `JK:7H` (a wild naming a card) -> (52, code of 7H); `JK` ->
    (52, 52), a joker as itself (the meld rules decide whether it may be)."""
    card_part, sep, named_part = text.strip().partition(":")
    card = parse_card(card_part)
    if not sep:  # a bare joker stands for itself: only a rank of its own (melds.joker_sets)
        return (card, card)
    named = parse_card(named_part)
    if named == JOKER:
        raise InvalidMove(f"a wild card must stand for a natural card, not a joker: {text!r}")
    return (card, named)


def placed_text(placed: Placed) -> str:
    """Canonical text of a placed card: `7H`, or `JK:7H` for a wild naming 7H."""
    card, stands_for = placed
    if card == stands_for:
        return card_text(card)
    return f"{card_text(card)}:{card_text(stands_for)}"


def cards_text(codes: list[int] | tuple[int, ...]) -> str:
    """Space-separated canonical texts, for messages and logs."""
    return " ".join(card_text(c) for c in codes)


def mask_codes(mask: int) -> list[int]:
    """The card codes of a card mask (bit c: code c), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out
