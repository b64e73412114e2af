"""The smart bot's discard choice: shallow scores, then the one-draw lookahead of the best few
(bots layer, under smart).

`SmartBot._play`'s last step, as a mixin of the bot (it reads the bot's cost, pool, knock
limit, weights and this decision's dangers). Every discard gets a shallow score (the cost
of the hand left, plus its danger); the best ``keep`` of them (ties by cards) are scored
again with the lookahead (`lookahead.expected`) and the least deep score wins, ties to the
first (`deepfloor.least_deep`). Candidates after the first are asked against the best
score found so far: a proven floor (`deepfloor.next_turn_floor`) may rule one out with no
search, and on the counted search the lookahead's one C call stops as soon as the terms it
has found prove the candidate above the best (`lookahead.expected_below`), so the grown
hands left are not searched. Both shortcuts only skip candidates that cannot be the least
(by `deepfloor.MARGIN`), so the pick is the plain `min`'s (tests/bots/test_discardpick.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

from rulespec.bots.base import JOKER, Move, MoveText, View, is_wild
from rulespec.bots.danger import discard_danger
from rulespec.bots.deepfloor import Tally, least_deep, less_one, next_turn_floor
from rulespec.bots.ginplay import remove_cards
from rulespec.bots.handcost import tallies_less
from rulespec.bots.hands import outs
from rulespec.bots.lookahead import expected, expected_below
from rulespec.bots.masklook import MaskLook
from rulespec.bots.maskscore import Weights, discard_cost
from rulespec.bots.partials import potential
from rulespec.bots.turnedplay import turned_discard
from rulespec.model.variant import Variant

Key = tuple[float, tuple[int, ...]]
"""A discard's sort key: its score, then its cards."""


class DeepRules(NamedTuple):
    """The smart bot's weights the discard choice reads (`smart`'s constants)."""

    look: float  # weight of the lookahead against the plain cost left
    max_outs_cards: int  # hands larger than this skip the lookahead (and the outs count)
    outs_weight: float  # meld-credit variants: points one unseen melding card is worth
    pot_weight: float  # knock variants: weight of the partial melds' expected gain
    pot_draws: float  # ... over this many draws
    knock_weight: float  # knock variants: points for a sure chance to knock next turn
    credit_weight: float  # meld-credit variants: a melded point's weight


