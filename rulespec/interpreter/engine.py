"""Move application for one hand: draws, melds, lay-offs, discards, turn ends (pipeline stage: run).

Reads only the `Variant` model. `apply(variant, hs, move, end_hand)`
assumes the move is legal (the `Game` checks it against `legal_moves`
first, so a refused move changes nothing) and updates the `HandState` in
place; the legal moves live in legal.py, the turn context in turnctx.py
(import them from there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.core.cards import card_text
from rulespec.core.moves import (
    DRAW_DISCARD,
    DRAW_DISCARD_DISCARD,
    DRAW_DISCARD_STOCK,
    DRAW_STOCK,
    KNOCK,
    LAYOFF,
    MELD,
    PASS,
    SWAP,
    TAKE,
    TAKE_PILE,
    Move,
)
from rulespec.interpreter import melds as M
from rulespec.interpreter.cards import is_wild
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import active_count, next_seat, placed_value
from rulespec.model.variant import Variant

TURN_CAP = 1000
"""Safety cap: a hand still running after this many turns ends as `abandoned` (why: CAPPED)."""
CAPPED = f"still running after {TURN_CAP} turns: no way to end it was found"

Ender = Callable[[Variant, HandState, str, int | None, dict[str, Any]], None]


# --- application --------------------------------------------------------------------


def _public(hs: HandState, seat: int, text: str, cards: list[int] | None = None) -> None:
    entry: dict[str, Any] = {"seat": seat, "move": text}
    if cards is not None:
        entry["cards"] = [card_text(c) for c in cards]
    hs.history.append(entry)


def _take(
    variant: Variant, hs: HandState, seat: int, cards: list[int], use: str, need: int
) -> None:
    hs.hands[seat].extend(cards)
    hs.taken.extend(cards)
    if use != "none":
        hs.obligation = (cards[0], use, need)


def _after_laying(
    variant: Variant, hs: HandState, seat: int, text: str, cards: list[int], end_hand: Ender
) -> None:
    """After a meld or lay-off: a taken card's obligation is met, the move is logged, and
    an empty hand goes out."""
    if hs.obligation is not None and hs.obligation[0] in cards:
        hs.obligation = None
    _public(hs, seat, text)
    if not hs.hands[seat]:
        end_hand(variant, hs, "out", seat, {})


def apply(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """Play a legal move (checked by the caller) and advance the hand."""
    seat = hs.to_move
    hand = hs.hands[seat]
    kind = move.kind
    text = str(move)
    if kind == PASS:
        _public(hs, seat, text)
        hs.offer_passes += 1
        if hs.offer_passes >= active_count(hs):
            hs.to_move = next_seat(variant, hs, hs.dealer)
            hs.phase = "draw"
            hs.must_draw_stock = True
        else:
            hs.to_move = next_seat(variant, hs, seat)
        return
    if hs.phase in ("upcard", "draw"):
        if kind == DRAW_STOCK and not hs.stock and not _turn_over(variant, hs, seat, end_hand):
            return
        was_upcard = hs.phase == "upcard"
        hs.turns[seat] += 1
        hs.phase = "play"
        pile = hs.discard
        d = variant.draw
        if kind == DRAW_STOCK:
            hand.append(hs.stock.pop(0))
            _public(hs, seat, text)
        elif kind == DRAW_DISCARD:
            card = pile.pop()
            pd = d.discard
            if was_upcard or pd is None:
                _take(variant, hs, seat, [card], "none", 0)
            else:
                _take(variant, hs, seat, [card], pd.use, pd.hand_cards)
            _public(hs, seat, text, [card])
        elif kind == DRAW_DISCARD_STOCK:
            card = pile.pop()
            _take(variant, hs, seat, [card], "none", 0)
            hand.append(hs.stock.pop(0))
            _public(hs, seat, text, [card])
        elif kind == DRAW_DISCARD_DISCARD:
            cards = [pile.pop(), pile.pop()]
            _take(variant, hs, seat, cards, "none", 0)
            _public(hs, seat, text, cards)
        elif kind == TAKE:
            n = move.number
            cards = pile[-n:]
            del pile[-n:]
            dep = d.depth
            assert dep is not None
            _take(variant, hs, seat, cards, dep.use, dep.hand_cards)
            _public(hs, seat, text, cards)
        elif kind == TAKE_PILE:
            cards = list(pile)
            pile.clear()
            _take(variant, hs, seat, cards, "none", 0)
            _public(hs, seat, text, cards)
        return
    if kind == MELD:
        meld = move.cards
        for p in meld:
            hand.remove(p[0])
        hs.melds.append((seat, meld))
        value = M.meld_value(variant, meld)
        _laid(variant, hs, seat, value, sum(1 for p in meld if is_wild(variant, p[0])))
        hs.melds_this_turn += 1
        _after_laying(variant, hs, seat, text, [p[0] for p in meld], end_hand)
        return
    if kind == LAYOFF:
        placed = move.cards[0]
        idx = move.number - 1
        owner, old = hs.melds[idx]
        new = M.extend(variant, old, placed)
        assert new is not None
        hand.remove(placed[0])
        hs.melds[idx] = (owner, new)
        value = placed_value(variant, new, new.index(placed))
        _laid(variant, hs, seat, value, 1 if is_wild(variant, placed[0]) else 0)
        _after_laying(variant, hs, seat, text, [placed[0]], end_hand)
        return
    if kind == SWAP:
        card = move.cards[0][0]
        idx = move.number - 1
        owner, meld = hs.melds[idx]
        pos = next(i for i, p in enumerate(meld) if p[1] == card and p[0] != card)
        wild = meld[pos][0]
        hs.melds[idx] = (owner, meld[:pos] + ((card, card),) + meld[pos + 1 :])
        hand.remove(card)
        hand.append(wild)
        _public(hs, seat, text)
        return
    card = move.cards[0][0]
    hand.remove(card)
    hs.discard.append(card)
    _public(hs, seat, text)
    if kind == KNOCK:
        end_hand(variant, hs, "knock", seat, {"shown": move.melds} if move.melds else {})
        return
    if not hand:
        end_hand(variant, hs, "out", seat, {})
        return
    end_turn(variant, hs, end_hand)


def _laid(variant: Variant, hs: HandState, seat: int, value: int, wilds: int) -> None:
    if hs.laid_down[seat] is None:
        hs.laid_down[seat] = hs.turns[seat]
    hs.melded[seat] += value
    hs.melded_jokers[seat] += wilds
    hs.value_this_turn += value


def _turn_over(variant: Variant, hs: HandState, seat: int, end_hand: Ender) -> bool:
    """A draw from the empty stock: turn the pile over (True), or end the hand (False).

    RULES.md "Stock recycle": the pile is turned over when a player must draw
    from the empty stock (not when a turn empties it, so until then its top card
    may still be taken); with fewer than 2 cards in it the hand is void. A
    house-rule `stock.recycles` limit ends the hand as a stock ending instead.
    """
    why = None
    if len(hs.discard) < 2:
        reason, why = "void", "stock empty, pile too small to turn over"
    elif variant.stock.recycles is not None and hs.recycles >= variant.stock.recycles:
        reason, why = "stock", "the pile was turned over as often as stock.recycles allows"
    if why is None:
        recycle(hs)
        return True
    _public(hs, seat, "draw stock")
    end_hand(variant, hs, reason, None, {"why": why})
    return False


def recycle(hs: HandState) -> None:
    """Turn the pile over unshuffled into the stock; its top card starts a new pile."""
    old = hs.discard
    hs.stock = old[1:]
    hs.discard = [old[0]]
    hs.recycles += 1
    hs.history.append({"event": "recycle", "cards": len(hs.stock)})


def end_turn(variant: Variant, hs: HandState, end_hand: Ender) -> None:
    """The mover's turn is over without going out: stock end/void, safety cap, next seat.

    A recycled stock is not refilled here but when a player draws from it empty.
    """
    hs.taken = []
    hs.obligation = None
    hs.melds_this_turn = 0
    hs.value_this_turn = 0
    hs.must_draw_stock = False
    hs.turn_count += 1
    st = variant.stock
    if st.exhausted != "recycle" and len(hs.stock) <= st.reserve:
        end_hand(variant, hs, "stock" if st.exhausted == "end" else "void", None, {})
        return
    if hs.turn_count >= TURN_CAP:
        end_hand(variant, hs, "abandoned", None, {"why": CAPPED})
        return
    hs.to_move = next_seat(variant, hs, hs.to_move)
    hs.phase = "draw"
