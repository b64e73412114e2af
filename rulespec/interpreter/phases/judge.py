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
    DRAW_STOCK,
    DRAWS,
    KNOCK,
    LAYOFF,
    MELD,
    PASS,
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
from rulespec.interpreter.phases.lay import laying, layoff_refusal, meld_refusal
from rulespec.interpreter.phases.layapply import apply_laying
from rulespec.interpreter.phases.swap import swap_moves, swap_refusal
from rulespec.interpreter.state import HandState
from rulespec.model.variant import Variant


def legal_moves(variant: Variant, hs: HandState) -> list[Move]:
    """Every legal move, in a fixed order: draws; or melds, lay-offs, swaps, discards, knocks."""
    if hs.phase == "over":
        return []
    c = Ctx(variant, hs, False)  # (explain: no costly refusal texts while listing)
    if hs.phase == "claim":
        return claim_moves(c)
    if hs.phase in ("upcard", "draw"):
        return draw_moves(c)
    laid = laying(c) + swap_moves(c)
    discards = discard_moves(c)  # distinct cards: no duplicates
    return _dedupe(laid) + discards if laid else discards


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
    c = Ctx(variant, hs) if ctx is None else ctx
    if hs.phase == "over":
        return "the hand is over"
    if hs.phase == "claim":
        return claim_refusal(c, move)
    if move.kind == BUY:
        return "buy: a discard is bought only when the player in turn has declined it (buy)"
    if hs.phase in ("upcard", "draw"):
        return draw_refusal(c, move)
    kind = move.kind
    if kind == PASS:
        return "pass is only for the first-upcard offer (draw.upcard_offer)"
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
    if hs.phase == "claim":
        apply_claim(variant, hs, move)
    elif kind == PASS:
        apply_pass(variant, hs, move)
    elif kind in DRAWS:
        upcard = hs.phase == "upcard"
        apply_draw(variant, hs, move, end_hand)
        if kind == DRAW_STOCK and not upcard:
            open_claims(variant, hs)
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
