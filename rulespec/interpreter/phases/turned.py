"""The turned stock card: turn it up, use it, pass it on or force it (phases, draw).

Under `draw.turned` (Conquian) the draw phase goes round one face-up card,
the *live* card (`HandState.live`: who turned or discarded it, whether it was
turned from the stock, whether it is forced on the mover):

- no live card: `draw stock` turns the top stock card face up onto the pile;
  the mover who turned it decides on it;
- a live card: `draw discard` takes it, under `draw.discard`'s obligation (it
  is melded or laid off this turn, never kept in hand); `pass` declines it: a
  card the mover turned goes to the next player, any other (discarded or
  passed to the mover) is dead and the mover turns the next stock card (none
  left: the hand is void); `force` (`draw.force`) hands a card the mover
  turned to the next player, who must take it and lay it off on their melds;
- a discard after such a turn is the next player's live card; `force C`
  discards C forced on the next player likewise (judge.py lists it beside
  `discard C` when C fits that player's melds: `fits_next`).

`turned_refusal` is the phase's one predicate; `turned_moves` lists what it
accepts.
"""

from __future__ import annotations

from rulespec.core.cards import card_text
from rulespec.core.moves import DRAW_DISCARD, DRAW_STOCK, FORCE, PASS, Move
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.phases.context import Ctx, Ender, public
from rulespec.interpreter.phases.draw import apply_draw, draw_refusal
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import next_seat
from rulespec.model.variant import Variant

_CANDIDATES = (Move(DRAW_STOCK), Move(DRAW_DISCARD), Move(PASS), Move(FORCE))


def turned_refusal(c: Ctx, move: Move) -> str | None:
    """None if the move may be made now in the draw phase of a `draw.turned` variant."""
    hs, kind = c.hs, move.kind
    live = hs.live
    if kind == DRAW_STOCK:
        if live is not None:
            return "draw.turned: first take the face-up card ('draw discard') or pass it"
        return None if hs.stock else "the stock is empty"
    if kind not in (DRAW_DISCARD, PASS, FORCE):
        if kind.startswith("draw") or kind.startswith("take"):
            return "draw.turned: the stock card is turned up ('draw stock'), then used or passed"
        return "draw first: this turn has not drawn yet"
    if move.cards:  # `force C`: a discard forced, after the draw
        return "draw first: 'force C' discards C onto the next player, at the end of a turn"
    if live is None:
        return "draw.turned: no card is face up to take or pass; turn one up ('draw stock')"
    if kind == DRAW_DISCARD:
        return draw_refusal(c, move)
    if live[2]:
        return "draw.force: the card was forced on you: take it ('draw discard') and lay it off"
    if kind == PASS:
        return None
    return _force_refusal(c)


def _force_refusal(c: Ctx) -> str | None:
    """Why the mover may not force the live card on the next player (None: it may)."""
    live = c.hs.live
    assert live is not None
    if not c.variant.draw.force:
        return "draw.force: false — a card may not be forced on the next player"
    if not (live[1] and live[0] == c.seat):
        return "draw.force: only the card you turned up yourself may be forced"
    return fits_next(c, c.hs.discard[-1])


def fits_next(c: Ctx, card: int) -> str | None:
    """Why `card` may not be forced on the player after the mover (None: it may be): it
    must fit one of their melds, and they must hold cards to discard afterwards."""
    if not c.variant.draw.force:
        return "draw.force: false — a card may not be forced on the next player"
    nxt = next_seat(c.variant, c.hs, c.seat)
    if len(c.hs.hands[nxt]) < 2:
        return "draw.force: the next player has too few cards to take it and discard"
    theirs = [m for o, m in c.hs.melds if o == nxt]
    if next(iter(layoffs(c.variant, [card], theirs)), None) is None:
        return "draw.force: the card cannot be laid off on the next player's melds"
    return None


def turned_moves(c: Ctx) -> list[Move]:
    """The moves of the draw phase the predicate accepts, in a fixed order."""
    return [m for m in _CANDIDATES if turned_refusal(c, m) is None]


def apply_turned(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """Play a legal draw-phase move of a `draw.turned` variant."""
    seat, kind = hs.to_move, move.kind
    if kind == DRAW_STOCK:
        public(hs, seat, str(move))
        turn_up(variant, hs, seat, end_hand)
        return
    if kind == DRAW_DISCARD:
        hs.live = None
        apply_draw(variant, hs, move, end_hand)
        return
    live = hs.live
    assert live is not None
    public(hs, seat, str(move))
    if kind == FORCE:
        hs.to_move = next_seat(variant, hs, seat)
        hs.live = (seat, True, True)
        return
    if live[1] and live[0] == seat:  # passes the card it turned: the next player's offer
        hs.to_move = next_seat(variant, hs, seat)
        return
    hs.live = None  # offered by another: dead; the mover turns the next card
    turn_up(variant, hs, seat, end_hand)


def turn_up(variant: Variant, hs: HandState, seat: int, end_hand: Ender) -> None:
    """The top stock card face up on the pile, live for `seat`; no stock: the hand is void."""
    if not hs.stock:
        end_hand(variant, hs, "void", None, {"why": "no stock card is left to turn up"})
        return
    card = hs.stock.pop(0)
    hs.discard.append(card)
    hs.live = (seat, True, False)
    hs.history.append({"event": "turned", "cards": [card_text(card)]})
