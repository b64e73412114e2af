"""Axes of rules that change per deal: the deal schedule (model).

Plain data (see `rulespec.model.axes.base`). `schedule` is a list, one entry
per deal of the match in order (deal 1 first): each entry may set the hand
size (`cards`) and the first laying down's contract (`sets`, `set_min`,
`runs`, `run_min`, `pure`: the keys of `play.contract_*` for that deal); what
an entry leaves out stays as the file's `deal` and `play` say. A match with a
schedule ends after its last deal. Its DSL statement (`schedule deal 1: 10
cards, 2 sets`) is hand-written in rules.lark, one statement per deal.
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis

ENTRY_KEYS = ("cards", "sets", "set_min", "runs", "run_min", "pure")
"""The keys of one deal of the schedule, in the order the printer writes them."""

_ENTRY = {
    "type": "object",
    "description": "one deal: its hand size and the contract of its first laying down",
    "properties": {
        "cards": {
            "type": "integer",
            "minimum": 1,
            "maximum": 60,
            "description": "cards dealt to each player",
        },
        "sets": {"type": "integer", "minimum": 0, "maximum": 8, "description": "contract: sets"},
        "set_min": {
            "type": "integer",
            "minimum": 2,
            "maximum": 32,
            "description": "contract: cards per set",
        },
        "runs": {"type": "integer", "minimum": 0, "maximum": 8, "description": "contract: runs"},
        "run_min": {
            "type": "integer",
            "minimum": 2,
            "maximum": 14,
            "description": "contract: cards per run",
        },
        "pure": {
            "type": "integer",
            "minimum": 0,
            "maximum": 8,
            "description": "contract: runs without wild cards",
        },
    },
    "additionalProperties": False,
}

SCHEDULE = (
    Axis(
        "schedule",
        "list",
        "the deal schedule: per deal in order, its hand size and first-laying-down contract"
        " (keys cards, sets, set_min, runs, run_min, pure); the match ends after the last"
        " deal ([]: every deal alike)",
        [],
        model=("schedule",),
        schema={"maxItems": 30, "items": _ENTRY},
    ),
)
