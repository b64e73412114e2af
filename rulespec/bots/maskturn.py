"""The smart bot's draw, knock and discard of a one-deck knock hand in few hops (bots, under smart).

In a knock game of one deck and natural cards (gin and its kin) `SmartBot._draw`
and `_play` end in a handful of C calls (`_deadwood.c`'s Look, `MaskLook.c`), but
reach them through small helpers (`cost`, `_next_turn`, `partials.potential`,
`_best_after_discard`, `ginplay.knock_ready`, `all_melded`, `wait_for_gin`,
`danger.discard_dangers`, `maskscore.choose_discard`), each working out the hand's
mask, the unseen pool (`hands.unseen`, a Counter) and its summary and the weights
again. Self-play spends more time in that glue than in C. Here one
decision works them out once and calls the Look directly: the same calls with
the same arguments in the same order, so the same floats and the same moves
(held by tests/bots/test_maskturn.py and `bench/smart_same.py`). Each function
answers None wherever a precondition of that path fails (no C Look, a card or a
pool off the mask path, a meld or lay-off to weigh, a long stalled hand): the
general code then decides, as before. The unseen pool is a card mask here (the
pack less the cards seen), its Counter made only where a knock's gin count reads it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import compress
from typing import Literal

from rulespec.bots.base import STALL_TURNS, Groups, Move, MoveText, View, pile_takes
from rulespec.bots.contracts import has_contract
from rulespec.bots.danger import CARD_BITS, replay_history, seen_counts
from rulespec.bots.ginplay import GIN_CHANCE, GIN_CLOSE, GIN_STOCK
from rulespec.bots.greedy import fallback_draw
from rulespec.bots.hands import deck_counts, history_seen
from rulespec.bots.knocktime import draws_taken, too_soon
from rulespec.bots.masklook import MaskLook, mask_look
from rulespec.bots.maskscore import Weights
from rulespec.model.variant import Variant

DrawParams = tuple[float, int, float, bool, float]
"""`smart.py`'s draw constants, read by the caller at each call: (STOCK_HOPE,
MAX_EVAL_CARDS, KNOCK_WEIGHT, JOINS, POT_DRAWS)."""


def knock_look(variant: Variant, contract: bool) -> MaskLook | None:
    """The variant's mask lookahead with its C form, when this path applies to it: a
    knock game (the count weight is 0, a discard always follows a draw), no meld credit,
    no contract (nor pure runs) to aim at, no card turned face up; else None."""
    if (
        variant.knock is None
        or variant.draw.turned
        or contract
        or variant.scoring.meld_credit
        or variant.play.contract_pure
        or has_contract(variant)
    ):
        return None
    look = mask_look(variant)
    return look if look is not None and look.c is not None else None


_PACKS: dict[tuple[int, int], tuple[Variant, int | None]] = {}
_BIT53 = tuple(1 << c for c in range(53))  # a card code's bit, the joker's included


def _pack_mask(variant: Variant, players: int) -> int | None:
    """The pack's card mask when it holds each card once (`hands.unseen` then lists the
    cards in code order: the pack's order), else None. Held with its variant."""
    key = (id(variant), players)
    hit = _PACKS.get(key)
    if hit is None or hit[0] is not variant:
        counts = deck_counts(variant, players)
        single = all(n == 1 for n in counts.values()) and list(counts) == sorted(counts)
        if len(_PACKS) > 256:
            _PACKS.clear()
        hit = _PACKS[key] = (variant, sum(1 << c for c in counts) if single else None)
    return hit[1]


