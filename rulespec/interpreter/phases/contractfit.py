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
every meld to its own search, so it never changes which melds are legal. Before the
listing, a count of the cards that may lie in a set or a run (`_may_hold`) answers most
hands that cannot make the contract without listing their melds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import Ctx, contract_piece
from rulespec.interpreter.phases.lonecards import contract_room
from rulespec.model.variant import Variant

BUDGET = 4000
"""Choices tried before the test gives up and says "possible" (the searches decide)."""


def contract_possible(variant: Variant, hand: list[int]) -> bool:
    """Could disjoint melds of `hand` make the whole contract? (True when unsure.)"""
    if not lists_every_meld(variant, hand):
        return True  # many wild cards: the listing is canonical, not every meld
    if not _may_hold(variant, hand):
        return False  # too few cards that may lie in a set or a run: no listing needed
    return _search(variant, _pieces(variant, hand), dict(Counter(hand)), (0, 0, 0))


def _may_hold(variant: Variant, hand: list[int]) -> bool:
    """Could the hand's cards hold the contract's sets and runs at all? (True when unsure.)

    Disjoint contract sets hold at least `contract_sets * contract_set_min` cards, each a
    wild card or a natural card that some set of the hand may hold (`contract_room`
    counts every such card), the runs likewise, and both together their sum. Below any of
    the three, no choice of melds makes the contract, listed or not: the search over the
    listing would answer "no" too (it can also give up "unsure" past its budget, when
    every meld's own search refuses it: the same legal moves)."""
    room = contract_room(variant, hand)
    if room is None:
        return True
    in_set, in_run, either, wild = room
    play = variant.play
    sets = play.contract_sets * play.contract_set_min
    runs = play.contract_runs * play.contract_run_min
    return in_set + wild >= sets and in_run + wild >= runs and either + wild >= sets + runs


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
    return contract_completes(c.variant, c.hand, c.turn_counts(), meld)


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
