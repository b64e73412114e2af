"""Golden playthroughs: regenerate or `--check` tests/golden/*.json (stage: regression tests).

For every bundled variant at its minimum and maximum player count, plays one
or two complete hands with a fixed match seed and the small deterministic
`choose` policy below, and writes one JSON file per case: the variant, seats,
seed, each hand's move log (canonical texts) and result, the final totals and
the final `position()`. `tests/interpreter/test_golden.py` replays the logs and re-runs
the policy against these files.

    python scripts/regen_golden.py            # rewrite every file
    python scripts/regen_golden.py gin rummy  # only these variants
    python scripts/regen_golden.py --check    # exit 1 and show the first difference

The policy is deliberately not one of the bots in `rulespec/bots/` (those
are tuned over time; a golden must change only when the engine does).
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.core.moves import Move
from rulespec.interpreter.api import deadwood
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases.stock import CAPPED
from rulespec.model.variant import Variant

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
MAX_MOVES = 400
"""A hand longer than this is not golden material: the seed search moves on."""
HANDS = 2
"""Hands played per case (fewer when the match ends first)."""
HANDS_OF: dict[str, int] = {"kalooki": 1, "contract-rummy": 1}
"""Variants whose cases play fewer hands: long 13-card hands of two packs keep the
golden replay and undo tests cheap with one."""
MAX_MOVES_OF: dict[str, int] = {"kalooki": 100, "scala-40": 80, "partnership-500-rum": 80}
"""... and whose seed search looks for a shorter hand than MAX_MOVES: long hands of these
make the replay and undo round trip of every golden expensive."""
SEEDS = range(1, 60)
"""Match seeds tried in order; the first whose hands all end within MAX_MOVES is kept."""
LAYDOWNS = ("meld", "layoff")


@dataclass(frozen=True)
class Case:
    """One golden case: a variant at a player count."""

    variant: str
    players: int

    @property
    def filename(self) -> str:
        return f"{self.variant}-{self.players}p.json"


class TooLong(Exception):
    """A hand did not end within MAX_MOVES moves (or was abandoned)."""


KNOCK_FIRST_AT = 5
"""The golden policy knocks before drawing with this much deadwood or less."""


def policy_rng(variant: str, players: int, seed: int) -> random.Random:
    """The policy's own seeded generator (string seeds hash the same on every run)."""
    return random.Random(f"golden:{variant}:{players}:{seed}")


def _card_of(move: Move) -> str:
    return str(move).split()[1]


def _least_deadwood(variant: Variant, hand: list[str], moves: list[Move]) -> list[Move]:
    """The moves (discards or knocks) that leave the least deadwood in the hand."""
    best: list[Move] = []
    best_value = 0
    for m in moves:
        rest = list(hand)
        rest.remove(_card_of(m))
        value = deadwood(variant, rest)
        if not best or value < best_value:
            best, best_value = [m], value
        elif value == best_value:
            best.append(m)
    return best


def choose(game: Game, rng: random.Random) -> Move:
    """The golden policy: go out or knock, else lay down, else discard well, else chance.

    1. a knock (the one leaving the least deadwood), or a move that empties the hand;
    2. the largest meld or lay-off (first in legal order on ties);
    3. the discard leaving the least deadwood (a seeded choice among ties);
    4. a knock before drawing (`knock` alone) with deadwood KNOCK_FIRST_AT or less;
    5. otherwise (draws, passes, swaps, takes; never a drop) a seeded choice among the
       legal moves.

    Between hands (phase `rebuy`, buying back in by choice) it always buys back in.
    """
    moves = game.legal_moves()
    if game.phase == "rebuy":
        return next(m for m in moves if m.kind == "rebuy")
    hand = list(game.observation(game.to_move)["hand"])
    variant = game.variant
    knocks = [m for m in moves if m.kind == "knock" and m.cards]
    if knocks:
        return _least_deadwood(variant, hand, knocks)[0]
    outs = [m for m in moves if m.kind in (*LAYDOWNS, "discard") and len(m.cards) >= len(hand)]
    if outs:
        return outs[0]
    laydowns = [m for m in moves if m.kind in LAYDOWNS]
    if laydowns:
        most = max(len(m.cards) for m in laydowns)
        return next(m for m in laydowns if len(m.cards) == most)
    discards = [m for m in moves if m.kind == "discard"]
    if discards:
        return rng.choice(_least_deadwood(variant, hand, discards))
    acts = [m for m in moves if not m.cards and m.kind in ("knock", "drop")]
    if any(m.kind == "knock" for m in acts) and deadwood(variant, hand) <= KNOCK_FIRST_AT:
        return next(m for m in acts if m.kind == "knock")
    return rng.choice([m for m in moves if m not in acts] or moves)


