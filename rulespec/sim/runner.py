"""The simulation runner: bots play seeded hands or matches, in one process or many (stage: sim).

Every hand (or match) ``i`` is seeded from ``(seed, i)`` alone and its bots are
created fresh from that seed, so results do not depend on how the work is split
over processes: ``--jobs 2`` gives the same records as ``--jobs 1``. Workers
load the variant themselves from its name or path (compiled expressions do not
pickle). Work is streamed: chunks are made as they are handed out and only a few
per worker are in flight, so a huge count starts at once (no work list is built).
Also here: ``replay_log``, which re-plays a move log from a match start and
reports the first move that fails.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rulespec.bots import make_bot
from rulespec.core.errors import RulespecError
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant
from rulespec.sim.gcpace import paced
from rulespec.sim.localpool import ordered_map

MAX_MOVES_PER_HAND = 5000  # a guard above the engine's own turn cap
MAX_HANDS_PER_MATCH = 300
ABANDONED = "abandoned"  # the engine's reason for a hand stopped at its turn cap
IN_FLIGHT = 4  # tasks (or Ray batches) queued per worker process


def derive_seed(seed: int, index: int, salt: str = "") -> int:
    """A 63-bit seed from (seed, index): stable across processes and Python runs."""
    digest = hashlib.sha256(f"{seed}:{index}:{salt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def load(spec: str) -> Variant:
    """A variant from a bundled name or a rule file path (the project loader)."""
    from rulespec.compiler.load import load_variant

    return load_variant(spec)


def ready_bots(bots: Sequence[str], variant: Variant | None = None) -> None:
    """Import the named bots' code now, at start-up, and build the tables they read on
    every hand of ``variant`` (`Bot.prepare`): what the first hand would pay is paid
    before the run's timing starts, once, and the workers ``--jobs`` forks after this
    inherit it instead of each paying it again."""
    for name in dict.fromkeys(bots or ("smart",)):
        bot = make_bot(name, 0)
        if variant is not None:
            bot.prepare(variant)


def seat_bots(bots: Sequence[str], players: int, rotate: int = 0) -> list[str]:
    """Bot names for each seat: the list cycled to the player count, rotated by ``rotate``."""
    names = list(bots) or ["smart"]
    cycled = [names[i % len(names)] for i in range(players)]
    shift = rotate % players
    return cycled[-shift:] + cycled[:-shift] if shift else cycled


@dataclass(frozen=True)
class HandRecord:
    """What one simulated hand did (no timing: records must be identical across job splits)."""

    index: int
    reason: str
    winner: int | None
    scores: tuple[int, ...]
    turns: int
    moves: int
    bots: tuple[str, ...]
    hands: int = 1  # hands played (a match record: the match length)
    match_winner: int | None = None
    totals: tuple[int, ...] = field(default_factory=tuple)
    hand_turns: tuple[int, ...] = ()  # a match record: turns of each of its hands
    hand_reasons: tuple[str, ...] = ()  # a match record: how each of its hands ended

    @property
    def abandoned(self) -> bool:
        """Did a hand of this record hit the engine's turn cap (ended as ``abandoned``)?"""
        return self.reason == ABANDONED or ABANDONED in self.hand_reasons


_UNREAD: Mapping[str, Any] = MappingProxyType({})
"""What a bot that declares it never reads the observation (`reads_observation = False`:
the random bot) is handed instead of one: building it costs more than such a bot's choice."""


class StrandedSeat(RulespecError):
    """The engine offers a seat no move before the hand has ended: an engine bug, reported
    with where it happened (a save of the position reproduces it) instead of a bot's
    traceback."""


def bot_move(game: Any, seat: int, bot: Any, variant: Variant) -> Any:
    """Ask a bot for its move from the observation only, never the game."""
    legal = game.legal_moves()
    if not legal:
        raise StrandedSeat(
            f"{variant.name}: seat {seat} has no legal move in phase {game.phase} of hand"
            f" {game.hand_number} before the hand ended (an engine bug: please report it"
            " with the command that ran, its seed and this message)"
        )
    if getattr(bot, "reads_observation", True):
        return bot.choose(game.observation(seat), legal, variant)
    return bot.choose(_UNREAD, legal, variant)


