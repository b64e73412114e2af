"""Candidate melds of a hand: natural parts, wild-card ranges, named melds (interpreter, melds).

The solver needs only *what natural cards a meld takes and how many wild
cards it may hold* (`natural_parts`); the engine and bots need the melds as
laid, with every useful naming of the wild cards (`candidate_melds`). Wild
cards are only ever named to fill a run's gaps or extend it at its ends, or
to the suits a set may still take, which keeps many-joker hands finite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables, rank_mask, run_windows, span, tables
from rulespec.interpreter.melds import Meld, name_wilds, place_wilds
from rulespec.model.variant import Variant

Part = tuple[tuple[int, ...], int, int]
"""(natural codes of a meld, sorted; fewest wild cards it needs; most it may hold)."""


@lru_cache(maxsize=1 << 16)
def _run_subsets(ace: str, present: int, wilds: int) -> tuple[tuple[int, int], ...]:
    """Rank masks S within `present` whose shortest run needs at most `wilds` fillers: (S, gap).

    Without wild cards, S needs no filler exactly when it is a run window itself (its
    shortest window has its length and holds it), so a long suit's answer is the windows
    it holds (`_held_windows`) rather than a walk through its 2^n subsets."""
    if not wilds and present.bit_count() > 6:
        return _held_windows(ace, present)
    return _every_subset(ace, present, wilds)


def _every_subset(ace: str, present: int, wilds: int) -> tuple[tuple[int, int], ...]:
    """`_run_subsets` by walking every subset of `present`."""
    out: list[tuple[int, int]] = []
    sub = present
    while sub:
        n = bin(sub).count("1")
        gap = span(ace, sub) - n
        if gap <= wilds:
            out.append((sub, gap))
        sub = (sub - 1) & present
    out.sort()
    return tuple(out)


def _held_windows(ace: str, present: int) -> tuple[tuple[int, int], ...]:
    """`_run_subsets(ace, present, 0)`: the run windows within `present`, gap 0."""
    return tuple((w, 0) for w in _window_masks(ace) if not w & ~present)


@lru_cache(maxsize=64)
def _window_masks(ace: str) -> tuple[int, ...]:
    """The rank masks of every run window of a line key, ascending."""
    return tuple(sorted(rank_mask(w) for w in run_windows(ace)))


@lru_cache(maxsize=1 << 16)
def _span_subsets(ace: str, present: int, wilds: int) -> tuple[tuple[int, int], ...]:
    """Like `_run_subsets`, only the ranks of `present` inside one run window (no natural
    card of the suit skipped within the span)."""
    out: set[tuple[int, int]] = set()
    for window in run_windows(ace):
        sub = present & rank_mask(window)
        if sub:
            gap = span(ace, sub) - bin(sub).count("1")
            if gap <= wilds:
                out.add((sub, gap))
    return tuple(sorted(out))


def _prefixes(avail: list[int]) -> list[tuple[int, ...]]:
    """Per-suit counts of the first n cards of a rank in code order, for n = 1..all."""
    out = []
    use = [0, 0, 0, 0]
    for s in range(4):
        for _ in range(avail[s]):
            use[s] += 1
            out.append(tuple(use))
    return out


def natural_parts(
    t: Tables, counts: Counter[int], wilds: int, spans_only: bool = False
) -> list[Part]:
    """Every meld shape from natural cards with these counts, given `wilds` wild cards at most.

    A set takes at most one card per suit (`suits: distinct`) or any equal cards (`any`);
    a run takes one card per rank of one suit. Each part has at least one natural card.
    `spans_only` (for listing, not for the solver): a run takes every natural card of
    its suit within its span, and a set with repeated suits takes its rank's cards in
    code order (a prefix), so the parts are polynomial in the hand.
    """
    parts: list[Part] = []
    for _key, got in natural_groups(t, counts, wilds, spans_only):
        parts += got
    return parts


GroupKey = tuple[int, object, int, bool]
"""What one rank's sets or one suit's runs depend on: (rank, or -1 - suit; the rank's counts
per suit or the suit's rank mask; wild cards; spans only)."""


def natural_groups(
    t: Tables, counts: Counter[int], wilds: int, spans_only: bool = False
) -> list[tuple[GroupKey, list[Part]]]:
    """`natural_parts` by group, in its order: each rank's sets, then each suit's runs, with
    the key the group is cached by (the solver packs each group once per key)."""
    out: list[tuple[GroupKey, list[Part]]] = []
    get = counts.get
    codes = [c for c, n in counts.items() if n > 0 and 0 <= c < 52]
    if t.has_sets:
        for rank in sorted({c % 13 for c in codes}):
            avail = (get(rank, 0), get(rank + 13, 0), get(rank + 26, 0), get(rank + 39, 0))
            out.append(set_group(t, rank, avail, wilds, spans_only))
    if t.has_runs:
        present = [0, 0, 0, 0]
        for c in codes:
            present[c // 13] |= 1 << (c % 13)
        for suit in range(4):
            if present[suit]:
                out.append(run_group(t, suit, present[suit], wilds, spans_only))
    return out


def set_group(
    t: Tables, rank: int, avail: tuple[int, ...], wilds: int, spans_only: bool = False
) -> tuple[GroupKey, list[Part]]:
    """The set parts of one rank, its cards counted per suit, and their cache key."""
    key: GroupKey = (rank, avail, wilds, spans_only)
    cache = _parts_cache(t)
    got = cache.get(key)
    if got is None:
        got = _set_parts(t, rank, avail, wilds, spans_only)
        cache[key] = got
    return key, got


def run_group(
    t: Tables, suit: int, present: int, wilds: int, spans_only: bool = False
) -> tuple[GroupKey, list[Part]]:
    """The run parts of one suit, its ranks held as a mask, and their cache key."""
    key: GroupKey = (-1 - suit, present, wilds, spans_only)
    cache = _parts_cache(t)
    got = cache.get(key)
    if got is None:
        got = _run_parts(t, suit, present, wilds, spans_only)
        cache[key] = got
    return key, got


_PARTS: dict[int, tuple[Tables, dict[GroupKey, list[Part]]]] = {}
_PARTS_LIMIT = 100_000


def _parts_cache(t: Tables) -> dict[GroupKey, list[Part]]:
    """The parts of one rank's or one suit's cards, by what they depend on (per tables):
    hands that differ in a card or two share most of them."""
    hit = _PARTS.get(id(t))
    if hit is not None and hit[0] is t:
        if len(hit[1]) > _PARTS_LIMIT:
            hit[1].clear()
        return hit[1]
    if len(_PARTS) > 64:
        _PARTS.clear()
    made: dict[GroupKey, list[Part]] = {}
    _PARTS[id(t)] = (t, made)
    return made


def _set_parts(
    t: Tables, rank: int, avail: tuple[int, ...], wilds: int, spans_only: bool
) -> list[Part]:
    """The set parts of one rank, its cards counted per suit (see `natural_parts`)."""
    parts: list[Part] = []
    ranges = [range(0, min(a, 1) + 1) if t.set_distinct else range(0, a + 1) for a in avail]
    uses: Iterable[tuple[int, ...]] = product(*ranges)
    if spans_only and not t.set_distinct:
        uses = _prefixes(list(avail))
    for use in uses:
        n = sum(use)
        if n == 0:
            continue
        kmin = max(0, t.set_min - n)
        kmax = min(wilds, t.set_max - n, t.max_wilds(n))
        if t.set_distinct:
            kmax = min(kmax, 4 - n)
        if kmin <= kmax:
            codes = tuple(rank + 13 * s for s in range(4) for _ in range(use[s]))
            parts.append((codes, kmin, kmax))
    return parts


def _run_parts(t: Tables, suit: int, present: int, wilds: int, spans_only: bool) -> list[Part]:
    """The run parts of one suit, its ranks held as a mask (see `natural_parts`)."""
    parts: list[Part] = []
    subsets = _span_subsets if spans_only else _run_subsets
    run_min, run_max, base = t.run_min, t.run_max, 13 * suit
    most = [min(wilds, run_max - n, t.max_wilds(n)) for n in range(present.bit_count() + 1)]
    for sub, gap in subsets(t.line, present, wilds):
        n = sub.bit_count()
        kmin = max(gap, run_min - n, 0)
        kmax = most[n]
        if kmin <= kmax:
            parts.append((tuple([r + base for r in _ranks_of(sub)]), kmin, kmax))
    return parts


@lru_cache(maxsize=8192)
def _ranks_of(sub: int) -> tuple[int, ...]:
    """The ranks (bits) of a 13-bit rank mask, lowest first."""
    return tuple(r for r in range(13) if sub >> r & 1)


def split_hand(t: Tables, hand: Sequence[int]) -> tuple[Counter[int], list[int]]:
    """(natural-capable card counts, wild-capable cards): jokers are only wild, wild ranks
    both; a joker that is not wild (it makes sets of its own, if any) is in neither."""
    naturals: Counter[int] = Counter(c for c in hand if c != JOKER)
    joker = t.wild_joker
    wild_cards = sorted(c for c in hand if t.wild_code(c) and (joker or c != JOKER))
    return naturals, wild_cards


FULL_LISTING = 4
"""A hand with at most this many wild-capable cards has every meld listed (see
`candidate_melds`), unless there are more than `FULL_BUDGET`; else canonical melds."""

FULL_BUDGET = 400
"""The most melds listed in full; past it, listing them all would cost more than a move."""


def lists_every_meld(variant: Variant, hand: Sequence[int]) -> bool:
    """Few enough wild-capable cards (`FULL_LISTING`) for every meld to be listed, budget
    allowing; otherwise the listing is canonical."""
    t = tables(variant)
    wild = sum(1 for c in hand if t.wild_code(c))
    return wild <= FULL_LISTING


def candidate_melds(variant: Variant, hand: Sequence[int]) -> list[Meld]:
    """The melds (placed, canonical) formable from cards of the hand that a player is offered.

    With at most `FULL_LISTING` wild-capable cards in the hand and at most
    `FULL_BUDGET` melds in all: every distinct meld — every natural part, every
    number of wild cards, every choice of which wild cards, every naming (a
    set's suits, a run's window). With more,
    listing every meld is exponential (every subset of an all-wild hand is a
    meld), so the list holds canonical melds: natural parts that take every
    natural card of their span, each with the fewest and the most wild cards it
    may hold, the wild cards chosen canonically (jokers first, then the most
    valuable) and named canonically. Any other valid meld is still legal when
    a player lays it (the judge's meld predicate, phases/lay.py, checks it directly).
    """
    return candidate_listing(variant, hand)[0]


def candidate_listing(variant: Variant, hand: Sequence[int]) -> tuple[list[Meld], bool]:
    """(`candidate_melds`, whether that is every meld of the hand or canonical ones)."""
    t = tables(variant)
    naturals, wild_cards = split_hand(t, hand)
    own = joker_melds(t, hand)
    if len(wild_cards) <= FULL_LISTING:
        every = _every_meld(variant, t, naturals, wild_cards)
        if every is not None:
            return sorted(every + own), True
    return sorted(_canonical_melds(variant, t, naturals, wild_cards) + own), False


def joker_melds(t: Tables, hand: Sequence[int]) -> list[Meld]:
    """With `melds.joker_sets`: the sets of jokers the hand's jokers can make (every size)."""
    jokers = sum(1 for c in hand if c == JOKER)
    if not t.joker_sets or not t.has_sets:
        return []
    return [((JOKER, JOKER),) * n for n in range(t.set_min, min(jokers, t.set_max) + 1)]


def _every_meld(
    variant: Variant, t: Tables, naturals: Counter[int], wild_cards: list[int]
) -> list[Meld] | None:
    """Every distinct meld, sorted; None as soon as there are more than `FULL_BUDGET`."""
    found: set[Meld] = set()
    wild_count = Counter(wild_cards)
    if not name_parts(variant, natural_parts(t, naturals, len(wild_cards)), wild_count, found):
        return None
    if t.all_wild_sizes and wild_cards:
        for size in sorted(t.all_wild_sizes):
            if size <= len(wild_cards):
                for chosen in multisets(wild_count, size):
                    found.update(name_wilds(variant, chosen))
                    if len(found) > FULL_BUDGET:
                        return None
    return sorted(found)


def name_parts(
    variant: Variant,
    parts: Iterable[Part],
    wild_count: Counter[int],
    found: set[Meld],
    must: int | None = None,
) -> bool:
    """Add to `found` every meld of these natural parts with every choice and naming of the
    wild cards they may hold (`must`: only those holding that card); False as soon as there
    are more than `FULL_BUDGET`."""
    for codes, kmin, kmax in parts:
        # the wild cards the natural part leaves (it may hold a card of a wild rank; most
        # hold none, and the pool is then every wild card: Counter's difference copies it)
        if wild_count and not wild_count.keys().isdisjoint(codes):
            pool = wild_count - Counter(codes)
        else:
            pool = wild_count
        held = must is None or must in codes
        for k in range(kmin, min(kmax, pool.total()) + 1):
            for chosen in multisets(pool, k) if k else _NO_WILDS:
                if held or must in chosen:
                    found.update(name_wilds(variant, list(codes) + chosen))
                    if len(found) > FULL_BUDGET:
                        return False
    return True


_NO_WILDS: tuple[list[int]] = ([],)
"""`multisets(pool, 0)`: the one empty choice (read, never changed)."""


def multisets(pool: Counter[int], k: int) -> list[list[int]]:
    """Every distinct multiset of k cards from the pool, sorted (never C(n, k) tuples)."""
    items = sorted(pool.items())
    out: list[list[int]] = []

    def walk(i: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            out.append(list(chosen))
            return
        if i == len(items):
            return
        code, have = items[i]
        for take in range(min(have, left), -1, -1):
            walk(i + 1, left - take, chosen + [code] * take)

    walk(0, k, [])
    return sorted(out)


def _canonical_melds(
    variant: Variant, t: Tables, naturals: Counter[int], wild_cards: list[int]
) -> list[Meld]:
    found: set[Meld] = set()
    wild_count = Counter(wild_cards)
    # jokers first (wild only), then the most valuable wild cards, then by code
    order = sorted(wild_cards, key=lambda c: (c != JOKER, -t.hand_values[c], c))
    for codes, kmin, kmax in natural_parts(t, naturals, len(wild_cards), spans_only=True):
        avail = wild_count - Counter(codes)
        ranked = []
        for c in order:
            if avail[c] > 0:
                ranked.append(c)
                avail[c] -= 1
        top = min(kmax, len(ranked))
        for k in sorted({kmin, top}):
            if kmin <= k <= top:
                found.update(place_wilds(variant, list(codes), ranked[:k], CANONICAL_NAMINGS))
    if t.all_wild_sizes:
        for size in sorted(t.all_wild_sizes):
            if size <= len(order):
                found.update(place_wilds(variant, [], order[:size], 1))
    return sorted(found)


CANONICAL_NAMINGS = 2
"""Namings listed per canonical meld (a set's suits or a run's window; the first tried)."""
