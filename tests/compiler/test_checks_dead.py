"""Warnings for rules that never take effect, and what `compiler.reach` says can happen.

The warning cases themselves are data (tests/data/valid, `# expect-warning:`
lines); here: every bundled variant and house-rule example checks without a
warning, `rulespec check` prints a warning with exit 0, and the answers of
`rulespec.compiler.reach` that the warnings and `explain` stand on.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulespec.compiler.load import bundled_names, load_document
from rulespec.compiler.reach import knock_limits, possible, void_in_recycle
from rulespec.compiler.schema import with_defaults
from rulespec.core.errors import Problem

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "house-rules").glob("*.rules"))


@pytest.mark.parametrize(
    "target", bundled_names() + [str(p) for p in EXAMPLES], ids=lambda t: Path(t).stem
)
def test_bundled_and_examples_check_without_warnings(target: str) -> None:
    warnings: list[Problem] = []
    load_document(target, warnings)
    assert warnings == []


def test_examples_are_present() -> None:
    assert len(EXAMPLES) >= 6


def test_check_prints_a_warning_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "gin-never.rules"
    path.write_text(
        'variant gin-never extends gin {\n  title "Gin, never"\n'
        "  knock when deadwood <= -1\n  replace stock recycle\n}\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "rulespec", "check", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{path}:3:26: warning: knock.limit: no hand can ever end")
    assert result.stdout.splitlines()[-1] == "1 file checked: 1 valid, 1 warning"


def _full(name: str, **changes: Any) -> dict[str, Any]:
    doc = load_document(name)
    for path, value in changes.items():
        node = doc
        *parents, last = path.split("__")
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
    return with_defaults(doc)


@pytest.mark.parametrize(
    ("name", "changes", "limits"),
    [
        ("gin", {}, (10, 10)),
        ("oklahoma", {}, (0, 10)),
        ("gin", {"knock__limit": "players - 3"}, (-1, -1)),
        ("bridge", {"knock__limit": "upcard.value - 20"}, (-19, 0)),  # a joker upcard is 20
        ("rummy", {}, None),
    ],
)
def test_knock_limits_over_every_upcard_and_player_count(
    name: str, changes: dict[str, Any], limits: tuple[int, int] | None
) -> None:
    assert knock_limits(_full(name, **changes)) == limits


@pytest.mark.parametrize(
    ("name", "changes", "reasons"),
    [
        ("gin", {}, {"knock", "gin", "undercut", "void"}),
        ("oklahoma", {}, {"knock", "gin", "undercut", "void"}),
        ("gin", {"knock__limit": 0}, {"gin", "void"}),
        ("rummy", {}, {"out"}),  # the pile is turned over as often as needed
        ("rummy", {"stock__recycles": 5}, {"out", "stock"}),  # a house-rule cap
        ("boat", {}, {"out", "void"}),  # discard then stock can leave the pile short
        ("michigan", {}, {"out", "stock"}),
        ("michigan", {"stock__exhausted": "recycle"}, {"out", "void"}),  # depth draws
        ("continental", {}, {"out"}),
        # melds laid only when going out: nobody lays off, so not out by lay-off
        (
            "continental",
            {
                "play__layoff": True,
                "going_out__by": ["layoff"],
                "discard__required": "unless_out",
                "stock__recycles": 5,
            },
            {"stock"},
        ),
        # without a stock draw the stock never runs down (a pile draw only)
        ("michigan", {"draw__stock": False}, {"out"}),
        ("michigan", {"draw__stock": False, "stock__reserve": 40}, {"out", "stock"}),
        ("rummy", {"draw__stock": False, "draw__pile": True}, {"out"}),
    ],
)
def test_possible_hand_ends(name: str, changes: dict[str, Any], reasons: set[str]) -> None:
    assert possible(_full(name, **changes)) == reasons


def test_a_deal_that_leaves_one_card_can_void_a_recycled_hand() -> None:
    # 3 x 17 dealt, no upcard: one stock card, an empty pile: the first player
    # draws it and discards, and the pile holds one card as the stock runs out
    three = {"players__min": 3, "players__max": 3, "deal__upcard": False}
    assert void_in_recycle(_full("rummy", deal__cards=17, **three))
    assert not void_in_recycle(_full("rummy", deal__cards=16, **three))
