"""The smart bot: solver-driven choices from what the seat has seen (bots layer).

Every decision compares the hands each legal move leads to with one cost:
the exact minimum deadwood of the hand (the penalty at risk), minus half the
value the hand can meld when the variant credits melds as they are played.
On top of that cost it

- draws: takes pile cards (top, boat pairs, each depth, the whole pile when all
  of it is visible) only when the result beats the expected stock draw, or the
  taken card joins a meld and costs nothing;
- melds / lays off / swaps only when that keeps the best arrangement (or, with
  meld credit, scores); goes out whenever it can; knocks as soon as it may (where
  any count may knock, only with a count likely the lowest: ``bots/knocktime.py``);
- discards to minimise the deadwood left, avoiding cards that fit what the next
  player picked up from the pile (the public history) or can be laid off on the
  table, preferring dead cards (their partners already visible), never a wild;
  where every card comes face up, it keeps the hand's outs (``bots/turnedplay.py``);
  in knock variants it also keeps pairs and connectors whose outs are still live
  (their expected deadwood shed over the next few draws, ``partials.potential``);
- with a contract to meet (``play.contract_*``), adds the cards it lacks to the cost,
  draws toward it and lays it down as soon as it may (``bots/contracts.py``);
- out of turn, buys the discard when it pays for its penalty cards (``bots/buying.py``).

It reads the rules from the Variant only; no variant names.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import partial

from rulespec.bots import ginplay, maskturn
from rulespec.bots import maskscore as ms
from rulespec.bots.base import (
    JOKER,
    Groups,
    Move,
    View,
    hand_value,
    is_wild,
    pile_takes,
    points,
    stalled,
    taken_this_turn,
)
from rulespec.bots.buying import claim_move
from rulespec.bots.contractgain import stock_gain
from rulespec.bots.contracts import CONTRACT_WEIGHT, pending
from rulespec.bots.danger import discard_dangers
from rulespec.bots.deepfloor import Tally
from rulespec.bots.discardpick import DeepRules, DiscardPick
from rulespec.bots.drawpick import Enough, below_stock, best_after_discard
from rulespec.bots.ginplay import all_melded, knock_ready, remove_cards, wait_for_gin
from rulespec.bots.greedy import PhasedBot, fallback_draw
from rulespec.bots.handcost import HandCost
from rulespec.bots.hands import unseen
from rulespec.bots.knocktime import knock_limit, pot_weight, too_soon
from rulespec.bots.masklook import MaskLook
from rulespec.bots.maskscore import Weights, fast_hand
from rulespec.bots.partials import potential
from rulespec.model.variant import Variant

STOCK_HOPE = 1.5  # expected deadwood saved by an unseen stock card (before the lookahead)
MAX_EVAL_CARDS = 22  # pile takes that would grow the hand beyond this are not evaluated
MAX_MELD_OPTIONS = 80  # meld moves evaluated per decision (the longest first)
OUTS_WEIGHT = 0.5  # meld-credit variants: points one unseen melding card is worth
COUNT_WEIGHT = 5.0  # going-out races: points per deadwood card on top of its value
KNOCK_WEIGHT = 5.0  # knock variants: points for a sure chance to knock next turn
JOINS = True  # also take a pile card that joins a meld at no cost
HOLD_UNTIL = 2  # hold melds back while every other hand has more cards than this
CREDIT_WEIGHT = 1.0  # meld-credit variants: a melded point counts in full
LOOK = 1.0  # weight of the one-draw lookahead against the plain deadwood left
LOOK_SMALL_HAND = 11  # hands up to this size look ahead on more discard candidates
LOOK_CANDIDATES = 5  # discards (best by plain cost) that get the lookahead
LOOK_CANDIDATES_LARGE = 5
PURE_WEIGHT = 12.0  # contracts with pure runs: points a missing pure run costs a hand
POT_WEIGHT = 0.8  # knock variants: weight of the partial melds' expected gain
POT_DRAWS = 3.0  # ... over this many draws
DRAW_POT = True  # ... also when weighing a pile card against the stock
MAX_OUTS_CARDS = 16  # hands larger than this skip the outs count (cost)


class SmartBot(DiscardPick, PhasedBot):
    """Minimises the solver's deadwood, reads the public history, goes out when it can."""

    name = "smart"
    _deep = DeepRules(
        LOOK, MAX_OUTS_CARDS, OUTS_WEIGHT, POT_WEIGHT, POT_DRAWS, KNOCK_WEIGHT, CREDIT_WEIGHT
    )

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._pool_view: View | None = None  # the view `_pool` last read (held: no id reused)
        self._pool_value: Counter[int] = Counter()
        self._contract, self._pot = False, POT_WEIGHT  # a contract to meet; pot_weight
        self._limit_view: View | None = None
        self._limit: int | None = None
        self._fast: tuple[MaskLook, int] | None = None  # this decision's hand as a mask
        self._cost: HandCost | None = None  # `cost`'s rules, read once

    # ---- the cost of a hand -------------------------------------------------

    def cost(self, variant: Variant, hand: Sequence[int], known: Tally | None = None) -> float:
        """The hand's cost (``known``: its deadwood and deadwood cards, proven elsewhere):
        `handcost.HandCost`'s sums, its rules read once per variant and contract state."""
        got = self._cost
        if got is None or got.variant is not variant or got.contract != self._contract:
            weight = self._count_weight(variant)
            got = self._cost = HandCost(variant, self._contract, weight, PURE_WEIGHT, CREDIT_WEIGHT)
        return got(hand, known)

    def _count_weight(self, variant: Variant) -> float:
        """Going-out races (no knock) count deadwood cards, not just their value."""
        if variant.knock is not None or variant.scoring.meld_credit:
            return 0.0
        return COUNT_WEIGHT

    def _best_after_discard(
        self,
        variant: Variant,
        hand: Sequence[int],
        keep: Sequence[int],
        pool: Counter[int] | None = None,
        enough: Enough | None = None,
    ) -> float:
        """`drawpick.best_after_discard` with this bot's cost, weights and contract state:
        the cost after the best discard not of ``keep``, less the potential over ``pool``."""
        bot = (self.cost, self._weights(variant), self._contract, self._pot, POT_DRAWS)
        return best_after_discard(variant, hand, keep, bot, pool, enough)

    def _claim(self, view: View, groups: Groups, v: Variant) -> Move:
        """Out of turn: buy when the card pays for its penalty cards (bots/buying.py)."""
        self._contract = pending(view, v)
        return claim_move(view, groups, v, partial(self.cost, v), self._pool(view, v))

    # ---- drawing ------------------------------------------------------------

    def _draw(self, view: View, groups: Groups, variant: Variant) -> Move:
        hand = list(view.hand)
        self._contract, self._pot = pending(view, variant), pot_weight(view, POT_WEIGHT)
        look = maskturn.knock_look(variant, self._contract) if DRAW_POT and POT_WEIGHT else None
        if look is not None and len(hand) <= LOOK_SMALL_HAND:  # the same sums, fewer hops
            limit, w = self._view_limit(view, variant), self._weights(variant)
            params = (STOCK_HOPE, MAX_EVAL_CARDS, KNOCK_WEIGHT, JOINS, POT_DRAWS)
            got = maskturn.draw(look, view, groups, limit, self._pot, w, params)
            if got is not None:
                return got
        current = self.cost(variant, hand)
        stock_cost = current - STOCK_HOPE
        if self._contract:  # a contract to meet: the hope of the stock is a card it lacks
            stock_cost -= CONTRACT_WEIGHT * stock_gain(variant, hand, self._pool(view, variant))
        elif not variant.scoring.meld_credit and len(hand) <= LOOK_SMALL_HAND:
            stock_cost = self._next_turn(view, variant, hand)
        needs_discard = variant.discard.required == "always" or variant.knock is not None
        pot_pool = None
        if DRAW_POT and POT_WEIGHT and variant.knock is not None:
            pot_pool = self._pool(view, variant)
            stock_cost -= self._pot * potential(variant, hand, pot_pool, POT_DRAWS)
        best: tuple[float, Move] | None = None
        joined = partial(all_melded, variant)  # (a search: asked only when it decides)
        takes = list(pile_takes(view, groups, MAX_EVAL_CARDS))
        for parsed, move, cards in takes:
            new = hand + list(cards)
            keep = cards if variant.discard.forbid_taken else ()
            if needs_discard or not variant.scoring.meld_credit:
                hope = STOCK_HOPE if parsed.source == "discard+stock" else 0.0
                enough = below_stock(len(takes), hope, stock_cost)
                score = self._best_after_discard(variant, new, keep, pot_pool, enough)
                sure = enough is not None and enough(score)  # taken whatever the knock adds
                limit = self._view_limit(view, variant)
                if limit is not None and not sure and knock_ready(variant, new, keep, limit):
                    score -= KNOCK_WEIGHT
            else:
                score = self.cost(variant, new)
            if parsed.source == "discard+stock":
                score -= STOCK_HOPE
            good = score < stock_cost or (JOINS and score <= current and joined(new, cards))
            if good and (best is None or score < best[0]):
                best = (score, move)
        if best is not None:
            return best[1]
        return fallback_draw(groups)

    # ---- melding, laying off, discarding ------------------------------------

    def _play(
        self, view: View, groups: Groups, variant: Variant, legal_moves: Sequence[Move]
    ) -> Move:
        hand = list(view.hand)
        credit = variant.scoring.meld_credit
        self._contract, self._pot = pending(view, variant), pot_weight(view, POT_WEIGHT)
        keep = LOOK_CANDIDATES if len(hand) <= LOOK_SMALL_HAND else LOOK_CANDIDATES_LARGE
        look = maskturn.knock_look(variant, self._contract) if len(groups) <= 2 else None
        if look is not None:  # discards (and knocks), one-deck knock game: the same sums
            unseen_pool, limit = lambda: self._pool(view, variant), self._view_limit(view, variant)
            got = maskturn.discard(
                look, view, groups, unseen_pool, limit, keep, self._weights(variant)
            )
            if got is not None:
                return got
        self._dangers: dict[int, float] = {}  # discard_danger by card, this decision
        self._fast = fast_hand(variant, hand, self._contract)
        if self._contract and groups.get("meld"):  # the contract can go down: lay it
            options = groups["meld"]
            return options[contract_meld([p.cards for p, _ in options])][1]
        # 1. go out whenever a single move empties the hand
        for kind in ("meld", "layoff", "discard", "knock"):
            for parsed, move in groups.get(kind, []):
                if len(parsed.cards) == len(hand) and remove_cards(hand, parsed.cards) == []:
                    return move
        # 2. knock as soon as it may; with gin one good draw away, play on for gin
        knocks = groups.get("knock", [])
        if knocks:
            best_knock = min(
                knocks, key=lambda pm: (self._after(variant, hand, pm[0].cards), pm[0].cards)
            )
            pool = lambda: self._pool(view, variant)  # noqa: E731 - asked only near gin
            if not wait_for_gin(view, variant, hand, best_knock[0], groups, pool) and not too_soon(
                variant,
                view,
                best_knock[0].cards,
                knock_limit(view, variant),
                self._pool(view, variant),
            ):
                return best_knock[1]
        now = self.cost(variant, hand)
        taken = set(taken_this_turn(view))
        # 3. melds that keep the best arrangement (or score with meld credit)
        melds = sorted(groups.get("meld", []), key=lambda pm: -len(pm[0].cards))[:MAX_MELD_OPTIONS]
        best_free: tuple[float, int, Move] | None = None
        hold = ginplay.hold_melds(view, variant, hand, HOLD_UNTIL)
        for parsed, move in melds:
            if hold and not taken.intersection(parsed.cards):
                continue
            rest = remove_cards(hand, parsed.cards)
            if rest is None:
                continue
            gain = sum(hand_value(variant, c) for c in parsed.placed) if credit else 0
            score = self.cost(variant, rest) - (CREDIT_WEIGHT * points(variant, gain))
            urgent = bool(taken.intersection(parsed.cards))
            if urgent or score <= now + 1e-9:
                rank = (score - (100 if urgent else 0), -len(parsed.cards), move)
                if best_free is None or rank[:2] < best_free[:2]:
                    best_free = rank
        if best_free is not None:
            return best_free[2]
        # 4. lay-offs of deadwood cards (never a wild unless going out), joker swaps
        for kind in ("layoff", "swap"):
            for parsed, move in groups.get(kind, []):
                card = parsed.cards[0]
                if kind == "layoff":
                    if is_wild(variant, card) and card not in taken:
                        continue
                    rest = remove_cards(hand, parsed.cards)
                    if rest is not None and (card in taken or self.cost(variant, rest) < now):
                        return move
                else:
                    rest = remove_cards(hand, parsed.cards)
                    if rest is not None and self.cost(variant, rest + [JOKER]) <= now:
                        return move
        # 5. discard
        discards = groups.get("discard", [])
        if discards and stalled(view, self.rng):
            calm = [pm for pm in discards if not is_wild(variant, pm[0].cards[0])] or discards
            return calm[self.rng.randrange(len(calm))][1]
        if discards:
            if self._fast is not None and not variant.draw.turned:  # every danger in one pass
                cards = sorted({pm[0].cards[0] for pm in discards})
                in_pool = self._pool(view, variant)
                self._dangers = discard_dangers(view, variant, cards, in_pool, self._fast[0])
                w, limit = self._weights(variant), self._view_limit(view, variant)
                chosen = ms.choose_discard(
                    variant, *self._fast, discards, self._dangers, in_pool, limit, keep, w
                )
                if chosen is not None:  # the sort below, in one C call
                    return chosen

            return self._pick_discard(view, variant, discards, keep)  # bots/discardpick.py
        return (
            fallback_draw(groups)
            if any(groups.get(k) for k in ("draw", "take", "pass"))
            else legal_moves[0]
        )

    def _after(self, variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> float:
        return math.inf if (rest := remove_cards(hand, cards)) is None else self.cost(variant, rest)

    def _weights(self, variant: Variant) -> Weights:
        """The weights `maskscore.discard_cost` reads (this module's, as they are now; the
        partial melds' weight is this decision's, `knocktime.pot_weight`)."""
        w = (KNOCK_WEIGHT, LOOK, self._pot, POT_DRAWS, MAX_OUTS_CARDS, CREDIT_WEIGHT, OUTS_WEIGHT)
        return (self._count_weight(variant), *w)

    def _view_limit(self, view: View, variant: Variant) -> int | None:
        if self._limit_view is not view:  # the knock limit, once per view
            self._limit_view, self._limit = view, knock_limit(view, variant)
        return self._limit

    def _pool(self, view: View, variant: Variant) -> Counter[int]:
        if self._pool_view is not view:  # (a View is frozen: the same view, the same pool)
            self._pool_view, self._pool_value = view, unseen(variant, view)
        return self._pool_value


def contract_meld(melds: Sequence[Sequence[int]]) -> int:
    """Which of the legal contract melds to lay first (an index): the longest (the engine
    offers only melds after which the rest of the contract can still go down)."""
    return min(range(len(melds)), key=lambda i: (-len(melds[i]), i))
