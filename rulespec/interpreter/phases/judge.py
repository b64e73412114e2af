"""The judge: one predicate per phase decides both what is legal and why a move is refused (phases).

`refusal(variant, hs, move)` is None for a legal move, else one line naming
the rule it breaks (a `docs/document.md` key where one applies), and
`legal_moves` lists exactly the candidates that same predicate accepts, so a
listed move is never refused and a refused move never listed. `apply` plays a
legal move through the phase that owns it. Nothing here changes a state
except `apply`.
"""

from __future__ import annotations

from collections import Counter

from rulespec.core.cards import card_text
from rulespec.core.moves import (
    BUY,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    DRAWS,
    DROP,
    FORCE,
    KNOCK,
    LAYOFF,
    MELD,
    PASS,
    REBUY,
    SWAP,
    Move,
)
from rulespec.interpreter.phases.claim import apply_claim, claim_moves, claim_refusal, open_claims
from rulespec.interpreter.phases.context import Ctx, Ender
from rulespec.interpreter.phases.discard import (
    apply_discard,
    discard_moves,
    discard_refusal,
    knock_refusal,
)
from rulespec.interpreter.phases.draw import apply_draw, apply_pass, draw_moves, draw_refusal
from rulespec.interpreter.phases.drop import (
    apply_drop,
    apply_knock_first,
    drop_refusal,
    knock_first_refusal,
    turn_actions,
)
from rulespec.interpreter.phases.lay import laying, layoff_refusal, meld_refusal
from rulespec.interpreter.phases.layapply import apply_laying
from rulespec.interpreter.phases.rebuy import REBUY_MOVES, apply_rebuy, rebuy_refusal
from rulespec.interpreter.phases.swap import swap_moves, swap_refusal
from rulespec.interpreter.phases.turned import (
    apply_turned,
    fits_next,
    turned_moves,
    turned_refusal,
)
from rulespec.interpreter.state import HandState
from rulespec.model.variant import Variant

TURNED = frozenset({DRAW_STOCK, DRAW_DISCARD, PASS, FORCE})
"""The draw-phase moves of a `draw.turned` variant (phases/turned.py plays them)."""


def legal_moves(variant: Variant, hs: HandState) -> list[Move]:
    """Every legal move, in a fixed order: draws; or melds, lay-offs, swaps, discards, knocks."""
    phase = hs.phase
    if phase == "over":
        return []
    if phase == "rebuy":
        return list(REBUY_MOVES)
    c = Ctx(variant, hs, False)  # (explain: no costly refusal texts while listing)
    if phase == "claim":
        return claim_moves(c)
    if phase == "draw" or phase == "upcard":
        moves = turned_moves(c) if variant.draw.turned else draw_moves(c)
        return moves + turn_actions(c) if _acts(variant) else moves
    # (melding never, no table meld: nothing to lay, lay off or swap, so neither is asked)
    laid = laying(c) + swap_moves(c) if hs.melds or variant.play.melding != "never" else None
    discards = discard_moves(c)  # distinct cards: no duplicates
    moves = _dedupe(laid) + discards if laid else discards
    if variant.draw.force and discards:
        moves += _forced_discards(c, discards)
    return moves + turn_actions(c) if variant.play.drop != "never" else moves


def _forced_discards(c: Ctx, discards: list[Move]) -> list[Move]:
    """`force C` for each card the mover may discard that fits the next player's melds."""
    return [
        Move(FORCE, m.cards) for m in discards if m.kind == DISCARD and fits_next(c, m.card) is None
    ]


def _acts(variant: Variant) -> bool:
    """Has the variant turn actions besides drawing: a drop, a knock before drawing?"""
    k = variant.knock
    return variant.play.drop != "never" or (k is not None and k.timing != "discard")


def _dedupe(moves: list[Move]) -> list[Move]:
    seen: set[Move] = set()
    out = []
    for m in moves:
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def _missing(hand: list[int], cards: list[int]) -> str | None:
    have = Counter(hand)
    for c, k in Counter(cards).items():
        if have[c] < k:
            return f"{card_text(c)} is not in your hand"
    return None


def refusal(variant: Variant, hs: HandState, move: Move, ctx: Ctx | None = None) -> str | None:
    """None if `move` (well formed: see `malformed`) is legal now, else the rule it breaks.

    `ctx`: a context of this very moment to reuse (its cached facts); made when absent.
    """
    if hs.phase == "rebuy" or move.kind == REBUY:
        return rebuy_refusal(hs, move)
    c = Ctx(variant, hs) if ctx is None else ctx
    if hs.phase == "over":
        return "the hand is over"
    if hs.phase == "claim":
        return claim_refusal(c, move)
    if move.kind == DROP:
        return drop_refusal(c)
    if move.kind == KNOCK and not move.cards:
        return knock_first_refusal(c)
    if move.kind == BUY:
        return "buy: a discard is bought only when the player in turn has declined it (buy)"
    if hs.phase in ("upcard", "draw"):
        return turned_refusal(c, move) if variant.draw.turned else draw_refusal(c, move)
    kind = move.kind
    if kind == FORCE and move.cards and variant.draw.turned:
        missing = _missing(c.hand, [move.card])
        return missing or discard_refusal(c, move.card) or fits_next(c, move.card)
    if kind in (PASS, FORCE):
        return (
            f"{kind} is only for a card on offer before the draw (draw.upcard_offer, draw.turned)"
        )
    if kind in DRAWS:
        return "you have already drawn this turn"
    missing = _missing(c.hand, [p[0] for p in move.cards])
    if missing:
        return missing
    if kind == MELD:
        return meld_refusal(c, move)
    if kind == LAYOFF:
        return layoff_refusal(c, move)
    if kind == SWAP:
        return swap_refusal(c, move)
    if kind == DISCARD:
        return discard_refusal(c, move.card)
    if kind == KNOCK:
        return knock_refusal(c, move)
    return "not a legal move now"


def apply(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """Play a legal move (checked by the caller) through the phase that owns it."""
    kind = move.kind
    if hs.phase == "rebuy":
        apply_rebuy(variant, hs, move, end_hand)
    elif hs.phase == "claim":
        apply_claim(variant, hs, move)
    elif kind == DISCARD:  # (the commonest move first: no branch below but the last takes it)
        apply_discard(variant, hs, move, end_hand)
    elif variant.draw.turned and hs.phase == "draw" and kind in TURNED:
        apply_turned(variant, hs, move, end_hand)
    elif kind == PASS:
        apply_pass(variant, hs, move)
    elif kind == DROP:
        apply_drop(variant, hs, move, end_hand)
    elif kind == KNOCK and not move.cards:
        apply_knock_first(variant, hs, move, end_hand)
    elif kind in DRAWS:
        upcard = hs.phase == "upcard"
        apply_draw(variant, hs, move, end_hand)
        if kind == DRAW_STOCK and not upcard and variant.buy is not None:
            open_claims(variant, hs)  # (no buying: nothing to open)
    elif kind in (MELD, LAYOFF, SWAP):
        apply_laying(variant, hs, move, end_hand)
    else:
        apply_discard(variant, hs, move, end_hand)


def _brief(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int past 4300 digits has no repr
        return "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def malformed(move: Move) -> str | None:
    """Why a `Move` built in code is no move at all (None when it reads back from its own text).

    Only asked about a move that is not listed, so a `Move("discard")` with no card
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
