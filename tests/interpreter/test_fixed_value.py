"""An expression that reads no name is worked out once (turnctx.fixed_value), exactly.

The knock limit is asked on every discard; `knock when deadwood <= 10` reads nothing,
so the engine keeps its value, while Oklahoma's limit (the upcard's value) is still
worked out from the turn's names. Either way the answer equals the expression's own.
"""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.grammar.expr import compile_expression
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.turnctx import (
    NOT_FIXED,
    active_count,
    fixed_value,
    hand_names,
    knock_limit,
    turn_env,
    upcard_env,
)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("10", 10),
        ("3 + 4 * 2", 11),
        ("max(2, 7)", 7),
        ("upcard.value", NOT_FIXED),
        ("turns > 3 ? 5 : 10", NOT_FIXED),
        ("players * 2", NOT_FIXED),
    ],
)
def test_fixed_value_reads_no_name(source: str, expected: object) -> None:
    compiled = compile_expression(source, "knock", "int")
    for _ in range(2):  # worked out, then kept
        got = fixed_value(compiled)
        assert got is NOT_FIXED if expected is NOT_FIXED else got == expected


def test_literal_constant_without_weak_reference() -> None:
    """A plain literal (build's constant) and a folded one both give their value."""
    assert fixed_value(lambda env: 4) == 4
    assert fixed_value(lambda env: env["stock"]) is NOT_FIXED


def _evaluated(variant: object, hs: object) -> int:
    """The knock limit as the engine worked it out before: the expression over its names."""
    env = {"players": active_count(hs), **hand_names(hs)}  # type: ignore[arg-type]
    upcard_env(variant, hs, env)  # type: ignore[arg-type]
    return int(variant.knock.limit(env))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["gin", "oklahoma"])
def test_knock_limit_equals_the_expression(name: str) -> None:
    variant = load_variant(name)
    rng = random.Random(3)
    seen = set()
    for seed in range(4):
        game = Game.new(variant, 2, seed)
        while not game.hand_over:
            got = knock_limit(game.rules, game.hs)
            assert got == _evaluated(game.rules, game.hs)
            seen.add(got)
            game.play(rng.choice(game.legal_moves()))
    if name == "oklahoma":
        assert len(seen) > 1  # the upcard decides: read per hand, not kept


@pytest.mark.parametrize("name", ["scala-40", "kalooki", "contract-rummy"])
def test_the_opening_facts_equal_the_turn_names(name: str) -> None:
    """Ctx.laid_down_before (read from the state) and first_laydown_min (a fixed minimum
    without the turn's names) equal what the turn's names and the expression give."""
    v = load_variant(name)
    rng = random.Random(2)
    asked = laid = 0
    for seed in range(6):
        g = Game.new(v, max(v.min_players, 2) + seed % 2, seed=seed)
        while not g.hand_over and asked < 400:
            rules = g.rules
            env = turn_env(rules, g.hs, g.to_move)
            c = Ctx(rules, g.hs)
            assert c.laid_down_before() == env["me.laid_down_before"]
            first = rules.play.first_laydown_min
            want = 0 if first is None or env["me.laid_down_before"] else max(0, int(first(env)))
            assert c.first_laydown_min() == want
            asked += 1
            laid += env["me.laid_down_before"]
            g.play(rng.choice(g.legal_moves()))
    assert asked > 100 and 0 < laid < asked
