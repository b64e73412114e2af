"""The C form of the smart bot's mask lookahead, handed its tables (bots layer, below masklook).

`_deadwood.c`'s `Look` takes, once per variant, the tables `bots/masklook.py`'s
MaskLook reads (run cover, value sums, natural melds by lowest card, near
ranks), the pairs' outs (`bots/pairouts.py`) and the discard dangers' tables and
constants (`bots/danger.py`), over the variant's C `Kernel`. None wherever the
extension is absent or refuses a table: MaskLook then answers in Python.
"""

from __future__ import annotations

from typing import Any

from rulespec.bots import danger, mates
from rulespec.bots.pairouts import out_masks, pair_outs
from rulespec.bots.units import point_unit
from rulespec.interpreter.maskwalk import look_over
from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.runtable import Kernel
from rulespec.model.variant import Variant


def compiled_of(variant: Variant, t: Tables, k: Kernel, sets: bool, near_bits: list[int]) -> Any:
    """The C lookahead over these tables, when the C kernel is there (else None)."""
    if k.native is None:
        return None
    outs = out_masks(pair_outs(variant)[0])
    if outs is None:
        return None  # a card listed twice: counted twice by the Python sum
    made = look_over(k, t, t.hand_values[:52], near_bits, outs, sets)
    if made is not None:
        try:
            _set_danger(made, variant)
        except (ValueError, TypeError, OverflowError):  # tables C cannot hold: all in Python
            return None
    return made


def _set_danger(made: Any, variant: Variant) -> None:
    """Give the C lookahead `danger.discard_dangers`' tables and constants."""
    rule, run = variant.melds.set, variant.melds.run
    windows = [mates.run_windows(variant, rank) if run is not None else [] for rank in range(1, 14)]
    made.set_danger(
        [sum(1 << c for c in m) for m in mates._mates(variant)[:52]],
        windows,
        0 if rule is None else max(rule.min - 1, 1),
        rule is not None and rule.suits == "any",
        (danger.DECLINED, danger.THROWN, danger.FEED_WEIGHT, danger.DEAD_BONUS)
        + (point_unit(variant),),
    )
