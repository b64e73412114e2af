"""The draw phase: the upcard offer, draws from the stock and the pile, their obligations (phases).

`draw_refusal` is the phase's one predicate (None: legal now; else the rule
broken); the judge lists the draws it accepts. A draw whose card must be
used this turn (`draw.discard.use`, `draw.depth.use`) is legal only if some
meld or lay-off could then use it: asked of a scratch copy of the state
after the draw (layapply.scratch), never of the state itself.
"""

from __future__ import annotations

from rulespec.core.cards import card_text
from rulespec.core.moves import (
    DRAW_DISCARD,
    DRAW_DISCARD_DISCARD,
    DRAW_DISCARD_STOCK,
    DRAW_STOCK,
    DRAWS,
    PASS,
    TAKE,
    TAKE_PILE,
    Move,
)
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.phases.context import Ctx, Ender, public
from rulespec.interpreter.phases.drawuse import quick_nos, sure_meld, sure_yes
from rulespec.interpreter.phases.lay import laying
from rulespec.interpreter.phases.layapply import scratch
from rulespec.interpreter.phases.lonecards import in_no_meld
from rulespec.interpreter.phases.stock import turn_over
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import active_count, next_seat
from rulespec.model.variant import PileDraw, Variant

_FIXED = tuple(
    Move(k) for k in (DRAW_STOCK, DRAW_DISCARD, DRAW_DISCARD_STOCK, DRAW_DISCARD_DISCARD)
)
_UPCARD = (Move(DRAW_DISCARD), Move(PASS))
_TAKE_PILE = Move(TAKE_PILE)
_TAKES = tuple(Move(TAKE, (), n) for n in range(200))  # take N, made once (N < 200)


def _usable(c: Ctx, taken: list[int], use: str, need: int) -> bool:
    """Could the cards taken be used as the obligation says? Asked of a scratch copy: the
    quick sure "no" and "yes" first (drawuse.py), then the listing."""
    if quick_nos(c, use, need)[len(taken)]:
        return False
    if (
        in_no_meld(c.variant, [*c.hand, *taken], taken[0])
        and (
            use != "any"  # (only `use any` lays the card off)
            or next(iter(layoffs(c.variant, taken[:1], [m for _, m in c.hs.melds])), None) is None
        )
    ):
        return False  # no meld of the hand holds the card, and it goes on no table meld
    hs = scratch(c.hs, c.seat, taken, table=False)  # read only: laying is listed, not played
    hs.phase, hs.taken, hs.obligation = "play", list(taken), (taken[0], use, need)
    hs.turns[c.seat] += 1
    moment = Ctx(c.variant, hs, explain=False)
    if sure_yes(moment, sure_meld(c, len(taken), use, need)):
        return True
    return bool(laying(moment, one=True))


def draw_refusal(c: Ctx, move: Move) -> str | None:
    """None if this move may be made in the upcard or draw phase now, else the rule it breaks."""
    hs, kind = c.hs, move.kind
    if hs.phase == "upcard":
        if kind == PASS or (kind == DRAW_DISCARD and hs.discard):
            return None
        if kind == DRAW_DISCARD:
            return "the upcard offer has no card to take"
        return "draw.upcard_offer: first take the upcard ('draw discard') or 'pass'"
    if kind == PASS:
        return "pass is only for the first-upcard offer (draw.upcard_offer)"
    if kind not in DRAWS:
        return "draw first: this turn has not drawn yet"
    d = c.variant.draw
    pile = hs.discard
    if hs.must_draw_stock and kind != DRAW_STOCK:
        return (
            "draw.upcard_offer: everyone passed the upcard,"
            " so the first player must draw from the stock"
        )
    if kind == DRAW_STOCK:
        if not d.stock:
            return "draw.stock: false — drawing from the stock is not allowed"
        if not hs.stock and c.variant.stock.exhausted != "recycle":
            return "the stock is empty"  # a recycled stock is turned over as it is drawn
        return None
    if not pile:
        return "the discard pile is empty"
    if kind == DRAW_DISCARD:
        pd = d.discard
        if pd is None:
            return "draw.discard: false — the top discard may not be drawn"
        if pd.when is not None and not pd.when(c.env()):
            return "draw.discard.when: the condition for drawing the discard is not met now"
        if (
            pd.use != "none"
            and _obliged(c, pd)
            and not _usable(c, [pile[-1]], pd.use, pd.hand_cards)
        ):
            until = " (draw.discard.use_when holds now)" if pd.use_when is not None else ""
            return (
                f"draw.discard.use: {pd.use}{until} — the card taken could not be used"
                " this turn as required"
            )
        return None
    if kind == DRAW_DISCARD_STOCK:
        if not d.discard_then_stock:
            return "draw.discard_then_stock: not allowed"
        return None if hs.stock else "the stock is empty"
    if kind == DRAW_DISCARD_DISCARD:
        if not d.discard_then_discard:
            return "draw.discard_then_discard: not allowed"
        return None if len(pile) >= 2 else "the discard pile holds fewer than 2 cards"
    if kind == TAKE:
        return _take_refusal(c, move.number)
    if kind == TAKE_PILE and not d.pile:
        return "draw.pile: false — the whole pile may not be taken"
    return None


