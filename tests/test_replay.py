"""Saved games and `rulespec replay`: good logs verify, tampered ones fail at the first bad move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulespec.cli.main import main
from rulespec.players import make_bot
from rulespec.sim import runner
from rulespec.sim.savefile import SavedGame, SaveFileError, document_digest, read_save, write_save


def _bot_game(name: str, seed: int, moves: int, players: int = 2) -> tuple[SavedGame, list]:
    """Bots play `moves` moves of a match from `seed`; the save of where they got to."""
    variant = runner.load(name)
    game = variant.new_game(players, seed=seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    log: list[str] = []
    while len(log) < moves and not game.match_over:
        if game.hand_over:
            game.next_hand()
        seat = game.to_move
        move = bots[seat].choose(game.observation(seat), game.legal_moves(), variant)
        log.append(str(game.play(move)))
    saved = SavedGame(
        variant=name,
        digest=document_digest(variant),
        seed=seed,
        players=players,
        bots=("greedy",) * (players - 1),
        seat=0,
        position=game.position(),
        log=tuple(log),
    )
    return saved, log


@pytest.fixture
def good_save(tmp_path: Path) -> Path:
    saved, _ = _bot_game("gin", 11, 60)
    path = tmp_path / "game.json"
    write_save(path, saved)
    return path


@pytest.mark.parametrize(
    ("name", "moves"), [("gin", 60), ("rummy", 40), ("michigan", 40), ("continental", 30)]
)
def test_good_log_verifies(
    tmp_path: Path, name: str, moves: int, capsys: pytest.CaptureFixture[str]
) -> None:
    saved, _ = _bot_game(name, 5, moves)
    path = tmp_path / "g.json"
    write_save(path, saved)
    assert main(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out


def test_save_round_trips(good_save: Path) -> None:
    saved = read_save(good_save)
    again = good_save.with_name("again.json")
    write_save(again, saved)
    assert json.loads(again.read_text()) == json.loads(good_save.read_text())


def test_tampered_log_reports_first_diverging_move(
    good_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(good_save.read_text())
    k = 7  # 0-based: the 8th move
    data["log"][k] = "discard QS" if data["log"][k] != "discard QS" else "discard 2C"
    good_save.write_text(json.dumps(data))
    assert main(["replay", str(good_save)]) == 1
    err = capsys.readouterr().err
    assert f"move {k + 1}" in err
    assert repr(data["log"][k]) in err


def test_swapped_moves_are_caught(good_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(good_save.read_text())
    data["log"][2], data["log"][3] = data["log"][3], data["log"][2]
    good_save.write_text(json.dumps(data))
    assert main(["replay", str(good_save)]) == 1
    assert "diverges at move" in capsys.readouterr().err


def test_changed_position_is_caught(good_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(good_save.read_text())
    data["position"]["totals"] = [999, -999]
    good_save.write_text(json.dumps(data))
    assert main(["replay", str(good_save)]) == 1
    assert "position reached differs" in capsys.readouterr().err


CORRUPTIONS = [
    ("truncated", lambda text: text[: len(text) // 2], "truncated"),
    ("not json", lambda text: "hello, world", "not a readable save file"),
    ("binary", lambda text: "\udcff", None),
    (
        "foreign json",
        lambda text: json.dumps({"format": "chess-pgn", "moves": []}),
        "not a rulespec save",
    ),
    ("a list", lambda text: "[1, 2, 3]", "not a rulespec save"),
    ("future version", lambda text: text.replace('"version": 1', '"version": 99'), "version 99"),
    (
        "missing log",
        lambda text: json.dumps({k: v for k, v in json.loads(text).items() if k != "log"}),
        "'log'",
    ),
    ("bad seat", lambda text: text.replace('"seat": 0', '"seat": 7'), "seat 7"),
    ("log not strings", lambda text: text.replace('"log": [', '"log": [1, '), "'log'"),
]


@pytest.mark.parametrize(
    ("label", "corrupt", "fragment"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS]
)
def test_corrupt_save_is_a_clear_message(
    good_save: Path, label: str, corrupt, fragment: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    text = corrupt(good_save.read_text())
    good_save.write_bytes(text.encode("utf-8", "surrogateescape"))
    for command in (["replay", str(good_save)], ["play", "--resume", str(good_save)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert str(good_save) in err
        assert "Traceback" not in err
        if fragment:
            assert fragment in err
    with pytest.raises(SaveFileError):
        read_save(good_save)
    # a failed load never overwrites the file
    assert good_save.read_bytes() == text.encode("utf-8", "surrogateescape")


def test_missing_save_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1
    assert "no such save file" in capsys.readouterr().err


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    saved, _ = _bot_game("gin", 3, 10)
    for _ in range(3):
        write_save(tmp_path / "s.json", saved)
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
