"""The one-draw lookahead of a one-deck natural hand over a pool of two decks (bots layer,
beside lookahead).

In the two-deck games (Kalooki, Scala 40) a hand without a duplicate or a wild card
is a one-deck natural hand, but the pool is not: most unseen cards come in two
copies, a card of the hand may have its twin unseen, and jokers are unseen. The
mask lookahead (`masklook`, its C `Look.next_turn`) refuses such a pool, and
`lookahead.next_turn` grew every card in Python (`plusone._one_deck`'s walk) before
summing. Split, it needs no Python walk:

- the natural cards the hand does not hold are a one-deck pool each copy: the
  unseen cards held in one copy or more, then those held in two or more, ... Each
  layer is a mask of distinct cards apart from the hand, so `Look.next_turn` sums
  it in one C call with the solver's own walk (its answers are `best_arrangement`'s
  on the grown hand, as `_one_deck`'s are), and the layers' sums add up;
- the twins of held cards and the wild cards are grown as before (`plusone.plus_one`:
  one counted search for the twins, one per wild card), a card in no meld of the hand
  with it (no bit in ``blocked``) joining the deadwood as `lookahead.next_turn` has it.

The sums are exact: with a point unit of 1 and an integer weight every term is an
integer-valued float, so any order of adding gives the same float.

Given a bar (the best deep score found so far, as `turn_sums` takes it), the split
answers False as soon as the terms found prove the lookahead above it: every term is
at least 0 (no negative value, no negative weight) and every card not yet grown is
counted a knock chance, so the twins' search and the wild cards' are skipped; the
sums otherwise, the same as without a bar (tests/bots/test_splitturn.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rulespec.bots.base import hand_value
from rulespec.bots.masklook import MaskLook, mask_look
from rulespec.interpreter.plusone import Grown, plus_one
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

Sums = tuple[float, int, int]
"""(summed cost over the unseen cards, how many there are, how many could knock)."""


def split_turn(
    variant: Variant,
    look: MaskLook,
    hand: Sequence[int],
    pool: dict[int, int],
    weight: int,
    limit: int | None,
    bar: float | None = None,
    knock: float = 0.0,
    mask: int | None = None,
) -> Sums | Literal[False] | None:
    """`lookahead.next_turn`'s sums of a one-deck natural ``hand`` over ``pool`` ({code:
    copies}, any number of decks), or None where the split does not apply (no C
    lookahead, a hand off the mask path, a negative value or weight, a code that is no
    card, a card `plus_one` does not answer): the caller sums as before then. With a
    ``bar``: False where the lookahead is proven above it before the twins and the wild
    cards are grown. ``mask``: the hand's (`look.mask_of`), when the caller has it."""
    mask = look.mask_of(hand) if mask is None else mask
    start = None if mask is None else _start(look, mask, pool, limit, weight)
    if start is None:
        return None
    total, count, ready, rest = start
    if not rest:
        return total, count, ready
    not_fast = look.not_fast
    twins = [card for card in rest if not not_fast >> card & 1]
    wild = [card for card in rest if not_fast >> card & 1]
    # the twins in one search, then a search per wild card: with a bar, the bound between
    rounds = (twins, wild) if bar is not None and count and knock >= 0 else (twins + wild,)
    grown: dict[int, Grown] = {}
    for cards in rounds:
        if len(rounds) > 1:
            left = sum(n for c, n in rest.items() if c not in grown) if limit is not None else 0
            if total / count - knock * (ready + left) / count > bar:  # type: ignore[operator]
                return False
        answers = plus_one(variant, hand, cards) if cards else {}
        if answers is None:
            return None
        grown.update(answers)
        for card in cards:
            n = rest[card]
            dw, dead_count, worst = answers[card]
            total += n * ((dw - worst) + weight * max(dead_count - 1, 0))
            if limit is not None and dw - worst <= limit:
                ready += n
    return total, count, ready


