"""The greedy bot: simple table habits, no lookahead (bots layer; the middle baseline).

It melds and lays off as soon as it may (longest meld first, the cards it just
took from the pile first so an obligation is met), knocks when it may (where any
count may knock, with at most ``GREEDY_KNOCK_AT``), takes the
top discard only when that card completes a meld with its hand, and otherwise
draws from the stock and discards its highest-value deadwood card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.bots.base import (
    Bot,
    Move,
    MoveText,
    View,
    hand_value,
    is_wild,
    parse_move,
    pile_cards,
    repeats_take,
    stalled,
    taken_this_turn,
    view_of,
)
from rulespec.bots.hands import arrangement, deadwood
from rulespec.bots.knocktime import knock_limit, loose
from rulespec.bots.masklook import mask_look
from rulespec.bots.rebuy import rebuy_choice
from rulespec.bots.turnacts import KNOCK_FIRST, turn_action
from rulespec.interpreter.handwild import seen_rules
from rulespec.model.schedule import for_deal
from rulespec.model.variant import Variant

DRAW_KINDS = ("draw", "take", "pass")
_PLAYING = frozenset(("meld", "layoff", "swap", "discard", "knock"))
GREEDY_KNOCK_AT = 10
"""Where any count may knock (``knocktime.loose``), greedy knocks with this count or less."""


_PARSED: dict[Move, MoveText] = {}  # a legal move, parsed once (the same moves come back)
_BY_ID: dict[int, tuple[Move, MoveText]] = {}
"""The same, by the Move object: the engine hands back its own cached Move objects, and
an id is cheaper to hash than a Move's fields. Each entry holds its Move, so an id is
never read for another object."""


def split_moves(legal_moves: Sequence[Move]) -> dict[str, list[tuple[MoveText, Move]]]:
    """Legal moves grouped by kind, each with its parsed text."""
    groups: dict[str, list[tuple[MoveText, Move]]] = {}
    by_id = _BY_ID.get
    for move in legal_moves:
        hit = by_id(id(move))
        if hit is not None and hit[0] is move:
            parsed = hit[1]
        else:
            got = _PARSED.get(move)
            if got is None:
                got = parse_move(move)
                if len(_PARSED) > 20_000:
                    _PARSED.clear()
                _PARSED[move] = got
            if len(_BY_ID) > 20_000:
                _BY_ID.clear()
            _BY_ID[id(move)] = (move, got)
            parsed = got
        groups.setdefault(parsed.kind, []).append((parsed, move))
    return groups


def completes_meld(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Do these pile cards all sit in a meld of the best arrangement of hand + cards."""
    if not cards:
        return False
    _, melds, _ = arrangement(variant, list(hand) + list(cards))
    in_melds = [c for meld in melds for c in meld]
    return all(c in in_melds for c in cards)


def fallback_draw(groups: dict[str, list[tuple[MoveText, Move]]]) -> Move:
    """Draw from the stock (or pass the upcard offer), else the first drawing move."""
    for parsed, move in groups.get("draw", []):
        if parsed.source == "stock":
            return move
    if groups.get("pass"):
        return groups["pass"][0][1]
    for kind in DRAW_KINDS:
        if groups.get(kind):
            return groups[kind][0][1]
    raise ValueError("no drawing move")


