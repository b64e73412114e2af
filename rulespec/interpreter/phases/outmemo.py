"""Going-out answers asked once: per moment, and carried to the moment after a meld (phases, lay).

Under `play.melding: going_out` the listing asks `wayon.can_finish` of the whole hand
(the gate) and of the rest after each candidate meld. The answer is a fact of few
things, so the same question is asked again and again:

- in one moment, candidates that name their wild cards otherwise, or lay the same
  cards as another meld, leave the same rest (`rest_finishes` asks once per rest);
- after a meld is laid, the next moment's whole-hand question is the one its
  candidate question was (`whole_hand_finishes` finds it in `_CARRIED`, or in the
  moment's answers by rest that `keep_moment` kept when outeach.py asked them all).

What decides the answer: the cards left (`rest`), the melds laid this turn with the
meld about to be laid (how many, their sizes, how they count toward a going-out
contract, which taken cards they used: `wayon.contract_left`, `held_taken`), the
cards taken this turn, and the rules of the hand (the variant object). The hand
the rest came from only picks which partition search serves the question (each is
exact: arrange.partition). Under `melds.wild.unique` the way found is named against
the table (`wayon._named_apart`), so nothing is carried there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.context import Ctx, contract_piece
from rulespec.model.variant import Variant

CARRIED = 4096
"""Answers kept for the moments after a meld before the table starts over."""

_CARRIED: dict[tuple[Any, ...], tuple[Variant, bool]] = {}


def turn_melds(c: Ctx) -> tuple[Meld, ...]:
    """The melds the mover has laid this turn, oldest first."""
    hs = c.hs
    return tuple(m for _, m in hs.melds[len(hs.melds) - hs.melds_this_turn :])


def _carry_key(c: Ctx, rest: Sequence[int], made: tuple[Meld, ...]) -> tuple[Any, ...]:
    return _sorted_key(c, tuple(sorted(rest)), made)


def _sorted_key(c: Ctx, rest: tuple[int, ...], made: tuple[Meld, ...]) -> tuple[Any, ...]:
    """`_carry_key` of a rest already sorted."""
    return (id(c.variant), c.seat, rest, made, c.once(_taken_key))


def _taken_key(c: Ctx) -> tuple[int, ...]:
    return tuple(c.hs.taken)


def whole_hand_finishes(c: Ctx) -> bool:
    """Can the whole hand go out this turn (the going-out gate)? Asked once per moment, and
    answered from the meld that led here when its question was asked (`rest_finishes`)."""
    return c.whole_hand_finishes(lambda: _whole(c))


def _whole(c: Ctx) -> bool:
    made = c.once(turn_melds)
    carry = not c.variant.melds.wild.unique
    if carry and made:
        hit = _CARRIED.get(_carry_key(c, c.hand, made))
        if hit is not None and hit[0] is c.variant:
            return hit[1]
        before = [*c.hand, *(p[0] for p in made[-1])]  # the hand before the last meld
        kept = _MOMENTS.get(_sorted_key(c, tuple(sorted(before)), made[:-1]))
        if kept is not None and kept[0] is c.variant:
            got = kept[1].get((tuple(sorted(c.hand)), None, None))
            if got is not None:
                return bool(got)
    way = W.finish(c.variant, c.hs, c.seat, list(c.hand), [len(m) for m in made])
    if way and _certifies(c):
        certified = c.answers("certified")
        for m in way:
            certified[_cards(m)] = True
    return way is not None


def _certifies(c: Ctx) -> bool:
    """May a found way out vouch for its melds' rests (see `rest_finishes`)? Not under
    `unique` (the way is named against the table), a going-out contract (the laying meld's
    share of it is counted apart) or a taken card held back (the meld laid decides which)."""
    variant = c.variant
    play = variant.play
    return not (
        variant.melds.wild.unique
        or play.contract_sets
        or play.contract_runs
        or (variant.discard.forbid_taken and c.hs.taken)
    )


def _cards(meld: Meld) -> tuple[int, ...]:
    return tuple(sorted(p[0] for p in meld))


def rest_finishes(c: Ctx, rest: list[int], meld: Meld) -> bool:
    """`wayon.can_finish` of the rest of the hand after this meld (going-out melding), asked
    once per moment for what decides it.

    With the moment fixed, the answer depends on the meld only through the rest of the
    hand (the meld's cards and size are the hand less the rest), how the meld counts
    toward a going-out contract (`contract_piece`: `wayon.contract_left`), and, under
    `melds.wild.unique`, the cards it puts on the table (the naming test): candidates
    naming their wild cards otherwise, or the same cards laid as another meld, share it.

    A way out found in this moment (the whole hand's, or a rest's with the meld before it)
    is a laydown of the hand; any meld of it leaves a rest that the laydown's other melds
    and its discard lay down, with as many melds and the same sizes: "yes" for any
    candidate with the same cards, without a search (`_certifies` says where)."""
    variant = c.variant
    play = variant.play
    unique = variant.melds.wild.unique
    piece = contract_piece(variant, meld) if play.contract_sets or play.contract_runs else None
    ordered = tuple(sorted(rest))
    key = (ordered, piece, meld if unique else None)
    known = c.answers("finish")
    got = known.get(key)
    made = c.once(turn_melds)
    if got is None:
        certify = _certifies(c)
        certified = c.answers("certified")
        if certify and _cards(meld) in certified:
            got = known[key] = True  # a way out found before holds these cards as a meld
        else:
            sizes = [len(m) for m in made] + [len(meld)]
            way = W.finish(variant, c.hs, c.seat, rest, sizes, meld)
            got = known[key] = way is not None
            if way is not None and certify:
                for m in (meld, *way):
                    certified[_cards(m)] = True
    if not unique:  # the question of the moment after this meld, should it be laid
        carry(c, ordered, (*made, meld), got)
    return got


_MOMENTS: dict[tuple[Any, ...], tuple[Variant, dict[Any, Any]]] = {}


def keep_moment(c: Ctx, known: dict[Any, Any]) -> None:
    """Keep a going-out moment's answers by rest (`known`: its "finish" table, with no
    going-out contract and not under `unique`: keyed (rest, None, None)) for the moment
    after any of its melds: that moment's whole-hand question is the answer for its hand
    (the rest; the meld laid is the hand before it less the rest, so the same question
    as `carry` keeps for one candidate), found by the hand before and the turn's melds."""
    if len(_MOMENTS) >= CARRIED:
        _MOMENTS.clear()
    _MOMENTS[_sorted_key(c, tuple(sorted(c.hand)), c.once(turn_melds))] = (c.variant, known)


def carry(c: Ctx, ordered: tuple[int, ...], made: tuple[Meld, ...], got: bool) -> None:
    """Keep a rest's answer (`ordered`: sorted) for the moment after its meld is laid (`made`:
    the turn's melds with it): that moment's whole-hand question (not under `unique`)."""
    if len(_CARRIED) >= CARRIED:
        _CARRIED.clear()
    _CARRIED[_sorted_key(c, ordered, made)] = (c.variant, got)