def _obliged(c: Ctx, pd: PileDraw) -> bool:
    """Does the pile draw's obligation (`use`) apply now (`draw.discard.use_when`)?"""
    return pd.use_when is None or bool(pd.use_when(c.env()))


def _take_refusal(c: Ctx, n: int) -> str | None:
    dep = c.variant.draw.depth
    pile = c.hs.discard
    if dep is None:
        return "draw.depth: false — cards below the top of the pile may not be taken"
    if n > len(pile):
        return f"take {n}: the pile holds only {len(pile)} card(s)"
    if n < dep.min:
        return f"draw.depth.min: take at least {dep.min} cards"
    if dep.when is not None and not dep.when(c.env()):
        return "draw.depth.when: the condition for taking from the pile is not met now"
    taken = pile[-n:]
    if dep.use != "none" and _obliged(c, dep) and not _usable(c, taken, dep.use, dep.hand_cards):
        return (
            f"draw.depth.use: {dep.use} — {card_text(taken[0])} (the deepest card taken)"
            " could not be used this turn"
        )
    return None


def draw_moves(c: Ctx) -> list[Move]:
    """The draws the predicate accepts, in a fixed order (stock, discard, …, take N, take pile).

    The candidates are the draws the variant has at all; the predicate judges each now.
    """
    if c.hs.phase == "upcard":
        candidates = list(_UPCARD)
    else:
        d = c.variant.draw
        candidates = [_FIXED[0]] if d.stock else []
        if d.discard is not None:
            candidates.append(_FIXED[1])
        if d.discard_then_stock:
            candidates.append(_FIXED[2])
        if d.discard_then_discard:
            candidates.append(_FIXED[3])
        dep = d.depth
        if dep is not None:
            depths = list(range(1, len(c.hs.discard) + 1))
            if dep.use != "none" and _obliged(c, dep):  # the quick 'no's are refused anyway
                nos = quick_nos(c, dep.use, dep.hand_cards)
                depths = [n for n in depths if not nos[n]]
            candidates.extend(_TAKES[n] if n < 200 else Move(TAKE, (), n) for n in depths)
        if d.pile:
            candidates.append(_TAKE_PILE)
    return [m for m in candidates if draw_refusal(c, m) is None]


def _take(hs: HandState, seat: int, cards: list[int], use: str, need: int) -> None:
    hs.hands[seat].extend(cards)
    hs.taken.extend(cards)
    if use != "none":
        hs.obligation = (cards[0], use, need)


def apply_pass(variant: Variant, hs: HandState, move: Move) -> None:
    """Pass the upcard offer; when every seat has passed, the first player draws from the stock."""
    seat = hs.to_move
    public(hs, seat, str(move))
    hs.offer_passes += 1
    if hs.offer_passes >= active_count(hs):
        hs.to_move = next_seat(variant, hs, hs.dealer)
        hs.phase = "draw"
        hs.must_draw_stock = True
    else:
        hs.to_move = next_seat(variant, hs, seat)


def apply_draw(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """Play a legal draw: the turn starts, the cards come to the hand (an obligation with them)."""
    seat = hs.to_move
    kind, text = move.kind, str(move)
    if kind == DRAW_STOCK:  # (the commonest draw first: no obligation comes with it)
        if not hs.stock and not turn_over(variant, hs, seat, end_hand):
            return
        hs.turns[seat] += 1
        hs.phase = "play"
        hs.hands[seat].append(hs.stock.pop(0))
        public(hs, seat, text)
        return
    was_upcard = hs.phase == "upcard"
    pd = variant.draw.discard if kind == DRAW_DISCARD else variant.draw.depth
    obliged = pd is None or pd.use_when is None or _obliged(Ctx(variant, hs, False), pd)
    hs.turns[seat] += 1
    hs.phase = "play"
    pile = hs.discard
    d = variant.draw
    if kind == DRAW_DISCARD:
        cards = [pile.pop()]
        pd = d.discard
        if was_upcard or pd is None or not obliged:
            _take(hs, seat, cards, "none", 0)
        else:
            _take(hs, seat, cards, pd.use, pd.hand_cards)
    elif kind == DRAW_DISCARD_STOCK:
        cards = [pile.pop()]
        _take(hs, seat, cards, "none", 0)
        hs.hands[seat].append(hs.stock.pop(0))
    elif kind == DRAW_DISCARD_DISCARD:
        cards = [pile.pop(), pile.pop()]
        _take(hs, seat, cards, "none", 0)
    elif kind == TAKE:
        cards = pile[-move.number :]
        del pile[-move.number :]
        assert d.depth is not None
        _take(hs, seat, cards, d.depth.use if obliged else "none", d.depth.hand_cards)
    else:  # TAKE_PILE
        cards = list(pile)
        pile.clear()
        _take(hs, seat, cards, "none", 0)
    public(hs, seat, text, cards)
