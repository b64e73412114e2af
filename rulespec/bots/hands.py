"""Hand arithmetic for the bots: cached calls into the deadwood solver (bots layer).

The bots evaluate many candidate hands per decision, so every solver answer is
memoised by (variant, sorted hand). If the solver module is missing (it is
built in parallel), a small private fallback solver for plain sets and low-ace
runs without wilds keeps the bots usable; the real solver replaces it as soon
as ``rulespec.interpreter.solver`` imports.
"""

from __future__ import annotations

import importlib
import weakref
from collections import Counter
from collections.abc import Sequence
from itertools import filterfalse, repeat
from typing import Any, cast

from rulespec.bots.base import (
    JOKER,
    HistoryEvent,
    View,
    hand_value,
    is_wild,
    near_ranks,
    rank_of,
    suit_of,
)
from rulespec.bots.masklook import mask_look
from rulespec.bots.standin import stand_in as _fallback
from rulespec.interpreter.cards import pack_codes
from rulespec.interpreter.lesssearch import dead_summaries_less, plan, pure_summaries_less
from rulespec.interpreter.plusone import plus_one
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

_CACHE: dict[tuple[int, str, tuple[int, ...]], Any] = {}
_CACHE_LIMIT = 200_000


_SOLVER: list[Any] = []


def _solver() -> Any:
    if not _SOLVER:
        try:
            _SOLVER.append(importlib.import_module("rulespec.interpreter.solver"))
        except ImportError:  # pragma: no cover - only before the solver lands
            _SOLVER.append(None)
    return _SOLVER[0]


_LIVE: set[int] = set()  # ids of the live variants with answers in _CACHE


def _forget(key: int) -> None:
    """A variant died: its id may name another variant next, so its answers go (all of
    them: a scan for its keys would cost more than the few recomputed)."""
    _LIVE.discard(key)
    _CACHE.clear()


def _live(variant: Variant) -> None:
    """Answers of this variant are kept by its id: a finaliser drops them when it dies."""
    _LIVE.add(id(variant))
    weakref.finalize(variant, _forget, id(variant))


def cached(variant: Variant, what: str, hand: Sequence[int], compute: Any) -> Any:
    """``compute``'s answer for the sorted hand, kept by (variant, ``what``, hand)."""
    return _cached_key(variant, what, tuple(sorted(hand)), compute)


def _cached_key(variant: Variant, what: str, cards: tuple[int, ...], compute: Any) -> Any:
    """`cached` of a hand already sorted (``cards``)."""
    vid = id(variant)
    if vid not in _LIVE:
        _live(variant)
    key = (vid, what, cards)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        hit = compute(list(key[2]))
        _CACHE[key] = hit
    return hit


def arrangement(
    variant: Variant, hand: Sequence[int]
) -> tuple[int, list[tuple[int, ...]], list[int]]:
    """(deadwood, melds as tuples of physical cards, deadwood cards) of the best arrangement."""

    def compute(cards: list[int]) -> tuple[int, list[tuple[int, ...]], list[int]]:
        solver = _solver()
        if solver is None:
            return _fallback(variant, cards)
        dw, melds, dead = solver.best_arrangement(variant, cards)
        physical = [tuple(p[0] if isinstance(p, tuple) else p for p in meld) for meld in melds]
        return int(dw), physical, list(dead)

    result: tuple[int, list[tuple[int, ...]], list[int]] = cached(variant, "arr", hand, compute)
    return result


def dead_cards(variant: Variant, hand: Sequence[int]) -> tuple[int, list[int]]:
    """(deadwood, deadwood cards) of `arrangement`'s arrangement: read off it when it is
    known, else from the solver with the melds left unnamed (solver.dead_cards)."""
    key = tuple(sorted(hand))
    vid = id(variant)
    if vid in _LIVE:  # (`arrangement`'s answer first, then this one's, as `_cached_key`)
        known = _CACHE.get((vid, "arr", key))
        if known is not None:
            return known[0], known[2]
        hit: tuple[int, list[int]] | None = _CACHE.get((vid, "dead", key))
        if hit is not None:
            return hit

    def compute(cards: list[int]) -> tuple[int, list[int]]:
        solver = _solver()  # (without it: the stand-in's arrangement, its melds dropped)
        dw, dead = solver.dead_cards(variant, cards) if solver else arrangement(variant, cards)[::2]
        return int(dw), list(dead)

    result: tuple[int, list[int]] = _cached_key(variant, "dead", key, compute)
    return result


