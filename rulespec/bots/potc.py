"""The partial melds' potential of a deadwood mask in C, for every pool (bots layer, under
partials).

`partials._mask_potential` sums, for each pair of deadwood cards with outs, the pair's
value times the chance one of its outs comes, from the pool's counts. The one-deck
mask path has it in C already (`_deadwood.c`'s Look, `pot`, a one-deck pool); the
other hands (two decks, wild cards, whole-hand patterns: bridge's every hand) summed it
in Python. `_deadwood.c`'s Look answers that too (`pot_dead`: the pool read once per
pool and draws as the masks of the cards unseen at least once, twice, ..., each pair's
term kept for them, as `partials` keeps its): a Look is built here per variant with the
pairs' outs (`pairouts.pair_outs`) and the hand values `partials` reads, its lookahead
tables left to the variant's own. The same terms in the same order, so the same float
(tests/bots/test_potc.py); None without the C extension or where a pair's outs list a
card twice (the Python sum would count it twice).
"""

from __future__ import annotations

from typing import Any

from rulespec.bots.base import hand_value
from rulespec.bots.pairouts import out_masks, pair_outs
from rulespec.interpreter.maskwalk import look_over
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.runtable import kernel
from rulespec.model.variant import Variant

KEEP = 4
"""Looks kept (a deal series makes a variant per deal): past this many, all are rebuilt."""

_LOOKS: dict[int, tuple[Variant, Any]] = {}  # by the variant's id, the variant held


def pot_look(variant: Variant) -> Any:
    """The variant's C Look with the pairs' outs (its `pot_dead`), or None."""
    hit = _LOOKS.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    made = _build(variant)
    if len(_LOOKS) >= KEEP:
        _LOOKS.clear()
    _LOOKS[id(variant)] = (variant, made)
    return made


def _build(variant: Variant) -> Any:
    t = tables(variant)
    outs = out_masks(pair_outs(variant)[0])
    if outs is None:
        return None  # a card listed twice: counted twice by the Python sum
    values = [hand_value(variant, c) for c in range(52)]
    return look_over(kernel(t), t, values, _NO_NEAR, outs)


_NO_NEAR = [0] * 13  # (the potential reads no near ranks)
