"""The lay phase: melds and lay-offs — which may be laid now, and why one may not (phases).

`meld_refusal` and `layoff_refusal` are the phase's one predicate: None when
the move is legal now, else the rule it breaks in the player's terms. The
judge lists the candidates (meldgen's melds, layfits.layoffs) that the
predicate accepts, and gives its answer as the reason for a refused move; a
valid meld the list leaves out (many wild cards: canonical melds only) is
legal exactly when the predicate says so. A move that would leave the mover
no way to end the turn is refused (wayon.py, on scratch copies).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from rulespec.core.cards import card_text
from rulespec.core.moves import LAYOFF, MELD, Move
from rulespec.interpreter import melds as M
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.context import (
    Ctx,
    contract_helps,
    contract_piece,
    contract_words,
    held_taken,
)
from rulespec.interpreter.phases.contractfit import contract_possible, may_complete
from rulespec.interpreter.phases.discard import discard_gate, discardable
from rulespec.interpreter.phases.layapply import after, after_meld
from rulespec.interpreter.phases.laywords import (
    NEVER,
    ONE_LEFT,
    STRANDED,
    first_laydown_reason,
    going_out_reason,
    unique_reason,
)
from rulespec.interpreter.phases.openmemo import opening_ends
from rulespec.interpreter.phases.opensearch import ends, hand_cards_in
from rulespec.interpreter.phases.openvalue import opening_reachable, value_may_reach
from rulespec.interpreter.phases.outeach import going_out_melds, takes
from rulespec.interpreter.phases.outmemo import rest_finishes, whole_hand_finishes
from rulespec.interpreter.state import HandState
from rulespec.interpreter.teams import team_of
from rulespec.interpreter.turnctx import remove_cards, unique_clash
from rulespec.model.variant import Variant


def _may_empty(variant: Variant, how: str) -> bool:
    """May this action (meld | layoff) take a hand's last card?"""
    return variant.discard.required != "always" and how in variant.going_out.by


def _turn_meld_sizes(hs: HandState) -> list[int]:
    return [len(m) for _, m in hs.melds[len(hs.melds) - hs.melds_this_turn :]]


def _stranded(variant: Variant, hs: HandState, rest: list[int]) -> bool:
    """Would the hand keep cards but none it may discard (all taken from the pile this turn)?"""
    if not rest or not variant.discard.forbid_taken or not hs.taken:
        return False
    taken = held_taken(hs)
    return all(k <= taken[c] for c, k in Counter(rest).items())


def no_way_on(c: Ctx, rest: list[int], move: Move) -> str | None:
    """The rule `move` would break by stranding the mover, or None.

    A move that leaves `rest` with no card the mover may discard (only cards
    taken from the pile, or one card that may not go by discard), or that is
    made while a first laying down begun this turn is short of its minimum, is
    allowed only when the turn can still end (wayon.can_end_turn).
    """
    variant = c.variant
    lack = c.opening_short()
    if lack:
        why = f"{lack.split(' — ')[0]}; after this move the rest of the hand could not complete it"
    elif _stranded(variant, c.hs, rest):
        why = STRANDED
    elif len(rest) == 1 and "discard" not in variant.going_out.by:
        why = ONE_LEFT.format(by=" or ".join(variant.going_out.by) or "nothing")
    else:
        return None
    moment = Ctx(variant, after(variant, c.hs, move), explain=False)
    return None if _searched(c, move.cards if move.kind == MELD else None, moment) else why


def _no_contract(c: Ctx) -> str | None:
    """The contract is still to be met and no choice of melds of the hand makes it: no
    meld may open (contractfit.py; the same words as a meld the rest cannot complete)."""
    play = c.variant.play
    if not (play.contract_sets or play.contract_runs) or c.hs.melds_this_turn:
        return None
    if not c.opening_pending() or contract_possible(c.variant, c.hand):
        return None
    return (
        f"play.contract: the first laying down must be {contract_words(c.variant)}, all"
        " laid in one turn; with this meld the rest of the hand cannot complete it"
    )


