"""Legal moves of a hand: draws and obligations, melds, lay-offs, swaps, discards (stage: run).

`legal_moves(variant, hs)` is complete and deterministic. Legality of a
single meld or lay-off is `meld_allowed` / `layoff_allowed`, which return
the rule a move breaks (or None) and are reused by rules.why_illegal.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulespec.core.cards import card_text
from rulespec.core.moves import (
    DRAW_DISCARD,
    DRAW_DISCARD_DISCARD,
    DRAW_DISCARD_STOCK,
    DRAW_STOCK,
    LAYOFF,
    PASS,
    SWAP,
    TAKE,
    TAKE_PILE,
    Move,
)
from rulespec.interpreter import melds as M
from rulespec.interpreter import wayon as W
from rulespec.interpreter.discards import discard_moves, discardable
from rulespec.interpreter.meldgen import candidate_melds, lists_every_meld
from rulespec.interpreter.state import HandState, Placed
from rulespec.interpreter.turnctx import (
    remove_cards,
    turn_env,
    unique_ok,
)
from rulespec.model.variant import Variant

STRANDED = (
    "discard.forbid_taken: that would leave only cards taken from the pile this turn,"
    " none of which may be discarded, and they cannot all be laid down"
)
ONE_LEFT = (
    "going_out.by: that would leave one card, which may not go by discard"
    " (the last card goes only by {by}) and cannot be laid down"
)


# --- draws --------------------------------------------------------------------------


def _obligation_met_possible(
    variant: Variant,
    hs: HandState,
    seat: int,
    taken: list[int],
    card: int,
    use: str,
    hand_cards: int,
) -> bool:
    """Could the card taken be used as the obligation says? Tried on the state, then restored."""
    saved = (hs.phase, hs.taken, hs.obligation, hs.turns[seat], len(hs.hands[seat]))
    hs.phase, hs.taken, hs.obligation = "play", list(taken), (card, use, hand_cards)
    hs.turns[seat] += 1
    hs.hands[seat].extend(taken)
    try:
        return bool(play_moves(variant, hs))
    finally:
        hs.phase, hs.taken, hs.obligation, hs.turns[seat], size = saved
        del hs.hands[seat][size:]


def _hand_cards_in(meld: tuple[Placed, ...], pre: Counter[int], card: int) -> int:
    avail = Counter(pre)
    skipped = False
    count = 0
    for p in meld:
        if p[0] == card and not skipped:
            skipped = True
            continue
        if avail[p[0]] > 0:
            avail[p[0]] -= 1
            count += 1
    return count


def draw_moves(variant: Variant, hs: HandState) -> list[Move]:
    seat = hs.to_move
    d = variant.draw
    pile = hs.discard
    out: list[Move] = []
    if hs.phase == "upcard":
        if pile:
            out.append(Move(DRAW_DISCARD))
        out.append(Move(PASS))
        return out
    # an empty recycled stock is turned over as it is drawn (or the draw ends the hand)
    if d.stock and (hs.stock or variant.stock.exhausted == "recycle"):
        out.append(Move(DRAW_STOCK))
    if hs.must_draw_stock:
        return out
    env: dict[str, Any] | None = None
    if d.discard is not None and pile:
        ok = True
        if d.discard.when is not None:
            env = turn_env(variant, hs, seat)
            ok = bool(d.discard.when(env))
        if ok and d.discard.use != "none":
            ok = _obligation_met_possible(
                variant, hs, seat, [pile[-1]], pile[-1], d.discard.use, d.discard.hand_cards
            )
        if ok:
            out.append(Move(DRAW_DISCARD))
    if d.discard_then_stock and pile and hs.stock:
        out.append(Move(DRAW_DISCARD_STOCK))
    if d.discard_then_discard and len(pile) >= 2:
        out.append(Move(DRAW_DISCARD_DISCARD))
    if d.depth is not None:
        dep = d.depth
        ok = True
        if dep.when is not None:
            ok = bool(dep.when(env or turn_env(variant, hs, seat)))
        for n in range(max(dep.min, 1), len(pile) + 1) if ok else ():
            taken = pile[-n:]
            if dep.use == "none" or _obligation_met_possible(
                variant, hs, seat, taken, taken[0], dep.use, dep.hand_cards
            ):
                out.append(Move(TAKE, (), n))
    if d.pile and pile:
        out.append(Move(TAKE_PILE))
    return out


# --- play ---------------------------------------------------------------------------


def _may_empty(variant: Variant, how: str) -> bool:
    """May this action (meld | layoff) take a hand's last card?"""
    return variant.discard.required != "always" and how in variant.going_out.by


