"""Engine invariants under seeded random play: every bundled variant at min, middle, max players.

Every move: cards are conserved (hands + stock + pile + melds = the deck), the
position is JSON and round-trips through `from_position` with the same legal
moves; sampled steps: every legal move is accepted by `play`, refused moves
are really refused and leave the position unchanged, and a game rebuilt from
the position continues identically. Same seed, same log. With a sensible
policy (go out / knock / meld when legal) every hand ends before the safety
cap unless it is a true dead end (nobody can go out any more), and whole
matches finish.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.core.cards import card_text
from rulespec.core.errors import IllegalMove, InvalidMove
from rulespec.core.moves import Move
from rulespec.interpreter import solver as S
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.game import Game
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.state import deck_players
from rulespec.interpreter.turnctx import unique_ok
from rulespec.model.names import HAND_ENDS
from rulespec.model.variant import Variant

NAMES = bundled_names()
HANDS: dict[str, int] = {
    "gin": 200,
    "oklahoma": 200,
    "continental": 10,
    "kalooki": 1,  # 13 cards of two packs with jokers: the general solver, slow hands
    "scala-40": 1,  # the same
    "straight-gin": 6,  # only gin ends a hand: long hands, often void
    "big-gin": 10,
    "indian-rummy": 2,  # 2-6 players, two decks, wilds, a going-out contract: slow hands
    "contract-rummy": 2,  # two or three packs, jokers, buying: slow hands
    # the match-structure games play the hands of gin / rummy500 (covered above)
    "three-player-gin": 4,
    "hollywood-gin": 4,
    "partnership-500-rum": 3,
    "three-thirteen": 10,  # deal 1 only (3 cards) at 2, 4 and 6 players
    "carioca": 1,  # two packs, jokers, a contract every deal: long random hands
    "rummy500": 20,  # 2-8 players, laying off onto any meld: 15 s at 40 hands, the longest test
}
DEFAULT_HANDS = 40
# a match with a deal schedule is played whole from its first deal (FROM_SCRATCH); the
# near-the-end start of test_whole_match means nothing for it (no target), and seven
# contract deals on two or three packs with jokers cost ~25 s a match
SCHEDULE_TOO_LONG = ("contract-rummy", "carioca")
FULL_CHECK_HANDS = 2  # hands per count that get the expensive per-step checks


def counts(v: Variant) -> list[int]:
    return sorted({v.min_players, (v.min_players + v.max_players) // 2, v.max_players})


def sensible(g: Game, rng: random.Random, moves: list[Move]) -> Move:
    """Go out / knock / meld / lay off when legal; take a helpful discard; cut deadwood."""
    for kind in ("knock", "meld", "layoff", "swap"):
        of_kind = [m for m in moves if m.kind == kind]
        if of_kind:
            return rng.choice(of_kind)
    v, hand = g.variant, g.hs.hands[g.to_move]
    discards = [m for m in moves if m.kind == "discard"]
    if discards and rng.random() < 0.9:
        best = min(S.deadwood(v, _without(hand, m.card)) for m in discards)
        return rng.choice([m for m in discards if S.deadwood(v, _without(hand, m.card)) == best])
    draws = {m.kind: m for m in moves}
    if "draw discard" in draws and "draw stock" in draws and g.hs.discard:
        now = S.deadwood(v, hand)
        after, _ = S.deadwood_after_discard(v, hand + [g.hs.discard[-1]])
        if after < now:
            return draws["draw discard"]
    return rng.choice(moves)


def _without(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


def dead_end(g: Game) -> bool:
    """A hand nobody can end any more: what the engine's safety cap is for.

    Every hand holds at most 2 cards, so it can never grow (each turn ends with
    a discard) and a meld could only come from a hand and one card drawn, to
    go out by it; no such meld exists and no card outside the table fits a
    table meld.
    """
    hs, v = g.hs, g.variant
    if any(len(h) > 2 for h in hs.hands):
        return False
    loose = [c for h in hs.hands for c in h] + hs.stock + hs.discard
    table = [m for _, m in hs.melds]
    if any(unique_ok(v, hs, (p,)) for p, _ in layoffs(v, loose, table)):
        return False
    if v.discard.required == "always" or "meld" not in v.going_out.by:
        return True  # three cards melded would leave none to discard
    for h in hs.hands:
        if len(h) == 2:
            others = Counter(loose) - Counter(h)
            if any(candidate_melds(v, h + [c]) for c in others):
                return False
    return True


def conserved(g: Game) -> None:
    hs = g.hs
    seen: Counter[int] = Counter()
    for h in hs.hands:
        seen.update(h)
    seen.update(hs.stock)
    seen.update(hs.discard)
    for _, m in hs.melds:
        seen.update(p[0] for p in m)
    assert seen == Counter(build_deck(g.variant, deck_players(g.variant, hs.active)))


def probe_texts(g: Game, rng: random.Random) -> list[str]:
    """Well-formed move texts, most of them illegal here."""
    hand = g.hs.hands[g.to_move]
    cards = [card_text(c) for c in range(52)]
    texts = [
        "draw stock",
        "draw discard",
        "draw discard+stock",
        "draw discard+discard",
        "take pile",
        "pass",
        f"take {rng.randint(1, 6)}",
        f"discard {rng.choice(cards)}",
        f"knock {rng.choice(cards)}",
        f"layoff {rng.choice(cards)} {rng.randint(1, 4)}",
        f"swap {rng.choice(cards)} {rng.randint(1, 4)}",
        "meld " + " ".join(rng.sample(cards, 3)),
    ]
    if hand:
        texts.append(f"discard {card_text(rng.choice(hand))}")
        texts.append("meld " + " ".join(card_text(c) for c in rng.sample(hand, min(3, len(hand)))))
    return texts


def full_checks(g: Game, rng: random.Random) -> None:
    pos = g.position()
    json.dumps(pos)
    legal = g.legal_moves()
    assert legal, f"no legal move in {pos}"
    assert legal == g.legal_moves()  # deterministic
    assert len(set(legal)) == len(legal)
    for m in legal:
        assert Move.parse(str(m)) == m
    for m in rng.sample(legal, min(6, len(legal))):
        copy = g.copy()  # the position round trip is checked once per step by play_hand
        copy.play(m)
        conserved(copy)
    legal_set = set(legal)
    for text in probe_texts(g, rng):
        m = Move.parse(text)
        if m in legal_set:
            continue
        try:
            played = g.copy().play(m)
        except IllegalMove:
            with pytest.raises(IllegalMove):
                g.play(m)
            assert g.position() == pos
        else:  # a bare wild card read as the one card it can stand for: that move is legal
            assert played in legal_set, (text, str(played))


def play_hand(g: Game, rng: random.Random, full: bool) -> tuple[list[str], Any]:
    resume_at = rng.randint(0, 40)
    rebuilt: Game | None = None
    moves: list[str] = []
    step = 0
    while not g.hand_over:
        conserved(g)
        if full:
            pos = g.position()
            full_checks(g, rng)
            again = Game.from_position(g.variant, json.loads(json.dumps(pos)))
            assert again.position() == pos
            assert again.legal_moves() == g.legal_moves()
        if step == resume_at:  # (the position is a copy of the whole log: only when used)
            rebuilt = Game.from_position(g.variant, json.loads(json.dumps(g.position())))
        m = sensible(g, rng, g.legal_moves())
        g.play(m)
        if rebuilt is not None:
            rebuilt.play(str(m))
        moves.append(str(m))
        step += 1
    conserved(g)
    if rebuilt is not None:
        assert rebuilt.position() == g.position()
    return moves, g.hand_result


def first_totals(v: Variant, scores: list[int]) -> list[int]:
    """The totals after a match's first hand: the scores, or with teams each team's sum."""
    teams = v.match.teams
    if teams is None:
        return list(scores)
    sums = [sum(x for o, x in enumerate(scores) if o % teams == t) for t in range(teams)]
    return [sums[s % teams] for s in range(len(scores))]


@pytest.mark.parametrize("name", NAMES)
def test_random_hands(name: str) -> None:
    v = load_variant(name)
    reasons: Counter[str] = Counter()
    for n in counts(v):
        for h in range(HANDS.get(name, DEFAULT_HANDS)):
            rng = random.Random(f"{name}:{n}:{h}")
            g = Game.new(v, n, seed=h)
            _, result = play_hand(g, rng, full=h < FULL_CHECK_HANDS)
            assert result is not None
            assert result["reason"] != "abandoned" or dead_end(g), g.position()
            reasons[result["reason"]] += 1
            assert len(result["scores"]) == n
            assert g.totals == first_totals(v, result["scores"]) or g.match_over
    # a sensible policy ends every hand that can end: the safety cap ends only
    # true deadlocks (every card left dead, as in remik when one-card hands can
    # only go out by a lay-off), and those are rare.
    assert reasons["abandoned"] <= sum(reasons.values()) // 10, reasons
    assert set(reasons) <= set(HAND_ENDS)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name: str) -> None:
    v = load_variant(name)
    logs = []
    for _ in range(2):
        g = Game.new(v, v.min_players, seed=7)
        rng = random.Random(3)
        play_hand(g, rng, full=False)
        logs.append((g.log, g.position()))
    assert logs[0] == logs[1]
    first, second = Game.new(v, v.min_players, seed=7), Game.new(v, v.min_players, seed=7)
    assert first.position() == second.position()


@pytest.mark.parametrize("name", [n for n in NAMES if n not in SCHEDULE_TOO_LONG])
def test_whole_match(name: str) -> None:
    v = load_variant(name)
    g = Game.new(v, v.min_players, seed=11)
    # start near the end so zero-sum random walks finish: totals just short of the target
    pos = g.position()
    team = v.match.teams or g.players  # partners share one total
    if v.match.target is not None:
        pos["totals"] = [v.match.target - 1 - 10 * (s % team) for s in range(g.players)]
    if v.match.eliminate is not None:
        pos["totals"] = [v.match.eliminate + 1 + 10 * (s % team) for s in range(g.players)]
    if v.match.eliminate_over is not None:
        pos["totals"] = [v.match.eliminate_over - 1 - 10 * (s % team) for s in range(g.players)]
    g = Game.from_position(v, pos)
    rng = random.Random(5)
    hands = 0
    while True:
        play_hand(g, rng, full=False)
        hands += 1
        if g.match_over:
            break
        assert hands < 60, f"match not over after {hands} hands: totals {g.totals}"
        g.next_hand()
    assert g.match_over
    winner = g.match_winner
    if winner is not None:  # still in the match (with sit-outs it may sit this hand out)
        assert g.hs.active[winner] or v.match.playing is not None
        assert not g.ms.out[winner]
    result = g.hand_result
    assert result is not None and result.get("match_over")
    with pytest.raises(IllegalMove):
        g.next_hand()


def test_garbled_text_is_invalid() -> None:
    g = Game.new(load_variant("rummy"), 2, seed=1)
    for text in ("", "fly away", "discard 1X", "take zero", "layoff 7H", "meld"):
        with pytest.raises(InvalidMove):
            g.play(text)


FROM_SCRATCH = [
    n for n in NAMES if n not in ("rummy", "remik", "continental", "kalooki", "scala-40", "carioca")
]  # zero-sum walks are long; kalooki's and scala-40's eliminations take many 13-card hands;
# carioca's eight contract deals on two packs (~30 s; its last deal: tests/scenarios)


@pytest.mark.parametrize("name", FROM_SCRATCH)
def test_whole_match_from_the_first_deal(name: str) -> None:
    v = load_variant(name)
    g = Game.new(v, v.min_players, seed=3)
    rng = random.Random(9)
    dealers = []
    for _ in range(80):
        dealers.append(g.dealer)
        play_hand(g, rng, full=False)
        if g.match_over:
            break
        g.next_hand()
    assert g.match_over, f"{name}: match not over after 80 hands, totals {g.totals}"
    if v.match.playing is not None:  # the seat coming in deals (tests/scenarios)
        return
    # the deal passes to the next seat every hand
    assert all(b == (a + 1) % g.players for a, b in zip(dealers, dealers[1:], strict=False))