def _kept_summary(variant: Variant, key: tuple[int, ...]) -> tuple[int, int, int] | None:
    """`dead_summary` of the sorted hand ``key`` when an answer is kept: read off
    `arrangement`'s or `dead_cards`' (the same cards), or its own; else None."""
    vid = id(variant)
    if vid not in _LIVE:
        return None
    arr = _CACHE.get((vid, "arr", key))  # or dead_cards' (the same cards)
    if known := (arr[0], arr[2]) if arr is not None else _CACHE.get((vid, "dead", key)):
        dw, dead = known
        top = max(map(_worths(variant).__getitem__, dead), default=0)
        return dw, len(dead), 0 if top == _WILD else int(top)
    hit: tuple[int, int, int] | None = _CACHE.get((vid, "sum", key))
    return hit  # (`cached`'s answer, without its call)


def dead_summary(variant: Variant, hand: Sequence[int]) -> tuple[int, int, int]:
    """(deadwood, number of deadwood cards, highest hand value among them not wild or 0) of
    `arrangement`'s arrangement: read off it or dead_cards' when known, else from the solver's
    summary (solver.dead_summary: the same cards, its melds left unnamed)."""
    key = tuple(sorted(hand))
    hit = _kept_summary(variant, key)
    if hit is not None:
        return hit

    def compute(cards: list[int]) -> tuple[int, int, int]:
        solver = _solver()
        if solver is None:
            dw, _, dead = arrangement(variant, cards)
            worst = (hand_value(variant, c) for c in dead if not is_wild(variant, c))
            return dw, len(dead), max(worst, default=0)
        dw, count, worst = solver.dead_summary(variant, cards)
        return int(dw), count, worst

    result: tuple[int, int, int] = _cached_key(variant, "sum", key, compute)
    return result


def summaries_less(
    variant: Variant, hand: Sequence[int], cards: Sequence[int], pure: bool
) -> list[tuple[int, int, int]] | None:
    """`pure_summary` (``pure``) or `dead_summary` of ``hand`` less one of each of ``cards``,
    in order: each read off the answers kept as those read them, the rest asked of the
    solver together (`lesssearch`: one C call) and kept as `cached` keeps them; None where
    the solver does not take them together (then ask per card)."""
    fast = plan(variant, hand)  # (first: a hand the solver does not take costs no more)
    if fast is None:
        return None
    key = tuple(sorted(hand))
    rests = [key[:at] + key[at + 1 :] for at in map(key.index, cards)]
    kept = _kept_pure if pure else _kept_summary
    out = [kept(variant, rest) for rest in rests]
    asked = [card for card, hit in zip(cards, out, strict=True) if hit is None]
    if not asked:
        return cast(list[tuple[int, int, int]], out)  # (no None in it)
    got = (pure_summaries_less if pure else dead_summaries_less)(variant, key, asked, fast)
    if got is None:
        return None
    vid, what, answers = id(variant), "pure" if pure else "sum", iter(got)
    if vid not in _LIVE:
        _live(variant)
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.clear()
    for i, rest in enumerate(rests):
        if out[i] is None:
            dw, count, third = next(answers)
            out[i] = _CACHE[(vid, what, rest)] = (int(dw), count, third)
    return cast(list[tuple[int, int, int]], out)  # (every None filled above)


def _kept_pure(variant: Variant, key: tuple[int, ...]) -> tuple[int, int, int] | None:
    """`pure_summary` of the sorted hand ``key`` when it is kept, else None."""
    hit: tuple[int, int, int] | None = _CACHE.get((id(variant), "pure", key))
    return hit