def meld_gate(c: Ctx) -> str | None:
    """What refuses every meld of this moment alike (None: melds are judged one by one)."""
    play = c.variant.play
    if play.melding == "never":
        return NEVER
    if play.melding == "anytime":
        fit = c.gate(_no_contract)
        if fit is not None:
            return fit
    if play.melds_per_turn is not None and c.hs.melds_this_turn >= play.melds_per_turn:
        return f"play.melds_per_turn: at most {play.melds_per_turn} new meld(s) per turn"
    if play.melding == "going_out" and c.hs.obligation is None and not whole_hand_finishes(c):
        return going_out_reason(c.variant)
    return None


def meld_refusal(c: Ctx, move: Move, way_on: bool = True) -> str | None:
    """None if this meld (its cards held) may be laid now, else the rule it breaks.

    `way_on`: also refuse a meld after which the turn could not end (the
    search in wayon.py asks without it, for the moves it tries).
    """
    return _meld_refusal(c, move.cards, way_on)


def _meld_refusal(c: Ctx, meld: Meld, way_on: bool, listing: bool = False) -> str | None:
    """meld_refusal of the laid cards (the Move is made only if the way-on test needs it).

    `listing`: asked by `laying` of its candidates, which are valid melds (meldgen makes
    them) at a moment whose gate it has just passed: those two clauses hold already.
    """
    variant, hs = c.variant, c.hs
    if not listing:
        if variant.play.melding == "never":
            return NEVER
        shape = M.meld_refusal(variant, meld)
        if shape is not None:
            return shape
    if variant.melds.wild.unique:  # (the table is counted only when it matters)
        clash = unique_clash(variant, hs, meld, c.table_count())
        if clash is not None:
            return unique_reason(clash)
    if not listing:
        gate = meld_gate(c)
        if gate is not None:
            return gate
    rest = remove_cards(c.hand, [p[0] for p in meld])
    if not rest and not _may_empty(variant, "meld"):
        return (
            "discard.required / going_out.by: a hand may not be emptied by a meld"
            " (a discard must end it)"
        )
    if hs.obligation is not None:
        card, _, need = hs.obligation
        if not any(p[0] == card for p in meld):
            return f"draw obligation: the card taken ({card_text(card)}) must be used first"
        pre = Counter(remove_cards(c.hand, [t for t in hs.taken if t in c.hand]))
        if hand_cards_in(meld, pre, card) < need:
            return (
                f"draw obligation: {card_text(card)} must be melded with at least"
                f" {need} cards from the hand"
            )
    short = ""
    laid: Ctx | None = None  # the moment after the meld, made once when needed
    if variant.play.melding == "going_out":
        minimum = c.first_laydown_min()  # all melds at once: each is checked alone
        if minimum > 0 and hs.value_this_turn + M.meld_value(variant, meld) < minimum:
            return first_laydown_reason(c, meld, "")
    elif c.opening_pending() and (way_on or not rest):  # (the search's melds: only if empty)
        laid = Ctx(variant, after_meld(variant, hs, meld, rest), explain=False)
        short = laid.opening_short()
        if short and not rest:
            return first_laydown_reason(c, meld, short)
    if variant.play.melding == "going_out":
        if not rest_finishes(c, rest, meld):
            return going_out_reason(variant)
        return None  # can_finish has found the way on
    if short:  # the opening goes on this turn: the rest of the hand must be able to complete it
        assert laid is not None  # (short is only set after laying it)
        if way_on and not opening_ends(c, laid, lambda: _completes(c, meld, laid)):
            return first_laydown_reason(c, meld, short)
        return None
    return no_way_on(c, rest, meld_move(meld)) if way_on else None


def _completes(c: Ctx, meld: Meld, laid: Ctx) -> bool:
    """Can the opening begun with `meld` (`laid`: the moment after it) be completed this
    turn? Two quick sure "no"s (contract, value), then the way-on search."""
    return may_complete(c, meld) and value_may_reach(c, meld, laid.hs) and _searched(c, meld, laid)


def _searched(c: Ctx, meld: Meld | None, laid: Ctx) -> bool:
    """The way-on search from `laid`, the moment after `meld` (None: a lay-off or a swap) of
    the moment `c`: its twin without scratch states (opensearch.py) where that applies."""
    got = None if meld is None else ends(c, meld, laid)
    return W.can_end_turn(laid, laying_for_search, _discards) if got is None else got


