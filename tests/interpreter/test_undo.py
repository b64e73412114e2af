"""`Game.undo()` and `Game.copy()`: take-backs and independent copies (stage: tests).

Every golden playthrough is played move by move, each move taken back and
played again, then the whole log is taken back to the deal: every moment is
exactly as it was (position, legal moves, hand result, totals, match state),
and undo returns the log in reverse. Copies are independent and share the
future (the next deal too). Random play interleaved with undo, over several
variants, keeps every moment.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.compiler.load import load_variant
from rulespec.core.errors import IllegalMove
from rulespec.core.moves import Move
from rulespec.interpreter.game import Game
from rulespec.interpreter.state import HandState, MatchState
from rulespec.interpreter.timeline import copy_hand, copy_match

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
WALK_VARIANTS = ("rummy", "gin", "michigan", "continental", "bridge")


def moment(game: Game) -> dict[str, Any]:
    """Everything the API tells about the game now (compared before and after undo)."""
    result = game.hand_result
    return {
        "position": game.position(),
        "legal": [str(m) for m in game.legal_moves()],
        "to_move": game.to_move,
        "phase": game.phase,
        "hand_over": game.hand_over,
        "result": None if result is None else dict(result),
        "totals": game.totals,
        "match_over": game.match_over,
        "match_winner": game.match_winner,
        "hand_number": game.hand_number,
        "log": game.log,
        "observations": [game.observation(s) for s in range(game.players)],
    }


def _record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_undo_round_trip(path: Path) -> None:
    """Each move undone and replayed at once, then the whole log undone back to the deal."""
    record = _record(path)
    game = Game.new(load_variant(record["variant"]), record["players"], record["seed"])
    before: list[dict[str, Any]] = []
    played: list[Move] = []
    for number, hand in enumerate(record["hands"], 1):
        if number > 1:
            game.next_hand()
        for text in hand["moves"]:
            was = moment(game)
            move = game.play(text)
            after = moment(game)
            assert game.undo() == move, f"{path.name}: undo of {text!r}"
            assert moment(game) == was, f"{path.name}: undo of {text!r} changed the moment"
            assert game.play(text) == move
            assert moment(game) == after, f"{path.name}: {text!r} played again differs"
            before.append(was)
            played.append(move)
    assert game.position()["log"] == record["position"]["log"]
    taken: list[str] = []
    for i in range(len(played) - 1, -1, -1):
        taken.append(str(game.undo()))
        assert moment(game) == before[i], f"{path.name}: undo back to move {i + 1}"
    assert taken == list(reversed(record["position"]["log"]))
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()
    start = Game.new(load_variant(record["variant"]), record["players"], record["seed"])
    assert moment(game) == moment(start)


def test_undo_at_the_start_raises_and_changes_nothing() -> None:
    game = Game.new(load_variant("gin"), 2, seed=5)
    was = moment(game)
    with pytest.raises(IllegalMove, match=r"^undo: nothing to undo"):
        game.undo()
    assert moment(game) == was
    game.play(game.legal_moves()[0])
    game.undo()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()
    assert moment(game) == was


def test_undo_stops_at_a_loaded_position() -> None:
    """A game loaded mid-hand takes back its own moves only, not the log it was saved with."""
    variant = load_variant("rummy")
    game = Game.new(variant, 2, seed=11)
    rng = random.Random(3)
    for _ in range(9):
        game.play(rng.choice(game.legal_moves()))
    loaded = Game.from_position(variant, game.position())
    was = moment(loaded)
    move = loaded.play(loaded.legal_moves()[-1])
    assert loaded.undo() == move
    assert moment(loaded) == was
    with pytest.raises(IllegalMove, match="nothing to undo"):
        loaded.undo()
    assert len(loaded.log) == 9


def _finish_hand(game: Game, rng: random.Random) -> list[Move]:
    moves = []
    while not game.hand_over:
        moves.append(game.play(rng.choice(game.legal_moves())))
    return moves


def test_undo_reaches_back_over_next_hand() -> None:
    """At the start of a hand, undo takes back the move that ended the hand before."""
    game = Game.new(load_variant("gin"), 2, seed=2)
    rng = random.Random(4)
    was = moment(game)
    while not game.hand_over:
        was = moment(game)
        last = game.play(rng.choice(game.legal_moves()))
    ended = moment(game)
    game.next_hand()
    assert game.hand_number == 2
    assert game.undo() == last
    assert moment(game) == was
    assert game.hand_number == 1 and not game.hand_over and game.hand_result is None
    assert game.play(last) == last
    assert moment(game) == ended


def test_copy_is_independent() -> None:
    """Different moves on the copy and the original: each is as if the other never moved."""
    variant = load_variant("michigan")
    game = Game.new(variant, 3, seed=21)
    rng = random.Random(8)
    for _ in range(12):
        game.play(rng.choice(game.legal_moves()))
    twin = game.copy()
    assert twin is not game and twin.variant is game.variant
    assert moment(twin) == moment(game)
    reference = Game.from_position(variant, game.position())
    on_game = [game.play(rng.choice(game.legal_moves())) for _ in range(10)]
    assert moment(twin) == moment(reference)  # the original's moves did not reach the copy
    for move in on_game:
        reference.play(move)
    assert moment(game) == moment(reference)
    first = [m for m in twin.legal_moves() if m != on_game[0]]
    twin.play(rng.choice(first))
    for _ in range(9):
        twin.play(rng.choice(twin.legal_moves()))
    assert moment(game) == moment(reference)  # the copy's moves did not reach the original
    assert twin.position() != game.position()


def test_copy_shares_no_mutable_field() -> None:
    """No list or dict of the hand or the match is shared by a copy (a new field must be
    copied too: this test fails for a mutable field copy_hand / copy_match forget)."""
    game = Game.new(load_variant("rummy"), 2, seed=1)
    _finish_hand(game, random.Random(1))
    for original, twin, kind in (
        (game.hs, copy_hand(game.hs), HandState),
        (game.ms, copy_match(game.ms), MatchState),
    ):
        assert twin == original
        for f in dataclasses.fields(kind):
            value = getattr(original, f.name)
            if isinstance(value, list | dict):
                assert getattr(twin, f.name) is not value, f"{kind.__name__}.{f.name} is shared"
    assert all(a is not b for a, b in zip(game.hs.hands, copy_hand(game.hs).hands, strict=True))


def test_copy_then_same_moves_gives_the_same_game_and_next_deal() -> None:
    """Same moves on copy and original give identical moments, and the next hands are
    dealt alike (the chance to come is copied with the seed)."""
    game = Game.new(load_variant("rummy"), 4, seed=99)
    rng = random.Random(6)
    for _ in range(7):
        game.play(rng.choice(game.legal_moves()))
    twin = game.copy()
    while not game.hand_over:
        move = rng.choice(game.legal_moves())
        assert game.play(move) == twin.play(str(move))
        assert moment(game) == moment(twin)
    assert not game.match_over
    game.next_hand()
    twin.next_hand()
    assert moment(game) == moment(twin)
    later = game.copy()  # a copy made at a hand end deals the same next hand too
    assert moment(later.copy()) == moment(game)


def test_copy_keeps_the_undo_history() -> None:
    game = Game.new(load_variant("gin"), 2, seed=3)
    start = moment(game)
    rng = random.Random(2)
    moments = []
    moves = []
    for _ in range(6):
        moments.append(moment(game))
        moves.append(game.play(rng.choice(game.legal_moves())))
    now = moment(game)
    twin = game.copy()
    assert [twin.undo() for _ in moves] == list(reversed(moves))
    assert moment(twin) == start
    assert moment(game) == now  # the original keeps its moves, and can take them back
    assert [game.undo() for _ in moves[3:]] == list(reversed(moves[3:]))
    assert moment(game) == moments[3]
    twin.play(moves[0])
    assert moment(twin) == moments[1]


def test_play_saves_one_moment_per_hand() -> None:
    """play() copies no state: a whole match without undo keeps one saved moment per hand."""
    game = Game.new(load_variant("gin"), 2, seed=17)
    rng = random.Random(5)
    while True:
        _finish_hand(game, rng)
        if game.match_over or game.hand_number >= 4:
            break
        game.next_hand()
    frames = game._timeline.frames
    assert len(frames) == game.hand_number
    assert all(list(f.marks) == [0] for f in frames)
    assert sum(len(f.moves) for f in frames) == len(game.log)


def _walk(name: str, players: int, seed: int, steps: int) -> int:
    """Random play with random take-backs; each take-back returns to the moment before.
    Returns the highest hand number reached."""
    game = Game.new(load_variant(name), players, seed=seed)
    rng = random.Random(seed)
    stack: list[tuple[Move, dict[str, Any]]] = []
    reached = 1
    for _ in range(steps):
        reached = max(reached, game.hand_number)
        if stack and rng.random() < 0.35:
            move, was = stack.pop()
            assert game.undo() == move
            assert moment(game) == was
            continue
        if game.hand_over:
            if game.match_over:
                break
            game.next_hand()  # not a move: undo reaches over it
            continue
        was = moment(game)
        stack.append((game.play(rng.choice(game.legal_moves())), was))
    while stack:
        move, was = stack.pop()
        assert game.undo() == move
    assert moment(game) == moment(Game.new(load_variant(name), players, seed=seed))
    return reached


@pytest.mark.parametrize("name", WALK_VARIANTS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_play_with_take_backs(name: str, seed: int) -> None:
    variant = load_variant(name)
    players = variant.min_players + seed % (variant.max_players - variant.min_players + 1)
    _walk(name, players, seed, 160)


def test_long_walk_crosses_hands() -> None:
    """A short-hand variant walked long enough to cross several hands with take-backs."""
    assert _walk("gin", 2, 12345, 1200) >= 3
