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

import functools
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rulespec.core.cards import JOKER, card_text, cards_text
from rulespec.core.errors import RulespecError
from rulespec.interpreter import showdown as SD
from rulespec.interpreter import solver as S
from rulespec.interpreter.arrange import holds_contract, plain
from rulespec.interpreter.cards import hand_value, is_wild
from rulespec.interpreter.state import HandState
from rulespec.interpreter.teams import partners
from rulespec.interpreter.turnctx import hand_names, upcard_env
from rulespec.model.names import HAND_ENDS, ROLES, SEAT_FACTS, SEAT_ONLY, WAYS
from rulespec.model.variant import Variant

# the seat facts counted per seat and summed over seats (`won`, `turn` are per seat only)
FACTS = tuple(name for name in SEAT_FACTS if name not in SEAT_ONLY)


class LazyEnv(Mapping[str, Any]):
    """A read-only name -> value mapping whose values are computed on first read."""

    def __init__(self, values: dict[str, Any], thunks: dict[str, Callable[[], Any]]) -> None:
        self._values = values
        self._thunks = thunks

    def __getitem__(self, key: str) -> Any:
        if key in self._values:
            return self._values[key]
        thunk = self._thunks[key]
        value = thunk()
        self._values[key] = value
        return value

    def __iter__(self) -> Iterator[str]:
        yield from self._values
        yield from (k for k in self._thunks if k not in self._values)

    def __len__(self) -> int:
        return len(set(self._values) | set(self._thunks))

    def __contains__(self, key: object) -> bool:
        return key in self._values or key in self._thunks


class Facts:
    """Per-seat facts of a finished hand, each computed once on demand."""

    def __init__(
        self,
        variant: Variant,
        hs: HandState,
        final: list[list[int]],
        winner: int | None,
        shown: tuple[int, SD.Showing] | None = None,
        laid_off: frozenset[int] = frozenset(),
    ) -> None:
        self.variant = variant
        self.hs = hs
        self.final = final
        self.winner = winner
        self.shown = shown  # (knocker, what it showed): its deadwood and penalty
        self.laid_off = laid_off  # defenders who laid off: no whole-hand pattern for the rest
        self._cache: dict[tuple[str, int], int] = {}
        self.drops: dict[int, int] = {}  # dropped seats (play.drop) -> their drop penalty

    def get(self, name: str, seat: int) -> int:
        key = (name, seat)
        if key not in self._cache:
            self._cache[key] = self._compute(name, seat)
        return self._cache[key]

    def peek(self, name: str, seat: int) -> int | None:
        """A fact already worked out (read by some expression), else None."""
        return self._cache.get((name, seat))

    def total(self, name: str, seats: list[int]) -> int:
        return sum(self.get(name, s) for s in seats)

    def _compute(self, name: str, seat: int) -> int:
        v, cards = self.variant, self.final[seat]
        if seat in self.drops and name in ("penalty", "deadwood"):
            return self.drops[seat]
        if self.shown is not None and self.shown[0] == seat:
            if name == "deadwood":
                return self.shown[1].deadwood
            if name == "penalty":
                got = SD.shown_penalty(v, self.shown[1])
                if got is not None:
                    return got
        if seat in self.laid_off:
            v = plain(v)
        if name == "penalty":
            return S.penalty(v, cards) if cards else 0
        if name == "deadwood":
            return S.deadwood(v, cards) if cards else 0
        if name == "cards":
            return len(cards)
        if name == "jokers":
            return sum(1 for c in cards if is_wild(v, c))
        if name == "melded":
            return self.hs.melded[seat]
        if name == "melded_jokers":
            return self.hs.melded_jokers[seat]
        if name == "naturals":
            return len(cards) - self.get("jokers", seat)
        if name == "melded_naturals":  # natural cards in the table melds the seat owns
            return sum(
                1
                for owner, meld in self.hs.melds
                if owner == seat
                for p in meld
                if not is_wild(v, p[0])
            )
        if name == "turn":
            return self.hs.turns[seat]
        raise KeyError(name)


def _seat_thunks(prefix: str, facts: Facts, seat: int) -> dict[str, Callable[[], Any]]:
    """`prefix.fact` of one seat (prefix "" for the bare facts of a seat function)."""
    dot = f"{prefix}." if prefix else ""
    out: dict[str, Callable[[], Any]] = {
        f"{dot}{n}": functools.partial(facts.get, n, seat) for n in (*FACTS, "turn")
    }
    out[f"{dot}won"] = lambda: facts.winner == seat
    out[f"{dot}contract"] = lambda: holds_contract(facts.variant, facts.final[seat])
    return out


def _sum_thunks(prefix: str, facts: Facts, seats: list[int]) -> dict[str, Callable[[], Any]]:
    """`prefix.fact` summed over seats, `prefix.count`, and `prefix` itself: the seats'
    own facts, one mapping each, for `sum|min|max(prefix, EXPR)`."""
    out: dict[str, Callable[[], Any]] = {
        f"{prefix}.{n}": functools.partial(facts.total, n, seats) for n in FACTS
    }
    out[f"{prefix}.count"] = lambda: len(seats)
    out[prefix] = lambda: tuple(LazyEnv({}, _seat_thunks("", facts, s)) for s in seats)
    return out


def wild_value(variant: Variant) -> int:
    """`wild.value`: what a wild card scores as a card of its own (its value in hand, not
    the card it stands for in a meld); the highest of the variant's wild kinds, 0 if none."""
    kinds = [JOKER] if is_wild(variant, JOKER) else []
    kinds += [code for code in range(13) if is_wild(variant, code)]
    return max((hand_value(variant, code, "hand") for code in kinds), default=0)


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
        common.update(_seat_thunks("winner", facts, winner))
        common.update(_sum_thunks("losers", facts, [s for s in seats if s != winner]))
    else:
        common.update(_sum_thunks("losers", facts, [s for s in seats]))
    if knocker is not None:
        common.update(_seat_thunks("knocker", facts, knocker))
    sc = variant.scoring
    rules = sc.rules.get(reason, {})
    scores = [0] * hs.players
    per_seat: list[list[str]] = []

    def env_of(s: int) -> LazyEnv:
        """The score names for seat `s`."""
        thunks = dict(common)
        thunks.update(_seat_thunks("me", facts, s))
        thunks.update(_sum_thunks("others", facts, [o for o in seats if o != s]))
        mates = [o for o in seats if o != s and o in partners(variant, s, hs.players)]
        thunks.update(_sum_thunks("partners", facts, mates))
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
        hand_text = cards_text(final[s]) or "-"
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
        "hands": [[card_text(c) for c in h] for h in hs.hands],
        "layoffs": laid,
    }
    if extra.get("why"):
        result["why"] = str(extra["why"])  # a note on how the hand ended (e.g. the stock)
    return result, shed
