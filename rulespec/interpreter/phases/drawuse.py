"""The draw obligation's quick answers: a sure "no" by depth of the pile, a sure "yes" (phases).

A draw whose card must be used this turn (`draw.discard.use`, `draw.depth.use`)
is legal only if the laying listing of the state after it (draw._usable: a
scratch copy, `laying(one=True)`) offers some move. In a one-deck game without
wild cards or whole-hand patterns both sides of that question have a cheap
exact answer for most depths, worked out for every depth of the pile in one
pass (the hand grows by one pile card per depth):

- `quick_nos`: the deepest card taken lies in no natural set or run of the hand
  with the cards taken (holding enough cards of the hand as it was), nor goes
  on a table meld as it is: the listing would find nothing.
- `sure_meld`: otherwise the pass keeps the natural meld that showed it; the
  listing accepts that meld (every gate of that moment asked, never assumed)
  whenever `meld_refusal` does and the meld is among the listing's candidates
  (every meld of the hand: a natural hand's listing is complete while its
  melds are at most `FULL_BUDGET`, counted), so the full listing is asked only
  when the meld is refused.
"""

from __future__ import annotations

from rulespec.core.cards import JOKER, mask_codes
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.meldgen import FULL_BUDGET
from rulespec.interpreter.meldrules import Tables, natural_melds_with, tables
from rulespec.interpreter.melds import name_wilds
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.lay import meld_gate, meld_move, meld_refusal
from rulespec.interpreter.phases.openvalue import opening_reachable
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

_COLUMN = tuple(sum(1 << (rank + 13 * suit) for suit in range(4)) for rank in range(13))
"""By rank (0-12): the 52-bit mask of that rank's four cards."""

_NEAR = tuple(_COLUMN[code % 13] | 0x1FFF << (code - code % 13) for code in range(52))
"""By card (0-51): the cards of its rank and of its suit (every natural meld holding it)."""

Quick = tuple[list[bool], list[int]]
"""By depth n (0 to the pile's size): a sure "no", and the natural meld mask that says
"maybe" (0: none kept)."""


def quick_nos(c: Ctx, use: str, need: int) -> list[bool]:
    """By depth n (0 to the pile's size): a quick sure 'no' for taking the pile's top n cards
    under the obligation (`use`, `need`), before the full listing. In a one-deck game without
    wild cards or whole-hand patterns, the deepest card taken must lie in some natural set or
    run of the hand with the cards taken (`meldrules.meldable`'s test, asked of that card
    alone), holding at least `need` cards of the hand as it was before the draw (the
    obligation's "with N from hand"), or be laid off on the table as it is (under the
    obligation the listing offers nothing else). Only ever says 'no' when the listing would
    find nothing, so the answer never changes. Made once per position and obligation: the
    draw asks it for every depth."""
    return _quick(c, use, need)[0]


def sure_meld(c: Ctx, n: int, use: str, need: int) -> int:
    """The natural meld mask (0: none) that holds the pile's n-th card from the top, lies in the
    hand with the top n cards and takes `need` cards of the hand as it was: the meld the draw's
    sure "yes" offers (`sure_yes`). Found by `quick_nos`'s pass when it had to look for one
    (`need` > 0), else looked for now."""
    nos, found = _quick(c, use, need)
    got = found[n]
    if got or nos[n] or not _applies(c.variant):
        return got
    masks = c.once(_pile_masks)
    if n >= len(masks):
        return 0
    got = found[n] = _meld_with(tables(c.variant), masks[n], masks[0], c.hs.discard[-n], need)
    return got


def sure_yes(moment: Ctx, mask: int) -> bool:
    """Does the laying listing of `moment` (the scratch state after a draw, the obligation set:
    a natural one-deck hand, `sure_meld` found `mask` in it) surely offer a move? True when
    the natural meld `mask` is among its candidates (`_complete`) and is accepted: the
    moment's meld gate, the opening's sure "no" and the meld's own predicate (the
    obligation, the opening, the way on) all asked. False: unsure (the full listing decides)."""
    variant = moment.variant
    if not mask or variant.play.melding == "going_out":
        return False  # (going out: the listing offers other melds, its way's)
    if meld_gate(moment) is not None or not opening_reachable(moment):
        return False
    if not _complete(variant, tables(variant), moment.hand):
        return False
    namings = name_wilds(variant, mask_codes(mask))
    return any(meld_refusal(moment, meld_move(meld)) is None for meld in namings)


def _applies(variant: Variant) -> bool:
    """One deck's natural cards only: no wild card, no whole-hand pattern (the quick tests are
    exact only then; the hand itself is checked by `_pile_masks`)."""
    t = tables(variant)
    return not (variant.melds.patterns or t.wild_joker or t.wild_ranks)