def split_floor(
    variant: Variant,
    hand: Sequence[int],
    pool: dict[int, int],
    limit: int | None,
    weight: float,
    knock: float,
) -> float | None:
    """A lower bound of the lookahead of ``hand`` (`lookahead.expected`: ``weight`` per
    deadwood card beyond the first, ``knock`` per chance to knock within ``limit``) from
    the split's C sums alone (the twins and wild cards at 0, each a knock chance), or None
    where the split does not take the hand or no card is unseen. Its sums are kept for
    the exact lookahead of the same hand, asked next (`deepfloor`'s floor, then
    `split_turn`)."""
    look = mask_look(variant)
    if look is None or knock < 0 or not float(weight).is_integer() or weight < 0:
        return None
    mask = look.mask_of(hand)
    if mask is None or not _same_values(variant, look):
        return None
    start = _start(look, mask, pool, limit, int(weight))
    if start is None or not start[1]:
        return None
    total, count, ready, rest = start
    left = sum(rest.values()) if limit is not None else 0
    return total / count - knock * (ready + left) / count


Start = tuple[float, int, int, dict[int, int]]
"""(the one-deck layers' summed terms, how many unseen cards, the layers' knock chances,
the cards left to grow: {code: copies})."""


def _start(
    look: MaskLook, mask: int, pool: dict[int, int], limit: int | None, weight: int
) -> Start | None:
    """The split's sums of the natural cards the hand ``mask`` does not hold, in one C call
    per copy, and the cards left (the hand's twins, the wild cards), or None where the
    split does not apply. Kept for the last hand and pool asked."""
    kept = _KEPT
    if kept[0] is pool and kept[1] == (mask, limit, weight, look):
        return kept[2]  # type: ignore[return-value]
    split = _split_pool(look, pool) if look.c is not None and weight >= 0 else None
    got: Start | None = None
    if split is not None:
        layers, others, count = split
        total, ready = 0.0, 0
        next_turn = look.c.next_turn
        for layer in layers:  # one C call per copy, the hand's own codes left out
            if layer & ~mask:
                sums, _, chances = next_turn(mask, layer & ~mask, limit, weight)
                total += sums
                ready += chances
        rest = dict(others)
        held = layers[0] & mask if layers else 0
        while held:  # the twins of held cards: copies by layer
            low = held & -held
            held ^= low
            rest[low.bit_length() - 1] = sum(1 for layer in layers if layer & low)
        got = total, count, ready, rest
    kept[:] = [pool, (mask, limit, weight, look), got]
    return got


_KEPT: list[object] = [None, None, None]  # the last pool, (hand mask, limit, weight, look), start


_BIT = {c: 1 << c for c in range(53)}
_LAST: list[object] = [None, None, None]  # the last pool split, its look and its split


def _split_pool(
    look: MaskLook, pool: dict[int, int]
) -> tuple[list[int], list[tuple[int, int]], int] | None:
    """(per copy k: the mask of the natural codes with k or more copies unseen, the wild
    codes and jokers with their copies, how many unseen cards), or None where the split is
    not taken (a code that is no card, a negative count, a negative value). Kept for the
    last pool (a decision asks it of every candidate; the key holds the pool, so its id is
    not another's)."""
    if _LAST[0] is pool and _LAST[1] is look:
        return _LAST[2]  # type: ignore[return-value]
    got: tuple[list[int], list[tuple[int, int]], int] | None = None
    if min(look.values) >= 0:
        not_fast = look.not_fast
        one = two = 0  # the natural codes with one copy or more, with two or more
        more: list[tuple[int, int]] = []  # natural codes with three copies or more
        others: list[tuple[int, int]] = []
        count = 0
        bits = _BIT
        bad = False  # a code that is no card, a negative count
        for card, n in pool.items():
            bit = bits.get(card, 0)
            if not bit or n < 0:
                bad = True
                break
            count += n
            if bit & not_fast:
                if n:
                    others.append((card, n))
            elif n == 1:
                one |= bit
            elif n == 2:
                one |= bit
                two |= bit
            elif n:
                more.append((bit, n))
        if not bad:
            layers = [one, two] if two or more else [one] if one else []
            for bit, n in more:
                layers += [0] * (n - len(layers))
                for i in range(n):
                    layers[i] |= bit
            got = layers, others, count
    _LAST[:] = [pool, look, got]
    return got


def _same_values(variant: Variant, look: MaskLook) -> bool:
    """Are the bots' hand values of the natural codes the solver's (`look.values`)? The
    lookahead sums the split's way only then (`lookahead._Facts.same_values`)."""
    return _SAME.get(variant, None, _make_same, variant, look)


def _make_same(variant: Variant, look: MaskLook) -> bool:
    return all(hand_value(variant, c) == look.values[c] for c in range(52))


_SAME: Derived[bool] = Derived()
