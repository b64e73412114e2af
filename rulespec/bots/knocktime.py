"""When the smart bot knocks, and how much it builds as the hand goes on (bots layer).

Knock timing. In gin the knock limit (10 or less) is itself the judgement: a hand that may
knock is a good hand, and the smart bot knocks as soon as it may. In games like
Knock Rummy (Poker Rum) a seat may knock with any count and the lowest count
wins, the knocker paying extra when undercut; knocking at once, whatever the
count, hands the pot to whoever holds less. There the smart bot knocks only
when its count after the discard is likely the lowest at the table:

- each opponent's count is estimated by sampling its hand from the cards this
  seat has not seen, drawn as many extra cards as that opponent has drawn this
  hand (capped at ``MAX_DRAWS``) and keeping its best cards: a player who has
  seen ``t`` more cards keeps the best ``k`` of ``k + t`` (the ``t`` costliest
  unmelded cards go), so the estimate falls as the hand goes on;
- it knocks when the share of samples in which its count is strictly below every
  opponent's reaches ``KNOCK_ODDS``.

The samples come from a generator seeded by the position (hand, history length):
the same position gives the same answer, and no global random is used.

In every knock game a hand is a race to the knock, and the smart bot weighs
partial melds (pairs, connectors: `partials.potential`) against the deadwood it
holds now. Early in the hand many draws are still to come, so a partial meld
is worth a lot; once the next player has drawn often, it may knock any turn
(every unseen card it kept is one more chance) and only deadwood that goes soon
counts. ``pot_weight`` scales the partial melds' weight from ``POT_EARLY`` times
the base at the deal down to ``POT_LATE`` times it after ``POT_SPAN`` draws of
the next player (its draws this hand, from the public history).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rulespec.bots.base import JOKER, View, hand_value, rank_of, suit_of
from rulespec.bots.hands import dead_cards
from rulespec.interpreter.turnctx import suit_value
from rulespec.model.variant import Variant

LOOSE_LIMIT = 30
"""A knock limit of at least this much is no hurdle: the bot judges its count itself."""
KNOCK_ODDS = 0.6
"""Knock when the count is the lowest in at least this share of the samples."""
SAMPLES = 24
"""Sampled hands per opponent."""
MAX_DRAWS = 6
"""Extra cards an opponent is credited with at most (its draws this hand)."""
POT_EARLY = 2.5
"""Partial melds' weight at the deal, times the smart bot's base weight (build)."""
POT_LATE = 0.5
"""... after ``POT_SPAN`` draws of the next player (race)."""
POT_SPAN = 8
"""The next player's draws over which the weight goes from early to late."""


_LIMITS: dict[tuple[int, int, int | None], tuple[Variant, int | None]] = {}


def knock_limit(view: View, variant: Variant) -> int | None:
    """The variant's knock limit as this seat can work it out (None: no knock, or a limit
    naming something the seat cannot see). Kept by (variant, players, upcard), all the
    limit may read here; the entry holds its variant, so an id is never another's."""
    if variant.knock is None:
        return None
    key = (id(variant), view.players, view.upcard)
    hit = _LIMITS.get(key)
    if hit is not None and hit[0] is variant:
        return hit[1]
    if len(_LIMITS) > 256:
        _LIMITS.clear()
    got = _knock_limit(view, variant)
    _LIMITS[key] = (variant, got)
    return got


def _knock_limit(view: View, variant: Variant) -> int | None:
    assert variant.knock is not None
    env: dict[str, Any] = {"players": view.players}
    if view.upcard is not None:
        code = view.upcard
        env["upcard.rank"] = rank_of(code) if code < JOKER else 0
        env["upcard.suit"] = suit_value(suit_of(code) if code < JOKER else 0)
        env["upcard.value"] = hand_value(variant, code)
    try:
        return int(variant.knock.limit(env))
    except Exception:  # noqa: BLE001 - a limit naming something we cannot see
        return None


def loose(limit: int | None) -> bool:
    """Does this knock limit let (nearly) any count knock?"""
    return limit is not None and limit >= LOOSE_LIMIT


_DRAWS: list[Any] = [(), {}]  # the last history counted and its draws by seat


def draws_taken(view: View, seat: int) -> int:
    """The seat's draws this hand (drawing and taking moves in the public history); the
    part equal to the last history counted is not counted again (a hand's history only
    grows)."""
    history = view.history
    done, counts = _DRAWS
    if history is not done:
        start = len(done)
        if start and len(history) >= start and history[:start] == done:
            counts = dict(counts)
        else:
            start, counts = 0, {}
        for e in history[start:]:
            if e.move.kind in ("draw", "take"):
                counts[e.seat] = counts.get(e.seat, 0) + 1
        _DRAWS[0], _DRAWS[1] = history, counts
    return int(counts.get(seat, 0))


def _sampled_count(
    variant: Variant, cards: list[int], size: int, draws: int, rng: random.Random
) -> int:
    """An opponent's count: its best ``size`` of ``size + draws`` cards drawn from ``cards``."""
    hand = rng.sample(cards, min(len(cards), size + draws))
    dw, dead = dead_cards(variant, hand)
    values = sorted((hand_value(variant, c) for c in dead), reverse=True)
    return dw - sum(values[:draws])


def lowest_odds(variant: Variant, view: View, mine: int, pool: Counter[int]) -> float:
    """The share of sampled tables at which a count of ``mine`` is below every opponent's."""
    cards = list(pool.elements())
    opponents = [(s, n) for s, n in enumerate(view.hand_sizes) if s != view.seat and n > 0] or [
        ((view.seat + 1) % max(view.players, 1), len(view.hand))
    ]
    if not cards:
        return 1.0
    rng = random.Random(hash((tuple(sorted(view.hand)), len(view.history), mine)))
    wins = 0
    for _ in range(SAMPLES):
        lowest = True
        for seat, size in opponents:
            draws = min(draws_taken(view, seat), MAX_DRAWS)
            if _sampled_count(variant, cards, size, draws, rng) <= mine:
                lowest = False
                break
        wins += lowest
    return wins / SAMPLES


def knock_now(variant: Variant, view: View, mine: int, pool: Counter[int]) -> bool:
    """Knock with a count of ``mine`` (after the knock's discard)? Yes when it is likely lowest."""
    return lowest_odds(variant, view, mine, pool) >= KNOCK_ODDS


def too_soon(
    variant: Variant, view: View, cards: tuple[int, ...], limit: int | None, pool: Counter[int]
) -> bool:
    """Should the smart bot hold back a knock discarding ``cards``? Only under a loose limit,
    when the count left is not likely the lowest."""
    if not loose(limit):
        return False
    rest = list(view.hand)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return not knock_now(variant, view, dead_cards(variant, rest)[0], pool)


def pot_weight(view: View, base: float) -> float:
    """The weight of a hand's partial melds at this point of the hand: ``base`` scaled from
    ``POT_EARLY`` (no draws yet) down to ``POT_LATE`` (``POT_SPAN`` draws or more by the
    next player): build while the hand is young, race once the next player may be close."""
    share = min(1.0, draws_taken(view, view.next_seat()) / POT_SPAN)
    return base * (POT_EARLY + (POT_LATE - POT_EARLY) * share)
