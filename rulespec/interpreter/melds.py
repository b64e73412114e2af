"""Meld recognition: sets, runs by ace mode, wilds, places, values, lay-offs (interpreter, melds).

A meld as laid is a tuple of placed cards `(card, stands_for)`. `normalize`
checks one against every rule of `variant.melds` and returns it in canonical
order (a set by card, a run along its rank order); the other functions build
on it. Whole-hand patterns are recognised by `pattern_of` (meldpatterns.py,
re-exported here). Candidate melds of a hand live in `meldgen`, which builds on
this module; `place_wilds` names the common trials without `analyze` (wildplace.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, combinations_with_replacement, product

from rulespec.core.cards import JOKER, Placed
from rulespec.interpreter.jokersets import joker_set
from rulespec.interpreter.meldpatterns import pattern_of as pattern_of
from rulespec.interpreter.meldrules import (
    rank_mask,
    tables,
    window_by_mask,
    windows_of,
)
from rulespec.interpreter.meldwhy import absent_rank, not_wild, shape_refusal, too_many_wilds
from rulespec.interpreter.wildplace import quick_placements
from rulespec.model.variant import Variant

Meld = tuple[Placed, ...]


def analyze(
    variant: Variant, placed: Sequence[Placed], why: list[str] | None = None
) -> tuple[str, Meld] | None:
    """(kind, canonical order) of a laid meld, or None when it breaks a rule.

    With a `why` list, the rule broken is appended to it (a docs/document.md key
    and the player's terms): the one check that decides a meld also says why not.
    """
    t = tables(variant)
    n = len(placed)
    if n == 0:
        if why is not None:
            why.append("a meld needs cards")
        return None
    if any(sf == JOKER for _, sf in placed):
        return joker_set(t, placed, why)
    wilds = 0
    for card, stands_for in placed:
        if not 0 <= stands_for < 52:
            if why is not None:
                why.append(f"a card must stand for a natural card, not code {stands_for}")
            return None
        if stands_for % 13 + 1 not in t.ranks:
            if why is not None:
                why.append(absent_rank(t, card, stands_for))
            return None
        if card != stands_for:
            if not (0 <= card <= JOKER and t.wild_code(card)):
                if why is not None:
                    why.append(not_wild(variant, card, stands_for))
                return None
            wilds += 1
    if wilds > t.max_wilds(n - wilds):
        if why is not None:
            why.append(too_many_wilds(t, wilds, n - wilds))
        return None
    names = [sf for _, sf in placed]
    ranks = {sf % 13 + 1 for sf in names}
    suits = [sf // 13 for sf in names]
    distinct_ok = not t.set_distinct or len(set(suits)) == n
    if t.has_sets and len(ranks) == 1 and t.set_min <= n <= t.set_max and distinct_ok:
        return "set", tuple(sorted(placed, key=lambda p: (p[1], p[0])))
    if t.has_runs and len(set(suits)) == 1 and len(ranks) == n and t.run_min <= n <= t.run_max:
        window = window_by_mask(t.line).get(rank_mask(sorted(ranks)))
        if window is not None:
            order = {r: i for i, r in enumerate(window)}
            return "run", tuple(sorted(placed, key=lambda p: order[p[1] % 13 + 1]))
    if why is not None:
        why.append(shape_refusal(t, n, ranks, suits, distinct_ok))
    return None


REFUSALS_KEPT = 50_000
"""At most this many meld_refusal answers are kept per variant (then the table starts over)."""


def meld_refusal(variant: Variant, placed: Sequence[Placed]) -> str | None:
    """The rule a laid group breaks as a meld (key and plain words), or None if it is a meld."""
    known = tables(variant).refusals
    key = tuple(placed)
    if key in known:
        return known[key]  # type: ignore[no-any-return]
    why: list[str] = []
    got = None if analyze(variant, placed, why) is not None else why[0]
    if len(known) >= REFUSALS_KEPT:
        known.clear()
    known[key] = got
    return got


def normalize(variant: Variant, placed: Sequence[Placed]) -> Meld | None:
    """The meld in canonical order (sets by card, runs along their ranks), or None if not a meld."""
    found = analyze(variant, placed)
    return None if found is None else found[1]


def meld_kind(variant: Variant, placed: Sequence[Placed]) -> str | None:
    """ "set", "run", or None: does this laid group obey every rule of `variant.melds`?"""
    found = analyze(variant, placed)
    return None if found is None else found[0]


def places(variant: Variant, placed: Sequence[Placed]) -> list[str]:
    """Each card's place for valuing, in the given order: "set", or in a run by position
    along the run "run_low" (first), "run_middle", "run_high" (last); "hand" if not a meld."""
    found = analyze(variant, placed)
    if found is None:
        return ["hand"] * len(placed)
    kind, ordered = found
    if kind == "set":
        return ["set"] * len(placed)
    last = len(ordered) - 1
    by_name = {
        p[1]: ("run_low" if i == 0 else "run_high" if i == last else "run_middle")
        for i, p in enumerate(ordered)
    }
    return [by_name[p[1]] for p in placed]


def meld_value(variant: Variant, placed: Sequence[Placed]) -> int:
    """Sum of the cards' values at their places; a wild is valued as the card it stands for.

    Kept per variant by the cards as laid (the way-on search and the opening minimum ask
    it of the same candidate melds again and again)."""
    t = tables(variant)
    known = t.refusals
    key = ("value", tuple(placed))
    got = known.get(key)
    if got is None:
        got = sum(
            t.place_values[place][sf]
            for (_, sf), place in zip(placed, places(variant, placed), strict=False)
        )
        if len(known) >= REFUSALS_KEPT:
            known.clear()
        known[key] = got
    return got


def extend(variant: Variant, placed: Sequence[Placed], card: Placed) -> Meld | None:
    """The meld after laying off `card` (at either end of a run, into a set), or None."""
    known = tables(variant).refusals
    key = ("extend", tuple(placed), card)
    if key in known:
        return known[key]  # type: ignore[no-any-return]
    before = analyze(variant, placed)
    after = None if before is None else analyze(variant, tuple(placed) + (card,))
    got = None if after is None or before is None or after[0] != before[0] else after[1]
    if len(known) >= REFUSALS_KEPT:
        known.clear()
    known[key] = got
    return got


def _flex_splits(variant: Variant, cards: Sequence[int]) -> Iterable[tuple[list[int], list[int]]]:
    """The splits of raw cards into (naturals, wilds) that could make a meld.

    Jokers are wild, wild ranks either. Natural cards of a meld share a rank (a
    set) or a suit (a run), so only cards of one rank or one suit are ever tried
    as natural; equal cards are interchangeable, so a split says how many of each
    code play wild, not which. At most 4 codes of a rank or 13 of a suit vary,
    never every wild-capable card of the hand.
    """
    t = tables(variant)
    jokers = [c for c in cards if c == JOKER]
    if jokers and not t.wild_joker:
        return
    fixed = [c for c in cards if c != JOKER and not t.wild_code(c)]
    flex = Counter(c for c in cards if c != JOKER and t.wild_code(c))
    groups: list[tuple[int, int]] = []  # (0, rank) for a set, (1, suit) for a run
    for kind in (0, 1):
        keys = {_group(c, kind) for c in fixed}
        if len(keys) > 1:
            continue
        for key in keys or {_group(c, kind) for c in flex}:
            groups.append((kind, key))
    seen: set[tuple[int, ...]] = set()
    all_wild = (list(fixed), jokers + sorted(flex.elements()))
    if not fixed:
        seen.add(())
        yield all_wild
    for kind, key in groups:
        inside = sorted((c, n) for c, n in flex.items() if _group(c, kind) == key)
        outside = sorted(c for c in flex.elements() if _group(c, kind) != key)
        for choice in product(*(range(n + 1) for _, n in inside)):
            naturals = list(fixed)
            wilds = jokers + outside
            for (code, n), k in zip(inside, choice, strict=True):
                naturals += [code] * (n - k)
                wilds += [code] * k
            mark = tuple(sorted(naturals))
            if mark not in seen:
                seen.add(mark)
                yield naturals, sorted(wilds)


def _group(code: int, kind: int) -> int:
    """A card's rank index (kind 0, sets) or suit (kind 1, runs)."""
    return code % 13 if kind == 0 else code // 13


def place_wilds(
    variant: Variant, naturals: Sequence[int], wilds: Sequence[int], limit: int | None = None
) -> list[Meld]:
    """Valid placements of natural cards (as themselves) and wild cards as one meld, canonical.

    Every distinct naming is tried — a set's rank and the suits its wild cards
    take, a run's suit and window — but never which wild card takes which name:
    the wild cards are named in sorted order (along the run, or by suit), so
    the work is polynomial in their number. At most `limit` placements are
    returned (in the order tried) when a limit is given; sorted, deduplicated. The common
    cards' trials are checked without `analyze` (wildplace.py: the same answer).
    """
    t = tables(variant)
    wilds = sorted(wilds)
    if not naturals and not wilds or len(wilds) > t.max_wilds(len(naturals)):
        return []
    quick = quick_placements(t, naturals, wilds, limit)
    return quick if quick is not None else place_by_analyze(variant, naturals, wilds, limit)


def place_by_analyze(
    variant: Variant, naturals: Sequence[int], wilds: Sequence[int], limit: int | None = None
) -> list[Meld]:
    """`place_wilds` with every trial checked by `analyze` (any cards: the reference)."""
    t = tables(variant)
    found: set[Meld] = set()
    wilds = sorted(wilds)
    n = len(naturals) + len(wilds)
    if not n or len(wilds) > t.max_wilds(len(naturals)):
        return []
    base = [(c, c) for c in naturals]
    nat_ranks = {c % 13 + 1 for c in naturals}
    nat_suits = {c // 13 for c in naturals}

    def full() -> bool:
        return limit is not None and len(found) >= limit

    if t.has_sets and len(nat_ranks) <= 1 and t.set_min <= n <= t.set_max:
        for rank in sorted(nat_ranks) or sorted(t.ranks):
            if t.set_distinct:  # the wild cards take suits the natural cards lack
                lacking = [s for s in range(4) if s not in nat_suits]
                namings: Iterable[tuple[int, ...]] = combinations(lacking, len(wilds))
            else:
                namings = combinations_with_replacement(range(4), len(wilds))
            for suits in namings:
                trial = base + [(w, rank - 1 + 13 * s) for w, s in zip(wilds, suits, strict=True)]
                got = analyze(variant, trial)
                if got is not None and got[0] == "set":
                    found.add(got[1])
                    if full():
                        return sorted(found)
    if t.has_runs and len(nat_suits) <= 1 and len(nat_ranks) == len(naturals):
        need = rank_mask(sorted(nat_ranks))
        for window, mask in windows_of(t.line, n):
            if mask & need != need:
                continue
            free = [r for r in window if r not in nat_ranks]
            for suit in sorted(nat_suits) or range(4):
                trial = base + [(w, r - 1 + 13 * suit) for w, r in zip(wilds, free, strict=True)]
                got = analyze(variant, trial)
                if got is not None and got[0] == "run":
                    found.add(got[1])
                    if full():
                        return sorted(found)
    return sorted(found)


def name_wilds(variant: Variant, cards: Sequence[int]) -> list[Meld]:
    """Every valid placement of raw cards (wilds unnamed) as one meld, canonical, sorted.

    A card of a wild rank plays as itself or as a wild card; the wild cards are
    named as `place_wilds` names them (which wild card takes which name is
    canonical, not enumerated).
    """
    known = tables(variant).refusals  # the listing asks the same groups over and over
    key = ("name", tuple(sorted(cards)))
    hit = known.get(key)
    if hit is not None:
        return list(hit)
    found: set[Meld] = set()
    for naturals, wilds in _flex_splits(variant, cards):
        found.update(place_wilds(variant, naturals, wilds))
    got = sorted(found)
    if len(known) >= REFUSALS_KEPT:
        known.clear()
    known[key] = tuple(got)
    return got


NAME_ALL = 4
"""Up to this many wild cards, `name_one` looks through every naming for the least."""

NAME_LIMIT = 8
"""With more wild cards, `name_one` takes the least of the first this many namings."""


def name_one(variant: Variant, naturals: Sequence[int], wilds: Sequence[int]) -> Meld:
    """One canonical placement of a meld the solver found (naturals as themselves, wild cards
    named): the least naming (of the first `NAME_LIMIT` past `NAME_ALL` wild cards), so the
    same cards always give the same meld; remembered, as the solver asks the same ones."""
    known = tables(variant).refusals
    key = ("one", tuple(naturals), tuple(wilds))
    got = known.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    found = place_wilds(variant, naturals, wilds, None if len(wilds) <= NAME_ALL else NAME_LIMIT)
    if not found:
        raise ValueError(f"not a meld: naturals {list(naturals)}, wild cards {list(wilds)}")
    if len(known) >= REFUSALS_KEPT:
        known.clear()
    known[key] = found[0]
    return found[0]


def unique_ok(
    variant: Variant,
    table_cards_counter: Mapping[int, int],
    placed_cards: Iterable[Placed],
    deck_counts: Mapping[int, int] | int,
) -> bool:
    """`wild.unique`: may these placed cards join the table without any card (natural or named
    by a wild) standing there more often than the deck holds it? `table_cards_counter` counts
    the stands_for codes already on the table; `deck_counts` is copies per code, or decks."""
    if not variant.melds.wild.unique:
        return True
    added: dict[int, int] = {}
    for _card, stands_for in placed_cards:
        added[stands_for] = added.get(stands_for, 0) + 1
    for code, extra in added.items():
        held = deck_counts if isinstance(deck_counts, int) else deck_counts.get(code, 0)
        if table_cards_counter.get(code, 0) + extra > held:
            return False
    return True
