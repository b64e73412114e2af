"""`rulespec play` driven like a person would, through the real entry point (`python -m rulespec`).

Piped stdin (plain text, no control codes) via pexpect's PopenSpawn, and a real
terminal via pexpect.spawn. A scripted player asks for `moves` and picks one,
with garbled and illegal input along the way; kill -9 mid-match and resume.
"""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from pexpect.popen_spawn import PopenSpawn

PROMPT = "> "
MOVES = re.compile(r"Legal moves: ([^\r\n]*)")
TIMEOUT = 60


def spawn_piped(*args: str) -> PopenSpawn:
    return PopenSpawn(
        [sys.executable, "-m", "rulespec", "play", *args], timeout=TIMEOUT, encoding="utf-8"
    )


def pick(moves: list[str], rng: random.Random) -> str:
    """A sensible scripted choice: go out / knock / meld first, else a random legal move."""
    for prefix in ("knock", "meld", "layoff"):
        options = [m for m in moves if m.startswith(prefix)]
        if options:
            return options[0]
    draws = [m for m in moves if m in ("draw stock", "pass")]
    if draws and rng.random() < 0.7:
        return draws[0]
    return rng.choice(moves)


def drive_to_hand_end(child, rng: random.Random, max_turns: int = 400, abuse: bool = True) -> str:  # type: ignore[no-untyped-def]
    """Answer prompts until the hand is over; returns everything printed."""
    seen = []
    for turn in range(max_turns):
        index = child.expect([PROMPT, pexpect.EOF])
        seen.append(child.before)
        if index == 1:
            return "".join(seen)
        if abuse and turn == 1:
            child.sendline("frobnicate the deck")
            child.expect("Not allowed")
            child.expect(PROMPT)
            child.sendline("discard ZZ")
            child.expect("Not allowed")
            child.expect(PROMPT)
        child.sendline("moves")
        child.expect(MOVES)
        moves = [m.strip() for m in child.match.group(1).split(",") if m.strip()]
        if abuse and turn == 2 and not any(m.startswith("discard") for m in moves):
            # a well-formed move the rules forbid right now: discarding before drawing
            child.expect(PROMPT)
            child.sendline("discard AS")
            child.expect("Not allowed")
        child.expect(PROMPT)
        child.sendline(pick(moves, rng))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(
    ("name", "extra"),
    [("gin", []), ("rummy", ["--players", "3"]), ("michigan", []), ("continental", [])],
)
def test_scripted_hand_through_piped_stdin(name: str, extra: list[str], tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn_piped(
        name, "--seed", "5", "--hands", "1", "--bots", "greedy", "--save", str(save), *extra
    )
    out = drive_to_hand_end(child, random.Random(5))
    assert child.wait() == 0
    assert "\x1b[" not in out
    assert "Your hand:" in out
    assert "Hand over" in out and "Result:" in out
    assert "Totals:" in out
    data = json.loads(save.read_text())
    assert data["format"] == "rulespec-save" and data["log"]
    verify = subprocess.run(
        [sys.executable, "-m", "rulespec", "replay", str(save)], capture_output=True, text=True
    )
    assert verify.returncode == 0, verify.stderr


def test_short_forms_and_commands(tmp_path: Path) -> None:
    child = spawn_piped("gin", "--seed", "9", "--bots", "random")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Short forms")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"Hint: (\S[^\r\n]*)")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect(PROMPT)
    child.sendline("moves")
    child.expect(MOVES)
    moves = child.match.group(1).split(", ")
    child.expect(PROMPT)
    short = "p" if "draw discard" in moves else "d" if "draw stock" in moves else "pass"
    child.sendline(short)
    child.expect("You: (draw discard|draw stock|pass)")
    child.sendline("quit")
    child.expect("Bye")
    assert child.wait() == 0


def test_eof_quits_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    proc = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "gin", "--seed", "3", "--save", str(save)],
        input="moves\np\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Bye" in proc.stdout
    data = json.loads(save.read_text())
    assert "draw discard" in data["log"]


def test_kill_and_resume_loses_nothing(tmp_path: Path) -> None:
    save = tmp_path / "k.json"
    child = spawn_piped("rummy", "--seed", "12", "--bots", "greedy", "--save", str(save))
    rng = random.Random(1)
    for _ in range(6):
        child.expect(PROMPT)
        child.sendline("moves")
        child.expect(MOVES)
        moves = [m.strip() for m in child.match.group(1).split(",")]
        child.expect(PROMPT)
        child.sendline(pick(moves, rng))
        child.expect("You: ")
    child.expect(PROMPT)  # every move so far is saved before the prompt
    before = json.loads(save.read_text())
    child.kill(signal.SIGKILL)
    child.wait()
    resumed = spawn_piped("--resume", str(save))
    resumed.expect(PROMPT)
    resumed.sendline("quit")
    resumed.expect("Bye")
    assert resumed.wait() == 0
    after = json.loads(save.read_text())
    assert after["log"][: len(before["log"])] == before["log"]
    assert after["position"] == before["position"]
    assert after["seed"] == before["seed"] == 12