class DiscardPick:
    """The discard part of the smart bot (a mixin: `SmartBot` gives the hooks below)."""

    _deep: DeepRules
    _contract: bool  # a contract to meet (no lookahead then)
    _pot: float  # this decision's weight of the partial melds (`knocktime.pot_weight`)
    _fast: tuple[MaskLook, int] | None  # this decision's hand as a mask
    _dangers: dict[int, float]  # discard_danger by card, this decision
    _plain_view: View | None = None  # the view (and hand) `_plains` holds the hands left of
    _plain_hand: object = None
    _plains: dict[tuple[int, ...], tuple[list[int] | None, float]]

    def cost(self, variant: Variant, hand: Sequence[int], known: Tally | None = None) -> float:
        raise NotImplementedError

    def _count_weight(self, variant: Variant) -> float:
        raise NotImplementedError

    def _weights(self, variant: Variant) -> Weights:
        raise NotImplementedError

    def _view_limit(self, view: View, variant: Variant) -> int | None:
        raise NotImplementedError

    def _pool(self, view: View, variant: Variant) -> Counter[int]:
        raise NotImplementedError

    def _pick_discard(
        self, view: View, variant: Variant, discards: Sequence[tuple[MoveText, Move]], keep: int
    ) -> Move:
        """The discard of least deep score among the ``keep`` of least shallow score."""

        def shallow(pm: tuple[MoveText, Move]) -> Key:
            return self._discard_score(view, variant, pm[0]), pm[0].cards

        def deep(pm: tuple[MoveText, Move], bar: float | None) -> Key | None:
            got = self._score(view, variant, pm[0], True, bar)
            return None if got is None else (got, pm[0].cards)

        def floor(pm: tuple[MoveText, Move], bar: float) -> float | None:
            return self._deep_floor(view, variant, pm[0], bar)

        self._plain_all(view, variant, discards)
        shortlist = sorted(discards, key=shallow)[:keep]  # the least deep score of these
        return least_deep(shortlist, deep, floor)[1]

    def _discard_score(self, view: View, variant: Variant, parsed: MoveText) -> float:
        """The shallow score: the cost of the hand left after this discard plus its danger."""
        got = self._score(view, variant, parsed, False, None)
        if got is None:  # (no bar: always answered)
            raise AssertionError("_discard_score: no answer without a bar")
        return got

    def _score(
        self, view: View, variant: Variant, parsed: MoveText, deep: bool, bar: float | None
    ) -> float | None:
        """The discard's score; ``deep`` adds the one-draw lookahead (or the outs count with
        meld credit), and then None where it is proven above ``bar`` (None: no bar) before
        the lookahead's sums are done."""
        card = parsed.cards[0]
        fast = self._fast
        if fast and len(parsed.cards) == 1 and fast[1] >> card & 1 and not variant.draw.turned:
            return self._mask_discard_score(view, variant, card, deep, *fast)  # no wild in it
        rest, score = self._plain(view, variant, parsed.cards)
        if rest is None:
            return score
        rules = self._deep
        if variant.draw.turned:  # every card comes face up: keep the hand's outs
            score = turned_discard(variant, rest, self._pool(view, variant))
            return score + discard_danger(view, variant, card, self._pool(view, variant))
        if is_wild(variant, card):
            return score + 50
        if deep and len(rest) <= rules.max_outs_cards and not self._contract:
            if variant.scoring.meld_credit:
                score -= rules.outs_weight * outs(variant, rest, self._pool(view, variant))
            else:
                pot = None  # the partial melds' gain and the danger first: the bar needs them
                if rules.pot_weight and variant.knock is not None:
                    pool = self._pool(view, variant)
                    pot = self._pot * potential(variant, rest, pool, rules.pot_draws)
                danger = self._danger(view, variant, card)
                look_bar = None
                if bar is not None and rules.look > 0:  # what the lookahead must clear
                    plain = (1 - rules.look) * score - (0.0 if pot is None else pot) + danger
                    look_bar = (bar - plain) / rules.look
                ahead = self._next_turn_below(view, variant, rest, look_bar)
                if ahead is None:
                    return None
                score = rules.look * ahead + (1 - rules.look) * score
                if pot is not None:
                    score -= pot
                return score + danger
        return score + self._danger(view, variant, card)

    def _plain(
        self, view: View, variant: Variant, cards: tuple[int, ...]
    ) -> tuple[list[int] | None, float]:
        """(the hand left after discarding ``cards``, or None, and its cost), once per
        decision: the shallow pass, the floor and the deep pass all ask it."""
        if self._plain_view is not view or self._plain_hand is not view.hand:
            self._plain_view, self._plain_hand, self._plains = view, view.hand, {}
        got = self._plains.get(cards)
        if got is None:
            rest = remove_cards(view.hand, cards)
            known = None if rest is None else less_one(variant, view.hand, cards)
            cost = float("inf") if rest is None else self.cost(variant, rest, known)
            got = self._plains[cards] = (rest, cost)
        return got

    def _plain_all(
        self, view: View, variant: Variant, discards: Sequence[tuple[MoveText, Move]]
    ) -> None:
        """`_plain` of every one-card discard at once, before the shallow pass asks: the
        tallies `less_one` does not read off the hand come from one solver call
        (`handcost.tallies_less`), the same tallies `_plain`'s cost would find, so the
        same costs (where the solver does not take the rests together, `_plain`'s own
        per card). Nothing where the hand is on the mask path (`_fast`: no `_plain`)."""
        if self._fast:
            return
        if self._plain_view is not view or self._plain_hand is not view.hand:
            self._plain_view, self._plain_hand, self._plains = view, view.hand, {}
        hand, plains = view.hand, self._plains
        cards = sorted({pm[0].cards[0] for pm in discards if len(pm[0].cards) == 1})
        cards = [c for c in cards if (c,) not in plains and c in hand]
        knowns = [less_one(variant, hand, (c,)) for c in cards]
        ask = [c for c, k in zip(cards, knowns, strict=True) if k is None and 0 <= c < JOKER]
        got = tallies_less(variant, hand, ask) if len(ask) > 1 else None
        solved = {} if got is None else dict(zip(ask, got, strict=True))
        for card, known in zip(cards, knowns, strict=True):
            rest = remove_cards(hand, (card,))
            assert rest is not None  # (the hand holds every card of `cards`)
            plains[(card,)] = (rest, self.cost(variant, rest, known or solved.get(card)))

    def _danger(self, view: View, variant: Variant, card: int) -> float:
        """`discard_danger` of a card, once per decision."""
        if card not in self._dangers:
            self._dangers[card] = discard_danger(view, variant, card, self._pool(view, variant))
        return self._dangers[card]

    def _deep_floor(
        self, view: View, variant: Variant, parsed: MoveText, bar: float
    ) -> float | None:
        """A proven lower bound of the deep score (`_score`) (`deepfloor.next_turn_floor` for
        the lookahead, the other terms exact) where one may clear ``bar``, else None."""
        rules = self._deep
        mine = self._plain_view is view and self._plain_hand is view.hand
        got = self._plains.get(parsed.cards) if mine else None
        rest = remove_cards(view.hand, parsed.cards) if got is None else got[0]
        card = parsed.cards[0]
        if rest is None or len(rest) > rules.max_outs_cards or self._contract:
            return None
        if variant.draw.turned or variant.scoring.meld_credit or is_wild(variant, card):
            return None
        pool, danger = self._pool(view, variant), self._danger(view, variant, card)
        extra = 0.0 if rules.look == 1 else (1 - rules.look) * self.cost(variant, rest)
        if rules.pot_weight and variant.knock is not None:
            extra -= self._pot * potential(variant, rest, pool, rules.pot_draws)
        w = (self._count_weight(variant), rules.knock_weight)
        limit = self._view_limit(view, variant)
        floor = next_turn_floor(variant, rest, pool, limit, w, (bar - extra - danger) / rules.look)
        return None if floor is None else rules.look * floor + extra + danger

    def _mask_discard_score(
        self, view: View, variant: Variant, card: int, deep: bool, look: MaskLook, mask: int
    ) -> float:
        """`_discard_score` of a hand `maskscore.fast_hand` passed, by mask: the same sums."""
        rest, w = mask ^ 1 << card, self._weights(variant)
        if not deep:
            score = discard_cost(variant, look, rest, 0, w)
        else:  # the lookahead over the unseen cards (the general one off the mask path)
            pool, limit = self._pool(view, variant), self._view_limit(view, variant)
            left = lambda: remove_cards(view.hand, (card,)) or []  # noqa: E731
            turn = lambda hand: self._next_turn(view, variant, hand)  # noqa: E731
            score = discard_cost(variant, look, rest, 2, w, pool, limit, (left, turn))
        return score + self._danger(view, variant, card)

    def _next_turn(self, view: View, variant: Variant, hand: Sequence[int]) -> float:
        """Expected cost after one more draw (`lookahead.expected`), less a bonus for the
        chance of being able to knock then (knock variants)."""
        pool, limit = self._pool(view, variant), self._view_limit(view, variant)
        cost: Callable[[Sequence[int]], float] = lambda h: self.cost(variant, h)  # noqa: E731
        return expected(
            variant, hand, pool, limit, self._look_weights(variant), self._contract, cost
        )

    def _next_turn_below(
        self, view: View, variant: Variant, hand: Sequence[int], bar: float | None
    ) -> float | None:
        """`_next_turn`, or None where it is proven above ``bar`` (`lookahead.expected_below`)."""
        pool, limit = self._pool(view, variant), self._view_limit(view, variant)
        cost: Callable[[Sequence[int]], float] = lambda h: self.cost(variant, h)  # noqa: E731
        w = self._look_weights(variant)
        return expected_below(variant, hand, pool, limit, w, self._contract, cost, bar)

    def _look_weights(self, variant: Variant) -> tuple[float, float, float, float]:
        """(per deadwood card, a knock chance, the meld credit, an out): the lookahead's."""
        rules = self._deep
        return (
            self._count_weight(variant),
            rules.knock_weight,
            rules.credit_weight,
            rules.outs_weight,
        )
