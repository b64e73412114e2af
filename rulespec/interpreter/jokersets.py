"""Jokers of their own rank: the sets of jokers apart from the rest of a hand (interpreter, melds).

With `melds.joker_sets` a joker is no wild card but a card of a rank of its
own that melds only with other jokers, as a set (Pagat: Persian Rummy's
groups of three or four jokers). A set of jokers shares no card with any
other meld, so a hand's best arrangement is the best arrangement of its other
cards beside the best use of its jokers alone: the solver asks `apart` and
solves the rest as usual (the bitmask path when the rest allows it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from rulespec.core.cards import JOKER, Placed
from rulespec.interpreter.meldrules import Tables

Meld = tuple[tuple[int, int], ...]


def holds_joker_sets(t: Tables, hand: Sequence[int]) -> bool:
    """Whether the hand's jokers are natural cards of their own rank (solve them `apart`)."""
    return t.joker_sets and JOKER in hand


def apart(t: Tables, hand: Sequence[int]) -> tuple[list[int], int, list[Meld], int]:
    """(the other cards, the jokers' least deadwood, their sets of jokers, jokers left dead)."""
    rest = [c for c in hand if c != JOKER]
    jokers = len(hand) - len(rest)
    dead, sizes = best_jokers(
        t.set_min, t.set_max if t.has_sets else 0, jokers, t.hand_values[JOKER]
    )
    return rest, dead, [((JOKER, JOKER),) * n for n in sizes], jokers - sum(sizes)


def joker_set(
    t: Tables, placed: Sequence[Placed], why: list[str] | None
) -> tuple[str, Meld] | None:
    """A meld laying jokers as themselves: with `melds.joker_sets`, a set of jokers only."""
    n = len(placed)
    if not t.joker_sets:
        problem = "a joker must name the card it stands for (e.g. JK:7H)"
    elif any(p != (JOKER, JOKER) for p in placed):
        problem = "melds.joker_sets: jokers meld only with jokers, as a set of jokers"
    elif not t.set_min <= n <= t.set_max:
        most = "" if t.set_max >= 52 else f"..{t.set_max}"
        problem = f"melds.joker_sets: a set of jokers holds {t.set_min}{most} jokers, not {n}"
    else:
        return "set", tuple(placed)
    if why is not None:
        why.append(problem)
    return None


@cache
def exact_sizes(low: int, high: int, jokers: int) -> tuple[int, ...] | None:
    """The fewest sets of `low..high` jokers that meld exactly this many jokers, or None."""
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for k in range(1, jokers + 1):
        options = [reach[k - s] + (s,) for s in range(low, min(high, k) + 1) if k - s in reach]
        if options and low >= 1:
            reach[k] = min(options, key=lambda sizes: (len(sizes), sizes))
    return reach.get(jokers)


@cache
def best_jokers(low: int, high: int, jokers: int, value: int) -> tuple[int, tuple[int, ...]]:
    """(least deadwood, set sizes) for this many jokers in sets of `low..high` jokers.

    Fewest sets first among equals, so the answer is deterministic; a joker of
    negative value stays dead when that costs less (deadwood is minimised).
    """
    best: tuple[int, tuple[int, ...]] = (jokers * value, ())
    if high < low or low < 1:
        return best
    for k in range(1, jokers + 1):
        sizes = exact_sizes(low, high, k)
        if sizes is not None and (jokers - k) * value < best[0]:
            best = ((jokers - k) * value, sizes)
    return best


Rest = Callable[[list[int], frozenset[int] | None], list[Meld] | None]


def partition_apart(
    t: Tables, hand: Sequence[int], drop: frozenset[int] | None, solve_rest: Rest
) -> list[Meld] | None:
    """A partition of ALL the cards (less one card of `drop`, when given) with the jokers in
    sets of their own and the other cards partitioned by `solve_rest`, or None."""
    rest = [c for c in hand if c != JOKER]
    jokers = len(hand) - len(rest)
    high = t.set_max if t.has_sets else 0

    def joined(melded: int, rest_drop: frozenset[int] | None) -> list[Meld] | None:
        sizes = exact_sizes(t.set_min, high, melded)
        if sizes is None:
            return None
        got = solve_rest(rest, rest_drop) if rest else ([] if rest_drop is None else None)
        return None if got is None else got + [((JOKER, JOKER),) * n for n in sizes]

    found = None
    if drop is None:
        found = joined(jokers, None)
    elif any(c in drop for c in rest):
        found = joined(jokers, drop - {JOKER})
    if found is None and drop is not None and JOKER in drop:
        found = joined(jokers - 1, None)  # the discard is a joker
    return found
