"""The smart bot's checks of a hand near going out: knocking, gin, melded cards (bots layer).

Small questions `bots/smart.py` asks of a hand while drawing and playing: could
it knock after some allowed discard, is it close enough to gin to play on for
the bonus, do the cards just taken lie in a meld of its best arrangement, how
many pure runs an arrangement holds, should it hold its melds back. On the
one-deck path they read the kernel's answers by card mask (`bots/masklook.py`),
otherwise the cached deadwood (`bots/hands.py`: `dead_cards`, the best arrangement's
deadwood and its cards with the melds left unnamed; only `all_melded` names them).
A card in no meld of the hand (`bots/lonedraws.py`) leaves or joins that deadwood
as it is, so the knock and gin checks read those hands off the hand's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.bots.base import JOKER, Move, MoveText, View, hand_value, is_wild, points
from rulespec.bots.hands import arrangement, dead_cards
from rulespec.bots.lonedraws import held_lone, lone_draws
from rulespec.bots.masklook import mask_look
from rulespec.model.variant import Variant

GIN_CLOSE = 4  # knock deadwood at most this: consider playing on for gin
GIN_CHANCE = 0.1  # ... when this share of the unseen cards gives gin next turn
GIN_STOCK = 12  # ... and only while the stock holds this many cards


def pure_runs(variant: Variant, melds: Sequence[Sequence[int]]) -> int:
    """How many of an arrangement's melds are runs with no wild card in them (pure)."""
    count = 0
    for meld in melds:
        suits = {c // 13 for c in meld}
        ranks = {c % 13 for c in meld}
        if len(suits) == 1 and len(ranks) == len(meld) > 1 and JOKER not in meld:
            count += not any(is_wild(variant, c) for c in meld)
    return count


def remove_cards(hand: Sequence[int], cards: Sequence[int]) -> list[int] | None:
    """The hand less these cards (each once), or None when it does not hold them all."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def knock_ready(variant: Variant, hand: Sequence[int], keep: Sequence[int], limit: int) -> bool:
    """Could this hand knock now (deadwood after some allowed discard within the limit)."""
    look = mask_look(variant)
    mask = look.mask_of(hand) if look is not None else None
    if look is not None and mask is not None:  # the kernel's deadwood, by mask
        if look.c is not None and mask.bit_count() > 1:  # the least of them in one C call
            cards = mask & ~sum([1 << k for k in keep if 0 <= k < 52])
            least = look.c.least(mask, cards, 0, 0, None, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
            return least is not None and least <= limit
        value = look.k.value
        return any(value(mask ^ 1 << c) <= limit for c in hand if c not in keep)
    lone = held_lone(variant, hand)  # a card in no meld leaves the deadwood less its value
    whole = dead_cards(variant, hand)[0] if lone else 0
    for card in set(hand):
        if card in keep:
            continue
        if lone >> card & 1:
            if whole - hand_value(variant, card) <= limit:
                return True
            continue
        rest = list(hand)
        rest.remove(card)
        if dead_cards(variant, rest)[0] <= limit:
            return True
    return False


def all_melded(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Do these cards all lie in a meld of the hand's best arrangement? Its melds and its
    deadwood cards share the hand out, so a card lies in a meld when the hand holds more
    copies of it than the deadwood does: read off `dead_cards`, the melds left unnamed (the
    same arrangement's cards). A whole-hand pattern that beats every arrangement names no
    melds and no deadwood, so with patterns and no deadwood the named arrangement is read."""
    look = mask_look(variant)
    mask = look.mask_of(hand) if look is not None else None
    if look is not None and mask is not None:
        return not look.dead_mask(mask) & sum(1 << c for c in cards)
    dead = dead_cards(variant, hand)[1]
    if not dead and variant.melds.patterns:
        return all(c in [x for m in arrangement(variant, hand)[1] for x in m] for c in cards)
    return all(hand.count(c) > dead.count(c) for c in cards)


def wait_for_gin(
    view: View,
    variant: Variant,
    hand: Sequence[int],
    knock: MoveText,
    groups: dict[str, list[tuple[MoveText, Move]]],
    unseen: Callable[[], Counter[int]],
) -> bool:
    """Close to gin (a little deadwood, many unseen cards would finish it, the stock
    still long): discard as if knocking but play on for the gin bonus."""
    rest = remove_cards(hand, knock.cards)
    if rest is None or not groups.get("discard") or view.stock < GIN_STOCK:
        return False
    dw = dead_cards(variant, rest)[0]
    if not 0 < points(variant, dw) <= GIN_CLOSE:
        return False
    pool = unseen()
    total = sum(pool.values())
    look = mask_look(variant)  # the C walk counts the same hits (bots/masklook.py)
    counted = look.gin_hits(rest, pool) if look is not None else None
    if counted is not None:
        return bool(total) and counted / total >= GIN_CHANCE
    if not total:
        return False
    hits, left = 0, total  # stopped once settled: hits only grow, by at most the cards left
    lone = lone_draws(variant, rest)  # a card in no meld of the hand just joins the deadwood
    base_dw, base_dead = dead_cards(variant, rest) if lone else (0, [])
    for card, n in pool.items():
        if 0 <= card < 52 and lone >> card & 1:
            got, dead = base_dw + hand_value(variant, card), [*base_dead, card]
        else:
            got, dead = dead_cards(variant, [*rest, card])
        worst = max((hand_value(variant, d) for d in dead), default=0)
        left -= n
        if got - worst == 0:
            hits += n
            if hits / total >= GIN_CHANCE:
                return True
        elif (hits + left) / total < GIN_CHANCE:
            return False
    return hits / total >= GIN_CHANCE


def hold_melds(view: View, variant: Variant, hand: Sequence[int], hold_until: int) -> bool:
    """Keep melds in hand (no lay-off targets for the others, a chance of going out in
    one go) until the whole hand can go down this turn, unless someone is nearly out
    (``hold_until`` cards or fewer) or the rules reward or limit melding."""
    play = variant.play
    rules = variant.document.get("play") or {}
    if rules.get("layoff", True) is not True:
        return False  # lay-offs wait on a condition (laid down before): get down early
    if variant.scoring.meld_credit or play.melding != "anytime" or play.layoff is None:
        return False
    if play.melds_per_turn is not None or play.layoff_onto != "any":
        return False
    if variant.melds.wild.cards and any(is_wild(variant, c) for c in hand):
        return False  # a wild caught in hand costs dearly: put it down
    if any(n <= hold_until for s, n in enumerate(view.hand_sizes) if s != view.seat):
        return False
    return len(dead_cards(variant, hand)[1]) > 1
