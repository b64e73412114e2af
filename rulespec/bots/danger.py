"""Discard safety for the smart bot: how much a discard could help the others (bots layer).

From the public record only, it models the next player's hand card by card:
cards they took from the pile and still hold are known; every unseen card is
held with the chance their unknown cards bear to all unseen cards, lowered for
cards that would have melded with a pile card they passed over (they did not
want it) or with a card they threw away, the others raised so the chances still
add up to their unknown cards. A discard's danger is the chance that
the next player holds the cards that meld with it (a set of the variant's size
or a run window through it), plus lay-off targets on the table, minus a little
for cards whose partners are already dead.
"""

from __future__ import annotations

import collections
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from rulespec.bots.base import JOKER, View, hand_value, points, rank_of, suit_of
from rulespec.bots.dangerc import feed_of
from rulespec.bots.mates import mates_of, rank_windows
from rulespec.bots.mates import run_windows as run_windows  # (read here by older callers)
from rulespec.bots.tablesight import Target, layoff_targets, meld_ranks, places
from rulespec.model.variant import Variant

FEED_WEIGHT = 3.0  # points for a certain feed of the next player's meld
DECLINED = 0.35  # chance kept for a card that melds with a pile card they passed over
THROWN = 0.7  # chance kept for a card that melds with a card they discarded
LAYOFF_DANGER = 1.5  # points for a card that extends a meld on the table
DEAD_BONUS = 1.0  # points off for a card whose rank is mostly dead


_NEW_COUNTER = Counter.__new__
_count: Callable[[Counter[int], list[int]], None] = getattr(collections, "_count_elements")  # noqa: B009
"""`Counter.update`'s counting of an iterable (C): one count more per item, in order."""
CARD_BITS = tuple(1 << c for c in range(JOKER))  # a card code's bit in a 52-bit mask
_SEEN: list[Any] = [None, Counter()]  # the last view and the ranks of its pile and melds


def discard_danger(view: View, variant: Variant, card: int, pool: Counter[int]) -> float:
    """How much the next player (and the table) could use this card; negative for dead cards.

    What every card of one decision shares (the table melds' lay-off ends, the ranks in
    sight, the model of the next hand, the rules read) is worked out once per view, pool
    and rules (`_context`); the per-card sums are the same, in the same order. With the C
    extension, every hand card's danger is answered at the first ask (`_batch`)."""
    ctx = _CTX
    if ctx[0] is not view or ctx[1] is not variant or ctx[2] is not pool:
        ctx = _context(view, variant, pool)
    batch = ctx[9]
    if batch is None:
        batch = ctx[9] = _batch(view, variant, pool, ctx)
    got: float | None = batch.get(card)
    if got is not None:
        return got
    rank, suit = rank_of(card), suit_of(card)
    danger = _layoff_part(ctx, rank, suit)
    if ctx[5].get(rank, 0) >= 2:
        danger -= DEAD_BONUS
    feed = 0.0  # feed_chance, its shared parts read from the context
    if card < JOKER and ctx[6]:
        if ctx[7] is None:
            ctx[7] = _model(view, variant, view.next_seat(), pool)
        feed = _feed(ctx[7][0], ctx[7][1], ctx[8], card, rank, suit)
    danger += FEED_WEIGHT * feed
    return danger + 0.01 * (10 - points(variant, hand_value(variant, card)))


def _layoff_part(ctx: list[Any], rank: int, suit: int) -> float:
    """LAYOFF_DANGER once per table meld a card of this rank and suit extends (0.0 first,
    then each addition, as `discard_danger` sums them)."""
    danger = 0.0
    if ctx[3]:
        pos = ctx[4].get(rank)  # the rank's place in the pack's run order
        for set_rank, run_suit, ends in ctx[3]:  # a set of its rank, or a run it extends
            if set_rank == rank or run_suit == suit and pos is not None and pos in ends:
                danger += LAYOFF_DANGER
    return danger


