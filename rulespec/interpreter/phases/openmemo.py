"""An opening's way-on answer asked once per moment for what decides it (phases, lay).

While a first laying down begun this turn is short (a minimum or a contract), a
candidate meld is legal only if the way-on search from the moment after it ends the
turn (wayon.can_end_turn). Candidates that lay the same cards otherwise (wild cards
named otherwise, a set's cards in another order of suits) leave the same rest, and
often the same turn's value, so the listing would run the same search again.

In a variant whose opening turn is blind to the table (`table_blind`: no wild card
is unique, `play.layoff` is false all through an opening turn, and the minimum reads
nothing that changes in it), the search reads, of the moment after the meld, only:
the cards left, the turn's value, how the turn's melds count toward the contract (read
only under one: without a contract the key leaves the count out) and which taken cards
they used (the meld's cards are the hand less the rest), the draw obligation, and
what the moment itself fixes (the turn's earlier melds, the cards taken, the seat).
Every state it reaches differs from another candidate's by that meld on the table
alone, which it never reads (lay-offs are refused in every state, `unique` is off),
so the two searches try the same moves in the same order under the same budget: the
same answer.

A contract's opening (`contract_blind`: a contract and no minimum, no unique wild card,
melds laid any time, going out by discard allowed) is blind to the table too, although
lay-offs are allowed in its turn (Carioca), when no draw obligation is pending after the
meld and no card taken from the pile is held back (`discard.forbid_taken` with a card
taken this turn): while the contract is short every lay-off is refused (lay.py's lay-off
gate, whatever `play.layoff` says) and the search tries only melds of the hand; the
first state that meets it may discard (nothing held back, no obligation, no minimum)
and the search answers there, before it lists a lay-off. Elsewhere every candidate is
searched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.openvalue import OpeningEnv
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


def opening_ends(c: Ctx, laid: Ctx, compute: Callable[[], bool]) -> bool:
    """`compute()`: can the opening begun by a candidate meld of the moment `c` (`laid`: the
    moment after it) still be completed this turn (lay.py: the contract's and the value's
    sure "no"s, then `wayon.can_end_turn`)? Asked once per moment for what decides it when
    the variant's opening turn is blind to the table: the two sure "no"s read the same
    (the rest of the hand, the turn's value, the contract's count) as the search."""
    hs = laid.hs
    if not table_blind(c.variant) and not (
        contract_blind(c.variant)
        and hs.obligation is None
        and not (hs.taken and c.variant.discard.forbid_taken)
    ):
        return compute()
    play = c.variant.play
    key = (
        tuple(sorted(laid.hand)),
        hs.value_this_turn,
        laid.turn_counts() if play.contract_sets or play.contract_runs else (),
        hs.obligation,
    )
    known = c.answers("opening")
    got = known.get(key)
    if got is None:
        got = known[key] = compute()
    return bool(got)


_BLIND: Derived[bool] = Derived()


def table_blind(variant: Variant) -> bool:
    """Does an opening turn's way-on search read nothing of the table: no unique wild
    cards, `play.layoff` false while the mover has not laid down before, and the first
    laying down's minimum reading no other name? (False when unsure.)"""
    return _BLIND.get(variant, None, _blind, variant)


def _blind(variant: Variant) -> bool:
    play = variant.play
    if variant.melds.wild.unique:
        return False
    env: Any = OpeningEnv()  # me.laid_down_before is false; any other name: unsure
    try:
        if play.layoff is not None and play.layoff(env):
            return False
        if play.first_laydown_min is not None:
            play.first_laydown_min(env)
    except Exception:  # noqa: BLE001 - a read of another name (or an error): unsure
        return False
    return True


_CONTRACT_BLIND: Derived[bool] = Derived()


def contract_blind(variant: Variant) -> bool:
    """Is an opening turn blind to the table while its contract is short, and over as soon
    as the contract is met (see the module's text)? (The draw obligation and the cards
    taken are the state's, asked apart.)"""
    return _CONTRACT_BLIND.get(variant, None, _contract_blind, variant)


def _contract_blind(variant: Variant) -> bool:
    play = variant.play
    return (
        bool(play.contract_sets or play.contract_runs)
        and play.first_laydown_min is None
        and not variant.melds.wild.unique
        and play.melding == "anytime"
        and "discard" in variant.going_out.by
    )
