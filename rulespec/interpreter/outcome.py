"""What the API hands out: a hand's outcome and what one seat observes (stage: run, output).

`Outcome` (`rulespec.Outcome`, `game.hand_result`) is a typed, read-only view
of the result dict a position stores; `Observation` (`rulespec.Observation`,
`game.observation(seat)`) is the typed shape of the plain dict a seat sees.
Both stay plain JSON underneath, so saves, bots and the CLI read them as
mappings, as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypedDict

from rulespec.interpreter.buyback import worst_total
from rulespec.interpreter.matchpos import column_json
from rulespec.interpreter.state import HandState, MatchState
from rulespec.model.variant import Variant


class Layoff(TypedDict):
    """One defender's lay-off at a knock: the seat and the placed cards it laid off."""

    seat: int
    cards: list[str]


class Outcome(Mapping[str, Any]):
    """How a hand ended, read-only: `outcome.reason` (typed) and `outcome["reason"]` alike.

    The underlying dict is what positions store (docs/position.md, `result`),
    so it stays JSON: `dict(outcome)` is the saved form. The properties are
    the documented API; keys an old save lacks read as their empty value.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    @property
    def reason(self) -> str:
        """One of the hand-end reasons of docs/document.md (`out`, `knock`, `gin`, ...)."""
        return str(self._data["reason"])

    @property
    def winner(self) -> int | None:
        """The seat that won the hand; None when nobody did (a void or abandoned hand)."""
        value = self._data.get("winner")
        return None if value is None else int(value)

    @property
    def knocker(self) -> int | None:
        """The seat that knocked, when the hand ended by a knock."""
        value = self._data.get("knocker")
        return None if value is None else int(value)

    @property
    def rummy(self) -> bool:
        """Whether the winner went out in one go (`out` with rummy)."""
        return bool(self._data.get("rummy", False))

    @property
    def scores(self) -> list[int]:
        """Each seat's score for the hand, by seat."""
        return list(self._data["scores"])

    @property
    def lines(self) -> list[str]:
        """The scoring laid out line by line, as the CLI prints it."""
        return list(self._data.get("lines") or [])

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's cards left at the end of the hand (card texts), by seat."""
        return [list(h) for h in self._data.get("hands") or []]

    @property
    def layoffs(self) -> list[Layoff]:
        """The defenders' lay-offs at a knock (empty otherwise)."""
        raw = self._data.get("layoffs") or []
        return [Layoff(seat=int(x["seat"]), cards=list(x["cards"])) for x in raw]

    @property
    def why(self) -> str | None:
        """A note on how the hand ended (e.g. the stock ran out), when there is one."""
        value = self._data.get("why")
        return None if value is None else str(value)

    @property
    def match_over(self) -> bool:
        """Whether this hand ended the match."""
        return bool(self._data.get("match_over", False))

    @property
    def match_winner(self) -> int | None:
        """The match winner once the match is over."""
        value = self._data.get("match_winner")
        return None if value is None else int(value)

    def __repr__(self) -> str:
        return f"Outcome({dict(self._data)!r})"


HandResult = Outcome
"""The older name of `Outcome` (what `game.hand_result` returns)."""


class Meld(TypedDict):
    """A meld on the table as a seat sees it: its owner and its placed cards (`JK:7H`)."""

    owner: int
    cards: list[str]


class MatchView(TypedDict):
    """The match's table as a seat sees it (match.teams, match.playing, eliminations,
    match.columns): part of every observation."""

    teams: list[int] | None  # each seat's team; None without teams
    team_totals: list[int] | None  # each team's total; None without teams
    sitting_out: list[int]  # seats in the match that sit this hand out
    out: list[bool]  # seats that left the match
    columns: list[dict[str, Any]]  # {totals, wins, closed, winner} per score column
    bought: list[int]  # buy-backs used per seat (match.buy_back)
    rebuy: list[int]  # phase rebuy: seats yet to decide whether to buy back in, in order
    rebuy_total: int | None  # phase rebuy: the total a seat buying back in comes back with


class _Seen(MatchView):
    """Everything one seat may know at the table, nothing more: `game.observation(seat)`.

    A plain JSON dict (bots and the CLI read it as a mapping); cards are texts
    (`TS`, a placed wild `JK:7H`). `discard` is the whole pile when it is
    `spread`, else only its top card; `taken` and `obligation` are told to
    the seat to move only; `history` is the hand's public log (docs/position.md).
    """

    variant: str
    seat: int
    players: int
    dealer: int
    to_move: int
    phase: str
    hand: list[str]
    hand_sizes: list[int]
    discard: list[str]
    discard_size: int
    pile: str
    melds: list[Meld]
    stock_size: int
    totals: list[int]
    upcard: str | None
    taken: list[str]
    obligation: str | None
    melded: list[int]
    active: list[bool]
    dropped: list[bool]
    hand_number: int
    buys: list[int]  # discards bought per seat this hand (buy)
    history: list[dict[str, Any]]
    hand_over: bool
    result: dict[str, Any] | None


class HandWildView(TypedDict, total=False):
    """The hand's wild rank, in variants with a wild rank per hand only (`melds.wild.rank` /
    `melds.wild.cut`), shown to every seat alike."""

    wild_rank: str | None  # `Q`, `T`, ...; None: no rank wild this hand
    cut_card: str | None  # the card cut for it (face up)


class Observation(_Seen, HandWildView, total=False):
    """Everything one seat may know at the table, nothing more: `game.observation(seat)`.

    The keys of `_Seen` always; those of `HandWildView` only with a wild rank per hand.
    """


def match_view(variant: Variant, hs: HandState, ms: MatchState) -> MatchView:
    """The match-table part of an observation: teams, who sits out, who is out, columns."""
    teams = variant.match.teams
    active, out = hs.active, ms.out
    return {
        "teams": None if teams is None else [s % teams for s in range(hs.players)],
        "team_totals": None
        if teams is None
        else [ms.totals[t] for t in range(min(teams, hs.players))],
        "sitting_out": []  # (every seat dealt in: the common case, read once per decision)
        if all(active)
        else [s for s in range(hs.players) if not active[s] and not out[s]],
        "out": list(out),
        "columns": [column_json(c) for c in ms.columns] if ms.columns else [],
        "bought": list(ms.bought),
        "rebuy": list(hs.rebuy),
        "rebuy_total": worst_total(variant, hs, ms) if hs.rebuy else None,
    }