def _play_one_hand(game: Any, bots: Sequence[Any], variant: Variant) -> tuple[int, int]:
    moves = turns = 0
    last = None
    with paced():  # the collector's whole-heap passes find nothing in a hand: fewer of them
        while not game.hand_over:
            seat = game.to_move
            if seat != last:
                turns += 1
                last = seat
            game.play(bot_move(game, seat, bots[seat], variant))
            moves += 1
            if moves > MAX_MOVES_PER_HAND:
                raise RulespecError(f"a hand ran past {MAX_MOVES_PER_HAND} moves without ending")
    return turns, moves


def _result_fields(game: Any) -> tuple[str, int | None, tuple[int, ...]]:
    result = game.hand_result
    get = result.get if isinstance(result, dict) else lambda k, d=None: getattr(result, k, d)
    scores = get("scores", ()) or ()
    if isinstance(scores, dict):
        scores = [scores[k] for k in sorted(scores, key=int)]
    winner = get("winner", None)
    return (
        str(get("reason", "")),
        (int(winner) if winner is not None else None),
        tuple(int(s) for s in scores),
    )


def run_hand(
    variant: Variant, players: int, bots: Sequence[str], seed: int, index: int, rotate: bool = False
) -> HandRecord:
    """Play hand ``index`` of a run seeded ``seed`` with fresh bots; return its record."""
    hand_seed = derive_seed(seed, index)
    names = seat_bots(bots, players, index if rotate else 0)
    players_bots = [make_bot(n, derive_seed(hand_seed, s, "bot")) for s, n in enumerate(names)]
    game = Game.new(variant, players, hand_seed)
    try:
        turns, moves = _play_one_hand(game, players_bots, variant)
    except StrandedSeat as exc:
        raise StrandedSeat(f"hand {index} of the run seeded {seed}: {exc}") from None
    reason, winner, scores = _result_fields(game)
    return HandRecord(index, reason, winner, scores, turns, moves, tuple(names))


def run_match(
    variant: Variant, players: int, bots: Sequence[str], seed: int, index: int, rotate: bool = False
) -> HandRecord:
    """Play match ``index`` to its end; the record's turns/moves are summed over its hands."""
    match_seed = derive_seed(seed, index, "match")
    names = seat_bots(bots, players, index if rotate else 0)
    players_bots = [make_bot(n, derive_seed(match_seed, s, "bot")) for s, n in enumerate(names)]
    game = Game.new(variant, players, match_seed)
    turns = moves = hands = 0
    hand_turns: list[int] = []
    hand_reasons: list[str] = []
    while True:
        try:
            t, m = _play_one_hand(game, players_bots, variant)
        except StrandedSeat as exc:
            raise StrandedSeat(f"match {index} of the run seeded {seed}: {exc}") from None
        turns, moves, hands = turns + t, moves + m, hands + 1
        hand_turns.append(t)
        hand_reasons.append(_result_fields(game)[0])
        if game.match_over or hands >= MAX_HANDS_PER_MATCH:
            break
        game.next_hand()
    reason, winner, scores = _result_fields(game)
    totals = tuple(int(t) for t in game.totals)
    mw = game.match_winner
    return HandRecord(
        index,
        reason,
        winner,
        scores,
        turns,
        moves,
        tuple(names),
        hands,
        int(mw) if mw is not None else None,
        totals,
        tuple(hand_turns),
        tuple(hand_reasons),
    )


@dataclass(frozen=True)
class Job:
    spec: str  # variant name or path
    players: int
    bots: tuple[str, ...]
    seed: int
    matches: bool = False
    rotate: bool = False


_WORKER_VARIANTS: dict[str, Variant] = {}


def _run_chunk(args: tuple[Job, int, int]) -> list[HandRecord]:
    job, start, stop = args
    variant = _WORKER_VARIANTS.get(job.spec)
    if variant is None:
        variant = _WORKER_VARIANTS[job.spec] = load(job.spec)
    run = run_match if job.matches else run_hand
    with paced():  # the collector's whole-heap passes find nothing in a hand: fewer of them
        return [
            run(variant, job.players, job.bots, job.seed, i, job.rotate) for i in range(start, stop)
        ]


