"""What every phase asks of one moment: the mover, the turn names, cached facts (phases, base).

A `Ctx` is made per position by the judge (judge.py) and handed to each
phase's predicate; it computes on first use, and at most once, what several
moves of the moment share: the `turn` environment, the knock limit, the least
deadwood after any discard, whether the whole hand can go out at once. It
never changes the state. `explain=False` (while listing the legal moves) lets a
predicate skip building a costly refusal text: the decision is the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from rulespec.core.cards import Placed, card_text
from rulespec.interpreter import solver as S
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import NOT_FIXED, fixed_value, knock_limit, table_count, turn_env
from rulespec.model.variant import Variant

Ender = Callable[[Variant, HandState, str, int | None, dict[str, Any]], None]
"""How a phase ends the hand: (variant, hand, reason, seat, extra) -> None (Game._end_hand)."""

REFUSED = "refused"
"""The refusal text of a costly reason while only listing moves (never shown to a player)."""

_UNSET: Any = object()
CONTRACT_SHORT = "play.contract: the first laying down is short of the contract"
"""`opening_short` while only listing: what the contract lacks, unsaid (its rule's name
first: a refusal's words read it)."""
VALUE_SHORT = "play.first_laydown_min: the first laying down is short of the minimum"
"""`opening_short` while only listing: what the minimum lacks, unsaid."""
T = TypeVar("T")


def held_taken(hs: HandState, laying: Iterable[Placed] = ()) -> Counter[int]:
    """The cards taken from the pile this turn that may still be in the mover's hand: a
    copy of a taken card laid in a meld this turn is counted as the taken one (copies of
    one card are alike, so the player may say the one laid was the one taken), so
    `discard.forbid_taken` holds back only what the melds left over (`laying`: a meld
    about to be laid, counted with them)."""
    taken = Counter(hs.taken)
    if taken and (hs.melds_this_turn or laying):
        made = [m for _, m in hs.melds[len(hs.melds) - hs.melds_this_turn :]]
        for p in (p for meld in [*made, laying] for p in meld):
            if taken[p[0]] > 0:
                taken[p[0]] -= 1
        taken = +taken
    return taken


class Ctx:
    """One position as the phases' predicates see it (the state is only read)."""

    # the cached facts start unset at class level: a moment sets only what it is asked
    # (one Ctx is made per legal-move listing, so its making is on the hot path)
    _env: dict[str, Any] | None = None
    _limit: int | None = None
    _least: int | None = None
    _finish: Any = _UNSET
    _taken: Counter[int] | None = None
    _gates: dict[Callable[[Ctx], str | None], str | None] | None = None
    _short: str | None = None
    _table: Counter[int] | None = None
    _facts: dict[Callable[[Ctx], Any], Any] | None = None
    _answers: dict[str, dict[Any, Any]] | None = None
    _minimum: int | None = None
    _counts: tuple[int, int, int] | None = None

    def __init__(self, variant: Variant, hs: HandState, explain: bool = True) -> None:
        self.variant = variant
        self.hs = hs
        self.seat = seat = hs.to_move
        self.hand = hs.hands[seat]
        self.explain = explain

    def env(self) -> dict[str, Any]:
        """The `turn` expression names for the mover (computed once; do not change it)."""
        if self._env is None:
            self._env = turn_env(self.variant, self.hs, self.seat)
        return self._env

    def turn_counts(self) -> tuple[int, int, int]:
        """`contract_counts` of this moment (the contract's sets, runs and pure runs among
        the melds laid this turn), counted once: the way-on search's every moment asks it
        for the opening's lack, the lay-off gate and the melds it tries."""
        got = self._counts
        if got is None:
            got = self._counts = contract_counts(self.variant, self.hs)
        return got

    def contract_lack(self) -> str:
        """`contract_lack` of this moment, from `turn_counts` (while only listing, a short
        text with the rule's name: the words are never shown then)."""
        play = self.variant.play
        if not (play.contract_sets or play.contract_runs):
            return ""
        if self.explain:
            return lack_words(self.variant, self.turn_counts())
        sets, runs, pure = self.turn_counts()
        met = sets >= play.contract_sets and runs >= play.contract_runs
        return "" if met and pure >= play.contract_pure else CONTRACT_SHORT

    def names(self) -> Mapping[str, Any]:
        """The `turn` names read one by one: `me.laid_down_before` from the state (the
        way-on search's every moment asks the lay-off rule, which most often reads that
        name alone), any other from `env()`, built then. The same values as `env()`."""
        if self._env is not None:
            return self._env
        return _Names(self)

    def gate(self, rule: Callable[[Ctx], str | None]) -> str | None:
        """`rule(self)`, asked once: a phase's gate (what refuses all its moves alike) is the
        same for every move of the moment, so each move's predicate may ask it again cheaply."""
        gates = self._gates
        if gates is None:
            gates = self._gates = {}
        elif rule in gates:
            return gates[rule]
        got = gates[rule] = rule(self)
        return got

    def once(self, fact: Callable[[Ctx], T]) -> T:
        """`fact(self)`, computed once per position: what several predicates of a moment
        share (a draw's quick test asks the hand's card mask for every depth of the pile)."""
        facts = self._facts
        if facts is None:
            facts = self._facts = {}
        elif fact in facts:
            return facts[fact]  # type: ignore[no-any-return]
        got = facts[fact] = fact(self)
        return got

    def answers(self, kind: str) -> dict[Any, Any]:
        """A table of this moment's answers to one kind of question, by what decides them
        (the listing asks some questions again for candidates that differ only in what
        does not matter to the answer: wayon.can_finish of the same rest of the hand)."""
        answers = self._answers
        if answers is None:
            answers = self._answers = {}
        got = answers.get(kind)
        if got is None:
            got = answers[kind] = {}
        return got

    def taken(self) -> Counter[int]:
        """How many of each card the mover has taken from the pile this turn and may still
        hold (`held_taken`)."""
        if self._taken is None:
            self._taken = held_taken(self.hs)
        return self._taken

    def table_count(self) -> Counter[int]:
        """The cards on the table by what they stand for (counted once: `unique_clash`)."""
        if self._table is None:
            self._table = table_count(self.hs)
        return self._table

    def knock_limit(self) -> int:
        if self._limit is None:
            self._limit = knock_limit(self.variant, self.hs)
        return self._limit

    def least_after_discard(self) -> int:
        """The least deadwood the mover's hand keeps after any one discard (the knock bound)."""
        if self._least is None:
            self._least = S.deadwood_after_discard(self.variant, self.hand)[0]
        return self._least

    def first_laydown_min(self) -> int:
        """The value a first laying down must reach now (0: no minimum applies: none is set,
        or the mover laid down in an earlier turn)."""
        got = self._minimum
        if got is None:
            first = self.variant.play.first_laydown_min
            if first is None or self.laid_down_before():
                got = 0
            else:
                fixed = fixed_value(first)  # (most minimums read no name: no environment)
                got = max(0, int(first(self.env()) if fixed is NOT_FIXED else fixed))
            self._minimum = got
        return got

    def opening_pending(self) -> bool:
        """Is a first laying down subject to a minimum or a contract still to come (the mover
        has not laid down in an earlier turn)?"""
        play = self.variant.play
        if not (play.first_laydown_min or play.contract_sets or play.contract_runs):
            return False
        return not self.laid_down_before()

    def laid_down_before(self) -> bool:
        """`me.laid_down_before` of the turn names, read from the state without building
        them (the way-on search asks it of every moment)."""
        if self._env is not None:
            return bool(self._env["me.laid_down_before"])
        hs, seat = self.hs, self.seat
        first = hs.laid_down[seat]
        return first is not None and first < hs.turns[seat] + (hs.phase in ("draw", "upcard"))

    def opening_short(self) -> str:
        """What the melds laid this turn still lack of the first laying down's minimum and
        contract ("": nothing lacking — none applies, nothing laid yet, or it is met). Both
        count every meld of the turn together (play.first_laydown_min, play.contract_*), so
        a turn that has begun an opening may not end until it is complete."""
        if self._short is None:
            hs = self.hs
            self._short = ""
            begun = hs.melds_this_turn and self.variant.play.melding != "going_out"
            if begun and self.opening_pending():
                self._short = self.contract_lack() or self._value_lack()
        return self._short

    def _value_lack(self) -> str:
        short = self.first_laydown_min() - self.hs.value_this_turn
        if short <= 0:
            return ""
        if not self.explain:
            return VALUE_SHORT
        return (
            f"play.first_laydown_min: a first laying down must be worth at least"
            f" {self.first_laydown_min()} in all; the melds laid this turn are worth"
            f" {self.hs.value_this_turn} — lay down {short} more before the turn ends"
        )

    def whole_hand_finishes(self, compute: Callable[[], bool]) -> bool:
        """Can the whole hand go out this turn (`play.melding: going_out`)? Asked once."""
        if self._finish is _UNSET:
            self._finish = compute()
        return bool(self._finish)


class _Names(Mapping[str, Any]):
    """A moment's `turn` names, `me.laid_down_before` without building the rest (Ctx.names)."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx

    def __getitem__(self, name: str) -> Any:
        if name == "me.laid_down_before":
            return self.ctx.laid_down_before()
        return self.ctx.env()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.ctx.env())

    def __len__(self) -> int:
        return len(self.ctx.env())


def contract_words(variant: Variant) -> str:
    """The contract said aloud: "2 sets of 3 or more and 1 run of 4 or more (1 pure)"."""
    play = variant.play
    parts = []
    for count, kind, length in (
        (play.contract_sets, "set", play.contract_set_min),
        (play.contract_runs, "run", play.contract_run_min),
    ):
        if count:
            parts.append(f"{count} {kind}{'s' if count > 1 else ''} of {length} or more")
    said = " and ".join(parts)
    if play.contract_pure:
        said += f", {play.contract_pure} of the runs without wild cards"
    return said


def contract_piece(variant: Variant, meld: Sequence[Placed]) -> tuple[str | None, bool]:
    """How a valid meld counts toward a contract: ("set" | "run" | None, pure).

    A set when every card names one rank, counted from `play.contract_set_min` cards; a run
    from `play.contract_run_min`, pure when every card stands for itself (a card of the
    hand's wild rank in its own place included: Indian rummy's pure sequence). The one
    reading that the turn's count, the way-on search, the going out and the whole-hand
    test (contractfit.py) share."""
    play = variant.play
    if len({p[1] % 13 for p in meld if p[1] < 52}) <= 1:
        return ("set" if len(meld) >= play.contract_set_min else None), False
    if len(meld) < play.contract_run_min:
        return None, False
    return "run", all(p[0] == p[1] for p in meld)


def count_pieces(variant: Variant, melds: Iterable[Sequence[Placed]]) -> tuple[int, int, int]:
    """The contract's sets, runs and pure runs among these melds."""
    sets = runs = pure = 0
    for meld in melds:
        kind, is_pure = contract_piece(variant, meld)
        sets += kind == "set"
        runs += kind == "run"
        pure += is_pure
    return sets, runs, pure


def contract_counts(variant: Variant, hs: HandState) -> tuple[int, int, int]:
    """The contract's sets, runs and pure runs among the melds laid this turn."""
    return count_pieces(variant, (m for _, m in hs.melds[len(hs.melds) - hs.melds_this_turn :]))


def contract_helps(
    variant: Variant, counts: tuple[int, int, int], meld: tuple[Placed, ...]
) -> bool:
    """Does this meld count toward what the contract still lacks (`counts`: what is laid)?

    The way-on search tries only such melds while the contract is short: any other
    meld may as well be laid once it is met, in the same turn (melds are independent),
    so the answer is the same with far fewer states."""
    return piece_helps(variant, counts, *contract_piece(variant, meld))


def piece_helps(
    variant: Variant, counts: tuple[int, int, int], kind: str | None, is_pure: bool
) -> bool:
    """`contract_helps` of a meld that counts as this piece (`contract_piece`)."""
    play = variant.play
    sets, runs, pure = counts
    if kind == "set":
        return sets < play.contract_sets
    if kind is None or runs >= play.contract_runs:
        return False
    # a run with a wild card helps only while the pure runs still lacking leave room for it
    return play.contract_pure - pure < play.contract_runs - runs or is_pure


def contract_lack(variant: Variant, hs: HandState) -> str:
    """What the melds laid this turn lack of the contract ("" when met or none is set)."""
    play = variant.play
    if not (play.contract_sets or play.contract_runs):
        return ""
    return lack_words(variant, contract_counts(variant, hs))


def lack_words(variant: Variant, counts: tuple[int, int, int]) -> str:
    """`contract_lack` from the turn's counts ("" when they hold the contract)."""
    play = variant.play
    sets, runs, pure = counts
    if sets >= play.contract_sets and runs >= play.contract_runs and pure >= play.contract_pure:
        return ""
    laid = f"{sets} set(s) and {runs} run(s)" + (f", {pure} pure" if play.contract_pure else "")
    return (
        f"play.contract: the first laying down must be {contract_words(variant)},"
        f" all laid this turn; so far this turn: {laid} — lay down the rest before the"
        " turn ends"
    )


def public(hs: HandState, seat: int, text: str, cards: list[int] | None = None) -> None:
    """Log a move in the hand's public history (with the cards taken, when a draw shows them)."""
    entry: dict[str, Any] = {"seat": seat, "move": text}
    if cards is not None:
        entry["cards"] = [card_text(c) for c in cards]
    hs.history.append(entry)
