"""Turn actions instead of the draw or the discard: dropping out, knocking before drawing (phases).

`drop` (`play.drop`): the mover folds. Under `before_draw` it is offered in
the draw phase, instead of drawing; under `after_draw` in the play phase,
instead of the discard (before any meld or lay-off of that turn); `anytime`
both. A seat that has laid down melds may not drop (its cards are on the
table). The seat takes no further part in the hand: the turn passes over it,
and at the hand's end it counts `play.drop_penalty` as its penalty and
deadwood (scoring.py). When one seat is left, the hand ends at once with
reason `drop`, that seat the winner.

`knock` alone (`knock.timing: before_draw | either`): the mover knocks at
the start of the turn, instead of drawing; the knock limit is judged over
the whole hand (no discard), and the showdown is the knock's usual one.

`drop_refusal` / `knock_first_refusal` are each the one predicate of their
move: the judge lists the move when it says None, and gives its answer when
the move is refused.
"""

from __future__ import annotations

from rulespec.core.moves import DROP, KNOCK, Move
from rulespec.interpreter import solver as S
from rulespec.interpreter.phases.context import Ctx, Ender, public
from rulespec.interpreter.phases.stock import end_turn
from rulespec.interpreter.state import HandState
from rulespec.model.variant import Variant

DROP_MOVE = Move(DROP)
KNOCK_FIRST = Move(KNOCK)

_WHEN = {"draw": ("before_draw", "anytime"), "play": ("after_draw", "anytime")}


def drop_refusal(c: Ctx) -> str | None:
    """None if the mover may drop out of the hand now, else the rule it breaks."""
    rule = c.variant.play.drop
    if rule == "never":
        return "play.drop: never — this variant has no dropping out of a hand"
    phase = c.hs.phase
    if phase == "upcard":
        return "play.drop: not during the first-upcard offer (draw.upcard_offer)"
    if rule not in _WHEN.get(phase, ()):
        said = "before drawing" if rule == "before_draw" else "after drawing"
        return f"play.drop: {rule} — a player drops only {said}"
    if c.hs.laid_down[c.seat] is not None:
        return "play.drop: a player who has laid down melds may not drop"
    if phase == "play" and (c.hs.melds_this_turn or c.hs.obligation is not None):
        return "play.drop: not after melding or taking a card that must be used this turn"
    return None


def knock_first_refusal(c: Ctx) -> str | None:
    """None if the mover may knock now without drawing (`knock` alone), else why not."""
    k = c.variant.knock
    if k is None:
        return "knock: false — this variant has no knocking"
    if k.timing == "discard":
        return "knock.timing: discard — a knock discards a card ('knock C'), after the draw"
    if c.hs.phase != "draw":
        return (
            "knock.timing: a knock without a discard is made at the start of the turn,"
            " instead of drawing"
        )
    dw = S.deadwood(c.variant, c.hand)
    limit = c.knock_limit()
    if dw > limit:
        return f"knock.limit: the hand's deadwood is {dw}, more than {limit}"
    return None


def turn_actions(c: Ctx) -> list[Move]:
    """The drop and the knock before drawing, when their predicates accept them now."""
    out = []
    if c.variant.knock is not None and c.hs.phase == "draw" and knock_first_refusal(c) is None:
        out.append(KNOCK_FIRST)
    if c.variant.play.drop != "never" and drop_refusal(c) is None:
        out.append(DROP_MOVE)
    return out


def apply_drop(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """The mover drops: out of the hand; the last seat left wins (reason `drop`)."""
    seat = hs.to_move
    public(hs, seat, str(move))
    hs.dropped[seat] = True
    left = [s for s in range(hs.players) if hs.active[s] and not hs.dropped[s]]
    if len(left) == 1:
        end_hand(variant, hs, "drop", left[0], {})
        return
    end_turn(variant, hs, end_hand)


def apply_knock_first(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """The mover knocks before drawing: its turn starts and the hand ends in a showdown."""
    seat = hs.to_move
    hs.turns[seat] += 1
    public(hs, seat, str(move))
    end_hand(variant, hs, "knock", seat, {})
