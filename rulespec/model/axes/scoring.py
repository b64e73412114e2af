"""Axes of scoring a hand and of the match (model).

Plain data (see `rulespec.model.axes.base`). The per-reason score tables
(`scoring.out.winner`, ...) are one axis per reason and role, generated from
the catalog of `model/names.py` (`REASONS` x `ROLES`); their DSL statement
(`score out: winner = ...`) stays hand-written in rules.lark, as do the
`bonus {}` / `replace bonus` forms of `match.bonus`.
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis, Group, Phrase
from rulespec.model.names import REASONS

_ROLE_WORDS = {
    "winner": "score of the winner",
    "losers": "score of each loser (each seat but the winner)",
    "each": "score of every seat, added to the others",
}
_BIG = 1_000_000

SCORING: tuple[Axis | Group, ...] = (
    Group("scoring", "scoring a hand", title=True, model=("scoring",)),
    Axis(
        "scoring.penalty",
        "enum",
        "penalty: hand (all cards left) | deadwood (best arrangement)",
        "hand",
        values=("hand", "deadwood"),
        item="scoring_item",
        token="PENALTY_KIND",
        phrases=(Phrase("penalty {word}"),),
        model=("scoring.penalty",),
    ),
    Axis(
        "scoring.ranks_once",
        "bool",
        "of cards of one rank only one counts in a penalty",
        False,
        item="scoring_item",
        phrases=(Phrase("ranks once", True), Phrase("no ranks once", False)),
        model=("scoring.ranks_once",),
    ),
    Axis(
        "scoring.meld_credit",
        "bool",
        "every card melded or laid off scores its value at once",
        False,
        item="scoring_item",
        phrases=(Phrase("meld credit", True), Phrase("no meld credit", False)),
        model=("scoring.meld_credit",),
        explain={True: "Every card melded or laid off scores its value for its player at once."},
    ),
    Axis(
        "scoring.multiplier",
        "expr",
        "multiplies every hand score (context score)",
        1,
        context="score",
        expects="int",
        item="scoring_item",
        phrases=(Phrase("multiplier {expr}"),),
        model=("scoring.multiplier",),
    ),
)
for _reason in REASONS:
    SCORING += (
        Group(
            f"scoring.{_reason}",
            f"scores when a hand ends by {_reason}: role -> expression (context score)",
            default={},
            model=("scoring.rules",),
        ),
        *(
            Axis(
                f"scoring.{_reason}.{role}",
                "expr",
                f"{words} (context score)",
                context="score",
                expects="int",
                model=("scoring.rules",),
            )
            for role, words in _ROLE_WORDS.items()
        ),
    )

MATCH = (
    Group("match", "the match", title=True, model=("match",)),
    Axis(
        "match.target",
        "int",
        "the match ends after a hand in which a total reaches this",
        None,
        low=-_BIG,
        high=_BIG,
        nullable=True,
        item="match_item",
        phrases=(Phrase("no target", None), Phrase("to {int}")),
        model=("match.target",),
    ),
    Axis(
        "match.tie",
        "enum",
        "highest total wins | a tie for highest plays another hand",
        "highest",
        values=("highest", "play_on"),
        item="match_item",
        phrases=(Phrase("tie highest", "highest"), Phrase("tie plays on", "play_on")),
        model=("match.tie",),
    ),
    Axis(
        "match.eliminate",
        "int",
        "a seat whose total is <= this leaves; the last seat left wins",
        None,
        low=-_BIG,
        high=_BIG,
        nullable=True,
        item="match_item",
        phrases=(Phrase("no elimination", None), Phrase("eliminate at {int}")),
        model=("match.eliminate",),
    ),
    Axis(
        "match.rounds",
        "expr",
        "fixed number of hands (context match)",
        None,
        nullable=True,
        context="match",
        expects="int",
        item="match_item",
        phrases=(Phrase("no rounds", None), Phrase("rounds {expr}")),
        model=("match.rounds",),
    ),
    Group("match.bonus", "match bonuses", model=("match.bonus",)),
    Axis(
        "match.bonus.game",
        "int",
        "to the match winner",
        0,
        low=-_BIG,
        high=_BIG,
        item="match_item",
        phrases=(Phrase("game bonus {int}"),),
        model=("match.bonus.game",),
        explain={0: "", "*": "The match winner gets a game bonus of {value}."},
    ),
    Axis(
        "match.bonus.box",
        "int",
        "to every seat, per hand won",
        0,
        low=-_BIG,
        high=_BIG,
        item="match_item",
        phrases=(Phrase("box {int}"),),
        model=("match.bonus.box",),
        explain={0: "", "*": "Every player gets {value} for each hand they won (box bonus)."},
    ),
    Axis(
        "match.bonus.shutout",
        "int",
        "multiplies the winner's total when a loser won no hand",
        1,
        low=1,
        high=100,
        item="match_item",
        phrases=(Phrase("shutout doubles", 2), Phrase("shutout times {int}")),
        model=("match.bonus.shutout",),
        explain={
            1: "",
            2: "If a loser won no hand, the winner's total is doubled (shutout).",
            3: "If a loser won no hand, the winner's total is tripled (shutout).",
            "*": "If a loser won no hand, the winner's total is multiplied by {value} (shutout).",
        },
    ),
)
