"""Variants built straight from the model dataclasses, for engine tests independent of the loader.

Each builder mirrors a RULES.md variant closely enough to exercise the
engine's axes (expressions are plain Python closures over the flat env).
`variant(name)` prefers the bundled rule file when the loader can read it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulespec.spec.model import (
    Bonus,
    CountTable,
    Deal,
    DiscardRule,
    Draw,
    GoingOut,
    Knock,
    Match,
    Melds,
    PileDraw,
    Play,
    RunRule,
    Scoring,
    SetRule,
    Stock,
    Variant,
    WildRule,
)

PLACES = ("hand", "set", "run_low", "run_middle", "run_high")


def values(
    ace: Any = 1, face: int = 10, joker: int = 0
) -> tuple[dict[int, dict[str, int]], dict[str, int]]:
    """Card values: `ace` an int or a dict place -> int; J Q K = face; pips = pip."""
    vals: dict[int, dict[str, int]] = {}
    for rank in range(1, 14):
        if rank == 1:
            vals[rank] = {p: (ace[p] if isinstance(ace, dict) else ace) for p in PLACES}
        elif rank >= 11:
            vals[rank] = dict.fromkeys(PLACES, face)
        else:
            vals[rank] = dict.fromkeys(PLACES, rank)
    return vals, dict.fromkeys(PLACES, joker)


def rummy() -> Variant:
    vals, jv = values()
    return Variant(
        name="t-rummy",
        title="test rummy",
        description="",
        source="",
        min_players=2,
        max_players=6,
        decks=CountTable.parse(1),
        jokers=CountTable.parse(0),
        first_dealer="cut",
        rotation="left",
        deal=Deal(cards=CountTable.parse({"2": 10, "3-4": 7, "5-6": 6})),
        ace="low",
        values=vals,
        joker_values=jv,
        melds=Melds(set=SetRule(3, 4), run=RunRule(3, 10)),
        draw=Draw(),
        play=Play(layoff=lambda env: True),
        discard=DiscardRule(),
        going_out=GoingOut(),
        knock=None,
        stock=Stock("recycle"),
        scoring=Scoring(
            penalty="hand",
            multiplier=lambda env: 2 if env["rummy"] else 1,
            rules={
                "out": {
                    "winner": lambda e: e["losers.penalty"],
                    "losers": lambda e: -e["me.penalty"],
                }
            },
        ),
        match=Match(target=100),
    )


def gin() -> Variant:
    base = rummy()
    return replace(
        base,
        name="t-gin",
        min_players=2,
        max_players=2,
        deal=Deal(cards=CountTable.parse(10)),
        melds=Melds(set=SetRule(3, 4), run=RunRule(3, None)),
        draw=Draw(upcard_offer=True),
        play=Play(melding="never", layoff=None),
        knock=Knock(limit=lambda env: 10),
        stock=Stock("void", reserve=2),
        scoring=Scoring(
            penalty="deadwood",
            rules={
                "knock": {"winner": lambda e: e["losers.deadwood"] - e["winner.deadwood"]},
                "undercut": {"winner": lambda e: e["knocker.deadwood"] - e["winner.deadwood"] + 25},
                "gin": {"winner": lambda e: e["losers.deadwood"] + 25},
            },
        ),
        match=Match(target=100, bonus=Bonus(game=100, box=25, shutout=2)),
    )


def boat() -> Variant:
    vals, jv = values(ace=11)
    base = rummy()

    def w(e: Any) -> int:
        return int(e["winner.melded"]) * (2 if e["rummy"] else 1)

    return replace(
        base,
        name="t-boat",
        ace="wrap",
        values=vals,
        joker_values=jv,
        melds=Melds(set=SetRule(3, 4), run=RunRule(3, None)),
        draw=Draw(discard_then_stock=True, discard_then_discard=True),
        scoring=Scoring(
            penalty="hand",
            ranks_once=True,
            rules={
                "out": {
                    "winner": lambda e: e["losers.count"] * w(e) + e["losers.penalty"],
                    "losers": lambda e: -(w(e) + e["me.penalty"]),
                }
            },
        ),
        match=Match(rounds=lambda env: env["players"]),
    )


def michigan() -> Variant:
    vals, jv = values(ace={"hand": 15, "set": 15, "run_low": 1, "run_middle": 15, "run_high": 15})
    base = rummy()
    return replace(
        base,
        name="t-michigan",
        ace="high_or_low",
        values=vals,
        joker_values=jv,
        deal=Deal(cards=CountTable.parse({"2": 10, "3-4": 7, "5-6": 6}), packet=3),
        melds=Melds(set=SetRule(3, 4), run=RunRule(3, None)),
        draw=Draw(discard=None, depth=PileDraw(min=1, use="any")),
        discard=DiscardRule(pile="spread"),
        stock=Stock("end"),
        scoring=Scoring(
            penalty="hand",
            meld_credit=True,
            rules={
                "out": {"winner": lambda e: e["losers.penalty"]},
                "stock": {"each": lambda e: -e["me.penalty"]},
            },
        ),
        match=Match(target=500, tie="play_on"),
    )


def rummy500() -> Variant:
    base = michigan()
    return replace(
        base,
        name="t-rummy500",
        max_players=8,
        decks=CountTable.parse({"2-4": 1, "5-8": 2}),
        deal=Deal(cards=CountTable.parse({"2": 13, "3-8": 7})),
        melds=Melds(set=SetRule(3, 4, "any"), run=RunRule(3, None)),
        draw=Draw(depth=PileDraw(min=2, use="meld", hand_cards=2)),
        stock=Stock("recycle"),
        scoring=Scoring(
            penalty="hand", meld_credit=True, rules={"out": {"each": lambda e: -e["me.penalty"]}}
        ),
        match=Match(target=500),
    )


def remik() -> Variant:
    vals, jv = values(joker=20)
    base = rummy()
    laid_before = lambda env: bool(env["me.laid_down_before"])  # noqa: E731
    return replace(
        base,
        name="t-remik",
        max_players=3,
        jokers=CountTable.parse(2),
        deal=Deal(cards=CountTable.parse(14)),
        ace="high_or_low",
        values=vals,
        joker_values=jv,
        melds=Melds(
            set=SetRule(3, 4),
            run=RunRule(3, None),
            wild=WildRule(cards=("joker",), outnumber=False, unique=True, swap=laid_before),
        ),
        draw=Draw(discard=PileDraw(when=laid_before, use="meld")),
        play=Play(layoff=laid_before),
        discard=DiscardRule(required="always"),
    )


def continental() -> Variant:
    vals, jv = values()
    base = rummy()
    return replace(
        base,
        name="t-continental",
        max_players=12,
        decks=CountTable.parse({"2-5": 2, "6-8": 3, "9-12": 4}),
        jokers=CountTable.parse({"2-5": 2, "6-8": 3, "9-12": 4}),
        deal=Deal(cards=CountTable.parse(15)),
        values=vals,
        joker_values=jv,
        melds=Melds(
            set=SetRule(3, 4, "any"), run=RunRule(3, None), wild=WildRule(cards=("joker",))
        ),
        play=Play(melding="going_out", layoff=None),
        discard=DiscardRule(required="always"),
        going_out=GoingOut(by=frozenset({"discard"}), partition_melds=(1, 3, 5)),
        scoring=Scoring(
            penalty="hand",
            rules={
                "out": {
                    "winner": lambda e: e["losers.cards"] + e["losers.jokers"],
                    "losers": lambda e: -(e["me.cards"] + e["me.jokers"]),
                }
            },
        ),
    )


def bridge() -> Variant:
    vals, jv = values(joker=20)
    base = gin()
    return replace(
        base,
        name="t-bridge",
        max_players=6,
        decks=CountTable.parse(2),
        jokers=CountTable.parse(4),
        deal=Deal(
            cards=CountTable.parse(10), dealer_extra=1, dealer_extra_to="discard", upcard=False
        ),
        values=vals,
        joker_values=jv,
        melds=Melds(
            set=SetRule(3, 4, "any"), run=RunRule(3, None), wild=WildRule(cards=("joker",))
        ),
        draw=Draw(),
        knock=Knock(limit=lambda env: 5),
        stock=Stock("recycle"),
        scoring=Scoring(
            penalty="deadwood",
            rules={r: {"each": lambda e: -e["me.deadwood"]} for r in ("knock", "gin", "undercut")},
        ),
        match=Match(eliminate=-100),
    )


BUILDERS = {
    "rummy": rummy,
    "gin": gin,
    "boat": boat,
    "michigan": michigan,
    "rummy500": rummy500,
    "remik": remik,
    "continental": continental,
    "bridge": bridge,
}


def built(name: str) -> Variant:
    return BUILDERS[name]()
