"""Turn-action checks: a drop penalty's names, a turned stock card (pipeline stage: check, part 3).

`play.drop_penalty` is worked out for the seat that dropped, at the hand's
end, and stands for that seat's penalty and deadwood: it may not read them
(nor the facts of other seats or of how the hand ended, which a dropped
seat's own payment does not depend on). `knock.timing: before_draw` knocks
over the whole hand, so it needs a knock limit a hand of the dealt size can
meet; that is left to the knock-limit warnings (checks_dead.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.expr import names_in
from rulespec.grammar.located import Locator

_OWN = frozenset({"me.penalty", "me.deadwood"})
_OTHERS = ("winner.", "knocker.", "losers", "others", "out.", "me is ")
_BARE = frozenset({"rummy", "reason"})


def check_turn_actions(full: Mapping[str, Any], locator: Locator) -> list[Problem]:
    """Located errors for a drop penalty that reads what it cannot, and for a turned stock
    card (`draw.turned`) that could never be taken, or beside a first-upcard offer."""
    return _turned(full, locator) + _drop_penalty(full, locator)


def _turned(full: Mapping[str, Any], locator: Locator) -> list[Problem]:
    draw = full["draw"]
    if not draw.get("turned"):
        return []
    problems: list[Problem] = []
    if draw["discard"] is False:
        problems.append(
            locator.problem(
                "draw.turned",
                "a turned-up stock card is taken as the top discard is (draw.discard), but"
                " draw.discard is false: nobody could ever take it",
            )
        )
    if draw["upcard_offer"]:
        problems.append(
            locator.problem(
                "draw.turned",
                "a turned-up stock card and a first-upcard offer (draw.upcard_offer) cannot"
                " go together: every turn already starts with a face-up card",
            )
        )
    return problems


def _drop_penalty(full: Mapping[str, Any], locator: Locator) -> list[Problem]:
    play = full["play"]
    source = play.get("drop_penalty", 0)
    if play.get("drop", "never") == "never" or isinstance(source, (bool, int)):
        return []
    problems: list[Problem] = []
    path = "play.drop_penalty"
    for name in names_in(str(source)):
        text = name.name
        if text in _OWN:
            why = (
                f"'{text}': a drop penalty stands for the dropped seat's penalty and deadwood,"
                " so it cannot read them"
            )
        elif text.startswith(_OTHERS) or text in _BARE:
            why = (
                f"'{text}': a drop penalty is the dropped seat's own (it may read me.turn,"
                " me.cards and the seat's other facts, turns, deal, players), not how the hand"
                " ended"
            )
        else:
            continue
        problems.append(locator.problem(path, why, offset=name.offset))
    return problems
