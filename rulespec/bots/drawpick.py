"""The smart bot's price of a pile take: the best discard after it (bots layer, under smart).

`SmartBot._draw` weighs each pile take (the top card, boat pairs, each depth) against
the stock by the cost of the grown hand after its best discard: a search per
candidate discard, the grown hand less each of its cards. Where the draw offers one
pile take only, its exact least cost is never read: the take is chosen when some
candidate's score, as the draw adjusts it, falls below the stock's cost (or, failing
that, by the least cost against the hand's own). So the draw hands a test of
"below the stock's cost" (``enough``) and the loop answers with the first candidate
that passes it: the draw's later steps only lower a score (a knock bonus, the
stock's hope after a pile card), each by a float subtraction, which is monotone, so
the least score passes whenever that candidate's does, and the same take is chosen
(tests/bots/test_drawpick.py plays seeded hands both ways). A candidate that does
not pass is never skipped, so without a pass the least cost is the full loop's. The
candidates' tallies come from one solver call (`handcost.tallies_less`: the same
tallies), asked after the first candidate when the draw has a test (it passes the first
candidate often, the others seldom: the rest would be searched for nothing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.bots import maskscore as ms
from rulespec.bots.base import JOKER, is_wild
from rulespec.bots.deepfloor import Tally, less_one
from rulespec.bots.handcost import tallies_less
from rulespec.bots.hands import tally
from rulespec.bots.lonedraws import holds_wild, lone_facts, lone_masks
from rulespec.bots.maskscore import Weights, discard_cost, fast_hand
from rulespec.bots.partials import dead_less, may_be_lone, potential
from rulespec.model.variant import Variant

Cost = Callable[[Variant, Sequence[int], "Tally | None"], float]
"""`SmartBot.cost`: a hand's cost (its tally, when known)."""

Enough = Callable[[float], bool]
"""A test of a candidate's score the least score passes whenever it does (see above)."""


def below_stock(takes: int, hope: float, stock_cost: float) -> Enough | None:
    """The draw's ``enough`` for a pile take: its score less ``hope`` (the stock's hope
    after the pile card, or 0.0) below ``stock_cost``, the draw's own sum; None when the
    draw offers more than one take (their scores are compared: each is read in full)."""
    if takes > 1:
        return None
    return lambda score: score - hope < stock_cost


def best_after_discard(
    variant: Variant,
    hand: Sequence[int],
    keep: Sequence[int],
    bot: tuple[Cost, Weights, bool, float, float],
    pool: Counter[int] | None = None,
    enough: Enough | None = None,
) -> float:
    """Cost after the best discard that is not one of ``keep`` (cards just taken), less
    the partial melds' potential when a ``pool`` of unseen cards is given. ``bot``: its
    cost, weights, contract state, the partial melds' weight and draws. With ``enough``,
    the first candidate score passing it is answered (less than or equal to the least)."""
    cost, w, contract, pot, draws = bot
    fast = fast_hand(variant, hand, contract)
    best = ms.least_cost(variant, fast, keep, w, pool)  # the mask path in one C call
    lone = may_be_lone(variant, hand)  # (else `less_one` answers None for every card)
    cards = [c for c in sorted(set(hand)) if c not in keep and not is_wild(variant, c)]
    lones: dict[int, Tally] = {}
    solved: dict[int, Tally] = {}
    first = 0 if enough is None else 1  # (a draw's test often passes the first candidate)
    for at, card in enumerate(cards if best is None else ()):
        if fast is not None:  # by mask: no list per candidate
            left = fast[1] ^ 1 << card
            score = discard_cost(variant, fast[0], left, 0 if pool is None else 1, w, pool)
        else:
            if at == first:  # the candidates from here on, their tallies at once
                lones, solved = _knowns(variant, hand, cards[at:], lone)
            rest = list(hand)
            rest.remove(card)
            known = lones.get(card) if at >= first or not lone else less_one(variant, hand, (card,))
            score = cost(variant, rest, known or solved.get(card))
            if pool is not None:
                dead = None if known is None else dead_less(variant, hand, card)
                score -= pot * potential(variant, rest, pool, draws, dead)
        if enough is not None and enough(score):
            return score  # (the draw needs no more: see the module's text)
        if best is None or score < best:
            best = score
    return cost(variant, hand, None) if best is None else best


def _knowns(
    variant: Variant, hand: Sequence[int], cards: list[int], lone: bool
) -> tuple[dict[int, Tally], dict[int, Tally]]:
    """(the tallies of ``hand`` less each of ``cards`` that `less_one` reads off the hand,
    those of the others from one solver call (`handcost.tallies_less`), or none where the
    solver does not take them together: the loop's cost then finds each), by card."""
    lones = _lone_tallies(variant, hand, cards) if lone else {}
    ask = [c for c in cards if c < JOKER and c not in lones]
    got = tallies_less(variant, hand, ask) if len(ask) > 1 else None
    return lones, {} if got is None else dict(zip(ask, got, strict=True))


def _lone_tallies(variant: Variant, hand: Sequence[int], cards: list[int]) -> dict[int, Tally]:
    """`deepfloor.less_one` of ``hand`` less each of ``cards``, by card, where it answers
    (a natural card in no meld of the hand: the hand's tally less its value and one
    card), with the hand's lone cards and its tally read once, not once per card: the
    same tallies."""
    f = lone_facts(variant)
    if f is None or variant.play.contract_pure:
        return {}
    held = f.natural & (0 if holds_wild(f, hand) else lone_masks(f, hand)[1])
    out: dict[int, Tally] = {}
    if not held:
        return out
    values, base = f.t.hand_values, None
    for card in cards:
        if 0 <= card < 52 and held >> card & 1:
            if base is None:
                base = tally(variant, hand, False)
            out[card] = (base[0] - values[card], base[1] - 1, 0)
    return out