def layoff_gate(c: Ctx) -> str | None:
    """What refuses every lay-off of this moment alike (None: judged one by one)."""
    return c.gate(_layoff_gate)


def _layoff_gate(c: Ctx) -> str | None:
    cond = c.variant.play.layoff
    if cond is None:
        return "play.layoff: false — no laying off in this variant"
    if not c.hs.melds:
        return "there is no meld number 1 on the table (0 meld(s))"
    if not cond(c.names()):
        return "play.layoff: laying off is not allowed now"
    play = c.variant.play
    unmet = not c.hs.melds_this_turn or c.contract_lack()
    if (play.contract_sets or play.contract_runs) and c.opening_pending() and unmet:
        return (
            f"play.contract: before the contract is met ({contract_words(c.variant)})"
            " a player may not lay off"
        )
    return None


def layoff_refusal(c: Ctx, move: Move, way_on: bool = True) -> str | None:
    """None if this lay-off (its card held) may be made now, else the rule it breaks."""
    variant, hs = c.variant, c.hs
    if not 1 <= move.number <= len(hs.melds):
        return f"there is no meld number {move.number} on the table ({len(hs.melds)} meld(s))"
    owner, meld = hs.melds[move.number - 1]
    placed = move.cards[0]
    if variant.play.layoff is None:
        return "play.layoff: false — no laying off in this variant"
    if M.extend(variant, meld, placed) is None:
        why = M.meld_refusal(variant, (*meld, placed))
        return f"{card_text(move.card)} does not fit meld {move.number} as placed" + (
            f": {why}" if why else ""
        )
    if variant.melds.wild.unique:
        clash = unique_clash(variant, hs, move.cards, c.table_count())
        if clash is not None:
            return unique_reason(clash)
    gate = layoff_gate(c)
    if gate is not None:
        return gate
    onto = variant.play.layoff_onto
    if onto == "own" and owner != c.seat:
        return "play.layoff_onto: own — lay off only on your own melds"
    if onto == "team" and team_of(variant, owner) != team_of(variant, c.seat):
        return "play.layoff_onto: team — lay off only on your own or your partners' melds"
    if len(c.hand) == 1 and not _may_empty(variant, "layoff"):
        return "discard.required / going_out.by: a hand may not be emptied by a lay-off"
    if hs.obligation is not None:
        card, use, _ = hs.obligation
        if placed[0] != card or use != "any":
            how = "melded" if use == "meld" else "used"
            return f"draw obligation: the card taken ({card_text(card)}) must be {how} first"
    if variant.play.melding == "going_out" and hs.melds_this_turn:
        return "play.melding: going_out — finish laying down the hand"
    impure = _spoils_contract(c, move.number, placed)
    if impure is not None:
        return impure
    return no_way_on(c, remove_cards(c.hand, [placed[0]]), move) if way_on else None


def _spoils_contract(c: Ctx, number: int, placed: tuple[int, int]) -> str | None:
    """A wild card laid off on a pure run of this turn's contract, leaving too few pure runs.

    The contract (`play.contract_pure`) is judged on the melds laid this turn as they
    stand when the turn ends, so such a lay-off would strand the turn: refused instead."""
    variant, hs = c.variant, c.hs
    play = variant.play
    if not play.contract_pure or placed[0] == placed[1] or not c.opening_pending():
        return None
    if number - 1 < len(hs.melds) - hs.melds_this_turn:
        return None  # a meld of an earlier turn: not part of this turn's contract
    if contract_piece(variant, hs.melds[number - 1][1]) != ("run", True):
        return None
    if c.turn_counts()[2] > play.contract_pure:
        return None
    return (
        f"play.contract: {contract_words(variant)}; a wild card laid off on meld {number}"
        " makes that run impure, and the melds laid this turn would no longer hold the contract"
    )


def laying(c: Ctx, way_on: bool = True, one: bool = False, search: bool = False) -> list[Move]:
    """The legal melds, then lay-offs: the candidates the predicates accept (`one`: stop at
    the first, for a caller that asks only whether there is any; `search`: for the way-on
    search, which while a contract begun this turn is short tries only the melds that
    count toward it: `contract_helps`)."""
    moves = _laying(c, way_on, search)
    if one:
        first = next(moves, None)
        return [] if first is None else [first]
    return list(moves)


