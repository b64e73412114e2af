"""The opening's way-on search without scratch states: wayon.can_end_turn's twin (phases, lay).

While a first laying down begun this turn is short (a minimum or a contract), lay.py asks
of each candidate meld whether the turn can still end after it (and `no_way_on` of a meld
that ends an opening begun this turn, or leaves only taken cards): `wayon.can_end_turn`
from the moment after the meld, trying the melds `lay.laying_for_search` lists, within
`wayon.BUDGET` states. Each state there is a scratch `HandState` copy, a `Ctx`, a
discard test that builds another `Ctx`, and a listing through the laying predicates.

In an opening turn of a variant where melds are laid any time (`play.melding: anytime`),
the first laying down's minimum reads no name (`turnctx.fixed_value`) and no lay-off is
ever listed (`play.layoff` absent, or false while the mover has not laid down before;
with a contract, refused until the contract is met), the generic search reads, of each
state: the hand, the turn's value, the contract's counts of the turn's melds, the draw
obligation, the melds laid in the search so far (its `seen` key, the cards they took
from the pile's, and, under `melds.wild.unique`, the table's count) and what the moment
fixes (the cards taken, the turn's earlier melds, the seat, the player count). `ends`
carries exactly those through the same steps in the same order: the empty hand, the
discard test, the `seen` set and the budget, the partition cut (no lay-offs at all),
then each meld of the hand's listing (`meldlist.hand_listing`'s: the moment's complete
listing filtered to the state's hand, openlists.py, else asked of each state as the
generic search asks it) through the listing's gates (`_laying` with the way-on test off:
the contract's `contract_helps`, the table's `unique_clash`, the obligation's card, a
whole-hand meld's `_meld_refusal`), and the moment after each meld by `apply_laying`'s
arithmetic (the hand less its cards in the meld's order, the meld's value added, the
obligation met by its card). So it tries the same melds in the same order under the same
budget: the same answer. A state whose lay-off gate would be open (a contract met
without a discard: a card held back, an obligation pending) gives the question back to
the generic search (None). tests/interpreter/test_opensearch.py compares the two over
many seeded positions.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulespec.interpreter import arrange as A
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import Ctx, held_taken, piece_helps
from rulespec.interpreter.phases.openlists import Listed, by_hand, canonical, complete, smaller
from rulespec.interpreter.phases.openvalue import OpeningEnv
from rulespec.interpreter.phases.wayon import BUDGET
from rulespec.interpreter.turnctx import NOT_FIXED, fixed_value, remove_cards, unique_clash
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


class _GiveBack(Exception):
    """A state the twin does not follow: the generic search answers instead."""


class _Rules:
    """What the twin reads of the variant, worked out once."""

    __slots__ = (
        "minimum",
        "closed",
        "no_layoff",
        "unique",
        "per_turn",
        "sets",
        "runs",
        "pure",
        "contract",
        "may_empty",
        "by_discard",
        "forbid",
    )

    def __init__(self, variant: Variant, minimum: int, closed: bool) -> None:
        play = variant.play
        self.minimum = minimum
        self.closed = closed  # no lay-off in any state of an opening turn
        self.no_layoff = play.layoff is None  # (the search's partition cut)
        self.unique = variant.melds.wild.unique
        self.per_turn = play.melds_per_turn
        self.sets, self.runs, self.pure = play.contract_sets, play.contract_runs, play.contract_pure
        self.contract = bool(play.contract_sets or play.contract_runs)
        self.may_empty = variant.discard.required != "always" and "meld" in variant.going_out.by
        self.by_discard = "discard" in variant.going_out.by
        self.forbid = variant.discard.forbid_taken


_RULES: Derived[_Rules | None] = Derived()


def _rules(variant: Variant) -> _Rules | None:
    return _RULES.get(variant, None, _rules_of, variant)


def _rules_of(variant: Variant) -> _Rules | None:
    """The variant's `_Rules`, or None when the twin does not apply (see the module's text)."""
    play = variant.play
    if play.melding != "anytime":
        return None
    minimum = 0
    if play.first_laydown_min is not None:
        fixed = fixed_value(play.first_laydown_min)
        if fixed is NOT_FIXED:
            return None
        minimum = max(0, int(fixed))
    closed = True
    if play.layoff is not None:
        env: Any = OpeningEnv()  # me.laid_down_before is false; any other name: open
        try:
            closed = not play.layoff(env)
        except Exception:  # noqa: BLE001 - a read of another name (or an error): maybe open
            closed = False
    if not closed and not (play.contract_sets or play.contract_runs):
        return None  # lay-offs in the opening turn: the generic search lists them
    return _Rules(variant, minimum, closed)


def ends(c: Ctx, meld: Meld, laid: Ctx) -> bool | None:
    """`wayon.can_end_turn(laid, lay.laying_for_search, lay._discards)` for the moment
    `laid` after the candidate `meld` of the moment `c` that leaves an opening short (None:
    not the twin's question; the caller asks the generic search)."""
    variant = laid.variant
    rules = _rules(variant)
    hs = laid.hs
    if rules is None or not hs.melds_this_turn or not laid.opening_pending():
        return None
    if laid.laid_down_before():
        return None
    search = _Search(variant, rules, laid, c.hand)
    try:
        return search.search(
            list(laid.hand),
            hs.value_this_turn,
            laid.turn_counts() if rules.contract else (0, 0, 0),  # (read only with one)
            hs.obligation,
            (),
            None,  # (the root's: the moment's listing, read when the root lists its melds)
            meld,
        )
    except _GiveBack:
        return None


Obligation = tuple[int, str, int] | None
Counts = tuple[int, int, int]


class _Search:
    """One question's search: the moment's fixed facts, the budget and the dead ends."""

    def __init__(self, variant: Variant, rules: _Rules, laid: Ctx, before: list[int]) -> None:
        self.variant = variant
        self.rules = rules
        self.laid = laid
        self.hs = laid.hs
        self.before = before  # the moment's hand, before the meld laid
        self.start = laid.hs.melds_this_turn
        self.budget = BUDGET
        self.seen: set[tuple[Meld, ...]] = set()
        self.table: Counter[int] | None = None  # (counted when the root lists its melds)
        self.held = bool(laid.hs.taken) and rules.forbid  # cards may be held back
        self.lists = by_hand(variant)

    def root(self) -> Listed | None:
        """The moment's complete listing (None: canonical), and under `unique` the table's
        count, read when the root lists its melds (most questions end before: a discard)."""
        if self.rules.unique:
            self.table = self.laid.table_count().copy()
        return complete(self.variant, self.lists, self.before)

    def short(self, value: int, counts: Counts) -> bool:
        """`Ctx.opening_short` of a state of the search (the opening is begun and pending)."""
        r = self.rules
        return (r.contract and short_contract(r, counts)) or value < r.minimum

    def discards(self, hand: list[int], path: tuple[Meld, ...]) -> bool:
        """`lay._discards` of a state past the discard gate (no obligation, not short)."""
        if len(hand) == 1 and not self.rules.by_discard:
            return False
        if not self.held:
            return True
        taken = held_taken(self.hs, tuple(p for meld in path for p in meld))
        return any(hand.count(card) > taken[card] for card in set(hand))

    def search(
        self,
        hand: list[int],
        value: int,
        counts: Counts,
        ob: Obligation,
        path: tuple[Meld, ...],
        parent: Listed | None,
        laid: Meld,
    ) -> bool:
        """`wayon.can_end_turn`'s `search` of one state (see the module's text): `parent`,
        the complete listing of the hand before `laid` (None: canonical listings; the root
        reads the moment's)."""
        r = self.rules
        short = self.short(value, counts)
        if not hand:
            return not short
        if ob is None and not short and self.discards(hand, path):
            return True
        if path in self.seen or self.budget <= 0:
            return False
        if r.no_layoff and not short and A.partition(self.variant, hand) is None:
            return False
        self.budget -= 1
        if r.per_turn is None or self.start + len(path) < r.per_turn:  # (meld_gate)
            if not path:
                parent = self.root()
            if parent is None:
                listed = canonical(hand_listing(self.variant, hand)[0])
            else:
                listed = smaller(self.lists, parent, hand, laid)
            variant = self.variant  # (lay._laying's melds, way-on test off, `search`)
            helps = r.contract and short_contract(r, counts)
            size = len(hand)
            table = self.table
            for i, meld in enumerate(listed.melds):
                worth, kind, pure = listed.piece(variant, i)
                if helps and not piece_helps(variant, counts, kind, pure):
                    continue
                if ob is None and len(meld) < size:
                    if (
                        table is not None
                        and unique_clash(variant, self.hs, meld, table) is not None
                    ):
                        continue
                elif not self.accepts(hand, meld, worth, kind, pure, value, counts, ob):
                    continue
                rest = list(hand)
                for p in meld:
                    rest.remove(p[0])
                after_ob = ob if ob is None or all(p[0] != ob[0] for p in meld) else None
                if table is not None:
                    table.update(p[1] for p in meld)
                found = self.search(
                    rest,
                    value + worth,
                    _counted(counts, kind, pure),
                    after_ob,
                    (*path, meld),
                    listed if parent is not None else None,
                    meld,
                )
                if table is not None:
                    table.subtract(p[1] for p in meld)
                if found:
                    return True
        offer = ob is None or ob[1] == "any"
        if offer and not r.closed and not (r.contract and short_contract(r, counts)):
            raise _GiveBack  # the lay-off gate is open: the generic search lists lay-offs
        self.seen.add(path)
        return False

    def accepts(
        self,
        hand: list[int],
        meld: Meld,
        worth: int,
        kind: str | None,
        pure: bool,
        value: int,
        counts: Counts,
        ob: Obligation,
    ) -> bool:
        """`lay._meld_refusal(listing=True, way_on=False)` is None: a meld of the whole hand,
        or one under a draw obligation."""
        r = self.rules
        if ob is not None and all(p[0] != ob[0] for p in meld):
            return False
        table = self.table
        if table is not None and unique_clash(self.variant, self.hs, meld, table) is not None:
            return False
        empties = len(meld) == len(hand)
        if empties and not r.may_empty:
            return False
        if ob is not None:
            card, _, need = ob
            taken = self.hs.taken
            pre = Counter(remove_cards(hand, [t for t in taken if t in hand]))
            if hand_cards_in(meld, pre, card) < need:
                return False
        return not (empties and self.short(value + worth, _counted(counts, kind, pure)))


def _counted(counts: Counts, kind: str | None, pure: bool) -> Counts:
    """The contract's counts with one more meld of this piece (`count_pieces`)."""
    if kind is None:
        return counts
    return (counts[0] + (kind == "set"), counts[1] + (kind == "run"), counts[2] + pure)


def short_contract(r: _Rules, counts: Counts) -> bool:
    """Does the turn's count still lack the contract (`Ctx.contract_lack`)?"""
    sets, runs, pure = counts
    return not (sets >= r.sets and runs >= r.runs and pure >= r.pure)


def hand_cards_in(meld: Meld, pre: Counter[int], card: int) -> int:
    """The meld's cards, other than one copy of the obligation's `card`, that come from the
    hand as it was before the pile's cards were taken (`pre`): the obligation's count."""
    avail = Counter(pre)
    skipped = False
    count = 0
    for p in meld:
        if p[0] == card and not skipped:
            skipped = True
            continue
        if avail[p[0]] > 0:
            avail[p[0]] -= 1
            count += 1
    return count
