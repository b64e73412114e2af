"""One predicate: the legal moves are exactly the candidates the judge does not refuse.

For seeded random positions of every bundled variant (and test-data variants
with many wild cards), every listed move is accepted by `refusal`, and for a
sample of other candidate moves (draws, melds from the hand, lay-offs and
swaps onto every table meld, discards and knocks of every card, cards not
held) `refusal` names a rule exactly when the move is not listed; `play`
refuses such a move with that very reason. The one exception by design: with
many wild cards the list holds canonical melds only, and any other valid meld
of the hand is legal when laid (then `play` accepts it).
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.core.cards import JOKER
from rulespec.core.errors import IllegalMove
from rulespec.core.moves import DRAWS, DROP, FORCE, KNOCK, MELD, PASS, TAKE, Move
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.melds import name_wilds
from rulespec.interpreter.phases.judge import malformed, refusal
from rulespec.model.variant import Variant

VALID = Path(__file__).resolve().parents[1] / "data/valid"
EXTRA = [
    "wild-eight-decks.rules",
    "rummy-all-at-once-swap.yaml",
    "pile-draws-only.yaml",
    "knock-before-draw.yaml",
    "drop-penalty.rules",
    "pile-meld-before-opening.rules",
]
CASES = [*bundled_names(), *EXTRA]
POSITIONS = 20  # sampled positions per variant
MELD_TRIES = 8  # random card groups tried as melds per position


def _variant(name: str) -> Variant:
    return load_variant(str(VALID / name) if name in EXTRA else name)


def _candidates(game: Game, rng: random.Random) -> list[Move]:
    """Moves worth asking about in this position: listed or not, held or not."""
    hs = game.hs
    hand = hs.hands[hs.to_move]
    out = [Move(k) for k in sorted((DRAWS - {TAKE}) | {PASS, DROP, KNOCK, FORCE})]
    out += [Move(TAKE, (), n) for n in range(1, len(hs.discard) + 2)]
    held = sorted(set(hand))
    stranger = next(c for c in range(52) if c not in hand)
    for card in [*held, stranger]:
        out += [Move("discard", ((card, card),)), Move("knock", ((card, card),))]
        out.append(Move(FORCE, ((card, card),)))
        for number in range(1, len(hs.melds) + 2):
            out += [Move("layoff", ((card, card),), number), Move("swap", ((card, card),), number)]
    for number, (_, meld) in enumerate(hs.melds, start=1):
        for card, named in meld:  # a wild card laid off as each card it could stand for
            if card != named and card in hand:
                out.append(Move("layoff", ((card, named),), number))
    for _ in range(MELD_TRIES):
        size = rng.choice((3, 3, 4, 5))
        if len(hand) < size:
            break
        group = rng.sample(hand, size)
        ways = name_wilds(game.rules, group) or [tuple((c, c) for c in group)]
        out.append(Move.meld(rng.choice(ways)))
    for size in (3, 4):  # every natural group of the hand's lowest cards, valid or not
        out += [Move.meld(tuple((c, c) for c in g)) for g in combinations(sorted(hand)[:6], size)]
    return out


def _judged(game: Game, rng: random.Random) -> int:
    """Check one position; the number of candidate moves judged."""
    legal = game.legal_moves()
    listed = set(legal)
    hs = game.hs
    for move in legal:
        assert refusal(game.rules, hs, move) is None, (move, refusal(game.rules, hs, move))
    every_meld = lists_every_meld(game.rules, hs.hands[hs.to_move])
    judged = 0
    for move in _candidates(game, rng):
        if malformed(move) is not None:
            continue
        judged += 1
        why = refusal(game.rules, hs, move)
        if move in listed:
            assert why is None, (move, why)
        elif why is None:
            assert move.kind == MELD and not every_meld, f"{move} is not listed yet not refused"
        else:
            assert why and why != "refused", (move, why)
            if rng.random() < 0.1 and not any(c == n == JOKER for c, n in move.cards):
                # (a bare wild is the game's shorthand: it names the card first, see test_wilds)
                with pytest.raises(IllegalMove) as info:
                    game.copy().play(move)
                assert str(info.value).endswith(why), (str(info.value), why)
    return judged


@pytest.mark.parametrize("name", CASES)
def test_legal_moves_are_exactly_the_moves_not_refused(name: str) -> None:
    variant = _variant(name)
    rng = random.Random(f"judge:{name}")
    players = variant.min_players if rng.random() < 0.5 else variant.max_players
    positions = judged = 0
    seed = 0
    while positions < POSITIONS:
        game = Game.new(variant, players, seed=seed)
        seed += 1
        while not game.hand_over and positions < POSITIONS:
            if rng.random() < 0.25:
                judged += _judged(game, rng)
                positions += 1
            game.play(rng.choice(game.legal_moves()))
    assert judged > POSITIONS * 10