def _batch(view: View, variant: Variant, pool: Counter[int], ctx: list[Any]) -> dict[int, float]:
    """Every natural hand card's `discard_danger` in one C call (`dangerc.feed_of`), where
    the next hand is modelled; empty where the extension is absent or refuses the pool
    (each card is then summed in Python, as before)."""
    if not ctx[6]:
        return {}
    feed = feed_of(variant, (DECLINED, THROWN, FEED_WEIGHT, DEAD_BONUS))
    if feed is None:
        return {}
    cards = sorted({c for c in view.hand if 0 <= c < JOKER})
    nxt = view.next_seat()
    counts, passed, thrown = replay_history(view, nxt)  # read here, not kept
    held = [c for c, n in counts.items() if n > 0]  # the keys of +counts, in its order
    unknown = max(view.hand_sizes[nxt] - sum([counts[c] for c in held]), 0)
    seen = ctx[5]
    dead = sum(1 << (r - 1) for r, n in seen.items() if n >= 2 and 1 <= r <= 13)
    bases = [_layoff_part(ctx, c % 13 + 1, c // 13) for c in cards]
    try:
        got = feed.dangers(
            cards, list(pool), list(pool.values()), passed, thrown, held, unknown, dead, bases
        )
    except (ValueError, TypeError, OverflowError):
        return {}
    return dict(zip(cards, got, strict=True))


_CTX: list[Any] = [None] * 10  # view, rules, pool, then what their cards' dangers share


def _context(view: View, variant: Variant, pool: Counter[int]) -> list[Any]:
    """What `discard_danger` reads for every card of this view, pool and rules: each table
    meld's lay-off test as (its naturals' one rank or None, their one suit or None, the run
    places just past its ends, if any), the pack's run places, the ranks in sight, whether
    the next hand is modelled, its model (made when first asked), the meld rules read, the
    hand cards' dangers from C (`_batch`, made when first asked)."""
    at = places(variant.ranks)  # a run's ends are its neighbours in the pack's order
    layoffs: list[Target] = []
    if view.melds and variant.play.layoff is not None:
        layoffs = layoff_targets(variant.ranks, view.melds)  # (kept while the melds lie)
    nxt = view.next_seat()
    modelled = nxt < len(view.hand_sizes) and nxt != view.seat
    seen = seen_counts(view)
    _CTX[:] = [view, variant, pool, layoffs, at, seen, modelled, None, _rules(variant), None]
    return _CTX


Rules = tuple[Any, bool, int, "tuple[str, int, tuple[int, ...]] | None"]


def _rules(variant: Variant) -> Rules:
    """What `_feed` reads of the meld rules: the set rule, whether a set may repeat a suit,
    how many mates a set needs, the run windows' (ace rule, size, run order) or None."""
    rule, run = variant.melds.set, variant.melds.run
    return (
        rule,
        rule is not None and rule.suits == "any",
        1 if rule is None else max(rule.min - 1, 1),
        None if run is None else (variant.ace, max(run.min, 2), variant.ranks),
    )


def _feed(
    chance: dict[int, float],
    by_rank: dict[int, list[tuple[int, float]]],
    rules: Rules,
    card: int,
    rank: int,
    suit: int,
) -> float:
    """`feed_chance` from the next hand's model: the chance it holds a set's mates of this
    natural card or both other cards of a shortest run window through it."""
    miss = 1.0
    rule, any_suit, least, windows = rules
    if rule is not None:
        mates = [q for c, q in by_rank.get(rank, ()) if c != card or any_suit]
        miss *= 1 - _at_least(mates, least)
    if windows is not None:
        for window in rank_windows(windows[0], windows[1], rank, windows[2]):
            both = 1.0
            for r in window:
                both *= chance.get((r - 1) + 13 * suit, 0.0)
            miss *= 1 - both
    return 1 - miss


def seen_counts(view: View) -> Counter[int]:
    """The ranks in sight (the pile's and the table melds'), once per view."""
    if _SEEN[0] is not view:
        # counted as Counter(...) and .update(...) count a list (no Counter.__init__ and
        # update frames: their Mapping tests cost more than the counting)
        seen: Counter[int] = _NEW_COUNTER(Counter)
        _count(seen, [c % 13 + 1 for c in view.pile if c < JOKER])  # rank_of, inline
        if view.melds:
            _count(seen, meld_ranks(view.melds))  # (kept while the melds lie unchanged)
        _SEEN[0], _SEEN[1] = view, seen
    seen_ranks: Counter[int] = _SEEN[1]
    return seen_ranks


_REPLAYS: dict[tuple[int, int | None], tuple[Any, ...]] = {}  # (nxt, upcard) -> last replay


def _history_of(view: View, nxt: int) -> tuple[Counter[int], list[int], list[int]]:
    """(cards nxt took from the pile and still holds, pile cards nxt passed over, nxt's
    discards), replaying the public history with a stack for the pile: copies of
    `replay_history`'s."""
    held, passed, thrown = replay_history(view, nxt)
    return +held, list(passed), list(thrown)


def replay_history(view: View, nxt: int) -> tuple[Counter[int], list[int], list[int]]:
    """`_history_of` without the copies (held counts may be 0 or less): the replay's own
    objects, read at once and never changed by the caller. The replay of the last history
    read for this seat and upcard is carried on (a hand's history only grows; the events
    already replayed are not read again)."""
    key = (nxt, view.upcard)
    history = view.history
    last = _REPLAYS.get(key)
    if last is not None and len(history) >= len(last[0]) and history[: len(last[0])] == last[0]:
        start = len(last[0])  # carried on in place: the entry is replaced just below
        held, passed, thrown, pile = last[1], last[2], last[3], last[4]
    else:
        start = 0
        held, passed, thrown = Counter(), [], []
        pile = [view.upcard] if view.upcard is not None else []
    for event in history[start:]:
        move = event.move
        if move.kind in ("discard", "knock"):
            pile.extend(move.cards)
            if event.seat == nxt:
                thrown.extend(move.cards)
                for c in move.cards:  # Counter.subtract, inline
                    held[c] -= 1
        elif move.kind in ("draw", "take", "pass"):
            if move.kind == "pass" or move.source == "stock":
                if event.seat == nxt and pile:
                    passed.append(pile[-1])
            else:
                for _ in event.shown:
                    if pile:
                        pile.pop()
                if event.seat == nxt:
                    held.update(event.shown)
        elif move.kind in ("meld", "layoff") and event.seat == nxt:
            held.subtract(move.cards)
    if len(_REPLAYS) > 64:
        _REPLAYS.clear()
    _REPLAYS[key] = (history, held, passed, thrown, pile)
    return held, passed, thrown


def holding(view: View, variant: Variant, nxt: int, pool: Counter[int]) -> dict[int, float]:
    """Chance, per card code, that player ``nxt`` holds it now."""
    counts, passed, thrown = replay_history(view, nxt)  # the replay's own: read, not kept
    held = [c for c, n in counts.items() if n > 0]  # the keys of +counts, in its order
    total = sum(pool.values())
    size = view.hand_sizes[nxt] if nxt < len(view.hand_sizes) else 0
    unknown = max(size - sum([counts[c] for c in held]), 0)
    weight = _weights(mates_of(variant), passed, thrown).get
    mass = sum([n * weight(c, 1.0) for c, n in pool.items()])
    scale = unknown / mass if mass and total else 0.0
    chance = {c: min(1.0, scale * weight(c, 1.0) * n) for c, n in pool.items()}
    for code in held:
        chance[code] = 1.0
    return chance


_WEIGHTS: dict[tuple[int, int, int], list[Any]] = {}  # by the lists' ids (they are held)


def _weights(
    reverse: tuple[tuple[int, ...], ...], passed: list[int], thrown: list[int]
) -> dict[int, float]:
    """`holding`'s weight of each card with a passed-over or thrown mate (the others weigh
    1.0): per card, DECLINED per passed-over mate, then THROWN per thrown mate (`_weight`).
    A replay's lists only grow (`replay_history` carries them on in place), so the counts
    of lists read before are carried on: only the cards passed or thrown since are read."""
    key = (id(reverse), id(passed), id(thrown))
    memo = _WEIGHTS.get(key)
    if memo is None:  # (the entry holds the three objects: their ids are not reused)
        if len(_WEIGHTS) > 64:
            _WEIGHTS.clear()
        memo = _WEIGHTS[key] = [reverse, passed, thrown, 0, 0, {}, {}]
    start = (memo[3], memo[4])
    if start == (len(passed), len(thrown)):
        done: dict[int, float] = memo[6]
        return done
    counts: dict[int, list[int]] = memo[5]
    changed: set[int] = set()
    for k, others in ((0, passed), (1, thrown)):
        for other in others[start[k] :]:
            for code in reverse[other] if 0 <= other <= JOKER else ():
                counts.setdefault(code, [0, 0])[k] += 1
                changed.add(code)
    weights: dict[int, float] = dict(memo[6])
    for code in changed:
        weights[code] = _weight(*counts[code])
    memo[3], memo[4], memo[6] = len(passed), len(thrown), weights
    return weights


@lru_cache(maxsize=256)
def _weight(n_passed: int, n_thrown: int) -> float:
    """A card's weight in `holding`: DECLINED once per passed-over mate, then THROWN once
    per thrown mate, multiplied in that order (the same float as card by card)."""
    w = 1.0
    for factor in (DECLINED,) * n_passed + (THROWN,) * n_thrown:
        w *= factor
    return w


def _at_least(chances: Sequence[float], k: int) -> float:
    """Chance that at least k of these independent events happen."""
    if k > len(chances):
        return 0.0  # (what the sum below answers then, without the table)
    dist = [1.0] + [0.0] * len(chances)
    for q in chances:
        for i in range(len(chances), 0, -1):
            dist[i] = dist[i] * (1 - q) + dist[i - 1] * q
        dist[0] *= 1 - q
    return sum(dist[k:])


_MEMO: dict[str, Any] = {}  # the last model of the next hand (one decision's view)


def _model(
    view: View, variant: Variant, nxt: int, pool: Counter[int]
) -> tuple[dict[int, float], dict[int, list[tuple[int, float]]]]:
    """The next hand's model (`holding`) and its chances by rank, kept for one view."""
    # the key holds the view, pool and rules themselves, so their ids cannot be reused
    key = (id(view), view.hand, len(view.history), nxt, id(pool), view, pool, variant)
    if _MEMO.get("key") != key:
        _MEMO["key"], _MEMO["value"] = key, holding(view, variant, nxt, pool)
        by_rank: dict[int, list[tuple[int, float]]] = {}
        for c, q in _MEMO["value"].items():  # the chances by rank, in the same order
            if c < JOKER:
                rank = c % 13 + 1  # rank_of, inline
                if rank in by_rank:
                    by_rank[rank].append((c, q))
                else:
                    by_rank[rank] = [(c, q)]
        _MEMO["by_rank"] = by_rank
    return _MEMO["value"], _MEMO["by_rank"]


def feed_chance(view: View, variant: Variant, card: int, nxt: int, pool: Counter[int]) -> float:
    """Chance that the next player holds the cards that meld with this one."""
    if card >= JOKER or nxt >= len(view.hand_sizes) or nxt == view.seat:
        return 0.0
    chance, by_rank = _model(view, variant, nxt, pool)
    return _feed(chance, by_rank, _rules(variant), card, rank_of(card), suit_of(card))


def discard_dangers(
    view: View,
    variant: Variant,
    cards: Sequence[int],
    pool: Counter[int],
    look: Any = None,
) -> dict[int, float]:
    """`discard_danger` of each of these cards (one decision's candidates), the parts
    they share read once: the model of the next hand, the ranks in sight, the rules. The
    same arithmetic in the same order, so the same floats. ``look``: the variant's
    `bots/masklook.py` MaskLook; its C form answers when the pool is on its mask path."""
    nxt = view.next_seat()
    seen = seen_counts(view)
    modelled = nxt < len(view.hand_sizes) and nxt != view.seat
    compiled = look.c if look is not None and look.pool_summary(pool) is not None else None
    layoffs = view.melds and variant.play.layoff is not None  # (these go card by card)
    if (
        compiled is not None
        and not layoffs
        and modelled
        and cards
        and min(cards) >= 0
        and max(cards) < JOKER
    ):
        counts, passed, thrown = replay_history(view, nxt)  # read here, not kept
        held = [c for c, n in counts.items() if n > 0]  # the keys of +counts, in its order
        unknown = max(view.hand_sizes[nxt] - sum([counts[c] for c in held]), 0)
        dead = sum(1 << (r - 1) for r, n in seen.items() if n >= 2 and 1 <= r <= 13)
        ordered = sorted(set(cards))
        mask = sum(map(CARD_BITS.__getitem__, ordered))
        got = compiled.dangers(mask, list(pool), passed, thrown, held, unknown, dead)
        return dict(zip(ordered, got, strict=True))
    return {c: discard_danger(view, variant, c, pool) for c in cards}  # (C: `_batch`)