def _laying(c: Ctx, way_on: bool, search: bool) -> Iterator[Move]:
    """`laying`'s moves one by one, in its order: the way-on search tries each as it comes
    and stops at the first that ends the turn, never judging the rest (judging a candidate
    changes nothing, so the moves it tries, and the answer, are the same)."""
    variant, hs = c.variant, c.hs
    hand = c.hand
    counts = None
    if search and hs.melds_this_turn and c.contract_lack() and c.opening_pending():
        counts = c.turn_counts()
    going_out = variant.play.melding == "going_out"
    # (the listing's sure "no" for an opening no melds of the hand can reach: the way-on
    # search, way_on off, still tries melds that leave an opening short)
    if meld_gate(c) is None and (not way_on or going_out or opening_reachable(c)):
        if going_out and not lists_every_meld(variant, hand):
            # many wild cards: the melds of one way out (any other is legal when laid)
            candidates = tuple(sorted(set(_way_out(c))))
        else:
            candidates, every = hand_listing(variant, hand)
            if going_out and not every:
                # the listing is canonical (over its budget): it may hold no meld of any
                # way out, so the melds of one way out are offered too (never stranded)
                candidates = tuple(sorted(set(candidates).union(_way_out(c))))
        ob = hs.obligation
        must = -1 if ob is None else ob[0]  # a meld without the card taken is refused anyway
        fast = None
        if going_out and ob is None and takes(variant) and not c.first_laydown_min():
            fast = going_out_melds(c, candidates)  # every candidate's rest in one C call
        if fast is not None:
            candidates = ()
            for meld in fast:
                yield meld_move(meld)
        # without the way-on test, no obligation and not going out, a candidate that keeps
        # a card back passes every clause of `_meld_refusal` but the table's (unique)
        quick = not way_on and ob is None and not going_out
        unique = variant.melds.wild.unique
        size = len(hand)
        for meld in candidates:
            if counts is not None and not contract_helps(variant, counts, meld):
                continue
            if quick and len(meld) < size:
                if not unique or unique_clash(variant, hs, meld, c.table_count()) is None:
                    yield meld_move(meld)
                continue
            if must >= 0 and all(p[0] != must for p in meld):
                continue
            if _meld_refusal(c, meld, way_on, listing=True) is None:
                yield meld_move(meld)
    ob = hs.obligation
    offer = hand if ob is None else ([ob[0]] if ob[1] == "any" else [])
    if offer and hs.melds and layoff_gate(c) is None:  # (no table meld: the gate refuses)
        table = [m for _, m in hs.melds]
        for placed, idx in layoffs(variant, offer, table):
            move = Move(LAYOFF, (placed,), idx + 1)
            if layoff_refusal(c, move, way_on) is None:
                yield move


def _way_out(c: Ctx) -> list[Meld]:
    """The melds of one way to lay the hand down and go out (wayon.finish), or none."""
    return W.finish(c.variant, c.hs, c.seat, list(c.hand), _turn_meld_sizes(c.hs)) or []


def laying_for_search(c: Ctx) -> Iterator[Move]:
    """The melds and lay-offs the way-on search tries from the moment `c`, one by one
    (without the way-on test: it recurses; nor the moment after each meld, which only
    the melds it explores need)."""
    return _laying(c, way_on=False, search=True)


def _discards(c: Ctx) -> bool:
    """May the mover discard now? (`discardable`, asked only past the discard gate, which
    refuses every card alike: while an opening begun this turn is short, most often.)"""
    return discard_gate(c) is None and bool(discardable(c.variant, c.hs))


_MELD_MOVES: dict[Meld, Move] = {}


def meld_move(meld: Meld) -> Move:
    """`Move.meld(meld)`, made once per meld (the listing and the way-on search lay the same
    candidate melds again and again; a Move is a frozen value)."""
    got = _MELD_MOVES.get(meld)
    if got is None:
        if len(_MELD_MOVES) > 50_000:
            _MELD_MOVES.clear()
        got = _MELD_MOVES[meld] = Move.meld(meld)
    return got
