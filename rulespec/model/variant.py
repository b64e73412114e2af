"""The Variant model: the typed, frozen form of a resolved rule document (pipeline stage: compile).

Built from a document that has passed the schema and the semantic checks, with
every expression compiled to a closure. The interpreter reads only this model,
never the raw document. The classes carry no defaults: every field is filled
by `compiler/build.py` from the defaults of the axis declarations
(`rulespec.model.axes`), the one table of defaults, so the two cannot disagree
(tests/model/test_axes.py checks that every field is declared by an axis).
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

    def get(self, players: int, default: int = 0) -> int:
        """The value for a player count, or `default` where the table says nothing."""
        for low, high, value in self.by_players:
            if low <= players <= high:
                return value
        return default


@dataclass(frozen=True)
class Deal:
    cards: CountTable
    packet: int
    dealer_extra: int
    dealer_extra_to: str  # hand | discard
    upcard: bool


@dataclass(frozen=True)
class SetRule:
    min: int
    max: int | None
    suits: str  # distinct | any
    per_deck: int | None  # max cards per deck in play (several decks: sets of up to 8, 12)


@dataclass(frozen=True)
class RunRule:
    min: int
    max: int | None


@dataclass(frozen=True)
class Pattern:
    """A whole-hand combination: every card fits, so the whole hand is melded."""

    name: str
    suit: str | None  # "same" or None
    ranks: tuple[int, ...] | None  # allowed ranks (1..13)
    run: bool  # the cards form one run


@dataclass(frozen=True)
class WildRule:
    cards: tuple[str, ...]  # "joker" and/or rank keys
    per_meld: int | None
    outnumber: bool
    unique: bool
    swap: Compiled | None  # context turn -> bool; None = never
    rank: Compiled | None  # context deal -> int: a rank wild for the deal; None = none
    cut: str  # none | bottom | aside: a card cut after the deal makes its rank wild


@dataclass(frozen=True)
class Melds:
    set: SetRule | None
    run: RunRule | None
    patterns: tuple[Pattern, ...]
    wild: WildRule
    joker_sets: bool  # the jokers are a rank of their own: they meld as sets of jokers only


@dataclass(frozen=True)
class PileDraw:
    """Taking from the discard pile: when it is allowed and what the taken card must do."""

    when: Compiled | None  # context turn -> bool; None = always
    use: str  # none | meld | any
    hand_cards: int  # with use=meld: cards from hand in that new meld
    min: int  # depth draws: the shallowest depth offered
    use_when: Compiled | None  # context turn -> bool: when `use` applies; None = always


@dataclass(frozen=True)
class Draw:
    stock: bool
    discard: PileDraw | None
    discard_then_stock: bool
    discard_then_discard: bool
    depth: PileDraw | None
    pile: bool
    upcard_offer: bool
    turned: bool  # the stock card is turned face up, used or passed (Conquian)
    force: bool  # with turned: a passed card may be forced on the next player


@dataclass(frozen=True)
class Play:
    melding: str  # anytime | going_out | never
    melds_per_turn: int | None
    layoff: Compiled | None  # context turn -> bool; None = no lay-offs
    layoff_onto: str  # any | own | team
    first_laydown_min: Compiled | None  # context turn -> int
    contract_sets: int  # the first laying down holds this many sets ...
    contract_set_min: int  # ... of at least this many cards
    contract_runs: int  # and this many runs ...
    contract_run_min: int  # ... of at least this many cards
    contract_pure: int  # of which this many hold no wild card
    drop: str  # never | before_draw | after_draw | anytime
    drop_penalty: Compiled | None  # context score -> int: a dropped seat's penalty


@dataclass(frozen=True)
class DiscardRule:
    required: str  # always | unless_out
    forbid_taken: bool
    pile: str  # squared | spread


@dataclass(frozen=True)
class GoingOut:
    by: frozenset[str]
    partition_melds: tuple[int, ...] | None
    partition_sizes: tuple[tuple[int, ...], ...] | None  # each sorted descending
    dealt: int | None  # a dealt hand worth this much or more wins at once


@dataclass(frozen=True)
class Knock:
    limit: Compiled  # context knock -> int
    layoff: bool
    show: str  # all
    timing: str  # discard | before_draw | either


@dataclass(frozen=True)
class Stock:
    exhausted: str  # recycle | end | void
    reserve: int
    recycles: int | None  # recycle: turn-overs allowed per hand; None = no limit


@dataclass(frozen=True)
class Scoring:
    penalty: str  # hand | deadwood
    ranks_once: bool
    meld_credit: bool
    multiplier: Compiled | None
    # reason -> role -> compiled expression (context score) -> int
    rules: Mapping[str, Mapping[str, Compiled]]


@dataclass(frozen=True)
class Bonus:
    game: int
    box: int
    shutout: int


@dataclass(frozen=True)
class Match:
    target: int | None
    tie: str  # highest | play_on
    eliminate: int | None
    rounds: Compiled | None  # context match -> int
    bonus: Bonus
    teams: int | None  # seat s on team s % teams; None = every seat for itself
    playing: int | None  # seats dealt in each hand; None = every seat
    sit_out: str  # loser | rotate
    columns: int | None  # Hollywood score columns; None = one total
    eliminate_over: int | None  # penalty points: a total >= this leaves
    buy_back: int  # times an eliminated seat may buy back in
    buy_back_by: str  # choice (the seat decides: rebuy | pass) | automatic
    wins: str  # highest | lowest


@dataclass(frozen=True)
class Buy:
    """Buying the discard out of turn (the `buy` table): a penalty draw, a limit, an order."""

    penalty: int  # cards drawn from the stock with the discard bought
    limit: int | None  # buys per seat per hand; None = no limit
    order: str  # turn | reverse: who is asked first
    when: Compiled | None  # context turn (the buyer) -> bool; None = always


@dataclass(frozen=True)
class DealRules:
    """One deal of the schedule, every key worked out (what the entry leaves out is the
    file's): its hand size and the contract of its first laying down."""

    cards: CountTable
    contract_sets: int
    contract_set_min: int
    contract_runs: int
    contract_run_min: int
    contract_pure: int


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
    ranks: tuple[int, ...]  # the pack's ranks (1..13) in run order; all 13 by default
    first_dealer: str  # cut | random
    rotation: str  # left | right
    next_dealer: str  # rotate | winner | loser
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
    buy: Buy | None  # None: no buying
    schedule: tuple[DealRules, ...]  # per deal, in order; () = every deal alike
    document: Mapping[str, Any] = field(compare=False, repr=False, default_factory=dict)
    # Every name any expression of the variant reads ("upcard.rank", "me.penalty"):
    # lets the engine check a position for facts its rules need, and skip those they don't.
    names_read: frozenset[str] = field(compare=False, repr=False, default=frozenset())

    def card_value(self, rank: int, place: str = "hand") -> int:
        """Value of a natural card of this rank (1..13) in a place (see PLACES)."""
        return self.values[rank][place]