_WILD = float("-inf")  # `_worths`' entry of a wild card: below every hand value
_WORTHS: Derived[tuple[int | float, ...]] = Derived()


def _worths(variant: Variant) -> tuple[int | float, ...]:
    """Per code 0..52 its hand value, or `_WILD` for a wild card (made once per variant):
    `dead_summary`'s highest value among the deadwood cards not wild, by one C max."""
    return _WORTHS.get(variant, None, _make_worths, variant)


def _make_worths(variant: Variant) -> tuple[int | float, ...]:
    return tuple(_WILD if is_wild(variant, c) else hand_value(variant, c) for c in range(53))


def pure_summary(variant: Variant, hand: Sequence[int]) -> tuple[int, int, int]:
    """(deadwood, number of deadwood cards, melds that are pure runs) of `arrangement`'s
    arrangement, from the solver with the melds left unnamed (solver.pure_summary)."""
    key = tuple(sorted(hand))
    hit: tuple[int, int, int] | None = _CACHE.get((id(variant), "pure", key))
    if hit is not None:  # (`cached`'s answer, without its call: the key names a live variant)
        return hit

    def compute(cards: list[int]) -> tuple[int, int, int]:
        solver = _solver()
        if solver is None:
            dw, melds, dead = arrangement(variant, cards)
            pure = sum(
                len(m) > 1
                and len({c // 13 for c in m}) == 1
                and len({c % 13 for c in m}) == len(m)
                and not any(c == JOKER or is_wild(variant, c) for c in m)
                for m in melds
            )
            return dw, len(dead), pure
        dw, count, pure = solver.pure_summary(variant, cards)
        return int(dw), count, pure

    result: tuple[int, int, int] = _cached_key(variant, "pure", key, compute)
    return result


def tally(variant: Variant, hand: Sequence[int], pure: bool) -> tuple[int, int, int]:
    """(deadwood, number of deadwood cards, and with `pure` the melds that are pure runs,
    else 0) of `arrangement`'s arrangement, its melds left unnamed: the smart bot's cost."""
    if variant.knock is not None and not pure:  # the knock checks ask for these hands'
        dw, dead = dead_cards(variant, hand)  # deadwood cards (ginplay): share them
        return dw, len(dead), 0
    got = pure_summary(variant, hand) if pure else dead_summary(variant, hand)
    return got if pure else (got[0], got[1], 0)


def deadwood(variant: Variant, hand: Sequence[int]) -> int:
    """Minimum deadwood value of the hand."""
    if not hand:
        return 0
    return arrangement(variant, hand)[0]


def least_deadwood(variant: Variant, hand: Sequence[int]) -> int:
    """`deadwood`, read off the answer the smart bot's cost asks for (`tally`: the same
    arrangement's, so the same least deadwood) rather than a named arrangement: the drop's
    sampled hands are ranked by that cost, so each is solved once, not twice."""
    if not hand:
        return 0
    return tally(variant, hand, bool(variant.play.contract_pure))[0]


def melded_value(variant: Variant, hand: Sequence[int]) -> int:
    """Hand value of the cards the best arrangement melds (a proxy for meld credit)."""
    _, melds, _ = arrangement(variant, hand)
    return sum(hand_value(variant, c) for meld in melds for c in meld)


def after_discard(
    variant: Variant, hand: Sequence[int], allowed: Sequence[int] | None = None
) -> tuple[int, int]:
    """(deadwood after the best discard, that card), the discard chosen among ``allowed``."""
    options = sorted(set(allowed if allowed is not None else hand))
    best: tuple[int, int] | None = None
    for card in options:
        rest = list(hand)
        rest.remove(card)
        score = deadwood(variant, rest)
        if best is None or score < best[0]:
            best = (score, card)
    if best is None:
        return deadwood(variant, hand), -1
    return best


def deck_counts(variant: Variant, players: int) -> Counter[int]:
    """How many of each card the pack holds for this many players: only the cards of
    ``deck.ranks`` (``interpreter.cards.pack_codes``), so a card the pack leaves out is
    never counted unseen."""
    decks = variant.decks(players)
    counts: Counter[int] = Counter({code: decks for code in pack_codes(variant)})
    jokers = variant.jokers(players)
    if jokers:
        counts[JOKER] = jokers
    return counts


_DECKS: dict[
    tuple[int, int], tuple[Variant, tuple[tuple[int, int], ...], tuple[int, ...] | None]
] = {}
_HISTORY_SEEN: list[Any] = [(), {}]  # the last history read and the cards it showed (copies)


def history_seen(history: tuple[HistoryEvent, ...]) -> dict[int, int]:
    """The cards the public history showed (discards, knocks, pile takes), by copies; the
    part equal to the last history read is not read again (a hand's history only grows,
    and both seats read the same one)."""
    done = _HISTORY_SEEN[0]
    counts: dict[int, int] = _HISTORY_SEEN[1]
    start = len(done)
    if start and len(history) >= start and history[:start] == done:
        if len(history) == start:
            return counts
        counts = dict(counts)
    else:
        start, counts = 0, {}
    get = counts.get
    for event in history[start:]:
        if event.move.kind in ("discard", "knock"):
            for c in event.move.cards:
                counts[c] = get(c, 0) + 1
        for c in event.shown:  # cards shown by pile takes (they sit in a known hand)
            counts[c] = get(c, 0) + 1
    _HISTORY_SEEN[0], _HISTORY_SEEN[1] = history, counts
    return counts


_NEW_COUNTER = Counter.__new__


def unseen(variant: Variant, view: View) -> Counter[int]:
    """Cards this seat has not seen anywhere: in the stock or in other hands (unknown which)."""
    hit = _DECKS.get((id(variant), view.players))
    if hit is None or hit[0] is not variant:
        if len(_DECKS) > 256:
            _DECKS.clear()
        counts = tuple(deck_counts(variant, view.players).items())
        single = tuple(c for c, _ in counts) if all(n == 1 for _, n in counts) else None
        hit = (variant, counts, single)
        _DECKS[(id(variant), view.players)] = hit
    shown = history_seen(view.history)
    if hit[2] is not None:  # one copy of each card: the ones never seen, in pack order
        known = set(shown)
        known.update(view.hand, view.pile, *(meld.cards for meld in view.melds))
        # an empty Counter without Counter.__init__'s Python frames, filled as a dict
        pool: Counter[int] = _NEW_COUNTER(Counter)
        dict.update(pool, zip(filterfalse(known.__contains__, hit[2]), repeat(1)))
        return pool
    seen = dict(shown)
    get = seen.get
    for c in view.hand:
        seen[c] = get(c, 0) + 1
    for meld in view.melds:
        for c in meld.cards:
            seen[c] = get(c, 0) + 1
    for c in view.pile:
        seen[c] = get(c, 0) + 1
    pool = _NEW_COUNTER(Counter)  # (as in the one-copy path: no Counter.__init__ frames)
    dict.update(pool, {c: n - get(c, 0) for c, n in hit[1] if n > get(c, 0)})
    return pool


def outs(variant: Variant, hand: Sequence[int], pool: Counter[int]) -> int:
    """How many unseen cards would meld with this hand (join a meld, not add deadwood)."""
    look = mask_look(variant)
    counted = look.outs(hand, pool) if look is not None else None
    if counted is not None:
        return counted
    base = deadwood(variant, hand)
    ranks = {rank_of(c) for c in hand if c < JOKER}
    steps = near_ranks(variant)
    near = {(suit_of(c), r) for c in hand if c < JOKER for r in steps.get(rank_of(c), ())}
    close = [
        card
        for card in pool
        if not (
            card < JOKER
            and rank_of(card) not in ranks
            and (suit_of(card), rank_of(card)) not in near
        )
    ]
    grown = plus_one(variant, hand, close) or {}
    total = 0
    for card in close:
        got = grown.get(card)
        after = got[0] if got is not None else deadwood(variant, [*hand, card])
        if after < base + hand_value(variant, card):
            total += pool[card]
    return total
