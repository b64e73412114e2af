"""Why a move is refused: the rule it breaks, in the player's terms (pipeline stage: run, errors).

Called only after a move has been found absent from the legal set, so it
may be slow; it names the rule (a `docs/document.md` key where one applies)
and never changes the state.
"""

from __future__ import annotations

from collections import Counter

from rulespec.core.cards import card_text
from rulespec.core.moves import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_DISCARD_DISCARD,
    DRAW_DISCARD_STOCK,
    DRAW_STOCK,
    DRAWS,
    KNOCK,
    LAYOFF,
    MELD,
    PASS,
    SWAP,
    TAKE,
    TAKE_PILE,
    Move,
)
from rulespec.interpreter import legal as L
from rulespec.interpreter import melds as M
from rulespec.interpreter import solver as S
from rulespec.interpreter import turnctx as T
from rulespec.interpreter.legal import swap_strands
from rulespec.interpreter.showdown import named_showing
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import unique_clash
from rulespec.model.variant import Variant


def _draw_reason(variant: Variant, hs: HandState, move: Move) -> str:
    d = variant.draw
    pile = hs.discard
    kind = move.kind
    if hs.must_draw_stock and kind != DRAW_STOCK:
        return (
            "draw.upcard_offer: everyone passed the upcard,"
            " so the first player must draw from the stock"
        )
    if kind == DRAW_STOCK:
        if not d.stock:
            return "draw.stock: false — drawing from the stock is not allowed"
        return "the stock is empty"
    if not pile:
        return "the discard pile is empty"
    if kind == DRAW_DISCARD:
        if d.discard is None:
            return "draw.discard: false — the top discard may not be drawn"
        if d.discard.when is not None and not d.discard.when(T.turn_env(variant, hs, hs.to_move)):
            return "draw.discard.when: the condition for drawing the discard is not met now"
        return (
            f"draw.discard.use: {d.discard.use} — the card taken could not be used"
            " this turn as required"
        )
    if kind == DRAW_DISCARD_STOCK:
        return (
            "draw.discard_then_stock: not allowed"
            if not d.discard_then_stock
            else "the stock is empty"
        )
    if kind == DRAW_DISCARD_DISCARD:
        if not d.discard_then_discard:
            return "draw.discard_then_discard: not allowed"
        return "the discard pile holds fewer than 2 cards"
    if kind == TAKE:
        if d.depth is None:
            return "draw.depth: false — cards below the top of the pile may not be taken"
        if move.number > len(pile):
            return f"take {move.number}: the pile holds only {len(pile)} card(s)"
        if move.number < d.depth.min:
            return f"draw.depth.min: take at least {d.depth.min} cards"
        deepest = card_text(pile[-move.number])
        return (
            f"draw.depth.use: {d.depth.use} — {deepest} (the deepest card taken)"
            " could not be used this turn"
        )
    if kind == TAKE_PILE:
        return "draw.pile: false — the whole pile may not be taken"
    return "not a draw"


def _missing(hs: HandState, cards: list[int]) -> str | None:
    have = Counter(hs.hands[hs.to_move])
    for c, k in Counter(cards).items():
        if have[c] < k:
            return f"{card_text(c)} is not in your hand"
    return None


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
    got = named_showing(variant, rest, move.melds, T.knock_limit(variant, hs))
    return got if isinstance(got, str) else None


GOING_OUT = "play.melding: going_out"


