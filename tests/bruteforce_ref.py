"""Brute-force deadwood reference for solver tests and the benchmark (independent meld code).

Meld validity is re-derived here from the rules in plain terms: a set is one
rank (distinct suits unless `suits: any`), a run is one suit over a window
of the ace mode's rank order; wild cards fill any position, cards of a wild
rank may also play as themselves. Deadwood is an exhaustive search over
every subset of physical cards that can be a meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from rulespec.model.variant import RANK_KEYS, Variant

JOKER = 52


@cache
def windows(ace: str, ranks: tuple[int, ...] = tuple(range(1, 14))) -> tuple[frozenset[int], ...]:
    """Every run's rank set in an ace mode over the pack's ranks (a run is a slice of the
    rank list in order; `high` moves the ace past the top, `wrap` joins the two ends)."""
    orders: list[list[int]] = []
    if ace in ("low", "high_or_low") or 1 not in ranks and ace != "wrap":
        orders.append(list(ranks))
    if ace in ("high", "high_or_low") and 1 in ranks:
        orders.append([r for r in ranks if r != 1] + [1])
    count = len(ranks)
    out: set[frozenset[int]] = set()
    for order in orders:
        for i in range(count):
            for j in range(i + 1, count + 1):
                out.add(frozenset(order[i:j]))
    if ace == "wrap":
        for start in range(count):
            for length in range(1, count + 1):
                out.add(frozenset(ranks[(start + k) % count] for k in range(length)))
    return tuple(sorted(out, key=lambda s: (len(s), sorted(s))))


def _wild(variant: Variant, card: int) -> bool:
    wild = variant.melds.wild.cards
    if card == JOKER:
        return "joker" in wild
    return RANK_KEYS[card % 13] in wild


def can_meld(variant: Variant, cards: Sequence[int]) -> bool:
    """Can these raw cards be laid as one meld under the variant's rules?"""
    rules = variant.melds
    n = len(cards)
    if any(c == JOKER and not _wild(variant, c) for c in cards):
        return False
    flex = [i for i, c in enumerate(cards) if c != JOKER and _wild(variant, c)]
    for choice in product((False, True), repeat=len(flex)):
        as_wild = {i for i, w in zip(flex, choice, strict=False) if w}
        nat = [c for i, c in enumerate(cards) if c != JOKER and i not in as_wild]
        k = n - len(nat)
        if rules.wild.per_meld is not None and k > rules.wild.per_meld:
            continue
        if not rules.wild.outnumber and k > len(nat):
            continue
        ranks = [c % 13 + 1 for c in nat]
        suits = [c // 13 for c in nat]
        s = rules.set
        if s is not None and len(set(ranks)) <= 1 and n >= s.min and (s.max is None or n <= s.max):
            distinct = len(set(suits)) == len(suits) and n <= 4
            if s.suits == "any" or distinct:
                return True
        r = rules.run
        run_size = r is not None and n >= r.min and (r.max is None or n <= r.max)
        if run_size and len(set(suits)) <= 1 and len(set(ranks)) == len(ranks):
            need = set(ranks)
            if any(len(w) == n and need <= w for w in windows(variant.ace, variant.ranks)):
                return True
    return False


def hand_value(variant: Variant, card: int) -> int:
    if card == JOKER:
        return variant.joker_values["hand"]
    return variant.values[card % 13 + 1]["hand"]


def brute_deadwood(variant: Variant, hand: Sequence[int]) -> int:
    """Exact minimum deadwood by exhaustive search over meld subsets of the physical cards."""
    n = len(hand)
    wild_idx = [i for i, c in enumerate(hand) if _wild(variant, c)]
    groups: list[list[int]] = []
    for key in range(13):  # a rank (sets)
        groups.append([i for i, c in enumerate(hand) if c != JOKER and c % 13 == key])
    for suit in range(4):  # a suit (runs)
        groups.append([i for i, c in enumerate(hand) if c != JOKER and c // 13 == suit])
    groups.append([])
    meld_masks: set[int] = set()
    for group in groups:
        pool = sorted(set(group) | set(wild_idx))
        for size in range(1, len(pool) + 1):
            for combo in combinations(pool, size):
                mask = sum(1 << i for i in combo)
                if mask not in meld_masks and can_meld(variant, [hand[i] for i in combo]):
                    meld_masks.add(mask)
    by_low: dict[int, list[int]] = {}
    for m in meld_masks:
        by_low.setdefault((m & -m).bit_length() - 1, []).append(m)
    values = [hand_value(variant, c) for c in hand]

    @cache
    def f(rest: int) -> int:
        if not rest:
            return 0
        low = (rest & -rest).bit_length() - 1
        best = values[low] + f(rest & ~(1 << low))
        for m in by_low.get(low, []):
            if m & rest == m:
                best = min(best, f(rest & ~m))
        return best

    return f((1 << n) - 1)
