"""Saved games and `rulespec replay`: good logs verify, tampered ones fail at the first bad move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulespec.bots import make_bot
from rulespec.cli.main import main
from rulespec.interpreter.game import Game
from rulespec.sim import runner
from rulespec.sim.savefile import SavedGame, SaveFileError, document_digest, read_save, write_save


def _bot_game(
    name: str, seed: int, moves: int, players: int = 2, stop_at_hand_end: bool = False
) -> tuple[SavedGame, list]:
    """Bots play `moves` moves of a match from `seed`; the save of where they got to."""
    variant = runner.load(name)
    game = Game.new(variant, players, seed=seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    log: list[str] = []
    while len(log) < moves and not game.match_over:
        if game.hand_over:
            if stop_at_hand_end:
                break
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
    ("truncated", lambda text: text[: len(text) // 2], "truncated JSON"),
    ("not json", lambda text: "hello, world", "corrupt save"),
    ("binary", lambda text: "\udcff", None),
    (
        "foreign json",
        lambda text: json.dumps({"format": "chess-pgn", "moves": []}),
        "not a rulespec save",
    ),
    ("a list", lambda text: "[1, 2, 3]", "not a rulespec save"),
    ("future version", lambda text: text.replace('"version": 2', '"version": 99'), "version 99"),
    (
        "missing log",
        lambda text: json.dumps({k: v for k, v in json.loads(text).items() if k != "log"}),
        "log: missing",
    ),
    ("bad seat", lambda text: text.replace('"seat": 0', '"seat": 7'), "seat: seat 7"),
    ("log not strings", lambda text: text.replace('"log": [', '"log": [1, '), "log.0"),
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


# ---- hand-edited saves: every one refused with a located "corrupt save" message ----


def _raw(data: dict, marker: str, text: str) -> str:
    """The save as JSON with the string value ``marker`` replaced by raw JSON ``text``."""
    return json.dumps(data).replace(json.dumps(marker), text)


def _edit(change):  # type: ignore[no-untyped-def]
    """An edit of the parsed save (a function changing it in place) as a text edit."""

    def apply(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1)

    return apply


def _huge_seed(text: str) -> str:
    data = json.loads(text)
    data["seed"] = "@SEED@"
    return _raw(data, "@SEED@", "7" * 5000)


def _deep(text: str) -> str:
    data = json.loads(text)
    data["extra"] = "@DEEP@"
    return _raw(data, "@DEEP@", "[" * 200_000 + "]" * 200_000)


def _swap_hands(data: dict) -> None:
    hands = data["position"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]


def _drop_middle_move(data: dict) -> None:
    del data["log"][20]


def _both_seeds(data: dict) -> None:
    data["seed"] = data["position"]["seed"] = 12


HAND_EDITS = [
    # (label, edit of the save text, the located start of the message after "corrupt save F: ")
    ("5000-digit seed", _huge_seed, "line 1, column "),
    ("200000-deep JSON", _deep, "line 1, column "),
    (
        "seed of the wrong type",
        _edit(lambda d: d.update(seed="11")),
        "seed: expected an integer, got a text",
    ),
    ("seed out of range", _edit(lambda d: d.update(seed=2**64)), "seed: "),
    (
        "players of the wrong type",
        _edit(lambda d: d.update(players=None)),
        "players: expected an integer, got null",
    ),
    ("unknown bot", _edit(lambda d: d.update(bots=["deep-blue"])), "bots.0: unknown bot"),
    ("seat changed", _edit(lambda d: d.update(seat=1)), "seat: changed since the game was saved"),
    ("bots changed", _edit(lambda d: d.update(bots=["smart"])), "bots: changed since"),
    ("hands limit changed", _edit(lambda d: d.update(hands=9)), "hands: changed since"),
    ("seal removed", _edit(lambda d: d.pop("seal")), "seal: missing"),
    (
        "position not a mapping",
        _edit(lambda d: d.update(position=[])),
        "position: expected a mapping, got a list",
    ),
    ("log entry a number", _edit(lambda d: d["log"].__setitem__(3, 7)), "log.3: expected a move"),
    ("huge move text", _edit(lambda d: d["log"].__setitem__(4, "meld " * 10**5)), "log.4: a move"),
    ("garbled move", _edit(lambda d: d["log"].__setitem__(5, "frobnicate")), "log.5: "),
    (
        "history card ZZ",
        _edit(lambda d: d["position"]["history"][1].__setitem__("cards", ["ZZ"])),
        "position.history.1.cards.0: ",
    ),
    (
        "draw phase with empty stock and pile",
        _edit(lambda d: d["position"].update(stock=[], discard=[])),
        "position.discard (length",
    ),
    ("swapped hands", _edit(_swap_hands), "position.hands.0.0: "),
    (
        "reordered stock",
        _edit(lambda d: d["position"]["stock"].reverse()),
        "position.stock.0: ",
    ),
    ("card removed", _edit(lambda d: d["position"]["hands"][0].pop()), "position.hands.0 (length"),
    ("card added", _edit(lambda d: d["position"]["stock"].append("AS")), "position.stock (length"),
    ("dropped move", _edit(_drop_middle_move), "log."),
    ("changed seed", _edit(lambda d: d.update(seed=12)), "log."),
    ("changed seed, position too", _edit(_both_seeds), "log."),
    ("turn count", _edit(lambda d: d["position"].update(turn_count=True)), "position.turn_count"),
]


@pytest.mark.parametrize(("label", "edit", "where"), HAND_EDITS, ids=[e[0] for e in HAND_EDITS])
def test_hand_edited_save_is_a_located_corrupt_save(
    good_save: Path, label: str, edit, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = edit(good_save.read_text())
    good_save.write_text(text)
    for command in (["replay", str(good_save)], ["play", "--resume", str(good_save)]):
        assert main(command) == 1, command
        err = capsys.readouterr().err
        assert err.startswith(f"corrupt save {good_save}: {where}"), err
        assert "Traceback" not in err
    assert good_save.read_text() == text  # refused, never rewritten


def _hand_end_save(tmp_path: Path) -> Path:
    saved, _ = _bot_game("gin", 11, 400, stop_at_hand_end=True)
    assert saved.position["phase"] == "over"
    path = tmp_path / "over.json"
    write_save(path, saved)
    return path


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r.update(scores="lots"), "position.result.scores: "),
        (lambda r: r.update(winner="me"), "position.result.winner: "),
        (lambda r: r.update(lines=None), "position.result.lines: "),
        (lambda r: r.update(winner=True), "position.result.winner: "),
    ],
)
def test_result_of_wrong_types_is_a_corrupt_save(
    tmp_path: Path, change, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _hand_end_save(tmp_path)
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    data = json.loads(path.read_text())
    change(data["position"]["result"])
    path.write_text(json.dumps(data))
    for command in (["replay", str(path)], ["play", "--resume", str(path)]):
        assert main(command) == 1
        assert capsys.readouterr().err.startswith(f"corrupt save {path}: {where}")


def test_changed_rules_are_an_error_unless_forced(
    good_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(good_save.read_text())
    data["variant"]["digest"] = "0" * 64
    good_save.write_text(json.dumps(data))
    for command in (["replay", str(good_save)], ["play", "--resume", str(good_save)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert "changed since this game was saved" in err and "--force" in err
    assert main(["replay", "--force", str(good_save)]) == 0
    captured = capsys.readouterr()
    assert "OK" in captured.out
    assert "may not re-play or may lead to another game (forced)" in captured.err


def test_version_1_save_replays_but_resumes_only_forced(
    good_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A version-1 save has no seal: its log still verifies, but its seat cannot be trusted."""
    data = json.loads(good_save.read_text())
    data["version"] = 1
    del data["seal"]
    good_save.write_text(json.dumps(data))
    assert main(["replay", str(good_save)]) == 0
    assert main(["play", "--resume", str(good_save)]) == 1
    assert "no seal" in capsys.readouterr().err


