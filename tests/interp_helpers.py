"""Test helper: Variant objects built straight from the model dataclasses (interpreter tests).

Five shapes cover the meld arithmetic: gin-like (one deck, ace low), michigan-like
(ace 1 in a low run, 15 elsewhere, high_or_low), wrap (ace positional), two decks
with jokers (bridge-like, suits may repeat) and continental-like (two decks,
jokers, runs and sets, partition 1/3/5 melds). No variant is loaded by name;
the named shapes are built once (cached).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from rulespec.spec.build import card_values
from rulespec.spec.model import (
    CountTable,
    Deal,
    DiscardRule,
    Draw,
    GoingOut,
    Knock,
    Match,
    Melds,
    Pattern,
    Play,
    RunRule,
    Scoring,
    SetRule,
    Stock,
    Variant,
    WildRule,
)

# Card values as the document's `values` table (expressions of context card_value),
# turned into the Variant's tables by the builder's own `card_values`.
STANDARD_VALUES: dict[str, Any] = {"A": 1, "pips": "face", "J": 10, "Q": 10, "K": 10}
MICHIGAN_VALUES = {**STANDARD_VALUES, "A": "place == run_low ? 1 : 15"}
POSITIONAL_VALUES = {
    **STANDARD_VALUES,
    "A": "place == run_low ? 1 : place == run_middle ? 5 : place == run_high ? 10 : 15",
}


def make_variant(
    name: str = "test",
    *,
    ace: str = "low",
    decks: int | Mapping[str, int] = 1,
    jokers: int | Mapping[str, int] = 0,
    values: Mapping[str, Any] = STANDARD_VALUES,
    joker_value: int = 0,
    set_rule: SetRule | None = None,
    run_rule: RunRule | None = None,
    no_sets: bool = False,
    no_runs: bool = False,
    patterns: tuple[Pattern, ...] = (),
    wild: WildRule | None = None,
    scoring: Scoring | None = None,
    going_out: GoingOut | None = None,
    **extra: Any,
) -> Variant:
    """A Variant with gin-like defaults; keyword arguments change the meld arithmetic.

    `values`: entries of the document's `values` table over `STANDARD_VALUES`.
    """
    value_table, joker_values = card_values({**STANDARD_VALUES, **values, "joker": joker_value})
    melds = Melds(
        set=None if no_sets else (set_rule or SetRule()),
        run=None if no_runs else (run_rule or RunRule()),
        patterns=patterns,
        wild=wild or WildRule(),
    )
    variant = Variant(
        name=name,
        title=name.title(),
        description="",
        source="tests",
        min_players=2,
        max_players=6,
        decks=CountTable.parse(decks),
        jokers=CountTable.parse(jokers),
        first_dealer="cut",
        rotation="left",
        deal=Deal(cards=CountTable.parse(10)),
        ace=ace,
        values=value_table,
        joker_values=joker_values,
        melds=melds,
        draw=Draw(),
        play=Play(),
        discard=DiscardRule(),
        going_out=going_out or GoingOut(),
        knock=Knock(limit=lambda env: 10),
        stock=Stock(),
        scoring=scoring or Scoring(),
        match=Match(),
    )
    return replace(variant, **extra) if extra else variant


@cache
def gin_like() -> Variant:
    return make_variant("gin-like")


@cache
def michigan_like() -> Variant:
    return make_variant("michigan-like", ace="high_or_low", values=MICHIGAN_VALUES)


@cache
def wrap_like() -> Variant:
    return make_variant("wrap-like", ace="wrap", values=POSITIONAL_VALUES)


@cache
def jokers_two_decks() -> Variant:
    """Two decks and jokers, no patterns (for the brute-force comparisons)."""
    return make_variant(
        "two-decks-jokers",
        decks=2,
        jokers=4,
        joker_value=20,
        set_rule=SetRule(min=3, max=None, suits="any"),
        wild=WildRule(cards=("joker",)),
    )


@cache
def bridge_like() -> Variant:
    """Two decks, four wild jokers worth 20, suits may repeat, whole-hand patterns."""
    base = jokers_two_decks()
    patterns = (
        Pattern(name="colour", suit="same"),
        Pattern(name="figures", ranks=(11, 12, 13)),
        Pattern(name="full colour", suit="same", run=True),
    )
    return replace(
        base, name="bridge-like", title="Bridge-Like", melds=replace(base.melds, patterns=patterns)
    )


@cache
def continental_like() -> Variant:
    return make_variant(
        "continental-like",
        ace="high_or_low",
        decks=2,
        jokers=2,
        joker_value=2,
        set_rule=SetRule(min=3, max=None, suits="any"),
        wild=WildRule(cards=("joker",)),
        going_out=GoingOut(partition_melds=(1, 3, 5)),
    )


@cache
def remik_like() -> Variant:
    """One deck, two jokers that may not outnumber naturals, unique on the table."""
    return make_variant(
        "remik-like",
        ace="high_or_low",
        jokers=2,
        joker_value=20,
        wild=WildRule(cards=("joker",), outnumber=False, unique=True),
    )


@cache
def deuces_wild() -> Variant:
    """Twos are wild (a rank key), at most one wild per meld."""
    return make_variant("deuces", wild=WildRule(cards=("2",), per_meld=1))