def _layoff_allowed(variant: Variant, hs: HandState, seat: int, phase_play: bool = True) -> bool:
    cond = variant.play.layoff
    if cond is None:
        return False
    env = turn_env(variant, hs, seat)
    if phase_play and hs.phase != "play":
        env["me.turn"] = hs.turns[seat] + 1
    return bool(cond(env))


def _onto_ok(variant: Variant, hs: HandState, seat: int, index: int) -> bool:
    return variant.play.layoff_onto == "any" or hs.melds[index][0] == seat


def _turn_meld_sizes(hs: HandState, seat: int) -> list[int]:
    if hs.melds_this_turn == 0:
        return []
    return [len(m) for _, m in hs.melds[-hs.melds_this_turn :]]


def _stranded(variant: Variant, hs: HandState, rest: list[int]) -> bool:
    """Would the hand keep cards but none it may discard (all taken from the pile this turn)?"""
    if not rest or not variant.discard.forbid_taken or not hs.taken:
        return False
    taken = Counter(hs.taken)
    return all(k <= taken[c] for c, k in Counter(rest).items())


def _no_way_on(variant: Variant, hs: HandState, rest: list[int], move: Move) -> str | None:
    """The rule that `move` would break by stranding the mover, or None.

    A move that leaves `rest` with no card the mover may discard (only cards
    taken from the pile, or one card that may not go by discard) is allowed
    only when the rest can still be laid down to go out (wayon.can_end_turn).
    """
    if _stranded(variant, hs, rest):
        why = STRANDED
    elif len(rest) == 1 and "discard" not in variant.going_out.by:
        why = ONE_LEFT.format(by=" or ".join(variant.going_out.by) or "nothing")
    else:
        return None
    if W.can_end_turn(variant, W.after(variant, hs, move), _laying_for_search, discardable):
        return None
    return why


def meld_allowed(
    variant: Variant, hs: HandState, seat: int, meld: tuple[Placed, ...], way_on: bool = True
) -> str | None:
    """None if this meld may be laid now, else the rule it breaks.

    `way_on`: also refuse a meld after which the turn could not end (the
    search in wayon.py asks without it, for the moves it tries).
    """
    play = variant.play
    if play.melding == "never":
        return "play.melding: never — nobody melds on the table in this variant"
    if play.melds_per_turn is not None and hs.melds_this_turn >= play.melds_per_turn:
        return f"play.melds_per_turn: at most {play.melds_per_turn} new meld(s) per turn"
    hand = hs.hands[seat]
    rest = remove_cards(hand, [p[0] for p in meld])
    if not rest and not _may_empty(variant, "meld"):
        return (
            "discard.required / going_out.by: a hand may not be emptied by a meld"
            " (a discard must end it)"
        )
    if not unique_ok(variant, hs, meld):
        return "melds.wild.unique: that card is already on the table as often as the deck holds it"
    if hs.obligation is not None:
        card, use, need = hs.obligation
        if not any(p[0] == card for p in meld):
            return f"draw obligation: the card taken ({card_text(card)}) must be used first"
        pre = Counter(remove_cards(hs.hands[seat], [c for c in hs.taken if c in hs.hands[seat]]))
        if _hand_cards_in(meld, pre, card) < need:
            return (
                f"draw obligation: {card_text(card)} must be melded with at least"
                f" {need} cards from the hand"
            )
    fl = play.first_laydown_min
    if fl is not None:
        env = turn_env(variant, hs, seat)
        if not env["me.laid_down_before"]:
            minimum = int(fl(env))
            if minimum > 0 and hs.value_this_turn + M.meld_value(variant, meld) < minimum:
                return (
                    f"play.first_laydown_min: a first laying down must be worth at least {minimum}"
                )
    if play.melding == "going_out":
        if not W.can_finish(variant, hs, seat, rest, _turn_meld_sizes(hs, seat) + [len(meld)]):
            return "play.melding: going_out — melds are laid only as part of going out in one turn"
        return None  # can_finish has found the way on
    return _no_way_on(variant, hs, rest, Move.meld(meld)) if way_on else None


def meld_legal(variant: Variant, hs: HandState, meld: tuple[Placed, ...]) -> bool:
    """May this meld be laid now, listed or not? With many wild cards in a hand the list
    holds canonical melds only (see meldgen.candidate_melds); any other valid meld of the
    hand's cards is just as legal, and is checked here directly."""
    if hs.phase != "play" or variant.play.melding == "never" or not meld:
        return False
    seat = hs.to_move
    hand = hs.hands[seat]
    if Counter(p[0] for p in meld) - Counter(hand) or M.normalize(variant, meld) is None:
        return False
    if (
        variant.play.melding == "going_out"
        and hs.obligation is None
        and not W.can_finish(variant, hs, seat, list(hand), _turn_meld_sizes(hs, seat))
    ):
        return False
    return meld_allowed(variant, hs, seat, meld) is None