def play_moves(child, rng: random.Random, count: int) -> None:  # type: ignore[no-untyped-def]
    """Make `count` human moves, each picked from the `moves` listing, then quit."""
    for _ in range(count):
        child.expect(PROMPT)
        child.sendline("moves")
        child.expect(MOVES)
        moves = [m.strip() for m in child.match.group(1).split(",")]
        child.expect(PROMPT)
        child.sendline(pick(moves, rng))
        child.expect("You: ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Bye")
    assert child.wait() == 0


def test_resume_continues_exactly(tmp_path: Path) -> None:
    """A game quit and resumed plays on exactly as the unbroken game (bots included)."""
    full, part = tmp_path / "full.json", tmp_path / "part.json"
    common = ["gin", "--seed", "8", "--bots", "smart"]
    play_moves(spawn_piped(*common, "--save", str(full)), random.Random(3), 10)
    rng = random.Random(3)
    play_moves(spawn_piped(*common, "--save", str(part)), rng, 4)
    play_moves(spawn_piped("--resume", str(part)), rng, 6)
    a, b = json.loads(full.read_text()), json.loads(part.read_text())
    assert a["log"] == b["log"]
    assert a["position"] == b["position"]


def test_terminal_session_uses_rich(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rulespec", "play", "gin", "--seed", "4", "--bots", "greedy"],
        timeout=TIMEOUT,
        encoding="utf-8",
        dimensions=(40, 120),
    )
    child.expect(PROMPT)
    assert "\x1b[" in child.before  # coloured cards on a terminal
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_resume_of_unknown_file_is_a_clear_error(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "--resume", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 1
    assert "no such save file" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("d", "draw stock"),
        ("p", "draw discard"),
        ("7h", "discard 7h"),
        ("10S", "discard 10S"),
        ("k QS", "knock QS"),
        ("m 7H 8H 9H", "meld 7H 8H 9H"),
        ("l TS 2", "layoff TS 2"),
        ("t 3", "take 3"),
        ("pass", "pass"),
        ("draw discard+stock", "draw discard+stock"),
        ("gibberish", "gibberish"),
    ],
)
def test_short_forms_expand(typed: str, canonical: str) -> None:
    from rulespec.cli.play_session import expand

    assert expand(typed) == canonical


def test_unwritable_save_warns_and_play_goes_on(tmp_path: Path) -> None:
    bad = tmp_path / "missing-dir" / "x.json"
    proc = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "gin", "--seed", "2"],
        input=f"save {bad}\nmoves\nquit\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Warning: cannot save to" in proc.stdout
    assert "Legal moves:" in proc.stdout
    assert "Traceback" not in proc.stderr


# ---- every save a session writes re-plays and resumes (a kill can leave any of them) ----


def _scripted_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> list[str]:
    """Play a whole session in-process with a scripted human; every save text written."""
    from rulespec.cli import play_session
    from rulespec.cli.main import main

    written: list[str] = []
    real_write = play_session.write_save

    def recording(path, saved) -> None:  # type: ignore[no-untyped-def]
        real_write(path, saved)
        written.append(Path(path).read_text())

    rng = random.Random(7)

    def scripted(self, prompt: str) -> str:  # type: ignore[no-untyped-def]
        return pick([str(m) for m in self.game.legal_moves()], rng)

    monkeypatch.setattr(play_session, "write_save", recording)
    monkeypatch.setattr(play_session.Session, "_read", scripted)
    assert main(["play", *args, "--save", str(tmp_path / "full.json")]) == 0
    monkeypatch.undo()
    return written


def test_every_save_of_a_match_replays_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulespec.cli import play_session
    from rulespec.cli.main import main

    written = _scripted_match(
        tmp_path, monkeypatch, "gin", "--seed", "21", "--bots", "greedy", "--hands", "3"
    )
    starts = [t for t in written if not json.loads(t)["position"]["history"]]
    assert len(starts) >= 2  # the deal of each hand is saved before anyone moves
    assert any(json.loads(t)["position"]["hand"] > 1 for t in starts)
    cuts = sorted(set(range(0, len(written), 7)) | {written.index(t) for t in starts})
    monkeypatch.setattr(play_session.Session, "_read", lambda self, prompt: None)  # quit at once
    positions = [json.loads(t)["position"] for t in written]
    for k in cuts:
        save = tmp_path / f"cut{k}.json"
        save.write_text(written[k])
        assert main(["replay", str(save)]) == 0, (k, capsys.readouterr().err)
        assert main(["play", "--resume", str(save)]) == 0, (k, capsys.readouterr().err)
        # the resumed session (bots moving up to the first prompt) is the unbroken one
        assert json.loads(save.read_text())["position"] in positions[k:]
    capsys.readouterr()


