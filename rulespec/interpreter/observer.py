"""The Observer: what one seat may see of a moment of the match (stage: run).

Apart from the state (model: OpenSpiel's Observer): `observe` reads a hand and
match state and gives a seat's `Observation`: its own hand, the public table,
never another hand or the stock order (tests/envs/test_no_leaks.py and the web
leak test hold every interface to it).

A seat's `history` is the hand's public log. A `Game` keeps one `SeenHistory`:
each entry is copied for the seats once, when it is first shown, so an
observation late in a long hand costs one list of shared pointers, not a copy
of every entry (smart self-play reads one observation per decision).
"""

from __future__ import annotations

from typing import Any

from rulespec.core.cards import JOKER, Placed, card_text, placed_text
from rulespec.core.errors import RulespecError
from rulespec.interpreter.handwild import per_hand, rank_text
from rulespec.interpreter.outcome import HandWildView, Meld, Observation, match_view
from rulespec.interpreter.state import HandState, MatchState, TableMeld
from rulespec.model.variant import Variant

_TEXT: dict[int, str] = {c: card_text(c) for c in range(JOKER + 1)}
"""card_text by code, read once: every observation writes the hand and the pile as texts."""


def _texts(cards: list[int]) -> list[str]:
    """The cards' texts (card_text's, its error for a code that is no card included)."""
    try:
        return [_TEXT[c] for c in cards]
    except (KeyError, TypeError):
        return [card_text(c) for c in cards]


def _placed_texts(meld: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> list[str]:
    """The placed cards' texts (placed_text's: `7H`, `JK:7H`; its errors included)."""
    text = _TEXT
    try:
        return [text[c] if c == s else f"{text[c]}:{text[s]}" for c, s in meld]
    except (KeyError, TypeError, ValueError):
        return [placed_text(p) for p in meld]


class SeenHistory:
    """A hand's public history as the seats see it, copied once per entry and shared.

    `of(history)` gives a new list holding the seats' copies of the entries (the
    engine's own entries are never handed out, so no reader can change the
    game's record). The copies made for earlier observations are kept: only the
    entries new since then are copied. The engine only appends to a history
    list and shares entries between a hand's copies (`copy_hand`, undo's saved
    moments), so an engine entry at the same place as a kept one means every
    entry before it is the same too; after an undo the part still standing is
    kept, and another hand or a loaded position starts over.
    """

    __slots__ = ("_seen", "_source", "_texts")

    def __init__(self) -> None:
        self._source: list[dict[str, Any]] = []  # the engine entries copied, in order
        self._seen: list[dict[str, Any]] = []  # their copies, shown to the seats
        # a table meld's card texts by the meld's id, with the meld kept so the id stays its
        # own: table melds are tuples, replaced (never changed) by a lay-off or a swap
        self._texts: dict[int, tuple[tuple[Placed, ...], list[str]]] = {}

    def melds(self, melds: list[TableMeld]) -> list[Meld]:
        """The table melds as the seats see them: each meld's texts written once, copied."""
        known = self._texts
        if len(known) > 512:
            known.clear()
        out: list[Meld] = []
        for owner, meld in melds:
            got = known.get(id(meld))
            if got is None or got[0] is not meld:
                got = known[id(meld)] = (meld, _placed_texts(meld))
            out.append({"owner": owner, "cards": list(got[1])})
        return out

    def of(self, history: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The seats' copy of `history`: a new list, its entries shared between observations."""
        source, seen = self._source, self._seen
        kept = min(len(source), len(history))
        while kept and history[kept - 1] is not source[kept - 1]:
            kept -= 1
        if kept < len(source):
            del source[kept:], seen[kept:]
        for entry in history[kept:]:
            source.append(entry)
            seen.append(dict(entry))
        return list(seen)


def observe(
    variant: Variant, hs: HandState, ms: MatchState, seat: int, copies: SeenHistory | None = None
) -> Observation:
    """Exactly what `seat` sees at the table (never another hand or the stock order).

    `copies`: the game's history copies (`SeenHistory`), else the history is copied whole.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hs.players:
        shown = repr(seat) if len(repr(seat)) <= 40 else type(seat).__name__
        raise RulespecError(
            f"observation: a seat is a number from 0 to {hs.players - 1}, not {shown}"
        )
    spread = variant.discard.pile == "spread"
    seen: Observation = {
        "variant": variant.name,
        "seat": seat,
        "players": hs.players,
        "dealer": hs.dealer,
        "to_move": hs.to_move,
        "phase": hs.phase,
        "hand": _texts(hs.hands[seat]),
        "hand_sizes": list(map(len, hs.hands)),
        "discard": _texts(hs.discard if spread else hs.discard[-1:]),
        "discard_size": len(hs.discard),
        "pile": "spread" if spread else "squared",
        "melds": [{"owner": o, "cards": _placed_texts(m)} for o, m in hs.melds]
        if copies is None
        else copies.melds(hs.melds),
        "stock_size": len(hs.stock),
        "totals": list(ms.totals),
        "upcard": None if hs.upcard is None else card_text(hs.upcard),
        "taken": _texts(hs.taken) if seat == hs.to_move else [],
        "obligation": None
        if hs.obligation is None or seat != hs.to_move
        else card_text(hs.obligation[0]),
        "melded": list(hs.melded),
        "active": list(hs.active),
        "dropped": list(hs.dropped),
        "hand_number": ms.hand_no,
        "buys": list(hs.buys),
        "history": [dict(h) for h in hs.history] if copies is None else copies.of(hs.history),
        "hand_over": hs.phase == "over",
        "result": hs.result,
        **match_view(variant, hs, ms),
        **hand_wild_view(variant, hs),
    }
    return seen


def hand_wild_view(variant: Variant, hs: HandState) -> HandWildView:
    """The hand's wild rank and cut card, public to every seat (with a rank per hand only)."""
    if not per_hand(variant):
        return {}
    return {
        "wild_rank": rank_text(hs.wild_rank),
        "cut_card": None if hs.cut_card is None else card_text(hs.cut_card),
    }
