"""Scenario tests: a variant, a position, moves, what must happen (tests/scenarios/README.md).

Each YAML file under tests/scenarios/ names a bundled variant and holds a
list of scenarios; each scenario is one test. Steps play moves, expect
moves to be legal or refused (with a message fragment naming the rule, and
the position unchanged), and compare fragments of the position and of the
hand result.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulespec.compiler.load import load_variant
from rulespec.core.errors import IllegalMove, InvalidMove, PositionError
from rulespec.interpreter.game import Game

HERE = Path(__file__).resolve().parents[1] / "scenarios"


def _collect() -> list[Any]:
    out = []
    for path in sorted(HERE.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for sc in doc["scenarios"]:
            variant = sc.get("variant", doc["variant"])
            out.append(pytest.param(variant, sc, id=f"{path.stem}:{sc['name']}"))
    return out


def matches(actual: Any, expected: Any, where: str = "") -> None:
    """Subset match: dicts by the expected keys, lists and scalars exactly."""
    if isinstance(expected, dict):
        assert isinstance(actual, Mapping), f"{where}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{where}.{k}: missing in {sorted(actual)}"
            matches(actual[k], v, f"{where}.{k}")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def run_step(g: Game, step: dict[str, Any]) -> Game:
    legal = [str(m) for m in g.legal_moves()]
    if "play" in step:
        texts = step["play"] if isinstance(step["play"], list) else [step["play"]]
        for text in texts:
            g.play(text)
    if "illegal" in step:
        before = g.position()
        with pytest.raises(IllegalMove) as info:
            g.play(step["illegal"])
        assert str(step["error"]).lower() in str(info.value).lower(), str(info.value)
        assert g.position() == before
    if "invalid" in step:
        before = g.position()
        with pytest.raises(InvalidMove):
            g.play(step["invalid"])
        assert g.position() == before
    if "legal" in step:
        for text in step["legal"]:
            assert text in legal, f"{text!r} not in legal moves {legal}"
    if "not_legal" in step:
        for text in step["not_legal"]:
            assert text not in legal, f"{text!r} should not be legal"
    if "moves" in step:
        assert sorted(legal) == sorted(step["moves"])
    if "count" in step:
        assert sum(1 for m in legal if m.startswith(step["count"]["prefix"])) == step["count"]["n"]
    if "expect" in step:
        matches(g.position(), step["expect"], "position")
    if "result" in step:
        assert g.hand_over, "the hand should be over"
        matches(g.hand_result, step["result"], "result")
    if "lines" in step:
        text = "\n".join(g.hand_result["lines"] if g.hand_result else [])
        for fragment in step["lines"]:
            assert fragment in text, f"{fragment!r} not in:\n{text}"
    if "observation" in step:
        seat, fragment = step["observation"]["seat"], step["observation"]["is"]
        matches(g.observation(seat), fragment, "observation")
    if "totals" in step:
        assert g.totals == step["totals"]
    if "match" in step:
        assert g.match_over == step["match"]["over"]
        if "winner" in step["match"]:
            assert g.match_winner == step["match"]["winner"]
    if step.get("next_hand"):
        g.next_hand()
    if "restore" in step:  # round trip through the saved-game form at this point
        g = Game.from_position(g.variant, g.position())
    return g


@pytest.mark.parametrize(("variant", "scenario"), _collect())
def test_scenario(variant: str, scenario: dict[str, Any]) -> None:
    if "/" in variant:  # a rule file by path, relative to the repository root
        variant = str(HERE.parent.parent / variant)
    v = load_variant(variant)
    if "bad_position" in scenario:
        with pytest.raises(PositionError) as info:
            Game.from_position(v, scenario["bad_position"])
        assert scenario["error"] in str(info.value), str(info.value)
        return
    if "position" in scenario:
        g = Game.from_position(v, scenario["position"])
    else:
        new = scenario.get("new", {})
        g = Game.new(v, new.get("players", v.min_players), seed=new.get("seed", 1))
    for step in scenario.get("steps", []):
        g = run_step(g, step)


def test_there_are_enough_scenarios() -> None:
    params = _collect()
    per: dict[str, int] = {}
    for p in params:
        name = str(p.values[0])
        per[name] = per.get(name, 0) + 1
    from rulespec.compiler.load import bundled_names

    for name in bundled_names():
        assert per.get(name, 0) >= 4, f"{name}: only {per.get(name, 0)} scenarios"
