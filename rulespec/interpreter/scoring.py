"""Hand-end scoring from the variant's compiled expressions (pipeline stage: run, hand outcome).

Builds the flat environment of the `score` context (docs/document.md: `me.*`,
`winner.*`, `knocker.*`, `losers.*`, `others.*`, `rummy`, `reason`,
`players`, `upcard.*`) per seat, lazily (a fact such as `deadwood` is only
solved when an expression reads it), applies the roles winner / losers /
each, the multiplier and meld credit, and explains the result line by line.
A knock is resolved by `showdown`; for a bare `knock C` every least-deadwood
arrangement is scored and the one best for the knocker is shown: the
knocker's highest hand score, then the other seats' lowest total, then the
least value laid off, then the first in `showdown.least_showings` order.

A result's `reason` is always one of `model.names.HAND_ENDS` (the documented set):
going out in one go is reason `out` with `rummy` true; a hand stopped by the
engine's turn cap is `abandoned` (it scores nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulespec.core.cards import JOKER, card_text
from rulespec.core.errors import RulespecError
from rulespec.interpreter import showdown as SD
from rulespec.interpreter.scorefacts import (
    FACTS,
    Facts,
    LazyEnv,
    seat_thunks,
    sum_thunks,
    wild_value,
)
from rulespec.interpreter.state import HandState
from rulespec.interpreter.teams import partners
from rulespec.interpreter.turnctx import hand_names, upcard_env
from rulespec.model.names import HAND_ENDS, ROLES, WAYS
from rulespec.model.variant import Variant

_TEXT: dict[int, str] = {c: card_text(c) for c in range(JOKER + 1)}  # card_text, read once


def _texts(cards: list[int]) -> list[str]:
    """The cards' texts (card_text's, its error for a code that is no card included)."""
    try:
        return [_TEXT[c] for c in cards]
    except (KeyError, TypeError):
        return [card_text(c) for c in cards]


def _drop_penalties(
    variant: Variant,
    hs: HandState,
    facts: Facts,
    env_of: Callable[[int], LazyEnv],
    lines: list[str],
) -> None:
    """Each dropped seat's `play.drop_penalty`, worked out for that seat (its `me.turn`: the
    draws it made); it stands for the seat's penalty and deadwood from here on."""
    rule = variant.play.drop_penalty
    if rule is None or not any(hs.dropped):
        return
    for s in range(hs.players):
        if not (hs.dropped[s] and hs.active[s]):
            continue
        facts.drops[s] = 0  # (the check keeps the penalty from reading itself)
        try:
            facts.drops[s] = int(rule(env_of(s)))
        except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
            raise RulespecError(
                f"play.drop_penalty: cannot be worked out for seat {s}: {exc!r}"
            ) from None
        lines.append(f"seat {s} dropped: penalty {facts.drops[s]}")


def score_hand(
    variant: Variant, hs: HandState, reason: str, seat: int | None, extra: Mapping[str, Any]
) -> dict[str, Any]:
    """The finished hand's result: reason, winner, scores per seat, lines, final hands.

    A knock naming its melds (`extra["shown"]`, checked by the game) shows them;
    a bare knock shows the least-deadwood arrangement best for the knocker.
    """
    if reason not in HAND_ENDS:
        raise RulespecError(f"hand end {reason!r} is not one of {', '.join(HAND_ENDS)}")
    if reason != "knock":
        return _score(variant, hs, reason, seat, extra, None)[0]
    assert seat is not None
    named = extra.get("shown")
    if named:
        showing = SD.shown_as_named(variant, hs.hands[seat], named)
        return _score(variant, hs, reason, seat, extra, showing)[0]
    best: tuple[tuple[int, int, int, int], dict[str, Any]] | None = None
    showings = SD.least_showings(variant, hs.hands[seat])
    if showings[0].deadwood == 0:
        showings = showings[:1]  # gin: nothing is laid off, every showing scores alike
    for index, showing in enumerate(showings):
        result, shed = _score(variant, hs, reason, seat, extra, showing)
        scores = result["scores"]
        others = sum(v for s, v in enumerate(scores) if s != seat and hs.active[s])
        key = (-scores[seat], others, shed, index)
        if best is None or key < best[0]:
            best = (key, result)
    assert best is not None
    return best[1]


