"""Can the hand make the contract at all? One test before the per-meld searches (phases, lay).

While a player's contract (`play.contract_*`) is still to be met, a meld is legal
only if the rest of the hand can complete the contract in the same turn, which
lay.py asks by a way-on search per candidate meld (wayon.py). Most hands of a
contract game cannot make their contract yet, and then every candidate meld
runs its own search to find "no". `contract_possible` asks once, for the whole
hand, whether any choice of disjoint candidate melds makes the contract (sets
and runs of the contract's lengths, enough of the runs pure); when none does,
no meld can open and lay.py refuses them all at once, with the same words.
It is a necessary test only: a "yes", or a search past its budget, leaves
every meld to its own search, so it never changes which melds are legal.

`value_may_reach` is the same kind of test for a first laying down's minimum value
(`play.first_laydown_min`: Scala 40's 40, Kalooki's 51): a meld that leaves the opening
short is legal only if melds of the rest can make up the difference this turn, and when
even every card of the rest that lies in some meld of it, at its highest value, cannot,
the search cannot either.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import Ctx, contract_counts, contract_piece
from rulespec.interpreter.phases.meldlist import hand_listing
from rulespec.interpreter.state import HandState
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

BUDGET = 4000
"""Choices tried before the test gives up and says "possible" (the searches decide)."""


def contract_possible(variant: Variant, hand: list[int]) -> bool:
    """Could disjoint melds of `hand` make the whole contract? (True when unsure.)"""
    if not lists_every_meld(variant, hand):
        return True  # many wild cards: the listing is canonical, not every meld
    return _search(variant, _pieces(variant, hand), dict(Counter(hand)), (0, 0, 0))


def contract_completes(
    variant: Variant, hand: list[int], counts: tuple[int, int, int], meld: Meld
) -> bool:
    """Could `meld` (cards of `hand`) and disjoint melds of the rest of the hand complete the
    contract, with `counts` (sets, runs, pure runs) laid this turn before it? (True when
    unsure.) A meld of an opening begun this turn is legal only if the way-on search
    (wayon.py) completes the contract from the rest of the hand, with melds that are all in
    the hand's listing when that lists every meld (a smaller hand's listing is part of it);
    when no choice of them does, the search cannot either, so lay.py refuses the meld
    without searching. Only ever says "no" when the search would, never changing a move."""
    listing, every = hand_listing(variant, hand)
    if not every or not lists_every_meld(variant, hand):
        return True  # a canonical listing: leave it to the search
    kind, pure = contract_piece(variant, meld)
    start = (counts[0] + (kind == "set"), counts[1] + (kind == "run"), counts[2] + pure)
    left = dict(Counter(hand))
    for p in meld:
        left[p[0]] = left.get(p[0], 0) - 1
    return _search(variant, _pieces(variant, hand), left, start)


def may_complete(c: Ctx, meld: Meld) -> bool:
    """Could the mover's contract still be completed this turn with this meld
    (`contract_completes`, before lay.py's way-on search)? True when there is no contract."""
    play = c.variant.play
    if not (play.contract_sets or play.contract_runs):
        return True
    return contract_completes(c.variant, c.hand, contract_counts(c.variant, c.hs), meld)


Piece = tuple[str, bool, tuple[tuple[int, int], ...]]
"""A contract meld of the hand: (kind, pure, its cards counted: (card code, copies) pairs)."""

_PIECES: dict[int, tuple[tuple[Meld, ...], list[Piece]]] = {}


def _pieces(variant: Variant, hand: list[int]) -> list[Piece]:
    """The hand's candidate melds that count toward the contract: (kind, pure, cards), made
    once per listing (the listing is remembered per hand: meldlist.py)."""
    play = variant.play
    listing = hand_listing(variant, hand)[0]
    hit = _PIECES.get(id(listing))
    if hit is not None and hit[0] is listing:
        return hit[1]
    known = _known(variant)
    pieces: list[Piece] = []
    for meld in listing:
        piece = known.get(meld, _UNKNOWN)
        if piece is _UNKNOWN:
            piece = None
            kind, pure = contract_piece(variant, meld)
            if kind == "set" and play.contract_sets or kind == "run" and play.contract_runs:
                cards: dict[int, int] = {}
                for p in meld:
                    cards[p[0]] = cards.get(p[0], 0) + 1
                piece = (kind, pure, tuple(cards.items()))
            if len(known) > 50_000:
                known.clear()
            known[meld] = piece
        if piece is not None:
            pieces.append(piece)
    if len(_PIECES) > 1024:
        _PIECES.clear()
    _PIECES[id(listing)] = (listing, pieces)
    return pieces


_UNKNOWN: Any = object()
_KNOWN: dict[int, tuple[Variant, dict[Meld, Piece | None]]] = {}


def _known(variant: Variant) -> dict[Meld, Piece | None]:
    """Each meld's piece (None: it counts toward no part of the contract), per variant: the
    listings of hands a card apart share most of their melds."""
    hit = _KNOWN.get(id(variant))
    if hit is None or hit[0] is not variant:
        if len(_KNOWN) > 32:
            _KNOWN.clear()
        hit = _KNOWN[id(variant)] = (variant, {})
    return hit[1]


def _search(
    variant: Variant, pieces: list[Piece], left: dict[int, int], counts: tuple[int, int, int]
) -> bool:
    """Do disjoint pieces within `left` (copies per card of the hand: every piece's cards
    are keys) bring `counts` up to the contract? (True when the search runs past its
    budget.)"""
    play = variant.play
    budget = [BUDGET]

    def search(start: int, sets: int, runs: int, pure: int) -> bool:
        if sets >= play.contract_sets and runs >= play.contract_runs and pure >= play.contract_pure:
            return True
        budget[0] -= 1
        if budget[0] <= 0:
            return True  # unsure: leave it to the per-meld searches
        for i in range(start, len(pieces)):
            kind, is_pure, cards = pieces[i]
            if kind == "set" and sets >= play.contract_sets:
                continue
            if kind == "run" and runs >= play.contract_runs:
                continue
            if (
                kind == "run"
                and not is_pure
                and play.contract_runs - runs <= play.contract_pure - pure
            ):
                continue  # every run still to come must be pure
            for c, k in cards:
                if left[c] < k:
                    break
            else:
                for c, k in cards:
                    left[c] -= k
                found = search(
                    i + 1, sets + (kind == "set"), runs + (kind == "run"), pure + is_pure
                )
                for c, k in cards:
                    left[c] += k
                if found:
                    return True
        return False

    return search(0, *counts)


def value_may_reach(c: Ctx, laid: HandState) -> bool:
    """Could melds of the rest of the hand still bring the turn's value up to the first
    laying down's minimum, after a meld (`laid`: the state after it)? (True when unsure.)

    The way-on search (wayon.py) after a meld that leaves the opening short succeeds only
    in a state where the turn's value has reached the minimum: an empty hand, or a discard
    (the discard gate refuses while the opening is short). When the minimum is the same in
    every state of that turn and no lay-off can add value in it (`_opening_rules`), the
    value can only grow by melds of the rest, each card of which lies in some meld of the
    rest (when the hand's listing holds every meld, they are its melds that fit in the
    rest; else the rest's own listing, when that holds every meld: a smaller hand's melds
    are among them) and is worth at most its highest value at any place. Only ever says
    "no" when the search would."""
    minimum = _opening_rules(c.variant)
    if minimum is None:
        return True
    need = minimum - laid.value_this_turn
    if need <= 0:
        return True
    variant, rest = c.variant, laid.hands[laid.to_move]
    listing, every = hand_listing(variant, c.hand)
    if every and lists_every_meld(variant, c.hand):  # the rest's melds: the hand's that fit
        left = Counter(rest)
        held: set[int] = set()
        for cards in _meld_cards(listing):
            for card, k in cards:
                if left[card] < k:
                    break
            else:
                held.update(card for card, _ in cards)
        best = _best_values(variant)
        return sum(best[card] for card in rest if card in held) >= need
    listing, every = hand_listing(variant, rest)
    if not every or not lists_every_meld(variant, rest):
        return True  # a canonical listing: leave it to the search
    worth = _worth(variant, listing)
    return sum(worth.get(card, 0) for card in rest) >= need


_CARDS: dict[int, tuple[tuple[Meld, ...], list[tuple[tuple[int, int], ...]]]] = {}


def _meld_cards(listing: tuple[Meld, ...]) -> list[tuple[tuple[int, int], ...]]:
    """Each meld of the listing as its cards counted ((card, copies) pairs), made once per
    listing (the listing is remembered per hand: meldlist.py)."""
    hit = _CARDS.get(id(listing))
    if hit is not None and hit[0] is listing:
        return hit[1]
    counted = [tuple(Counter(p[0] for p in meld).items()) for meld in listing]
    if len(_CARDS) > 1024:
        _CARDS.clear()
    _CARDS[id(listing)] = (listing, counted)
    return counted


class _NotFixed(Exception):
    """The expression read a name other than `me.laid_down_before`."""


class _OpeningEnv:
    """The `turn` names of an opening turn that stay the same all turn: only
    `me.laid_down_before`, which is false (compiled expressions read only `env[name]`)."""

    def __getitem__(self, name: str) -> Any:
        if name == "me.laid_down_before":
            return False
        raise _NotFixed(name)


_OPENING: Derived[int | None] = Derived()


def _opening_rules(variant: Variant) -> int | None:
    """The first laying down's minimum when it is the same all through an opening turn and
    no lay-off may be made in that turn (None otherwise: `value_may_reach` is unsure)."""
    return _OPENING.get(variant, None, _opening_minimum, variant)


def _opening_minimum(variant: Variant) -> int | None:
    play = variant.play
    if play.first_laydown_min is None:
        return None
    env: Any = _OpeningEnv()
    try:
        minimum = max(0, int(play.first_laydown_min(env)))
        if play.layoff is not None and play.layoff(env):
            return None
    except Exception:  # noqa: BLE001 - a read of another name (or an error): unsure
        return None
    return minimum


_WORTH: dict[int, tuple[tuple[Meld, ...], dict[int, int]]] = {}


def _worth(variant: Variant, listing: tuple[Meld, ...]) -> dict[int, int]:
    """Each card of some meld of `listing`: the most it is worth in a meld (a natural card
    at its best place, a wild card as the best card at the best place), made once per
    listing (the listing is remembered per hand: meldlist.py)."""
    hit = _WORTH.get(id(listing))
    if hit is not None and hit[0] is listing:
        return hit[1]
    best = _best_values(variant)
    worth = {p[0]: best[p[0]] for meld in listing for p in meld}
    if len(_WORTH) > 1024:
        _WORTH.clear()
    _WORTH[id(listing)] = (listing, worth)
    return worth


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
