"""Play checks: rules under which a player could be left with no legal move (stage: check, part 4).

The engine never offers a meld, lay-off or swap after which the turn could
not end (interpreter/phases/wayon.py), and a stock draw always exists while
`draw.stock` is on (a recycled stock is turned over, an ending stock ends the
hand first). Without stock draws every draw comes from the pile, so a rule
file must make sure one is always possible: reported here, located.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator
from rulespec.model.names import upcard_available


def _free(rule: Any) -> bool:
    """A pile draw (draw.discard or draw.depth) with no condition and no obligation."""
    if rule is True:
        return True
    if not isinstance(rule, Mapping):
        return False
    when, use, depth = rule.get("when", True), rule.get("use", "none"), rule.get("min", 1)
    return when is True and use == "none" and depth == 1


def check_play(doc: Mapping[str, Any], locator: Locator) -> list[Problem]:
    """Every way the rules of `doc` (defaults filled) could strand a player at the draw."""
    draw = doc["draw"]
    if draw["stock"]:
        return []
    problems: list[Problem] = []
    if draw["upcard_offer"]:
        problems.append(
            locator.problem(
                "draw.upcard_offer",
                "when every player passes the upcard, the first player must draw from the "
                "stock, but draw.stock is false",
            )
        )
    free = _free(draw["discard"]) or _free(draw["depth"]) or draw["pile"]
    if not (free and upcard_available(doc)):
        problems.append(
            locator.problem(
                "draw.stock",
                "with draw.stock false every draw comes from the pile, so a player could be "
                "left with no way to draw: that needs an upcard (deal.upcard) and a pile draw "
                "with no condition (draw.discard: true, draw.pile: true, or draw.depth with "
                "min 1 and no use)",
            )
        )
    return problems