class PhasedBot(Bot):
    """A bot that answers the draw and the rest of the turn separately (greedy, smart)."""

    def choose(
        self, observation: Mapping[str, Any], legal_moves: Sequence[Move], variant: Variant
    ) -> Move:
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        if observation.get("phase") == "rebuy":  # between hands: buy back in or not
            return rebuy_choice(observation, legal_moves, variant)
        view = view_of(observation)
        deal = observation.get("hand_number")  # the deal schedule's rules (its contract)
        variant = for_deal(variant, deal if isinstance(deal, int) else 1)
        variant = seen_rules(variant, observation)  # this hand's wild rank, if it has one
        groups = split_moves(legal_moves)
        if groups.get("buy") or observation.get("phase") == "claim":
            return self._claim(view, groups, variant)
        if groups.get("drop") or groups.get(KNOCK_FIRST) or variant.draw.turned:
            rank = getattr(self, "cost", None)
            chosen = turn_action(
                self.name, view, groups, variant, (lambda h: rank(variant, h)) if rank else None
            )
            if chosen is not None:
                return chosen
        if groups.keys().isdisjoint(_PLAYING):  # (its lists are never empty)
            return self._progress(view, groups, self._draw(view, groups, variant))
        return self._play(view, groups, variant, legal_moves)

    def prepare(self, variant: Variant) -> None:
        """The mask lookahead's tables (and the meld tables under them), which the first
        decision would otherwise build: a run pays them at start-up, and the workers
        ``--jobs`` forks after it inherit them instead of each building them on its first
        hand (about 20 ms of a one-deck game's tables against 1.3 ms a hand)."""
        mask_look(for_deal(variant, 1))

    @staticmethod
    def _progress(view: View, groups: dict[str, list[tuple[MoveText, Move]]], move: Move) -> Move:
        """The chosen draw, unless it takes pile cards back into a position this seat has
        already been in (``repeats_take``): then the stock, which always moves the hand on
        (the stock shrinks; its recycles are bounded by the rules)."""
        hit = _BY_ID.get(id(move))  # split_moves' parse of the very move, else parsed here
        parsed = hit[1] if hit is not None and hit[0] is move else parse_move(move)
        cards = pile_cards(view, parsed)
        if not cards or not repeats_take(view, cards):
            return move
        draws = groups.get("draw", [])
        for other, candidate in sorted(draws, key=lambda pm: pm[0].source != "stock"):
            if "stock" in other.source:
                return candidate
        return move

    def _draw(
        self, view: View, groups: dict[str, list[tuple[MoveText, Move]]], variant: Variant
    ) -> Move:
        raise NotImplementedError

    def _claim(
        self, view: View, groups: dict[str, list[tuple[MoveText, Move]]], variant: Variant
    ) -> Move:
        """Out of turn, the top discard on offer (`buy` / `pass`): buy it when it lies in a
        meld of the best arrangement of the hand with it (it fits a set or run the hand is
        building: the contract's melds), pass otherwise. `buy` is listed only while the
        seat's limit allows it."""
        buys = groups.get("buy")
        if buys and view.top is not None and completes_meld(variant, view.hand, [view.top]):
            return buys[0][1]
        return groups["pass"][0][1] if groups.get("pass") else buys[0][1]  # type: ignore[index]

    def _play(
        self,
        view: View,
        groups: dict[str, list[tuple[MoveText, Move]]],
        variant: Variant,
        legal_moves: Sequence[Move],
    ) -> Move:
        raise NotImplementedError


class GreedyBot(PhasedBot):
    """Melds at once, takes the top discard when it completes a meld, dumps high deadwood."""

    name = "greedy"

    def _play(
        self,
        view: View,
        groups: dict[str, list[tuple[MoveText, Move]]],
        variant: Variant,
        legal_moves: Sequence[Move],
    ) -> Move:
        taken = set(taken_this_turn(view))
        for kind in ("meld", "layoff"):
            options = groups.get(kind, [])
            if options:
                best = max(
                    options,
                    key=lambda pm: (sum(c in taken for c in pm[0].cards), len(pm[0].cards)),
                )
                return best[1]
        for kind in ("knock", "discard"):
            options = groups.get(kind, [])
            if kind == "knock" and options and loose(knock_limit(view, variant)):
                dw = deadwood(
                    variant,
                    [c for c in view.hand if c != self._dump(view, options, variant)[0].cards[0]],
                )
                options = options if dw <= GREEDY_KNOCK_AT else []
            if options:
                if kind == "discard" and stalled(view, self.rng):
                    return options[self.rng.randrange(len(options))][1]
                return self._dump(view, options, variant)[1]
        return legal_moves[0]

    def _draw(
        self, view: View, groups: dict[str, list[tuple[MoveText, Move]]], variant: Variant
    ) -> Move:
        for kind in ("draw", "take"):
            for parsed, move in groups.get(kind, []):
                if parsed.kind == "draw" and parsed.source != "discard":
                    continue
                if parsed.kind == "take" and parsed.depth != 1:
                    continue
                cards = pile_cards(view, parsed)
                if cards and completes_meld(variant, view.hand, cards):
                    return move
        return fallback_draw(groups)

    def _dump(
        self, view: View, options: list[tuple[MoveText, Move]], variant: Variant
    ) -> tuple[MoveText, Move]:
        """The discard (or knock) of the highest-value deadwood card; wild cards last."""
        _, _, dead = arrangement(variant, view.hand)
        dead_set = set(dead)

        def key(pm: tuple[MoveText, Move]) -> tuple[int, int, int, int]:
            card = pm[0].cards[0] if pm[0].cards else -1
            wild = card >= 0 and is_wild(variant, card)
            return (not wild, card in dead_set, hand_value(variant, card) if card >= 0 else 0, card)

        return max(options, key=key)
