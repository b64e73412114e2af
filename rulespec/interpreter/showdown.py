"""The knock showdown: what the knocker shows, the defenders' lay-offs (interpreter, hand end).

A knocker may show any arrangement of its hand (after the discard) whose
deadwood is within the knock limit: named in the move (`knock C with …`,
checked by `named_showing`) or, for a bare `knock C`, every arrangement of
least deadwood (`least_showings`) is tried by scoring and the one best for
the knocker is shown (scoring.score_hand). `resolve` plays the showdown:
the defenders, in turn order, lay off what leaves them the least deadwood.

Whole-hand patterns (`melds.patterns`) make a hand count as melded only when
the whole hand has the property: a defender's hand as it stands, or the
knocker's hand after the discard, never what is left after lay-offs. A
defender who lays off is therefore counted by `arrange.plain(variant)`, the variant
without its patterns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulespec.core.cards import JOKER, Placed, card_text, cards_text, placed_text
from rulespec.core.errors import RulespecError
from rulespec.interpreter import melds as M
from rulespec.interpreter import solver as S
from rulespec.interpreter.arrange import best_layoff, plain
from rulespec.interpreter.layfits import meld_fits
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.meldrules import Tables, tables
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import next_seat
from rulespec.model.variant import Variant

Meld = tuple[Placed, ...]

SHOWINGS_CAP = 256
"""At most this many least-deadwood arrangements are weighed for a bare knock (found in a
fixed order, so the choice stays deterministic; real hands have a handful)."""


@dataclass(frozen=True)
class Showing:
    """What a knocker shows: melds (canonical, sorted), deadwood cards (sorted), their value.

    `pattern` names the whole-hand pattern shown instead of melds (then `melds`
    and `dead` are empty and `deadwood` is 0).
    """

    melds: tuple[Meld, ...]
    dead: tuple[int, ...]
    deadwood: int
    pattern: str | None = None

    def text(self) -> str:
        """The showing as the hand-end lines print it: `melds … | …; deadwood … = N`."""
        if self.pattern is not None:
            shown = f"the whole hand ({self.pattern})"
        else:
            shown = " | ".join(" ".join(placed_text(p) for p in m) for m in self.melds) or "-"
        return f"melds {shown}; deadwood {cards_text(list(self.dead)) or '-'} = {self.deadwood}"


def _value(variant: Variant, cards: Sequence[int]) -> int:
    t = tables(variant)
    return sum(t.hand_values[c] for c in cards)


def least_showings(variant: Variant, hand: Sequence[int]) -> list[Showing]:
    """Every arrangement of the hand with the least deadwood, sorted (melds, then deadwood
    cards, compared card by card; at most SHOWINGS_CAP are searched); a whole-hand pattern
    alone when only it makes the hand all melded."""
    bare = plain(variant)
    target = S.deadwood(bare, hand)
    if target and variant.melds.patterns:
        name = M.pattern_of(variant, hand)
        if name is not None:
            return [Showing((), (), 0, name)]
    t = tables(variant)
    mask = 0
    for c in hand:
        mask |= 1 << c
    if mask & t.not_fast or mask.bit_count() != len(hand):
        found = _general_showings(bare, hand, target)
    else:
        found = _natural_showings(bare, mask, target)
    if not found:  # never expected: the solver's own arrangement then
        value, melds, dead = S.best_arrangement(bare, hand)
        found = {(tuple(sorted(melds)), tuple(dead))}
    return [Showing(m, d, target) for m, d in sorted(found)]


_Found = set[tuple[tuple[Meld, ...], tuple[int, ...]]]


def _natural_showings(variant: Variant, hand_mask: int, target: int) -> _Found:
    """The least showings of a hand of distinct natural cards, by card bitmasks."""
    t = tables(variant)
    values = t.hand_values
    found: _Found = set()

    def dfs(left: int, melds: list[int], dead: list[int], value: int) -> None:
        if len(found) >= SHOWINGS_CAP:
            return
        if not left:
            laid = [_laid(variant, t, m) for m in melds]
            found.add((tuple(sorted(m for m in laid if m is not None)), tuple(dead)))
            return
        low = (left & -left).bit_length() - 1
        if value + values[low] <= target:
            dfs(left ^ (1 << low), melds, dead + [low], value + values[low])
        for m in t.natural_by_low[low]:  # every meld holding `low` starts at it
            if m & left == m:
                dfs(left ^ m, melds + [m], dead, value)

    dfs(hand_mask, [], [], 0)
    return found


def _laid(variant: Variant, t: Tables, meld: int) -> Meld | None:
    """`melds.normalize` of a natural meld given by its card mask, kept in the variant's
    tables (a knock's showings are made of the same few melds, hand after hand)."""
    key = ("shown meld", meld)
    got = t.memo.get(key, False)
    if got is False:
        got = M.normalize(variant, [(c, c) for c in range(52) if meld >> c & 1])
        t.memo[key] = got
    return got  # type: ignore[no-any-return]


def _general_showings(variant: Variant, hand: Sequence[int], target: int) -> _Found:
    """The least showings of any hand (wild cards, repeated cards), from its candidate melds.

    The search runs over the hand's distinct cards by position (``have``: copies left of
    each, ascending), each candidate meld kept as the positions and copies it needs, so a
    step is a few list updates instead of ``Counter`` arithmetic; the order of the search,
    and so which showings a capped search finds, is the plain one: the lowest card left
    is deadwood first, then each candidate meld holding it, in ``candidate_melds``' order."""
    values = tables(variant).hand_values
    counts = Counter(hand)
    cards = sorted(counts)
    at = {c: i for i, c in enumerate(cards)}
    have = [counts[c] for c in cards]
    by_low: list[list[tuple[Meld, tuple[tuple[int, int], ...]]]] = [[] for _ in cards]
    for meld in candidate_melds(variant, hand):
        raw: dict[int, int] = {}  # (counted by hand: a Counter per meld cost more than its search)
        for p in meld:
            raw[p[0]] = raw.get(p[0], 0) + 1
        need = tuple((at[c], n) for c, n in sorted(raw.items()))
        by_low[need[0][0]].append((meld, need))
    found: _Found = set()

    def dfs(low: int, melds: list[Meld], dead: list[int], value: int) -> None:
        if len(found) >= SHOWINGS_CAP:
            return
        while low < len(have) and not have[low]:
            low += 1
        if low == len(have):
            found.add((tuple(sorted(melds)), tuple(sorted(dead))))
            return
        card = cards[low]
        if value + values[card] <= target:
            have[low] -= 1
            dfs(low, melds, dead + [card], value + values[card])
            have[low] += 1
        for meld, need in by_low[low]:
            for i, n in need:
                if have[i] < n:
                    break
            else:  # (the hand holds every copy the meld needs)
                for i, n in need:
                    have[i] -= n
                dfs(low, melds + [meld], dead, value)
                for i, n in need:
                    have[i] += n

    dfs(0, [], [], 0)
    return found


def named_showing(
    variant: Variant, hand: Sequence[int], named: Sequence[Sequence[Placed]], limit: int
) -> Showing | str:
    """The showing a knock names (`knock C with …`) for the hand after the discard, or why
    it cannot be shown: the melds must be valid and disjoint, from the hand, and leave
    deadwood within the knock limit (one group of the whole hand may be a pattern)."""
    have = Counter(hand)
    used: Counter[int] = Counter(p[0] for m in named for p in m)
    for c, n in sorted(used.items()):
        if have[c] < n:
            return f"knock with: {card_text(c)} is not in the hand after the discard"
    melds: list[Meld] = []
    for group in named:
        words = " ".join(placed_text(p) for p in group)
        if len(named) == 1 and used == have and M.normalize(variant, group) is None:
            pattern = M.pattern_of(variant, hand)
            if pattern is not None:
                return Showing((), (), 0, pattern)
        if any(p[0] == p[1] == JOKER for p in group):
            options = M.name_wilds(variant, [p[0] for p in group])
            if len(options) != 1:
                return f"knock with: name the wild card in '{words}'" + (
                    f" — it could be {', '.join(_meld_text(o) for o in options[:6])}"
                    if options
                    else " (no meld fits)"
                )
            group = options[0]
        laid = M.normalize(variant, group)
        if laid is None:
            return f"knock with: '{words}' is not a meld under the variant's melds rules"
        melds.append(laid)
    dead = sorted((have - used).elements())
    value = _value(variant, dead)
    if value > limit:
        return (
            f"knock.limit: the deadwood the melds shown leave ({cards_text(dead)}) is {value},"
            f" more than {limit}"
        )
    return Showing(tuple(sorted(melds)), tuple(dead), value)


def shown_as_named(
    variant: Variant, hand: Sequence[int], named: Sequence[Sequence[Placed]]
) -> Showing:
    """The showing of a knock whose named melds the game has already accepted."""
    got = named_showing(variant, hand, named, limit=1 << 62)
    if isinstance(got, str):
        raise RulespecError(f"a knock showing that was not checked: {got}")
    return got


def _meld_text(meld: Meld) -> str:
    return " ".join(placed_text(p) for p in meld)


@dataclass
class Showdown:
    """How a knock ended: reason, winner, the hands after lay-offs, the lay-offs, and the
    defenders who laid off (their rest is counted without whole-hand patterns)."""

    reason: str
    winner: int
    final: list[list[int]]
    laid: list[dict[str, Any]]
    laid_off: frozenset[int]
    shed: int  # the value of the cards the defenders laid off


def resolve(
    variant: Variant, hs: HandState, knocker: int, showing: Showing, lines: list[str]
) -> Showdown:
    """The knocker shows, defenders lay off (unless gin) in turn order; undercut or knock."""
    dw = showing.deadwood
    lines.append(f"seat {knocker} knocks: {showing.text()}")
    final = [list(h) for h in hs.hands]
    laid: list[dict[str, Any]] = []
    table: list[Meld] = list(showing.melds)
    order = []
    s = knocker
    for _ in range(hs.players - 1):
        s = next_seat(variant, hs, s)
        if s == knocker:
            break
        order.append(s)
    bare = plain(variant)
    dws: dict[int, int] = {}
    laid_off: set[int] = set()
    shed = 0
    for d in order:
        if dw > 0 and variant.knock is not None and variant.knock.layoff and table:
            offs: list[tuple[Placed, int]] = []
            if not cannot_lay_off(variant, final[d], table):  # (else none: no search)
                _, offs = best_layoff(variant, final[d], table)
            done = []
            for placed, idx in offs:
                new = M.extend(variant, table[idx], placed)
                if new is None or placed[0] not in final[d]:
                    continue
                table[idx] = new
                final[d].remove(placed[0])
                done.append(placed)
            if done:
                laid_off.add(d)
                shed += _value(variant, [p[0] for p in done])
                laid.append({"seat": d, "cards": [placed_text(p) for p in done]})
                lines.append(f"seat {d} lays off {' '.join(placed_text(p) for p in done)}")
        counted = bare if d in laid_off else variant
        dws[d] = S.deadwood(counted, final[d]) if final[d] else 0
        lines.append(f"seat {d} deadwood {dws[d]}")
    frozen = frozenset(laid_off)
    if dw == 0:
        return Showdown("gin", knocker, final, laid, frozen, shed)
    under = [d for d in order if dws[d] <= dw]
    if under:
        best = min(under, key=lambda d: (dws[d], order.index(d)))
        return Showdown("undercut", best, final, laid, frozen, shed)
    return Showdown("knock", knocker, final, laid, frozen, shed)


def cannot_lay_off(variant: Variant, hand: Sequence[int], table: Sequence[Meld]) -> bool:
    """Is no card of the hand one that could be laid off on any of these melds? Then
    `arrange.best_layoff` finds no lay-off (it lays off only what `layfits.layoffs` lists,
    and that lists a natural card only among a meld's fitting cards, a wild card onto any
    meld with one): a defender in that case, about half of a gin hand's showdowns, is not
    searched. Whole-hand patterns aside (they are decided by `best_layoff` itself)."""
    if variant.melds.patterns:
        return False
    t = tables(variant)
    names: set[int] = set()
    for meld in table:
        fits = meld_fits(variant, t, meld)
        if fits is not None:
            names.update(fits[2])
    return not any(card in names or t.wild_code(card) for card in hand)


def shown_penalty(variant: Variant, showing: Showing) -> int | None:
    """The knocker's `penalty` fact from what it showed (`scoring.penalty: deadwood`, with
    `ranks_once`); None when the penalty counts the whole hand (`hand`), showing aside."""
    if variant.scoring.penalty != "deadwood":
        return None
    if not variant.scoring.ranks_once:
        return showing.deadwood
    values = tables(variant).hand_values
    seen: set[int] = set()
    total = 0
    for c in showing.dead:
        if c == JOKER:
            total += values[c]
        elif c % 13 not in seen:
            seen.add(c % 13)
            total += values[c]
    return total
