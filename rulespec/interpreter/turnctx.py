"""Turn context: seat order, `turn`/`knock` expression environments, table checks (stage: run).

Small helpers shared by the phases (phases/: legal moves, refusals, move
application) and scoring.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.interpreter import melds as M
from rulespec.interpreter.cards import deck_counts, hand_value
from rulespec.interpreter.state import HandState, Placed, deck_players
from rulespec.model.derived import Derived
from rulespec.model.names import SUITS
from rulespec.model.variant import Variant


def suit_value(index: int) -> Any:
    """How a suit is represented to compiled expressions (the compiler's suit constants)."""
    return SUITS[index]


def next_seat(variant: Variant, hs: HandState, seat: int, in_hand: bool = True) -> int:
    """The seat after `seat` in `dealer.rotation`'s direction among the seats dealt in; with
    `in_hand` (the turn order) also past the seats that dropped out of this hand, without
    it (the next dealer) not: a drop lasts one hand."""
    step = 1 if variant.rotation == "left" else -1
    n = hs.players
    dropped = hs.dropped if in_hand else None
    s = (seat + step) % n  # (the usual case first: the next seat plays)
    if hs.active[s] and not (dropped and dropped[s]):
        return s
    dropped = dropped if dropped and any(dropped) else None
    for k in range(1, n + 1):
        s = (seat + step * k) % n
        if hs.active[s] and not (dropped and dropped[s]):
            return s
    return seat


def active_count(hs: HandState) -> int:
    return sum(map(bool, hs.active))


def upcard_env(variant: Variant, hs: HandState, env: dict[str, Any]) -> None:
    card = hs.upcard
    if card is None:
        return
    if card == JOKER:
        env["upcard.rank"], env["upcard.suit"] = 0, suit_value(0)
    else:
        env["upcard.rank"], env["upcard.suit"] = card % 13 + 1, suit_value(card // 13)
    env["upcard.value"] = hand_value(variant, card, "hand")


def hand_names(hs: HandState, starting: int = 0) -> dict[str, int]:
    """`deal` (the hand's number in the match) and `turns` (turns started in the hand by
    every seat; `starting` counts a turn about to start, as `me.turn` does)."""
    return {"deal": hs.deal, "turns": sum(hs.turns) + starting}


def turn_env(variant: Variant, hs: HandState, seat: int) -> dict[str, Any]:
    """The names of expression context `turn` for a seat (docs/document.md)."""
    starting = 1 if hs.phase in ("draw", "upcard") else 0
    turn = hs.turns[seat] + starting
    first = hs.laid_down[seat]
    env: dict[str, Any] = {
        "me.laid_down": first is not None,
        "me.laid_down_before": first is not None and first < turn,
        "me.turn": turn,
        "me.cards": len(hs.hands[seat]),
        "players": active_count(hs),
        "stock": len(hs.stock),
        **hand_names(hs, starting),
    }
    upcard_env(variant, hs, env)
    return env


class _Read(Exception):
    """An expression read a name of its environment (so it is not a constant)."""


class _Probe:
    """An environment that refuses every read (compiled expressions read only `env[name]`)."""

    def __getitem__(self, name: str) -> Any:
        raise _Read(name)


NOT_FIXED: Any = object()
_FIXED: dict[int, tuple[weakref.ref[Any], Any]] = {}  # by id, while the expression lives


def _probe(compiled: Callable[[Any], Any]) -> Any:
    try:
        return compiled(_Probe())
    except Exception:  # noqa: BLE001 - a read (_Read) or an error: judged per move
        return NOT_FIXED


def fixed_value(compiled: Callable[[Any], Any]) -> Any:
    """The value of a compiled expression that reads no name (`knock 10`), else NOT_FIXED.

    Expressions are pure: one evaluated to the end without reading its environment has
    that value in every environment, so the engine need not build one per move. Worked
    out once per compiled expression and kept while it lives (an object without weak
    references, such as a folded constant, is simply asked again: it reads nothing)."""
    hit = _FIXED.get(id(compiled))
    if hit is not None and hit[0]() is compiled:
        return hit[1]
    got = _probe(compiled)
    try:
        ref = weakref.ref(compiled)
    except TypeError:
        return got
    key = id(compiled)
    _FIXED[key] = (ref, got)
    weakref.finalize(compiled, _FIXED.pop, key, None)
    return got


def knock_limit(variant: Variant, hs: HandState) -> int:
    assert variant.knock is not None
    fixed = fixed_value(variant.knock.limit)
    if fixed is not NOT_FIXED:
        return int(fixed)
    env: dict[str, Any] = {"players": active_count(hs), **hand_names(hs)}
    upcard_env(variant, hs, env)
    return int(variant.knock.limit(env))


def remove_cards(hand: list[int], cards: list[int]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def _table_counter(hs: HandState) -> Counter[int]:
    return Counter(p[1] for _, m in hs.melds for p in m)


def unique_ok(variant: Variant, hs: HandState, placed: tuple[Placed, ...]) -> bool:
    return unique_clash(variant, hs, placed) is None


def unique_clash(
    variant: Variant,
    hs: HandState,
    placed: tuple[Placed, ...],
    table: Counter[int] | None = None,
) -> int | None:
    """`melds.wild.unique`: the card (code) these placed cards would put on the table more often
    than the deck holds it, or None (`table`: the cards on the table by what they stand for,
    when the caller has counted them already: `table_count`)."""
    if not variant.melds.wild.unique:
        return None
    players = deck_players(variant, hs.active)
    counts = _DECK_COUNTS.get(variant, players, deck_counts, variant, players)
    if table is None:
        table = _table_counter(hs)
    added: dict[int, int] = {}
    for p in placed:
        code = p[1]
        more = added[code] = added.get(code, 0) + 1
        if table[code] + more > counts.get(code, 0):
            return code
    return None


_DECK_COUNTS: Derived[dict[int, int]] = Derived()
"""`deck_counts` per variant and player count (read only: the judge asks it of every meld)."""


def table_count(hs: HandState) -> Counter[int]:
    """The cards on the table, by the card each stands for (`unique_clash`'s count)."""
    return _table_counter(hs)


def placed_value(variant: Variant, meld: tuple[Placed, ...], index: int) -> int:
    place = M.places(variant, meld)[index]
    return hand_value(variant, meld[index][1], place)
