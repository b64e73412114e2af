"""A checked rule file never strands a player (issue 7.6).

Hypothesis combines options of the language (going-out modes, discard and
melding rules, draw options, knock, stock rules, wild cards) over rummy; every
combination that passes `check` is played by random moves, and until the hand
ends `legal_moves()` is never empty. Bounded examples and moves keep it fast.
"""

from __future__ import annotations

import random
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.compiler.load import load_text
from rulespec.core.errors import RuleFileError
from rulespec.interpreter.game import Game

MAX_MOVES = 200
MAX_HAND = 20  # past this (pile takes) the solver's cost, not this property, dominates

BY = st.sampled_from(
    [["meld"], ["layoff"], ["discard"], ["meld", "layoff"], ["meld", "discard"],
     ["layoff", "discard"], ["meld", "layoff", "discard"]]
)  # fmt: skip
DRAW_DISCARD = st.sampled_from(
    [False, True, {"when": "me.laid_down_before"}, {"use": "any"}, {"use": "meld"},
     {"use": "meld", "hand_cards": 2}]
)  # fmt: skip
DEPTH = st.sampled_from(
    [False, {"min": 1}, {"min": 1, "use": "any"}, {"min": 2, "use": "meld", "hand_cards": 2}]
)
STOCK = st.sampled_from(
    [{"exhausted": "recycle"}, {"exhausted": "recycle", "recycles": 1}, {"exhausted": "end"},
     {"exhausted": "void", "reserve": 2}]
)  # fmt: skip
WILD = st.sampled_from(
    [None, {"cards": ["joker"]}, {"cards": ["joker"], "unique": True, "swap": True},
     {"cards": ["joker"], "outnumber": False, "swap": "me.laid_down_before"}]
)  # fmt: skip


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """A rule document extending rummy with a random mix of the play options.

    The mix mostly keeps to combinations `check` accepts (a knock only without
    melding during play, draw obligations only with melding any time, ...), so
    that most examples are played; the others exercise `check` itself.
    """
    melding = draw(st.sampled_from(["anytime", "anytime", "going_out", "never"]))
    anytime = melding == "anytime"
    required = draw(st.sampled_from(["unless_out", "always"]))
    by = draw(BY)
    if required == "always" and "discard" not in by and draw(st.integers(0, 9)):
        by = [*by, "discard"]
    stock = draw(st.integers(0, 9)) > 0
    upcard = draw(st.booleans())
    doc: dict[str, Any] = {
        "name": "mix",
        "extends": "rummy",
        "title": "Mix",
        "players": {"min": 2, "max": 3},
        "deal": {"cards": draw(st.sampled_from([5, 7])), "upcard": upcard},
        "draw": {
            "stock": stock,
            "discard": draw(DRAW_DISCARD if anytime else st.sampled_from([False, True])),
            "discard_then_stock": draw(st.booleans()),
            "discard_then_discard": draw(st.booleans()),
            "depth": draw(DEPTH if anytime else st.sampled_from([False, {"min": 1}])),
            "pile": draw(st.booleans()),
            "upcard_offer": stock and upcard and draw(st.booleans()),
        },
        "play": {
            "melding": melding,
            "melds_per_turn": draw(st.sampled_from([None, 1])) if melding != "never" else None,
            "layoff": draw(st.sampled_from([True, False, "me.laid_down_before"])),
            "layoff_onto": draw(st.sampled_from(["any", "own"])),
            "first_laydown_min": draw(st.sampled_from([0, 0, 20])),
        },
        "discard": {"required": required, "forbid_taken": draw(st.booleans())},
        "going_out": {"by": by},
        "knock": False if anytime else draw(st.sampled_from([False, {"limit": 10}])),
        "stock": draw(STOCK),
    }
    if melding == "going_out" and draw(st.booleans()):
        doc["going_out"]["partition"] = {"melds": [1, 2, 3]}
    if melding == "never" and doc["knock"] is False:
        doc["knock"] = {"limit": 10}
    wild = draw(WILD)
    if wild is not None:
        doc["deck"] = {"jokers": 2}
        doc["melds"] = {"wild": wild}
    return doc


@settings(
    max_examples=150,
    deadline=4000,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(documents(), st.integers(0, 2**32), st.integers(2, 3))
def test_checked_rules_never_strand_a_player(doc: dict[str, Any], seed: int, players: int) -> None:
    try:
        variant = load_text(yaml.safe_dump(doc, sort_keys=False), "mix.yaml")
    except RuleFileError:
        return  # `check` refuses it: nothing to play
    game = Game.new(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if game.hand_over or max(len(h) for h in game.hs.hands) > MAX_HAND:
            return
        moves = game.legal_moves()
        assert moves, f"stranded: no legal move in {game.position()}"
        laying = [m for m in moves if m.kind in ("meld", "layoff", "swap", "knock")]
        game.play(rng.choice(laying if laying and rng.random() < 0.7 else moves))