@contextmanager
def preloaded(spec: str, variant: Variant) -> Iterator[None]:
    """Within the block, chunks of ``spec`` run in this process, and in the local workers
    forked inside it, use ``variant`` instead of loading the rule file again: the caller
    (``rulespec simulate``) has just loaded it, and a load costs as much as dozens of
    fast hands, once per worker. Spawned workers and Ray tasks still load it."""
    before = _WORKER_VARIANTS.get(spec)
    _WORKER_VARIANTS[spec] = variant
    try:
        yield
    finally:
        if before is None:
            _WORKER_VARIANTS.pop(spec, None)
        else:
            _WORKER_VARIANTS[spec] = before


run_chunk = _run_chunk  # what every executor runs: one (job, start, stop) in its process


def chunks(total: int, size: int, first: int = 0) -> Iterator[tuple[int, int]]:
    """(start, stop) index ranges covering ``range(first, total)``, made lazily one at a time."""
    for start in range(first, total, size):
        yield start, min(start + size, total)


def cores() -> int:
    """The processor cores this process may run on (the cap for ``--jobs``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without affinity (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def chunk_count(count: int, matches: bool = False) -> int:
    """How many chunks of work ``count`` hands (or matches) make: the most useful jobs."""
    size = 1 if matches else 4
    return max(1, -(-count // size))


ChunkMap = Callable[[Iterator[tuple[Job, int, int]]], Iterator[list[HandRecord]]]
"""An executor (``sim/executors.py``): runs the chunks it is handed, results in their order."""


def iter_records(
    job: Job,
    count: int,
    jobs: int = 1,
    executor: ChunkMap | None = None,
    span: tuple[int, int] | None = None,
) -> Iterator[HandRecord]:
    """The records of ``count`` hands (or matches) in index order, over ``jobs`` processes,
    as they come: chunks are made on demand and played by this process and ``jobs - 1``
    workers (`localpool.ordered_map`: a few tasks queued per worker, so nothing is built
    ahead whatever ``count`` is). Closing the iterator early stops the workers.
    ``executor`` runs the chunks elsewhere (Ray); ``span`` plays only the indices
    ``start..stop-1`` (a shard: each record depends on its index alone)."""
    size = 1 if job.matches else 4
    first, stop = span if span is not None else (0, count)
    work = ((job, a, b) for a, b in chunks(stop, size, first))
    if executor is not None:
        for records in executor(work):
            yield from records
        return
    total = -(-(stop - first) // size)
    yield from ordered_map(_run_chunks, work, total, jobs)


def _run_chunks(items: list[tuple[Job, int, int]]) -> list[HandRecord]:
    """One task: consecutive chunks, their records in index order."""
    return [record for item in items for record in _run_chunk(item)]


def simulate(
    job: Job,
    count: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: ChunkMap | None = None,
    span: tuple[int, int] | None = None,
) -> list[HandRecord]:
    """Play ``count`` hands (or matches) in index order, over ``jobs`` processes (or an
    ``executor``; only the indices of ``span`` when given)."""
    records: list[HandRecord] = []
    for record in iter_records(job, count, jobs, executor, span):
        records.append(record)
        if progress:
            progress(1)
    return records


@dataclass(frozen=True)
class Divergence:
    """The first move of a log that could not be re-played."""

    number: int  # 1-based move number in the log
    text: str
    why: str


@dataclass(frozen=True)
class Replay:
    """Where re-playing a log got to."""

    game: Any
    divergence: Divergence | None
    hands_done: int  # hands finished before the current one (next_hand calls)


def replay_log(variant: Variant, players: int, seed: int, log: Sequence[str]) -> Replay:
    """Re-play a match log from its start: the game reached and the first failing move, if any."""
    game = Game.new(variant, players, seed)
    hands_done = 0
    for number, text in enumerate(log, start=1):
        if game.hand_over:
            if game.match_over:
                return Replay(
                    game, Divergence(number, text, "the match was already over"), hands_done
                )
            game.next_hand()
            hands_done += 1
        try:
            game.play(text)
        except RulespecError as exc:
            return Replay(game, Divergence(number, text, str(exc)), hands_done)
    return Replay(game, None, hands_done)
