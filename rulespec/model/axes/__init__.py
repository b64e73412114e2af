"""Every rule axis of the language, declared once: the table the readers derive from (model).

`AXES` lists every key of the rule document in document order, `Group`s (the
sections and sub-tables) among the `Axis` leaves; `node(path)` finds one. The
declarations are split by document section: `setup` (head, players, deck,
dealer, deal, ace, values), `melds`, `turn` (draw, play, discard), `ending`
(going out, knock, stock) and `scoring` (scoring, match).

Most axes are simple: a value said by a few fixed words, a number, a word or
an expression, and everything about them derives from the declaration. Some
are structured and keep hand-written DSL items (named in each module's
docstring), because their value is not one word: count tables by player count
(`deck.decks`, `deal.cards`), lists (`going_out.by`, `melds.wild.cards`), the
pattern list, the partition tables, the per-reason score tables and the ranges
(`set of 3..4`). Their schema, default, model field and description are still
declared here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rulespec.model.axes.base import NO_DEFAULT, Axis, Group, Phrase
from rulespec.model.axes.claims import BUY
from rulespec.model.axes.ending import GOING_OUT, KNOCK, STOCK
from rulespec.model.axes.melds import MELDS
from rulespec.model.axes.schedule import SCHEDULE
from rulespec.model.axes.scoring import MATCH, SCORING
from rulespec.model.axes.setup import HEAD, SETUP, VALUES
from rulespec.model.axes.table import TABLE
from rulespec.model.axes.turn import DISCARD, DRAW, PLAY

__all__ = ["AXES", "NO_DEFAULT", "Axis", "Group", "Node", "Phrase", "axis_default", "node"]

Node = Axis | Group

AXES: tuple[Node, ...] = (
    *HEAD,
    *SETUP,
    *VALUES,
    *MELDS,
    *DRAW,
    *PLAY,
    *DISCARD,
    *GOING_OUT,
    *KNOCK,
    *STOCK,
    *SCORING,
    *MATCH,
    *TABLE,
    *BUY,
    *SCHEDULE,
)


@cache
def _by_path() -> dict[str, Node]:
    return {n.path: n for n in AXES}


def axis_default(path: str) -> Any:
    """The declared default of the axis at `path` (KeyError when it has none)."""
    found = node(path)
    if found is None or found.default is NO_DEFAULT:
        raise KeyError(path)
    return found.default


def node(path: str) -> Node | None:
    """The declaration at a dotted document path (None when no axis is declared there)."""
    return _by_path().get(path)