def _laying(variant: Variant, hs: HandState, way_on: bool = True) -> list[Move]:
    """The legal melds and lay-offs (`way_on`: see meld_allowed)."""
    seat = hs.to_move
    hand = hs.hands[seat]
    out: list[Move] = []
    ob = hs.obligation
    melding = variant.play.melding != "never"
    if melding and variant.play.melding == "going_out" and hs.obligation is None:
        # going out all at once: no meld at all unless the whole hand can go out now
        melding = W.can_finish(variant, hs, seat, list(hand), _turn_meld_sizes(hs, seat))
    if melding:
        if variant.play.melding == "going_out" and not lists_every_meld(variant, hand):
            # many wild cards: the melds of one way out (any other is legal when laid)
            way = W.finish(variant, hs, seat, list(hand), _turn_meld_sizes(hs, seat)) or []
            candidates = sorted(set(way))
        else:
            candidates = candidate_melds(variant, hand)
        for meld in candidates:
            if meld_allowed(variant, hs, seat, meld, way_on) is None:
                out.append(Move.meld(meld))
    offer = hand if ob is None else ([ob[0]] if ob[1] == "any" else [])
    if offer and hs.melds and _layoff_allowed(variant, hs, seat):
        table = [m for _, m in hs.melds]
        for placed, idx in M.layoffs(variant, offer, table):
            if layoff_allowed(variant, hs, seat, placed, idx, True, way_on) is None:
                out.append(Move(LAYOFF, (placed,), idx + 1))
    return out


def _laying_for_search(variant: Variant, hs: HandState) -> list[Move]:
    """The melds and lay-offs the way-on search tries (without the way-on test: it recurses)."""
    return _laying(variant, hs, way_on=False)


def play_moves(variant: Variant, hs: HandState) -> list[Move]:
    seat = hs.to_move
    hand = hs.hands[seat]
    out = _laying(variant, hs)
    if hs.obligation is not None:
        return _dedupe(out)
    swap = variant.melds.wild.swap
    if variant.play.melding == "going_out" and hs.melds_this_turn:
        swap = None  # going out all at once: only laying down goes on, then the discard
    if swap is not None and hs.melds and bool(swap(turn_env(variant, hs, seat))):
        for idx, (_, meld) in enumerate(hs.melds):
            for card, named in meld:
                if card != named and named in hand:
                    move = Move(SWAP, ((named, named),), idx + 1)
                    if swap_strands(variant, hs, move) is None:
                        out.append(move)
    if not out:
        return discard_moves(variant, hs)
    out.extend(discard_moves(variant, hs))
    return _dedupe(out)


def _dedupe(moves: list[Move]) -> list[Move]:
    seen: set[Move] = set()
    out = []
    for m in moves:
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def swap_strands(variant: Variant, hs: HandState, move: Move) -> str | None:
    """The rule a swap would break by leaving the mover no way to end the turn, or None."""
    rest = list(hs.hands[hs.to_move])
    named = move.cards[0][0]
    rest.remove(named)
    _, meld = hs.melds[move.number - 1]
    rest.append(next(p[0] for p in meld if p[1] == named and p[0] != named))
    return _no_way_on(variant, hs, rest, move)


def layoff_allowed(
    variant: Variant,
    hs: HandState,
    seat: int,
    placed: Placed,
    idx: int,
    checked: bool = False,
    way_on: bool = True,
) -> str | None:
    """None if this lay-off may be made now, else the rule it breaks (way_on: see meld_allowed)."""
    if not checked and not _layoff_allowed(variant, hs, seat):
        return "play.layoff: laying off is not allowed now"
    if not _onto_ok(variant, hs, seat, idx):
        return "play.layoff_onto: own — lay off only on your own melds"
    hand = hs.hands[seat]
    if len(hand) == 1 and not _may_empty(variant, "layoff"):
        return "discard.required / going_out.by: a hand may not be emptied by a lay-off"
    rest = list(hand)
    rest.remove(placed[0])
    if not unique_ok(variant, hs, (placed,)):
        return "melds.wild.unique: that card is already on the table as often as the deck holds it"
    if hs.obligation is not None:
        card, use, _ = hs.obligation
        if placed[0] != card or use != "any":
            how = "melded" if use == "meld" else "used"
            return f"draw obligation: the card taken ({card_text(card)}) must be {how} first"
    if variant.play.melding == "going_out" and hs.melds_this_turn:
        return "play.melding: going_out — finish laying down the hand"
    return _no_way_on(variant, hs, rest, Move(LAYOFF, (placed,), idx + 1)) if way_on else None


def legal_moves(variant: Variant, hs: HandState) -> list[Move]:
    if hs.phase == "over":
        return []
    if hs.phase in ("upcard", "draw"):
        return draw_moves(variant, hs)
    return play_moves(variant, hs)
