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
    """Every (placed card, meld index) lay-off from the hand onto the table melds, sorted.

    A natural card fits a meld only as itself, so only as one of its fitting names (`_fits`
    tries nothing else): per meld only those of the hand's cards and its wild cards are
    asked, each once (a card's lay-offs all hold it, so none repeats)."""
    t = tables(variant)
    out: list[tuple[Placed, int]] = []
    held = set(hand)
    wild = [card for card in held if t.wild_code(card)]
    for index, meld in enumerate(table_melds):
        fits = meld_fits(variant, t, meld)
        if fits is None:
            continue
        by_card = fits[3]
        for card in [c for c in fits[2] if c in held and c not in wild] + wild:
            got = by_card.get(card)
            if got is None:
                got = by_card[card] = _fits(variant, t, fits, card)
            for placed in got:
                out.append((placed, index))
    out.sort()
    return out


_BY_ID: dict[int, tuple[Sequence[Placed], Fits | None]] = {}
"""`meld_fits` by the table meld's identity (the table's melds are the same tuples from
moment to moment; hashing one means hashing every card of it)."""


def meld_fits(variant: Variant, t: Tables, meld: Sequence[Placed]) -> Fits | None:
    """The kept lay-off facts of one table meld (None: not a valid meld)."""
    hit = _BY_ID.get(id(meld))
    if hit is not None and hit[0] is meld and t.refusals is _BY_ID_OF[0]:
        return hit[1]
    known = t.refusals
    key = ("fits", tuple(meld))
    if key in known:
        fits: Fits | None = known[key]
    else:
        found = analyze(variant, meld)
        fits = None
        if found is not None:
            kind, ordered = found
            fits = (kind, ordered, _fitting_names(t, kind, ordered), {})
        if len(known) >= REFUSALS_KEPT:
            known.clear()
        known[key] = fits
    if known is not _BY_ID_OF[0] or len(_BY_ID) > 4096:
        _BY_ID.clear()
        _BY_ID_OF[0] = known
    _BY_ID[id(meld)] = (meld, fits)
    return fits


_BY_ID_OF: list[dict[object, object] | None] = [None]
"""The tables' store `_BY_ID` was filled from (another variant's tables: start over)."""


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