def _pool_mask(look: MaskLook, view: View, hand: int) -> int | None:
    """The card mask of `hands.unseen(variant, view)` (the pack less the cards the history
    showed, the hand, the pile and the table), worked out by masks instead of a Counter,
    when that pool is on the mask path (`MaskLook._pool`: one copy of each card, none
    wild-capable), else None. `hand`: the mask of view.hand."""
    pack = _pack_mask(look.variant, view.players)
    if pack is None:
        return None
    try:
        known = hand | sum(map(_BIT53.__getitem__, history_seen(view.history)))
        known |= sum(map(_BIT53.__getitem__, view.pile))
        for meld in view.melds:
            known |= sum(map(_BIT53.__getitem__, meld.cards))
    except IndexError:  # a code past the joker's: the general code reads it
        return None
    pool = pack & ~known
    return None if pool & look.not_fast else pool


def codes_of(mask: int) -> list[int]:
    """The codes of a card mask, lowest first (`list(pool)` of a pool in code order)."""
    bits = f"{mask:053b}"[::-1].encode().translate(_ZERO_BYTE)  # b"0" -> 0: not selected
    return list(compress(range(53), bits))


_ZERO_BYTE = bytes.maketrans(b"0", b"\x00")


def draw(
    look: MaskLook,
    view: View,
    groups: Groups,
    limit: int | None,
    pot: float,
    weights: Weights,
    params: DrawParams,
) -> Move | None:
    """`SmartBot._draw` of a hand of at most LOOK_SMALL_HAND cards (the caller checks)
    with `knock_look`'s look: the stock's expected cost (the one-draw lookahead less the
    partial melds' potential) against each visible pile take's best discard after it."""
    hope, max_eval, knock_weight, joins_free, draws = params
    c = look.c
    mask = look.mask_of(view.hand)
    if mask is None or not mask:
        return None
    pool_mask = _pool_mask(look, view, mask)
    if pool_mask is None:
        return None
    current = look.k.value(mask) / 1  # cost(): deadwood in points of 1, no count weight
    stock_cost: float = c.score(mask, pool_mask, 2, limit, 0.0, knock_weight, 1.0, 0.0, 0.0, 52)
    if pool_mask and draws > 0:  # partials.potential: nothing to draw, nothing gained
        stock_cost -= pot * c.pot(mask, pool_mask, draws, 1.0)
    forbid = look.variant.discard.forbid_taken
    size = len(view.hand)
    best: tuple[float, Move] | None = None
    for parsed, move, cards in pile_takes(view, groups, max_eval):
        taken = sum(map(CARD_BITS.__getitem__, cards)) if max(cards) < 52 else -1
        new = mask | taken
        if taken < 0 or new & look.not_fast or new.bit_count() != size + len(cards):
            return None  # off the mask path: the general code weighs it
        if new & pool_mask:
            return None
        movable = new & ~taken if forbid else new
        score = c.least(new, movable, pool_mask, 1, None, *weights[:6])
        if score is None:
            return None
        if limit is not None and new.bit_count() > 1:
            least = c.least(new, movable, 0, 0, None, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
            if least is not None and least <= limit:
                score -= knock_weight
        if parsed.source == "discard+stock":
            score -= hope
        joins = not c.dead_mask(new) & taken
        good = score < stock_cost or (joins_free and joins and score <= current)
        if good and (best is None or score < best[0]):
            best = (score, move)
    return best[1] if best is not None else fallback_draw(groups)


PLAIN = frozenset(("discard", "knock"))


def _knock(
    look: MaskLook,
    view: View,
    groups: Groups,
    pool: Callable[[], Counter[int]],
    limit: int | None,
    mask: int,
    pool_mask: int,
) -> Move | None | Literal[False]:
    """`SmartBot._play`'s knock: the knock leaving the least cost (then the lowest card),
    made unless the hand plays on for gin (`ginplay.wait_for_gin`, by mask: the same
    deadwood, the same C count of gin cards) or it is too soon (`knocktime.too_soon`).
    False: no knock now; None: a knock off the mask path (the general code decides)."""
    value = look.k.value
    best: tuple[float, tuple[int, ...], MoveText, Move] | None = None
    for parsed, move in groups["knock"]:
        cards = parsed.cards
        if len(cards) != 1 or not 0 <= cards[0] < 52 or not mask >> cards[0] & 1:
            return None
        key = (value(mask ^ CARD_BITS[cards[0]]) / 1, cards)  # SmartBot._after: cost(), weight 0
        if best is None or key < best[:2]:
            best = (*key, parsed, move)
    if best is None:
        return None
    parsed, move = best[2], best[3]
    rest = mask ^ CARD_BITS[parsed.cards[0]]
    if view.stock >= GIN_STOCK and 0 < value(rest) / 1 <= GIN_CLOSE:  # wait_for_gin's tests
        left = [card for card in view.hand if card != parsed.cards[0]]
        counted = look.gin_hits(left, pool())
        if counted is None:
            return None
        if pool_mask and counted / pool_mask.bit_count() >= GIN_CHANCE:
            return False  # one good draw from gin: play on
    if too_soon(look.variant, view, parsed.cards, limit, pool()):
        return False
    return move


def turns_over(view: View) -> bool:
    """Has this seat started more than STALL_TURNS turns (`base.stalled` may draw a random
    number)? The fast discard leaves those hands to the general code. (`base.turns_taken`
    counts the seat's draws and takes in the history, as `knocktime.draws_taken` does, which
    carries its count on from the last history it read.)"""
    return draws_taken(view, view.seat) > STALL_TURNS


def discard(
    look: MaskLook,
    view: View,
    groups: Groups,
    pool: Callable[[], Counter[int]],
    limit: int | None,
    keep: int,
    weights: Weights,
) -> Move | None:
    """`SmartBot._play` when every legal move is a discard or a knock of one card of a
    hand on the mask path (no meld or lay-off to weigh; not going out): the knock, if one
    is made (`_knock`), else every candidate's danger (`danger.discard_dangers`, C) and
    the choice among them (`Look.choose`)."""
    if not groups.keys() <= PLAIN or "discard" not in groups or view.melds:
        return None
    hand = view.hand
    options = groups["discard"]
    by_card: dict[int, Move] = {}
    for parsed, move in options:
        cards = parsed.cards
        if len(cards) != 1 or len(hand) == 1:
            return None
        by_card[cards[0]] = move
    mask = look.mask_of(hand)
    if mask is None or len(by_card) != len(options):
        return None
    pool_mask = _pool_mask(look, view, mask)
    if pool_mask is None:
        return None
    if "knock" in groups:
        knocked = _knock(look, view, groups, pool, limit, mask, pool_mask)
        if knocked is not False:
            return knocked  # the knock, or None: off this path
    if turns_over(view):
        return None
    ordered = sorted(by_card)
    if ordered[-1] >= 52 or ordered[0] < 0:
        return None
    chosen = sum(map(CARD_BITS.__getitem__, ordered))
    nxt = view.next_seat()
    if chosen & ~mask or nxt >= len(view.hand_sizes) or nxt == view.seat:
        return None
    c = look.c
    counts, passed, thrown = replay_history(view, nxt)
    held = [card for card, n in counts.items() if n > 0]
    unknown = max(view.hand_sizes[nxt] - sum([counts[card] for card in held]), 0)
    dead = 0  # ranks seen twice or more (none: one pile card in sight, no table meld)
    if len(view.pile) > 1:  # (a table meld sent the hand to the general code above)
        dead = sum(1 << (r - 1) for r, n in seen_counts(view).items() if n >= 2 and 1 <= r <= 13)
    dangers = c.dangers(chosen, codes_of(pool_mask), passed, thrown, held, unknown, dead)
    weight, knock, look_weight, pot_weight, draws, max_cards = weights[:6]
    card = c.choose(
        mask,
        chosen,
        dangers,
        pool_mask,
        keep,
        limit,
        weight,
        knock,
        look_weight,
        pot_weight if pot_weight else 0.0,
        draws,
        max_cards,
    )
    return by_card[card]
