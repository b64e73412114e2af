"""Can the rest of the hand still make the opening's minimum? A bound before a search (phases, lay).

With `play.first_laydown_min` (say 40 or 51 points) a meld that leaves the
opening short is legal only if melds of the rest can make up the difference in the same
turn, which lay.py asks by a way-on search per candidate meld (wayon.py). Most such
melds cannot: `value_may_reach` adds up, for every card of the rest that lies in some
meld of the rest, its highest value in a meld, and when even that falls short the search
cannot succeed either, so the meld is refused without it. A necessary test only: it
never changes which melds are legal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulespec.interpreter import melds as M
from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.lonecards import meld_room
from rulespec.interpreter.phases.openlists import by_hand, complete, smaller
from rulespec.interpreter.state import HandState
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


def value_may_reach(c: Ctx, meld: Meld, laid: HandState) -> bool:
    """Could melds of the rest of the hand still bring the turn's value up to the first
    laying down's minimum after `meld` (`laid`: the state after it)? (True when unsure.)

    The way-on search (wayon.py) after a meld that leaves the opening short succeeds only
    in a state where the turn's value has reached the minimum: an empty hand, or a discard
    (the discard gate refuses while the opening is short). When the minimum is the same in
    every state of that turn and no lay-off can add value in it (`_opening_rules`), the
    value can only grow by melds of the rest, each card of which lies in some meld of the
    rest (when the hand's listing holds every meld, they are its melds that still fit once
    `meld` is laid; else the rest's own listing, when that holds every meld: a smaller
    hand's melds are among them) and is worth at most its highest value at any place."""
    minimum = _opening_rules(c.variant)
    if minimum is None:
        return True
    need = minimum - laid.value_this_turn
    if need <= 0:
        return True
    variant, rest = c.variant, laid.hands[laid.to_move]
    best = _best_values(variant)
    lists = by_hand(variant)
    whole = complete(variant, lists, c.hand)
    if whole is not None:  # the melds of the hand's listing that still fit once `meld` is laid
        held = 0
        for mask in smaller(lists, whole, rest, meld).masks():
            held |= mask
        return sum(best[x] for x in rest if held >> x & 1) >= need
    listing, every = hand_listing(variant, rest)
    if not every or not lists_every_meld(variant, rest):
        return True  # a canonical listing: leave it to the search
    return sum(best[x] for x in rest if x in _cards_of(listing)) >= need


REACH_BUDGET = 3000
"""Choices `opening_reachable` tries before it gives up and says "reachable" (unsure)."""


def opening_reachable(c: Ctx) -> bool:
    """Could any melds laid this turn still bring the turn's value up to the first laying
    down's minimum? (True when unsure.) The listing's whole-moment sure "no".

    Under `_opening_rules` (a minimum fixed all turn, no lay-off in an opening turn; no
    swap either: `melds.wild.swap` needs a table meld of the mover's, laid before) the
    value grows only by melds of the hand, disjoint, each a meld of the hand's listing
    when that holds every meld (the way-on search tries melds of the smaller hands'
    listings, which are among them). So when the most that disjoint melds of the listing
    are worth (each set of cards at its best naming) falls short, no candidate meld can
    be completed to an opening (each would be refused by its way-on test, or left short
    with nothing to add), and lay.py lists none without asking each.

    Before the listing, a bound from the cards alone (`lonecards.meld_room`): every card
    some meld of the hand holds is a wild card or a natural card that `lone_cards` does not
    call lone, so no disjoint melds of the hand, listed or not, are worth more than those
    cards' best values. Below the need, the way-on test of every candidate meld (which only
    finds openings that are there) refuses it, canonical listing or not: "no" without
    listing the hand (tests/interpreter/test_openroom.py)."""
    minimum = _opening_rules(c.variant)
    if minimum is None or not c.opening_pending():
        return True
    need = minimum - c.hs.value_this_turn
    if need <= 0:
        return True
    variant, hand = c.variant, c.hand
    best = _best_values(variant)
    bound = meld_room(variant, hand, best)
    if bound is not None and bound < need:
        return False  # no meld of the hand, listed or not, can reach it (see above)
    listing, every = hand_listing(variant, hand)
    if not every or not lists_every_meld(variant, hand):
        return True
    held = _cards_of(listing)
    room = sum(best[x] for x in hand if x in held)  # the union bound (value_may_reach's)
    if room < need:
        return False
    return _may_pack(_worths(variant, listing), _count(hand), best, room, need)


def _worths(variant: Variant, listing: tuple[Meld, ...]) -> list[tuple[Counted, int, int]]:
    """The listing's melds by their cards: (cards counted, the most a naming of them is
    worth, their cards' best values summed), richest first; made once per listing, each
    meld read once per variant (`_read`: a derived listing keeps most of its hand's melds)."""
    hit = _WORTHS.get(id(listing))
    if hit is not None and hit[0] is listing and hit[1] is variant:
        return hit[2]
    best = _best_values(variant)
    read = _READ.get(variant, None, dict)
    if len(read) > 50_000:
        read.clear()
    most: dict[Counted, int] = {}
    for meld in listing:
        got = read.get(meld)
        if got is None:
            got = read[meld] = _read(variant, meld)
        key, value = got
        if most.get(key, -1) < value:
            most[key] = value
    worths = sorted(
        ((cards, v, sum(best[x] * k for x, k in cards)) for cards, v in most.items()),
        key=lambda item: (-item[1], item[0]),
    )
    if len(_WORTHS) > 1024:
        _WORTHS.clear()
    _WORTHS[id(listing)] = (listing, variant, worths)  # (a worth is the variant's meld values)
    return worths


_READ: Derived[dict[Meld, tuple[Counted, int]]] = Derived()


def _read(variant: Variant, meld: Meld) -> tuple[Counted, int]:
    """A meld's cards counted ((card, copies) pairs, sorted) and its value."""
    return tuple(sorted(_count(p[0] for p in meld).items())), M.meld_value(variant, meld)


_WORTHS: dict[int, tuple[tuple[Meld, ...], Variant, list[tuple[Counted, int, int]]]] = {}


def _may_pack(
    worth: list[tuple[Counted, int, int]],
    left: dict[int, int],
    best: tuple[int, ...],
    room: int,
    need: int,
) -> bool:
    """Do disjoint pieces of `worth` within `left` add up to `need`? (True when the search
    runs past `REACH_BUDGET`.) `room`: the best values of the cards still in some piece,
    summed, which no choice of pieces from here can beat (a piece is worth at most its
    cards' best values)."""
    budget = [REACH_BUDGET]

    def pack(start: int, total: int, room: int) -> bool:
        if total >= need:
            return True
        budget[0] -= 1
        if budget[0] <= 0:
            return True  # unsure
        for i in range(start, len(worth)):
            cards, value, top = worth[i]
            for x, k in cards:
                if left[x] < k:
                    break
            else:
                for x, k in cards:
                    left[x] -= k
                found = total + value + room - top >= need and pack(
                    i + 1, total + value, room - top
                )
                for x, k in cards:
                    left[x] += k
                if found:
                    return True
        return False

    return pack(0, 0, room)


Counted = tuple[tuple[int, int], ...]


def _count(cards: Iterable[int]) -> dict[int, int]:
    counted: dict[int, int] = {}
    for x in cards:
        counted[x] = counted.get(x, 0) + 1
    return counted


_CARDS: dict[int, tuple[tuple[Meld, ...], frozenset[int]]] = {}


def _cards_of(listing: tuple[Meld, ...]) -> frozenset[int]:
    """The cards of some meld of `listing`, made once per listing."""
    hit = _CARDS.get(id(listing))
    if hit is not None and hit[0] is listing:
        return hit[1]
    got = frozenset(p[0] for meld in listing for p in meld)
    if len(_CARDS) > 1024:
        _CARDS.clear()
    _CARDS[id(listing)] = (listing, got)
    return got


class NotFixed(Exception):
    """The expression read a name other than `me.laid_down_before`."""


class OpeningEnv:
    """The `turn` names of an opening turn that stay the same all turn: only
    `me.laid_down_before`, which is false (compiled expressions read only `env[name]`)."""

    def __getitem__(self, name: str) -> Any:
        if name == "me.laid_down_before":
            return False
        raise NotFixed(name)


_OPENING: Derived[int | None] = Derived()


def _opening_rules(variant: Variant) -> int | None:
    """The first laying down's minimum when it is the same all through an opening turn and
    no lay-off may be made in that turn (None otherwise: `value_may_reach` is unsure)."""
    return _OPENING.get(variant, None, _opening_minimum, variant)


def _opening_minimum(variant: Variant) -> int | None:
    play = variant.play
    if play.first_laydown_min is None:
        return None
    env: Any = OpeningEnv()
    try:
        minimum = max(0, int(play.first_laydown_min(env)))
        if play.layoff is not None and play.layoff(env):
            return None
    except Exception:  # noqa: BLE001 - a read of another name (or an error): unsure
        return None
    return minimum


_BEST: Derived[tuple[int, ...]] = Derived()


def _best_values(variant: Variant) -> tuple[int, ...]:
    """By card code: the most the card is worth in a meld (melds.meld_value)."""
    return _BEST.get(variant, None, _best_of, variant)


def _best_of(variant: Variant) -> tuple[int, ...]:
    t = tables(variant)
    places = [v for place, v in t.place_values.items() if place != "hand"]
    named = range(53) if t.joker_sets else range(52)  # what a wild card may stand for
    wild = max(v[x] for v in places for x in named)
    return tuple(wild if t.wild_code(code) else max(v[code] for v in places) for code in range(53))
