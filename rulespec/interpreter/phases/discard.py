"""The discard phase: which cards may go, which discards knock, and letting a card go (phases).

`discard_refusal` / `knock_refusal` are the one predicate of the phase: the
judge lists `discard C` / `knock C` for each card in hand they accept, and
gives their answer as the reason when a player's discard is refused. A knock
is a discard first (every discard rule applies), then the knock limit, then
for `knock C with …` the melds it names (showdown.py).
"""

from __future__ import annotations

from rulespec.core.cards import card_text
from rulespec.core.moves import DISCARD, FORCE, KNOCK, Move
from rulespec.interpreter import solver as S
from rulespec.interpreter.phases.context import REFUSED, Ctx, Ender, public
from rulespec.interpreter.phases.stock import end_turn
from rulespec.interpreter.showdown import named_showing
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import knock_limit, remove_cards
from rulespec.model.variant import Variant

_DISCARDS = tuple(Move(DISCARD, ((c, c),)) for c in range(53))
_KNOCKS = tuple(Move(KNOCK, ((c, c),)) for c in range(53))
LAST_KNOCK = "knock: the last card goes out as a plain discard ('discard C'), not a knock"


def discard_gate(c: Ctx) -> str | None:
    """What refuses every discard of this moment alike (None: judged card by card)."""
    ob = c.hs.obligation
    if ob is not None:
        return (
            f"draw obligation ({ob[1]}): {card_text(ob[0])}, taken from the pile,"
            " must be used this turn first"
        )
    if c.variant.play.melding == "going_out" and c.hs.melds_this_turn and len(c.hand) > 1:
        return "play.melding: going_out — finish laying down the hand before discarding"
    return c.opening_short() or None


def discard_refusal(c: Ctx, card: int) -> str | None:
    """None if the mover may discard `card` (held) now, else the rule it breaks."""
    return discard_gate(c) or _card_refusal(c, card)


def _card_refusal(c: Ctx, card: int) -> str | None:
    if card in _held_back(c):
        return f"discard.forbid_taken: {card_text(card)} was taken from the pile this turn"
    if len(c.hand) == 1 and "discard" not in c.variant.going_out.by:
        return "going_out.by: a hand may not be emptied by a discard"
    return None


def _held_back(c: Ctx) -> set[int] | tuple[()]:
    """The cards `discard.forbid_taken` holds back: taken this turn, no other copy in hand."""
    taken = c.hs.taken
    if not (taken and c.variant.discard.forbid_taken):
        return ()
    if len(taken) == 1 and not c.hs.melds_this_turn:  # (the usual case: one card drawn)
        card = taken[0]
        return {card} if c.hand.count(card) <= 1 else ()
    return {card for card, took in c.taken().items() if c.hand.count(card) <= took}


_OVER = "over the knock limit"  # the bound's mark: each card's own deadwood gives the text


def knock_gate(c: Ctx) -> str | None:
    """What refuses every knock of this moment alike: no knocking, one card left, or (`_OVER`)
    the least deadwood after any discard over the knock limit."""
    return c.gate(_knock_gate)


def _knock_gate(c: Ctx) -> str | None:
    if c.variant.knock is None:
        return "knock: false — this variant has no knocking"
    if c.variant.knock.timing == "before_draw":
        return (
            "knock.timing: before_draw — a knock is made at the start of the turn"
            " ('knock'), instead of drawing, not with a discard"
        )
    if len(c.hand) == 1:
        return LAST_KNOCK
    if c.least_after_discard() > c.knock_limit():
        return _OVER
    return None


def knock_refusal(c: Ctx, move: Move) -> str | None:
    """None if the mover may knock with this discard now (and show the melds it names)."""
    return discard_refusal(c, move.card) or _knock_refusal(c, move)


def _knock_refusal(c: Ctx, move: Move) -> str | None:
    """The knock's own rules, for a card that may be discarded."""
    gate = knock_gate(c)
    if gate is not None and gate is not _OVER:
        return gate
    card = move.card
    limit = c.knock_limit()
    dw = None
    if gate is None:
        dw = S.deadwood(c.variant, remove_cards(c.hand, [card]))
        if dw <= limit:
            return knock_shown_error(c.variant, c.hs, move) if move.melds else None
    if not c.explain:
        return REFUSED
    if dw is None:
        dw = S.deadwood(c.variant, remove_cards(c.hand, [card]))
    return (
        f"knock.limit: deadwood after discarding {card_text(card)} would be {dw}, more than {limit}"
    )


def knock_shown_error(variant: Variant, hs: HandState, move: Move) -> str | None:
    """Why the melds a `knock C with …` names cannot be shown (None: they can).

    They must be valid melds of the hand after the discard, and the cards left
    outside them must be within the knock limit.
    """
    if variant.knock is None:
        return "knock: false — this variant has no knocking"
    rest = list(hs.hands[hs.to_move])
    if move.card not in rest:
        return f"{card_text(move.card)} is not in your hand"
    rest.remove(move.card)
    if move.card not in rest and any(p[0] == move.card for m in move.melds for p in m):
        return f"knock with: {card_text(move.card)} is the card the knock discards, not shown"
    got = named_showing(variant, rest, move.melds, knock_limit(variant, hs))
    return got if isinstance(got, str) else None


def discard_moves(c: Ctx) -> list[Move]:
    """The discards open to the mover, then the knocks: the cards each predicate accepts."""
    hs = c.hs
    if (hs.obligation is not None or hs.melds_this_turn) and discard_gate(c) is not None:
        return []  # (without an obligation or a meld laid this turn, the gate lets all pass)
    cards = sorted(set(c.hand))
    if len(c.hand) == 1:
        cards = [k for k in cards if _card_refusal(c, k) is None]
    else:  # _card_refusal, for a hand of 2 cards or more: the held-back cards only
        held = _held_back(c)
        if held:
            cards = [k for k in cards if k not in held]
    out = list(map(_DISCARDS.__getitem__, cards))
    # knock_refusal: discard_refusal, then the knock's own (no knocking: the gate refuses)
    if c.variant.knock is not None and c.gate(_knock_gate) is None:  # (knock_gate, inlined)
        out.extend(_KNOCKS[k] for k in cards if _knock_refusal(c, _KNOCKS[k]) is None)
    return out


def discardable(variant: Variant, hs: HandState) -> list[int]:
    """The cards the mover may discard now, sorted (the knock test aside; for the way-on search):
    `discard_refusal`'s answer for each card, its card-independent gate asked once."""
    c = Ctx(variant, hs)
    cards = sorted(set(c.hand))
    if not cards or discard_gate(c) is not None:
        return []
    if len(c.hand) == 1 and "discard" not in c.variant.going_out.by:
        return []  # (_card_refusal: a hand may not be emptied by a discard)
    held = _held_back(c)
    return [k for k in cards if k not in held] if held else cards


def apply_discard(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """Let the card go: a knock ends the hand, an empty hand goes out, else the turn ends."""
    seat = hs.to_move
    hand = hs.hands[seat]
    card = move.card
    hand.remove(card)
    hs.discard.append(card)
    if variant.draw.turned:  # the discard is the next player's live card (forced: `force C`)
        hs.live = (seat, False, move.kind == FORCE)
    public(hs, seat, str(move))
    if move.kind == KNOCK:
        end_hand(variant, hs, "knock", seat, {"shown": move.melds} if move.melds else {})
        return
    if not hand:
        end_hand(variant, hs, "out", seat, {"by": "discard"})
        return
    end_turn(variant, hs, end_hand)