def test_quit_at_the_first_prompt_of_a_new_hand_replays(tmp_path: Path) -> None:
    """The CLI saves right after dealing; `replay` deals that hand too."""
    save = tmp_path / "h2.json"
    child = spawn_piped("gin", "--seed", "21", "--bots", "greedy", "--save", str(save))
    rng = random.Random(7)
    for _ in range(300):
        child.expect(PROMPT)
        if "hand 2" in child.before:
            break
        child.sendline("moves")
        child.expect(MOVES)
        moves = [m.strip() for m in child.match.group(1).split(",")]
        child.expect(PROMPT)
        child.sendline(pick(moves, rng))
    child.sendline("quit")
    child.expect("Bye")
    assert child.wait() == 0
    data = json.loads(save.read_text())
    assert data["position"]["hand"] == 2 and data["position"]["history"] == []
    verify = subprocess.run(
        [sys.executable, "-m", "rulespec", "replay", str(save)], capture_output=True, text=True
    )
    assert verify.returncode == 0, verify.stderr


def test_two_writers_one_file(tmp_path: Path) -> None:
    """A second session on the same save is refused while the first lives; kill -9 frees it."""
    save = tmp_path / "same.json"
    first = spawn_piped("gin", "--seed", "3", "--bots", "greedy", "--save", str(save))
    first.expect(PROMPT)
    before = save.read_text()
    for args in (["gin", "--seed", "9", "--save", str(save)], ["--resume", str(save)]):
        second = subprocess.run(
            [sys.executable, "-m", "rulespec", "play", *args],
            input="d\nquit\n",
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert second.returncode == 1
        assert f"pid {first.pid}" in second.stderr
        assert "another rulespec play session" in second.stderr
        assert save.read_text() == before  # nothing lost
    first.sendline(f"save {tmp_path / 'other.json'}")  # the first session still saves freely
    first.expect("Saved to")
    first.kill(signal.SIGKILL)
    first.wait()
    resumed = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "--resume", str(save)],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert "Saved to" in resumed.stdout
    assert not (tmp_path / "same.json.lock").exists()  # a clean exit removes the lock file


def test_save_command_refuses_a_file_another_session_writes(tmp_path: Path) -> None:
    save = tmp_path / "busy.json"
    first = spawn_piped("gin", "--seed", "3", "--save", str(save))
    first.expect(PROMPT)
    proc = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "gin", "--seed", "4"],
        input=f"save {save}\nquit\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert "Not saved:" in proc.stdout and "another rulespec play session" in proc.stdout
    assert "Nothing saved (no --save FILE)" in proc.stdout
    first.sendline("quit")
    first.expect("Bye")
    assert first.wait() == 0


def test_drawn_card_is_named_and_quit_without_save_says_so() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "gin", "--seed", "5", "--bots", "greedy"],
        input="d\np\nhelp\nquit\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, proc.stderr
    drew = re.search(r"You: draw discard \(you took (\w\w)\)", proc.stdout)
    assert drew, proc.stdout
    hand = re.findall(r"Your hand: ([^\n]*)", proc.stdout)[-1].split()
    assert drew.group(1) in hand
    assert "quit (nothing is saved: no --save FILE)" in proc.stdout
    assert "Not allowed: 'draw stock' (You, upcard)" in proc.stdout  # "You", not "seat 0"
    assert "Nothing saved (no --save FILE): this game is gone." in proc.stdout
    assert "Saved to" not in proc.stdout


def test_stock_draw_names_the_card_drawn() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "rummy", "--seed", "5", "--bots", "greedy"],
        input="d\nquit\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    drew = re.search(r"You: draw stock \(you drew (\w\w)\)", proc.stdout)
    assert drew, proc.stdout
    assert drew.group(1) in re.findall(r"Your hand: ([^\n]*)", proc.stdout)[-1].split()


@pytest.mark.parametrize("seed", [str(2**63), "-" + "9" * 30])
def test_a_seed_too_large_to_save_is_a_usage_error(seed: str) -> None:
    from rulespec.cli.main import main

    assert main(["play", "gin", "--seed", seed]) == 2


def test_a_new_game_never_replaces_a_saved_one_unasked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play --save FILE` where FILE already holds a game: refused (exit 2), the file is
    untouched and the message says how to continue it or start afresh."""
    from rulespec.cli.main import main

    save = tmp_path / "mine.json"
    first = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "gin", "--seed", "3", "--save", str(save)],
        input="p\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert first.returncode == 0, first.stderr
    before = save.read_bytes()
    assert main(["play", "gin", "--seed", "4", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and f"--resume {save}" in err and "--overwrite" in err
    assert save.read_bytes() == before
    again = subprocess.run(
        [sys.executable, "-m", "rulespec", "play", "gin", "--seed", "4", "--save", str(save)]
        + ["--overwrite"],
        input="",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(save.read_text())["seed"] == 4
