"""Card-list helpers behind `Variant.is_meld` / `meld_value` / `deadwood` / `penalty` (stage: run).

Accepts cards as texts (`7H`, `JK:7H`, bare `JK`) or codes, converts them and
delegates to melds.py / solver.py. A wild left unnamed is named in the first
valid way (melds.name_wilds); garbled card text raises `InvalidMove`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulespec.core.cards import JOKER, parse_card, parse_placed
from rulespec.core.errors import InvalidMove
from rulespec.interpreter import melds as M
from rulespec.interpreter import solver as S
from rulespec.model.variant import Variant

Placed = tuple[int, int]


def _items(cards: Any) -> list[Any]:
    if isinstance(cards, str):
        return cards.split()
    if not isinstance(cards, Iterable):
        raise InvalidMove(f"expected a list of cards, got {cards!r}")
    return list(cards)


def codes(cards: Any) -> list[int]:
    """Card codes from texts or codes (a placed text gives its card)."""
    out = []
    for c in _items(cards):
        if isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= JOKER:
            out.append(c)
        elif isinstance(c, str):
            out.append(parse_placed(c)[0] if ":" in c else parse_card(c))
        else:
            raise InvalidMove(f"not a card: {c!r}")
    return out


def placements(variant: Variant, cards: Any) -> list[tuple[Placed, ...]]:
    """The ways these cards can be laid as one meld (named wilds kept as named)."""
    items = _items(cards)
    if any(isinstance(c, str) and ":" in c for c in items):
        placed = tuple(
            parse_placed(c) if isinstance(c, str) and ":" in c else (k, k)
            for c, k in zip(items, codes(items), strict=True)
        )
        norm = M.normalize(variant, placed)
        return [norm] if norm is not None else []
    return list(M.name_wilds(variant, codes(items)))


def is_meld(variant: Variant, cards: Any) -> bool:
    return bool(placements(variant, cards))


def meld_value(variant: Variant, cards: Any) -> int:
    ways = placements(variant, cards)
    if not ways:
        raise InvalidMove(f"not a meld: {' '.join(map(str, _items(cards)))}")
    return max(M.meld_value(variant, w) for w in ways)


def deadwood(variant: Variant, cards: Any) -> int:
    return S.deadwood(variant, codes(cards))


def penalty(variant: Variant, cards: Any) -> int:
    return S.penalty(variant, codes(cards))
