"""The table's melds read once while they lie (`bots/tablesight.py`) against the same
lists read afresh, at every danger decision of seeded games with melds on the table."""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.bots import smart, tablesight
from rulespec.bots.base import JOKER, View
from rulespec.bots.mates import rank_positions
from rulespec.compiler.load import load_variant
from rulespec.model.variant import Variant
from rulespec.sim import runner


def _fresh_targets(variant: Variant, view: View) -> list[Any]:
    at = rank_positions(variant.ranks)
    found = [tablesight._layoff_target(at, meld.placed) for meld in view.melds]
    return [t for t in found if t is not None]


@pytest.mark.parametrize(("name", "players"), [("partnership-500-rum", 4), ("contract-rummy", 3)])
def test_kept_table_reads_equal_fresh_ones(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = load_variant(name)
    seen: list[int] = []
    real = smart.discard_dangers

    def check(view: View, v: Variant, *args: Any) -> dict[int, float]:
        if view.melds:
            want = [c % 13 + 1 for m in view.melds for c in m.placed if c < JOKER]
            assert tablesight.meld_ranks(view.melds) == want
            assert tablesight.layoff_targets(v.ranks, view.melds) == _fresh_targets(v, view)
            assert tablesight.places(v.ranks) == rank_positions(v.ranks)
            seen.append(len(view.melds))
        return real(view, v, *args)

    monkeypatch.setattr(smart, "discard_dangers", check)
    for seed in range(4):
        runner.run_hand(variant, players, ("smart",), 1, seed)
    assert len(set(seen)) > 2  # the table's melds changed along the way
