"""Lay-offs: which card of a hand fits which table meld, kept per meld (interpreter, melds).

`layoffs` lists every (placed card, meld index) lay-off of a hand onto the table. The
judge asks it at every listing of the play phase (and the draw obligation's look-ahead),
while the table's melds change far less often than the hands listed against them: what
fits one meld is worked out once per (meld, card) and kept with the variant's tables
(`Tables.refusals`, bounded like melds.py's answers).
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.core.cards import JOKER, Placed
from rulespec.interpreter.meldrules import Tables, rank_mask, tables, window_by_mask
from rulespec.interpreter.melds import REFUSALS_KEPT, Meld, analyze
from rulespec.model.variant import Variant

Fits = tuple[str, Meld, list[int], dict[int, tuple[Placed, ...]]]
"""A valid table meld's kind, canonical order, the names a card may take on it, and the
lay-offs found so far per hand card."""


def _fitting_names(t: Tables, kind: str, meld: Meld) -> list[int]:
    """Cards that could join this meld (its rank in a set; a rank at a run's end in a run)."""
    sf = meld[0][1]
    if sf == JOKER:
        return [JOKER]
    if kind == "set":
        return [sf % 13 + 13 * s for s in range(4)]
    suit = sf // 13
    ranks = rank_mask([p[1] % 13 + 1 for p in meld])
    windows = window_by_mask(t.line)
    return [13 * suit + r for r in range(13) if not ranks >> r & 1 and ranks | 1 << r in windows]


def layoffs(
    variant: Variant, hand: Sequence[int], table_melds: Sequence[Sequence[Placed]]
) -> list[tuple[Placed, int]]:
    """Every (placed card, meld index) lay-off from the hand onto the table melds, sorted."""
    t = tables(variant)
    out: set[tuple[Placed, int]] = set()
    distinct = sorted(set(hand))
    for index, meld in enumerate(table_melds):
        fits = meld_fits(variant, t, meld)
        if fits is None:
            continue
        by_card = fits[3]
        for card in distinct:
            got = by_card.get(card)
            if got is None:
                got = by_card[card] = _fits(variant, t, fits, card)
            for placed in got:
                out.add((placed, index))
    return sorted(out, key=lambda x: (x[0], x[1]))


def meld_fits(variant: Variant, t: Tables, meld: Sequence[Placed]) -> Fits | None:
    """The kept lay-off facts of one table meld (None: not a valid meld)."""
    known = t.refusals
    key = ("fits", tuple(meld))
    if key in known:
        return known[key]  # type: ignore[no-any-return]
    found = analyze(variant, meld)
    fits: Fits | None = None
    if found is not None:
        kind, ordered = found
        fits = (kind, ordered, _fitting_names(t, kind, ordered), {})
    if len(known) >= REFUSALS_KEPT:
        known.clear()
    known[key] = fits
    return fits


def _fits(variant: Variant, t: Tables, fits: Fits, card: int) -> tuple[Placed, ...]:
    """The ways `card` may be laid off on the meld (as placed: itself, or a wild naming)."""
    kind, ordered, names, _ = fits
    tries = [(card, card)] if card in names else []
    if t.wild_code(card):
        tries += [(card, sf) for sf in names if sf != card]
    fit = []
    for placed in tries:
        after = analyze(variant, ordered + (placed,))
        if after is not None and after[0] == kind:
            fit.append(placed)
    return tuple(fit)
