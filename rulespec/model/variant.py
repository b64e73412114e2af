"""The Variant model: the typed, frozen form of a resolved rule document (pipeline stage: compile).

Built from a document that has passed the schema and the semantic checks, with
every expression compiled to a closure. The interpreter reads only this model,
never the raw document, so defaults live here in one place (see
docs/document.md for the meaning of every field).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Env = Mapping[str, Any]
"""Flat name -> value mapping an expression reads (dotted names are keys: "me.penalty")."""

Compiled = Callable[[Env], Any]
"""A compiled expression: a closure over its AST, called with an Env."""

Compiler = Callable[[Any, str, str, str], Compiled]
"""compile(source, context, expected_type, json_path) -> Compiled."""

PLACES = ("hand", "set", "run_low", "run_middle", "run_high")
RANK_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


@dataclass(frozen=True)
class CountTable:
    """An int, or a table by player count ("2-5": 2)."""

    by_players: tuple[tuple[int, int, int], ...]  # (low, high, value)

    @staticmethod
    def parse(raw: int | Mapping[str, int]) -> CountTable:
        if isinstance(raw, int):
            return CountTable(((1, 16, raw),))
        rows = []
        for key, value in raw.items():
            low, _, high = str(key).partition("-")
            rows.append((int(low), int(high or low), int(value)))
        return CountTable(tuple(sorted(rows)))

    def __call__(self, players: int) -> int:
        for low, high, value in self.by_players:
            if low <= players <= high:
                return value
        raise KeyError(players)


@dataclass(frozen=True)
class Deal:
    cards: CountTable
    packet: int = 1
    dealer_extra: int = 0
    dealer_extra_to: str = "hand"  # hand | discard
    upcard: bool = True


@dataclass(frozen=True)
class SetRule:
    min: int = 3
    max: int | None = 4
    suits: str = "distinct"  # distinct | any


@dataclass(frozen=True)
class RunRule:
    min: int = 3
    max: int | None = None


@dataclass(frozen=True)
class Pattern:
    """A whole-hand combination: every card fits, so the whole hand is melded."""

    name: str
    suit: str | None = None  # "same" or None
    ranks: tuple[int, ...] | None = None  # allowed ranks (1..13)
    run: bool = False  # the cards form one run


@dataclass(frozen=True)
class WildRule:
    cards: tuple[str, ...] = ()  # "joker" and/or rank keys
    per_meld: int | None = None
    outnumber: bool = True
    unique: bool = False
    swap: Compiled | None = None  # context turn -> bool; None = never


@dataclass(frozen=True)
class Melds:
    set: SetRule | None
    run: RunRule | None
    patterns: tuple[Pattern, ...] = ()
    wild: WildRule = field(default_factory=WildRule)


@dataclass(frozen=True)
class PileDraw:
    """Taking from the discard pile: when it is allowed and what the taken card must do."""

    when: Compiled | None = None  # context turn -> bool; None = always
    use: str = "none"  # none | meld | any
    hand_cards: int = 0  # with use=meld: cards from hand in that new meld
    min: int = 1  # depth draws: the shallowest depth offered


@dataclass(frozen=True)
class Draw:
    stock: bool = True
    discard: PileDraw | None = field(default_factory=PileDraw)
    discard_then_stock: bool = False
    discard_then_discard: bool = False
    depth: PileDraw | None = None
    pile: bool = False
    upcard_offer: bool = False


@dataclass(frozen=True)
class Play:
    melding: str = "anytime"  # anytime | going_out | never
    melds_per_turn: int | None = None
    layoff: Compiled | None = None  # context turn -> bool; None = no lay-offs
    layoff_onto: str = "any"  # any | own
    first_laydown_min: Compiled | None = None  # context turn -> int


@dataclass(frozen=True)
class DiscardRule:
    required: str = "unless_out"  # always | unless_out
    forbid_taken: bool = True
    pile: str = "squared"  # squared | spread


@dataclass(frozen=True)
class GoingOut:
    by: frozenset[str] = frozenset({"meld", "layoff", "discard"})
    partition_melds: tuple[int, ...] | None = None
    partition_sizes: tuple[tuple[int, ...], ...] | None = None  # each sorted descending


@dataclass(frozen=True)
class Knock:
    limit: Compiled  # context knock -> int
    layoff: bool = True


@dataclass(frozen=True)
class Stock:
    exhausted: str = "recycle"  # recycle | end | void
    reserve: int = 0
    recycles: int | None = None  # recycle: turn-overs allowed per hand; None = no limit


@dataclass(frozen=True)
class Scoring:
    penalty: str = "hand"  # hand | deadwood
    ranks_once: bool = False
    meld_credit: bool = False
    multiplier: Compiled | None = None
    # reason -> role -> compiled expression (context score) -> int
    rules: Mapping[str, Mapping[str, Compiled]] = field(default_factory=dict)


@dataclass(frozen=True)
class Bonus:
    game: int = 0
    box: int = 0
    shutout: int = 1


@dataclass(frozen=True)
class Match:
    target: int | None = None
    tie: str = "highest"  # highest | play_on
    eliminate: int | None = None
    rounds: Compiled | None = None  # context match -> int
    bonus: Bonus = field(default_factory=Bonus)


@dataclass(frozen=True)
class Variant:
    """One variant's fixed rules (the OpenSpiel 'Game'): built once, shared by every game."""

    name: str
    title: str
    description: str
    source: str
    min_players: int
    max_players: int
    decks: CountTable
    jokers: CountTable
    first_dealer: str  # cut | random
    rotation: str  # left | right
    deal: Deal
    ace: str  # low | high | high_or_low | wrap
    # values[rank 1..13][place] -> int; joker_values[place] -> int
    values: Mapping[int, Mapping[str, int]]
    joker_values: Mapping[str, int]
    melds: Melds
    draw: Draw
    play: Play
    discard: DiscardRule
    going_out: GoingOut
    knock: Knock | None
    stock: Stock
    scoring: Scoring
    match: Match
    document: Mapping[str, Any] = field(compare=False, repr=False, default_factory=dict)
    # Every name any expression of the variant reads ("upcard.rank", "me.penalty"):
    # lets the engine check a position for facts its rules need, and skip those they don't.
    names_read: frozenset[str] = field(compare=False, repr=False, default=frozenset())

    def card_value(self, rank: int, place: str = "hand") -> int:
        """Value of a natural card of this rank (1..13) in a place (see PLACES)."""
        return self.values[rank][place]