def test_guards_are_linear_on_pathological_text(tmp_path: Path) -> None:
    """An unterminated string full of escaped quotes is scanned once, not once per quote."""
    import time

    path = tmp_path / "q.json"
    path.write_text('{"format": "' + '\\"' * 300_000)
    start = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(SaveFileError, match="corrupt save"):
        read_save(path)
    assert time.process_time() - start < 2


def _saves_along_a_match(name: str, players: int) -> list[SavedGame]:
    """Saves as the CLI writes them: at the start, mid-hand, at the hand's end, after the deal."""
    variant = runner.load(name)
    game = Game.new(variant, players, seed=3)
    bots = [make_bot("greedy", s) for s in range(players)]
    log: list[str] = []
    out: list[SavedGame] = []

    def save() -> None:
        out.append(
            SavedGame(
                name,
                document_digest(variant),
                3,
                players,
                ("greedy",) * (players - 1),
                0,
                game.position(),
                tuple(log),
            )
        )

    save()
    while not game.hand_over:
        seat = game.to_move
        log.append(
            str(game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant)))
        )
        if len(log) == 5:
            save()
    save()
    if not game.match_over:
        game.next_hand()
        save()
    return out


@pytest.mark.parametrize(
    "name",
    [
        "gin",
        "rummy",
        "michigan-two-decks",
        "oklahoma",
        "rummy500",
        "bridge",
        "remik",
        "continental",
        "boat",
    ],
)
def test_every_kind_of_genuine_save_restores(name: str, tmp_path: Path) -> None:
    from rulespec.sim.savecheck import restore

    players = max(runner.load(name).min_players, 2)
    for k, saved in enumerate(_saves_along_a_match(name, players)):
        path = tmp_path / f"{k}.json"
        write_save(path, saved)
        restored = restore(read_save(path), str(path), seat=True)
        assert restored.game.position() == saved.position
