"""Golden playthroughs: replay tests/golden/*.json and re-run their policy (stage: tests).

Each file (written by scripts/regen_golden.py) holds a variant, seats, seed,
the move log and result of each hand, the final totals and the final
position. (1) Replaying the log through a new game with that seed must give
the same results and position; (2) re-running the script's policy must give
the very same file, byte for byte (legal-move order and dealing are stable).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.errors import RulespecError
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases.stock import CAPPED

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
REGEN = "run scripts/regen_golden.py and review the diff"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "regen_golden", ROOT / "scripts" / "regen_golden.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


regen = _load_script()
FILES = sorted(GOLDEN.glob("*.json"))


def _record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _json(value: Any) -> Any:
    """The value as the file stores it (tuples become lists)."""
    return json.loads(json.dumps(value))


def _first_difference(expected: Any, actual: Any, where: str = "") -> str:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual or key not in expected:
                side = "engine" if key not in actual else "file"
                return f"{where}.{key}: missing from the {side}"
            if expected[key] != actual[key]:
                return _first_difference(expected[key], actual[key], f"{where}.{key}")
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            if e != a:
                return _first_difference(e, a, f"{where}[{i}]")
        if len(expected) != len(actual):
            return f"{where}: {len(expected)} items in the file, {len(actual)} now"
    return f"{where}: file has {expected!r}, engine gives {actual!r}"


def test_every_case_has_a_golden_file() -> None:
    expected = sorted(case.filename for case in regen.cases())
    assert [p.name for p in FILES] == expected, REGEN


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_is_a_sound_case(path: Path) -> None:
    record = _record(path)
    assert path.name == regen.Case(record["variant"], record["players"]).filename
    assert record["seed"] in regen.SEEDS
    assert 1 <= len(record["hands"]) <= regen.HANDS
    for hand in record["hands"]:
        assert 0 < len(hand["moves"]) <= regen.MAX_MOVES
        assert hand["result"].get("why") != CAPPED
    assert record["position"]["log"] == [m for h in record["hands"] for m in h["moves"]]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replay_reproduces_results_and_position(path: Path) -> None:
    record = _record(path)
    game = Game.new(load_variant(record["variant"]), record["players"], record["seed"])
    for number, hand in enumerate(record["hands"], 1):
        if number > 1:
            game.next_hand()
        for i, move in enumerate(hand["moves"]):
            where = f"{path.name} hand {number} move {i + 1} {move!r}"
            assert not game.hand_over, f"{where}: the hand already ended; {REGEN}"
            try:
                game.play(move)
            except RulespecError as exc:
                pytest.fail(f"{where}: {exc}; {REGEN}")
        assert game.hand_over, f"{path.name} hand {number}: not over after its log; {REGEN}"
        result = _json(dict(game.hand_result or {}))
        assert result == hand["result"], (
            f"{path.name} hand {number} result{_first_difference(hand['result'], result)}; {REGEN}"
        )
        assert game.totals == hand["totals"], f"{path.name} hand {number} totals; {REGEN}"
    assert game.totals == record["totals"], f"{path.name}: totals; {REGEN}"
    assert game.match_over == record["match_over"], f"{path.name}: match_over; {REGEN}"
    position = _json(game.position())
    assert position == record["position"], (
        f"{path.name} position{_first_difference(record['position'], position)}; {REGEN}"
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_saved_position_continues_identically(path: Path) -> None:
    """The final position read back gives the same position (and, unless over, moves)."""
    record = _record(path)
    variant = load_variant(record["variant"])
    game = Game.from_position(variant, record["position"])
    assert _json(game.position()) == record["position"], f"{path.name}: position round trip"
    assert game.hand_over
    assert game.match_over == record["match_over"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_policy_reproduces_the_file(path: Path) -> None:
    record = _record(path)
    case = regen.Case(record["variant"], record["players"])
    try:
        now = regen.play_case(case, record["seed"])
    except regen.TooLong as exc:
        pytest.fail(f"{exc}; {REGEN}")
    text = regen.render(now)
    if text != path.read_text(encoding="utf-8"):
        pytest.fail(f"{path.name}{_first_difference(record, json.loads(text))}; {REGEN}")


def test_check_passes_then_reports_a_tampered_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(regen, "GOLDEN_DIR", tmp_path)
    assert regen.main(["gin"]) == 0
    written = tmp_path / "gin-2p.json"
    assert written.read_bytes() == (GOLDEN / "gin-2p.json").read_bytes()
    assert regen.main(["gin", "--check"]) == 0
    written.write_text(written.read_text().replace('"draw stock"', '"draw discard"', 1))
    capsys.readouterr()
    assert regen.main(["gin", "--check"]) == 1
    out = capsys.readouterr().out
    assert '-    "draw discard"' in out and '+    "draw stock"' in out
    assert REGEN in out
