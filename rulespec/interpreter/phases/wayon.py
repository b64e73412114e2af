"""Can the mover still end the turn? Going-out partitions and the way-on search (phases, lay).

A turn in phase `play` ends with a discard, or with going out. A meld, lay-off
or swap that leaves the hand with no card it may discard (only cards taken
from the pile under `discard.forbid_taken`, or one card that `going_out.by`
does not let go by discard) is legal only if the rest can still be laid down
to go out. lay.py asks `can_end_turn` about the state after such a move;
the search tries the melds and lay-offs lay.py lists (swaps excluded, so
it ends), on scratch copies of the state (layapply.after), within a node budget (a refusal
when the budget runs out: refusing a move never strands anyone).
`can_finish` answers the same question for `play.melding: going_out`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from rulespec.core.cards import Placed
from rulespec.core.moves import Move
from rulespec.interpreter import arrange as A
from rulespec.interpreter.meldrules import runs_of, tables
from rulespec.interpreter.melds import Meld, place_wilds
from rulespec.interpreter.parttally import Contract
from rulespec.interpreter.phases.context import Ctx, count_pieces, held_taken
from rulespec.interpreter.phases.layapply import after
from rulespec.interpreter.phases.lonecards import lone_cards
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import unique_clash
from rulespec.model.variant import Variant

BUDGET = 24
"""States the search may expand for one question; past it the answer is no."""

Lister = Callable[[Ctx], Iterable[Move]]
Discards = Callable[[Ctx], bool]


def can_end_turn(start: Ctx, laying: Lister, discards: Discards) -> bool:
    """Can the mover, from the moment `start`, still discard or go out this turn?

    `laying` lists the melds and lay-offs legal in a moment apart from this very
    test (lay.py's listing); `discards` says whether the mover may discard.
    """
    variant = start.variant
    budget = [BUDGET]
    seen: set[tuple[object, ...]] = set()  # dead ends (the same cards laid in another order)

    def search(c: Ctx) -> bool:
        state, hand = c.hs, c.hand
        if not hand:  # out, unless an opening begun this turn is still short of its minimum
            return not c.opening_short()
        if discards(c):
            return True
        key = (tuple(sorted(hand)), tuple(state.melds), state.melds_this_turn)
        if key in seen or budget[0] <= 0:
            return False
        if (
            variant.play.layoff is None
            and not c.opening_short()
            and A.partition(variant, hand) is None
        ):
            return False  # no discard ever: without lay-offs every card must go in new melds
        budget[0] -= 1
        if any(search(_after(variant, state, m)) for m in laying(c)):
            return True
        seen.add(key)
        return False

    return search(start)


def _after(variant: Variant, state: HandState, move: Move) -> Ctx:
    """The moment after `move` (on a scratch copy)."""
    return Ctx(variant, after(variant, state, move), explain=False)


def can_finish(
    variant: Variant,
    hs: HandState,
    seat: int,
    rest: list[int],
    sizes_made: list[int],
    laying: tuple[Placed, ...] | None = None,
) -> bool:
    """Going-out melding: can `rest` still be laid down as the partition (one left to discard)?

    `laying`: a meld about to be laid (counted with the turn's melds for a contract)."""
    return finish(variant, hs, seat, rest, sizes_made, laying) is not None


def contract_left(
    variant: Variant, hs: HandState, laying: tuple[Placed, ...] | None = None
) -> Contract | None:
    """What a going-out contract (`play.contract_*` with `play.melding: going_out`) still
    asks of the rest of the hand, after the melds laid this turn (and `laying`); None: none.

    A run counts as pure when every card in it stands for itself (a card of a wild rank
    in its own place included: Indian rummy's pure sequence)."""
    play = variant.play
    if play.melding != "going_out" or not (play.contract_sets or play.contract_runs):
        return None
    made = [m for _, m in hs.melds[len(hs.melds) - hs.melds_this_turn :]]
    sets, runs, pure = count_pieces(variant, made + ([laying] if laying else []))
    return (
        max(0, play.contract_sets - sets),
        play.contract_set_min,
        max(0, play.contract_runs - runs),
        play.contract_run_min,
        max(0, play.contract_pure - pure),
    )


def _pure_run_in(variant: Variant, cards: list[int], length: int) -> bool:
    """Do these cards hold a run of `length` or more of natural cards, each as itself?"""
    suits = [0, 0, 0, 0]
    for c in cards:
        if c < 52:
            suits[c // 13] |= 1 << (c % 13)
    cover = runs_of(tables(variant), length)
    return any(cover[m] for m in suits)


def finish(
    variant: Variant,
    hs: HandState,
    seat: int,
    rest: list[int],
    sizes_made: list[int],
    laying: tuple[Placed, ...] | None = None,
) -> list[tuple[Placed, ...]] | None:
    """The melds of one way to lay `rest` down as the going-out partition, or None.

    The whole laydown is one turn's melds, so `play.melds_per_turn` bounds it too, and a
    going-out contract (`contract_left`) is met by the turn's melds and these together.
    Under `melds.wild.unique` the way must also fit the table: a way whose melds, with
    `laying`, would put a card there more often than the deck holds it is no way (the
    meld that led to it would strand the mover: Three Thirteen's wild standing for a
    card still in hand). The check is of the way found, so it may refuse a meld some
    other way would have finished; refusing never strands anyone.
    """
    found = _finish(variant, hs, seat, rest, sizes_made, laying)
    if found and variant.melds.wild.unique:
        return _named_apart(variant, hs, laying, found)
    return found


RENAMINGS = 2000
"""Namings `_named_apart` may try for one way out before it gives the way up."""

MELD_NAMINGS = 256
"""Namings of one meld's wild cards `_named_apart` lists (`place_wilds`). The general
`NAME_LIMIT` (8) stops a set of one natural and three wilds at namings that repeat a suit,
before the one that names three missing suits: a meld then lay with no way left to
finish (Three Thirteen, 2 players, deal 8: tests/data/stranded/set-namings-cut-short.json)."""


def _named_apart(
    variant: Variant, hs: HandState, laying: tuple[Placed, ...] | None, way: list[Meld]
) -> list[Meld] | None:
    """`way` with its wild cards named so that, with `laying`, no card goes on the table more
    often than the deck holds it (`melds.wild.unique`), or None when no naming does.

    The partition names its wild cards without looking at the table (a wild king set beside
    a real one may call both wilds the real one's suit), so the namings of each meld
    (`melds.place_wilds`) are tried, meld by meld, within `RENAMINGS` tries."""
    base = tuple(laying or ())
    options: list[list[Meld]] = []
    for meld in way:
        naturals = [p[0] for p in meld if p[0] == p[1]]
        wilds = [p[0] for p in meld if p[0] != p[1]]
        named = [meld] if not wilds else place_wilds(variant, naturals, wilds, MELD_NAMINGS)
        options.append([meld, *(m for m in named if m != meld)])
    budget = [RENAMINGS]

    def pick(i: int, laid: tuple[Placed, ...]) -> list[Meld] | None:
        if unique_clash(variant, hs, laid) is not None or budget[0] <= 0:
            return None
        if i == len(options):
            return []
        for meld in options[i]:
            budget[0] -= 1
            rest = pick(i + 1, laid + meld)
            if rest is not None:
                return [meld, *rest]
        return None

    return pick(0, base)


def counts_left(variant: Variant, made: int) -> list[int] | None:
    """How many more melds the going-out partition may hold after the turn's ``made``
    melds (`going_out.partition_melds`, `play.melds_per_turn`); None: any number. Empty:
    none fits, so the rest cannot go out."""
    play, go = variant.play, variant.going_out
    counts: list[int] | None = None
    if go.partition_melds is not None:
        counts = [n - made for n in go.partition_melds if n - made >= 0]
    if play.melds_per_turn is not None:
        most = play.melds_per_turn - made
        counts = [n for n in (range(most + 1) if counts is None else counts) if n <= most]
    return counts


def _finish(
    variant: Variant,
    hs: HandState,
    seat: int,
    rest: list[int],
    sizes_made: list[int],
    laying: tuple[Placed, ...] | None = None,
) -> list[tuple[Placed, ...]] | None:
    """`finish` without the table's uniqueness test."""
    if lone_cards(variant, rest) >= 2:
        return None  # two cards in no meld: both would have to be the one discard
    contract = contract_left(variant, hs, laying)
    if contract is not None and not (contract[0] or contract[2] or contract[4]):
        contract = None  # met by the melds laid this turn
    if contract is not None and contract[4] and not _pure_run_in(variant, rest, contract[3]):
        return None  # the quick sure 'no' of most hands: no pure run to be had
    go = variant.going_out
    sizes: list[tuple[int, ...]] | None = None
    made = len(sizes_made)
    counts = counts_left(variant, made)
    if counts is not None and not counts:
        return None
    if go.partition_sizes is not None:
        sizes = []
        for full in go.partition_sizes:
            left = list(full)
            ok = True
            for s in sizes_made:
                if s in left:
                    left.remove(s)
                else:
                    ok = False
                    break
            if ok:
                sizes.append(tuple(sorted(left, reverse=True)))
        if not sizes:
            return None
    within = hs.hands[seat]
    # the search asks with the whole laydown's count and sizes, the melds made counted in
    # (`made`): the hand's question and its rests' share one search (partsearch.solve)
    full_counts, full_sizes = counts, sizes
    done: tuple[int, ...] = ()
    if counts is not None:
        done = tuple(sizes_made)
        full_counts = [c + made for c in counts]
        if sizes is not None:
            full_sizes = [tuple(sorted(s + done, reverse=True)) for s in sizes]
    if variant.discard.required != "always" and "meld" in go.by:
        if not rest:
            if (counts is None or 0 in counts) and (sizes is None or () in sizes):
                return None if contract is not None else []
        elif counts != [0]:
            found = A.partition(
                variant, rest, full_counts, full_sizes, within, contract=contract, made=done
            )
            if found is not None:
                return found
    if "discard" in go.by:
        taken = held_taken(hs, laying or ()) if variant.discard.forbid_taken else Counter()
        have = Counter(rest)
        allowed = [c for c in sorted(have) if have[c] > taken[c]]
        if len(rest) == 1 and allowed:
            if (
                (counts is None or 0 in counts)
                and (sizes is None or () in sizes)
                and contract is None
            ):
                return []
        elif allowed and counts != [0]:
            # one search for every discard that could go out
            return A.partition(
                variant, rest, full_counts, full_sizes, within, allowed, contract, done
            )
    return None