def _brief(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int past 4300 digits has no repr
        return "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def malformed(move: Move) -> str | None:
    """Why a `Move` built in code is no move at all (None when it reads back from its own text).

    Only asked about a move that is not legal, so a `Move("discard")` with no card
    or a `take` of depth -5 gives `InvalidMove` with this line, never an IndexError.
    """
    try:
        text = str(move)
        again = Move.parse(text)
    except (IndexError, ValueError, TypeError) as exc:  # InvalidMove is a ValueError
        return (
            f"not a well-formed move: Move(kind={_brief(move.kind)}, cards={_brief(move.cards)},"
            f" number={_brief(move.number)}): {exc}"
        )
    if again != move:
        return f"not a well-formed move: it reads back from its text {text!r} as {str(again)!r}"
    return None


def _unique_reason(card: int) -> str:
    return (
        f"melds.wild.unique: {card_text(card)} is already on the table as often as the deck"
        " holds it; no card, natural or named by a wild, may be there more often"
    )


def _going_out_reason(variant: Variant) -> str:
    """The going-out rule a meld breaks when melds are laid only when going out."""
    go = variant.going_out
    forms = []
    if go.partition_melds is not None:
        forms.append(" or ".join(str(c) for c in go.partition_melds) + " melds")
    if go.partition_sizes is not None:
        sizes = " or ".join("+".join(str(x) for x in sz) for sz in go.partition_sizes)
        forms.append(f"melds of {sizes} cards")
    head = (
        f"going_out.partition: going out lays down {' with '.join(forms)}"
        if forms
        else "going out lays down the whole hand"
    )
    return (
        f"{head}, all in one turn ({GOING_OUT}); with this meld the rest of your hand"
        " cannot complete that"
    )


def why_illegal(variant: Variant, hs: HandState, move: Move) -> str:
    """One line naming the rule the move breaks (the move is known not to be legal)."""
    seat = hs.to_move
    kind = move.kind
    if hs.phase == "over":
        return "the hand is over"
    if hs.phase == "upcard":
        if kind in (DRAW_DISCARD, PASS):
            return "the upcard offer has no card to take"
        return "draw.upcard_offer: first take the upcard ('draw discard') or 'pass'"
    if kind == PASS:
        return "pass is only for the first-upcard offer (draw.upcard_offer)"
    if hs.phase == "draw":
        if kind in DRAWS:
            return _draw_reason(variant, hs, move)
        return "draw first: this turn has not drawn yet"
    if kind in DRAWS:
        return "you have already drawn this turn"
    missing = _missing(hs, [p[0] for p in move.cards])
    if missing:
        return missing
    ob = hs.obligation
    if kind == MELD:
        if variant.play.melding == "never":
            return "play.melding: never — nobody melds on the table in this variant"
        refusal = M.meld_refusal(variant, move.cards)
        if refusal is not None:
            return refusal
        clash = unique_clash(variant, hs, move.cards)
        if clash is not None:
            return _unique_reason(clash)
        reason = L.meld_allowed(variant, hs, seat, move.cards)
        if reason is not None and reason.startswith(GOING_OUT):
            return _going_out_reason(variant)
        return reason or "that meld is not allowed now"
    if kind in (LAYOFF, SWAP):
        if not 1 <= move.number <= len(hs.melds):
            return f"there is no meld number {move.number} on the table ({len(hs.melds)} meld(s))"
        owner, meld = hs.melds[move.number - 1]
        if kind == SWAP:
            sw = variant.melds.wild.swap
            if sw is None:
                return "melds.wild.swap: false — wild cards may not be swapped off the table"
            if not sw(T.turn_env(variant, hs, seat)):
                return "melds.wild.swap: the condition for swapping a wild card is not met now"
            if ob is not None:
                return f"draw obligation: the card taken ({card_text(ob[0])}) must be used first"
            if variant.play.melding == "going_out" and hs.melds_this_turn:
                return "play.melding: going_out — finish laying down the hand"
            if any(p[1] == move.card and p[0] != move.card for p in meld):
                return swap_strands(variant, hs, move) or "that swap is not allowed now"
            return f"meld {move.number} has no wild card standing for {card_text(move.card)}"
        if variant.play.layoff is None:
            return "play.layoff: false — no laying off in this variant"
        if M.extend(variant, meld, move.cards[0]) is None:
            why = M.meld_refusal(variant, (*meld, move.cards[0]))
            return f"{card_text(move.card)} does not fit meld {move.number} as placed" + (
                f": {why}" if why else ""
            )
        clash = unique_clash(variant, hs, move.cards)
        if clash is not None:
            return _unique_reason(clash)
        return (
            L.layoff_allowed(variant, hs, seat, move.cards[0], move.number - 1)
            or "that lay-off is not allowed now"
        )
    if ob is not None:
        return (
            f"draw obligation ({ob[1]}): {card_text(ob[0])}, taken from the pile,"
            " must be used this turn first"
        )
    if variant.play.melding == "going_out" and hs.melds_this_turn and len(hs.hands[seat]) > 1:
        return "play.melding: going_out — finish laying down the hand before discarding"
    card = move.card
    if variant.discard.forbid_taken and card in hs.taken:
        return f"discard.forbid_taken: {card_text(card)} was taken from the pile this turn"
    if len(hs.hands[seat]) == 1 and "discard" not in variant.going_out.by:
        return "going_out.by: a hand may not be emptied by a discard"
    if kind == KNOCK:
        if variant.knock is None:
            return "knock: false — this variant has no knocking"
        rest = list(hs.hands[seat])
        rest.remove(card)
        dw = S.deadwood(variant, rest)
        limit = T.knock_limit(variant, hs)
        if move.melds and dw <= limit:
            return knock_shown_error(variant, hs, move) or "that knock is not allowed now"
        return (
            f"knock.limit: deadwood after discarding {card_text(card)} would be {dw},"
            f" more than {limit}"
        )
    if kind == DISCARD:
        return "that discard is not allowed now"
    return "not a legal move now"