def _score(
    variant: Variant,
    hs: HandState,
    reason: str,
    seat: int | None,
    extra: Mapping[str, Any],
    showing: SD.Showing | None,
) -> tuple[dict[str, Any], int]:
    """The hand's result (a knock showing `showing`), and the value the defenders laid off."""
    lines: list[str] = []
    seats = [s for s in range(hs.players) if hs.active[s]]
    knocker: int | None = None
    winner: int | None = None
    final = [list(h) for h in hs.hands]
    laid: list[dict[str, Any]] = []
    rummy = False
    shown: tuple[int, SD.Showing] | None = None
    laid_off: frozenset[int] = frozenset()
    shed = 0
    if reason == "knock":
        assert seat is not None and showing is not None
        knocker = seat
        done = SD.resolve(variant, hs, seat, showing, lines)
        reason, winner, final, laid = done.reason, done.winner, done.final, done.laid
        shown, laid_off, shed = (seat, showing), done.laid_off, done.shed
    elif reason == "drop":
        winner = seat
        lines.append(f"every other seat dropped: seat {seat} wins")
    elif reason == "out":
        winner = seat
        assert seat is not None
        first = hs.laid_down[seat]
        dealt = extra.get("by") == "dealt"
        rummy = not dealt and (first is None or first == hs.turns[seat])
        lines.append(
            f"seat {seat} goes out"
            + (" on the deal (going_out.dealt)" if dealt else "")
            + (" in one go (rummy)" if rummy else "")
        )
    else:
        lines.append(
            {
                "stock": "the stock ran out: nobody went out",
                "void": "the hand is void",
            }.get(reason, reason)
            + (f" ({extra['why']})" if extra.get("why") else "")
        )
    facts = Facts(variant, hs, final, winner, shown, laid_off)
    base: dict[str, Any] = {
        "rummy": rummy,
        "reason": reason,
        "players": len(seats),
        **hand_names(hs),
        "wild.value": wild_value(variant),
    }
    if reason == "out":
        by = extra.get("by", "discard")
        if by not in WAYS:
            raise RulespecError(f"going out by {by!r} is not one of {', '.join(WAYS)}")
        base["out.by"] = by
    upcard_env(variant, hs, base)
    common: dict[str, Callable[[], Any]] = {}
    if winner is not None:
        common.update(seat_thunks("winner", facts, winner))
        common.update(sum_thunks("losers", facts, [s for s in seats if s != winner]))
    else:
        common.update(sum_thunks("losers", facts, [s for s in seats]))
    if knocker is not None:
        common.update(seat_thunks("knocker", facts, knocker))
    sc = variant.scoring
    rules = sc.rules.get(reason, {})
    scores = [0] * hs.players
    per_seat: list[list[str]] = []

    def env_of(s: int) -> LazyEnv:
        """The score names for seat `s`."""
        thunks = dict(common)
        thunks.update(seat_thunks("me", facts, s))
        thunks.update(sum_thunks("others", facts, [o for o in seats if o != s]))
        mates = [o for o in seats if o != s and o in partners(variant, s, hs.players)]
        thunks.update(sum_thunks("partners", facts, mates))
        return LazyEnv({**base, "me is winner": s == winner, "me is knocker": s == knocker}, thunks)

    _drop_penalties(variant, hs, facts, env_of, lines)
    for s in seats:
        env: LazyEnv | None = None  # made for the first expression to read (void: often none)
        total = 0
        parts = []
        for role in ROLES:
            expr = rules.get(role)
            if expr is None:
                continue
            if (
                role == "winner"
                and s != winner
                or role == "losers"
                and (winner is None or s == winner)
            ):
                continue
            if env is None:
                env = env_of(s)
            try:
                value = int(expr(env))
            except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
                raise RulespecError(
                    f"scoring.{base['reason']}.{role}: cannot be worked out for seat {s}: {exc!r}"
                ) from None
            total += value
            parts.append(f"{role} {value:+d}")
        if parts and sc.multiplier is not None:
            assert env is not None  # (a part is an expression worked out)
            mult = int(sc.multiplier(env))
            if mult != 1:
                total *= mult
                parts.append(f"x{mult}")
        credit = hs.melded[s] if sc.meld_credit else 0
        if credit:
            parts.append(f"meld credit {credit:+d}")
        scores[s] = total + credit
        per_seat.append(parts)
    for s in seats:
        hand_text = " ".join(_texts(final[s])) or "-"  # (cards_text)
        known = [
            f"{n} {facts.peek(n, s)}"
            for n in FACTS
            if n != "cards" and facts.peek(n, s) is not None
        ]
        shown_facts = f" ({', '.join(known)})" if known else ""
        lines.append(
            f"seat {s}: hand {hand_text}{shown_facts}; "
            + (", ".join(per_seat[seats.index(s)]) or "0")
            + f" = {scores[s]:+d}"
        )
    result: dict[str, Any] = {
        "reason": reason,
        "winner": winner,
        "knocker": knocker,
        "rummy": rummy,
        "scores": scores,
        "lines": lines,
        "hands": [_texts(h) for h in hs.hands],
        "layoffs": laid,
    }
    if extra.get("why"):
        result["why"] = str(extra["why"])  # a note on how the hand ended (e.g. the stock)
    return result, shed