def _complete(variant: Variant, t: Tables, hand: list[int]) -> bool:
    """Does the listing of this natural one-deck hand hold every meld of it? Yes while the
    hand's natural melds, each in every naming, are at most `FULL_BUDGET`
    (`meldgen.candidate_listing`: every meld unless there are more). Counted from the
    melds by lowest card (`natural_by_low`), each meld's namings (`name_wilds`) once."""
    mask = 0
    for code in hand:
        mask |= 1 << code
    namings = _namings(variant)
    count = 0
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        for m in t.natural_by_low[low.bit_length() - 1]:
            if m & mask == m:
                got = namings.get(m)
                if got is None:
                    got = namings[m] = len(name_wilds(variant, mask_codes(m)))
                count += got
                if count > FULL_BUDGET:
                    return False
    return True


_NAMINGS: Derived[dict[int, int]] = Derived()


def _namings(variant: Variant) -> dict[int, int]:
    """How many namings each natural meld mask has (`name_wilds`), as asked, per variant."""
    return _NAMINGS.get(variant, None, dict)


def _quick(c: Ctx, use: str, need: int) -> Quick:
    memo: dict[tuple[str, int], Quick] = c.once(_new_memo)
    got = memo.get((use, need))
    if got is not None:
        return got
    pile = c.hs.discard
    nos, found = got = memo[use, need] = ([False] * (len(pile) + 1), [0] * (len(pile) + 1))
    variant = c.variant
    t = tables(variant)
    if variant.melds.patterns or t.wild_joker or t.wild_ranks:  # (`_applies`)
        return got
    masks = c.once(_pile_masks)  # the hand before the draw with the pile's top cards
    table = [m for _, m in c.hs.melds] if use != "meld" else []
    before = masks[0]
    cover = t.run_cover
    set_min = t.set_min if t.has_sets and t.set_min <= 4 else 99
    column, near = _COLUMN, _NEAR
    kept = _found(t, need)
    for n, (mask, first) in enumerate(zip(masks[1:], reversed(pile), strict=False), 1):
        if table and next(iter(layoffs(variant, [first], table)), None) is not None:
            continue  # it can be laid off on the table
        rank = first % 13
        if not (
            cover[mask >> (first - rank) & 0x1FFF] >> rank & 1
            or (mask & column[rank]).bit_count() >= set_min
        ):
            nos[n] = True  # (meldable's bit of the card: in a run of its suit or a set)
        elif need > 0:  # a meld must take `need` cards of the hand before the draw
            local = near[first]
            meld = kept.get((first, mask & local, before & local))
            if meld is None:
                meld = _meld_with(t, mask, before, first, need)
            found[n] = meld
            nos[n] = not meld
    return got


def _meld_with(t: Tables, mask: int, before: int, card: int, need: int) -> int:
    """The first natural meld (`natural_melds_with`'s order) holding `card`, within `mask`,
    that takes at least `need` cards of `before`; 0 if none. Every such meld lies in the
    card's suit and rank (`_NEAR`), so the answer is kept by those cards of `mask` and
    `before` (`_found`: the same few come back depth after depth, turn after turn)."""
    got = 0
    for m in natural_melds_with(t, card):  # (a loop: no generator per depth)
        if m & mask == m and (m & before).bit_count() >= need:
            got = m
            break
    kept = _found(t, need)
    if len(kept) >= _FOUND_KEPT:
        kept.clear()
    local = _NEAR[card]
    kept[card, mask & local, before & local] = got
    return got


_FOUND_KEPT = 1 << 16
_FOUND: dict[tuple[int, int], tuple[Tables, dict[tuple[int, ...], int]]] = {}


def _found(t: Tables, need: int) -> dict[tuple[int, ...], int]:
    """`_meld_with`'s answers for these tables and `need`, by the card's suit and rank."""
    hit = _FOUND.get((id(t), need))
    if hit is None or hit[0] is not t:
        if len(_FOUND) > 64:
            _FOUND.clear()
        hit = _FOUND[id(t), need] = (t, {})
    return hit[1]


def _new_memo(c: Ctx) -> dict[tuple[str, int], Quick]:
    """A position's quick answers by obligation (`_quick`), empty at first."""
    return {}


def _pile_masks(c: Ctx) -> list[int]:
    """By depth n: the mover's hand before the draw with the pile's top n cards as a card mask
    (the cards every draw of n cards takes: `taken` is always the pile's top), up to the depth
    where a joker or a second copy of a card comes in (the quick test cannot say then; [-1]
    when the hand holds one). Made once per position: the draw's quick test asks it for every
    depth of the pile."""
    mask = 0
    for code in c.hand:
        mask |= 1 << code
    if mask >> JOKER or mask.bit_count() != len(c.hand):
        return [-1]
    out = [mask]
    for code in reversed(c.hs.discard):
        bit = 1 << code
        if code >= JOKER or mask & bit:
            break
        mask |= bit
        out.append(mask)
    return out