def _result_record(game: Game) -> dict[str, Any]:
    result = game.hand_result
    assert result is not None
    return dict(result)


def play_case(case: Case, seed: int) -> dict[str, Any]:
    """Play a case with a match seed; TooLong if a hand runs past MAX_MOVES or is abandoned."""
    variant = load_variant(case.variant)
    game = Game.new(variant, case.players, seed)
    rng = policy_rng(case.variant, case.players, seed)
    hands: list[dict[str, Any]] = []
    while True:
        moves: list[str] = []
        while not game.hand_over:
            if len(moves) >= MAX_MOVES_OF.get(case.variant, MAX_MOVES):
                raise TooLong(f"{case.filename} seed {seed}: hand {len(hands) + 1} is too long")
            moves.append(str(game.play(choose(game, rng))))
        result = _result_record(game)
        if result.get("why") == CAPPED:
            raise TooLong(f"{case.filename} seed {seed}: hand {len(hands) + 1} was abandoned")
        hands.append({"moves": moves, "result": result, "totals": game.totals})
        if game.match_over or len(hands) >= HANDS_OF.get(case.variant, HANDS):
            break
        game.next_hand()
    return {
        "variant": case.variant,
        "players": case.players,
        "seed": seed,
        "hands": hands,
        "totals": game.totals,
        "match_over": game.match_over,
        "position": game.position(),
    }


def golden_record(case: Case) -> dict[str, Any]:
    """The golden record of a case: the first seed in SEEDS whose hands all end in time."""
    for seed in SEEDS:
        try:
            return play_case(case, seed)
        except TooLong:
            continue
    raise SystemExit(f"{case.filename}: no seed in {SEEDS} ends its hands within {MAX_MOVES} moves")


def render(record: dict[str, Any]) -> str:
    """The file text: stable key order, one list item a line (reviewable diffs)."""
    return json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def cases(names: Sequence[str] = ()) -> list[Case]:
    """Every bundled variant at its min and max player counts (or only the named variants)."""
    out = []
    for name in bundled_names():
        if names and name not in names:
            continue
        variant = load_variant(name)
        for players in sorted({variant.min_players, variant.max_players}):
            out.append(Case(name, players))
    return out


def _first_difference(path: Path, old: str, new: str) -> str:
    diff = list(
        difflib.unified_diff(
            old.splitlines(),
            new.splitlines(),
            f"{path} (file)",
            f"{path} (engine now)",
            lineterm="",
        )
    )
    return "\n".join(diff[:40])


def check(selected: list[Case], names: Sequence[str]) -> int:
    """0 when every file matches what the engine produces now; else 1 and the first difference."""
    expected = {case.filename for case in selected}
    if not names:
        stray = sorted(p.name for p in GOLDEN_DIR.glob("*.json") if p.name not in expected)
        if stray:
            print(f"stray golden file(s) with no case: {', '.join(stray)}")
            return 1
    for case in selected:
        path = GOLDEN_DIR / case.filename
        new = render(golden_record(case))
        if not path.exists():
            print(f"{path}: missing (run scripts/regen_golden.py)")
            return 1
        old = path.read_text(encoding="utf-8")
        if old != new:
            print(_first_difference(path, old, new))
            print("run scripts/regen_golden.py and review the diff")
            return 1
    print(f"{len(selected)} golden file(s) up to date")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("variants", nargs="*", help="only these bundled variants (default: all)")
    parser.add_argument(
        "--check", action="store_true", help="compare instead of writing; exit 1 on a difference"
    )
    args = parser.parse_args(argv)
    unknown = sorted(set(args.variants) - set(bundled_names()))
    if unknown:
        parser.error(f"not bundled variants: {', '.join(unknown)}")
    selected = cases(args.variants)
    if args.check:
        return check(selected, args.variants)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    if not args.variants:
        for stale in GOLDEN_DIR.glob("*.json"):
            if stale.name not in {c.filename for c in selected}:
                stale.unlink()
    for case in selected:
        record = golden_record(case)
        (GOLDEN_DIR / case.filename).write_text(render(record), encoding="utf-8")
        moves = sum(len(h["moves"]) for h in record["hands"])
        print(
            f"{case.filename}: seed {record['seed']}, {len(record['hands'])} hand(s), {moves} moves"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
