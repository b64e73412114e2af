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
"""

from __future__ import annotations

from collections import Counter

from rulespec.interpreter.meldgen import candidate_melds, lists_every_meld
from rulespec.interpreter.phases.context import contract_piece
from rulespec.model.variant import Variant

BUDGET = 4000
"""Choices tried before the test gives up and says "possible" (the searches decide)."""


def contract_possible(variant: Variant, hand: list[int]) -> bool:
    """Could disjoint melds of `hand` make the whole contract? (True when unsure.)"""
    play = variant.play
    if not lists_every_meld(variant, hand):
        return True  # many wild cards: the listing is canonical, not every meld
    pieces: list[tuple[str, bool, Counter[int]]] = []
    for meld in candidate_melds(variant, hand):
        kind, pure = contract_piece(variant, meld)
        if kind == "set" and play.contract_sets or kind == "run" and play.contract_runs:
            pieces.append((kind, pure, Counter(p[0] for p in meld)))
    budget = [BUDGET]

    def search(start: int, left: Counter[int], sets: int, runs: int, pure: int) -> bool:
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
            if any(left[c] < k for c, k in cards.items()):
                continue
            left.subtract(cards)
            found = search(
                i + 1,
                left,
                sets + (kind == "set"),
                runs + (kind == "run"),
                pure + is_pure,
            )
            left.update(cards)
            if found:
                return True
        return False

    return search(0, Counter(hand), 0, 0, 0)
