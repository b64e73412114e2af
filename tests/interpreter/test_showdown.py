"""The knock showdown: `knock C with …` text, the knocker's showings, refusals, saved games."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rulespec.bots import make_bot
from rulespec.cli.main import main
from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER, parse_card
from rulespec.core.errors import IllegalMove, InvalidMove
from rulespec.core.moves import KNOCK, Move
from rulespec.interpreter import arrange as A
from rulespec.interpreter import melds as M
from rulespec.interpreter import showdown as SD
from rulespec.interpreter import solver as S
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.meldrules import tables
from rulespec.sim import runner
from rulespec.sim.savefile import SavedGame, document_digest, write_save


def _cards(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def _meld(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((c, c) for c in _cards(text))


# --- the move text -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("knock 6S with 8C 8D 8H 8S, 4D 5D 6D 7D", "knock 6S with 8C 8D 8H 8S, 4D 5D 6D 7D"),
        ("knock 6s with 4d 5d 6d 7d | 8s 8h 8d 8c", "knock 6S with 8C 8D 8H 8S, 4D 5D 6D 7D"),
        ("  KNOCK 6S  WITH 7D 6D 5D 4D,8S 8H 8D 8C ", "knock 6S with 8C 8D 8H 8S, 4D 5D 6D 7D"),
        ("knock KD with 5S 6S JK:7S, 9C TC JC", "knock KD with 9C TC JC, 5S 6S JK:7S"),
        ("knock KD with QS KS AS", "knock KD with QS KS AS"),
    ],
)
def test_knock_with_text_round_trips(text: str, canonical: str) -> None:
    move = Move.parse(text)
    assert move.kind == KNOCK
    assert str(move) == canonical
    assert Move.parse(str(move)) == move
    assert move.bare() == Move.parse(canonical.split(" with ")[0])


def test_knock_with_value() -> None:
    move = Move.parse("knock 6S with 8C 8D 8H 8S, 4D 5D 6D 7D")
    assert move.card == parse_card("6S")
    assert move.melds == (_meld("8C 8D 8H 8S"), _meld("4D 5D 6D 7D"))
    assert move == Move.knock(parse_card("6S"), [_meld("7D 6D 5D 4D"), _meld("8S 8H 8D 8C")])
    assert Move.parse("knock 6S").melds == ()
    assert Move.parse("knock 6S").bare() == Move.parse("knock 6S")
    joker = Move.parse("knock KD with 5S 6S JK")
    assert (JOKER, JOKER) in joker.melds[0]


@pytest.mark.parametrize(
    "text",
    [
        "knock 6S with",
        "knock 6S with 8C 8D 8H,, 4D 5D 6D",
        "knock 6S with , 8C 8D 8H",
        "knock 6S with 8C 8D 8X",
        "knock 6S 8C 8D 8H",
        "knock with 8C 8D 8H",
    ],
)
def test_knock_with_garbled(text: str) -> None:
    with pytest.raises(InvalidMove):
        Move.parse(text)


# --- the knocker's showings -----------------------------------------------------------


def test_least_showings_lists_every_least_arrangement() -> None:
    gin = load_variant("gin")
    hand = _cards("8H 8S 8C 8D 4D 5D 6D 7D 5H 4H")
    found = SD.least_showings(gin, hand)
    assert {s.deadwood for s in found} == {S.deadwood(gin, hand)} == {9}
    assert {s.melds for s in found} == {
        (_meld("8C 8D 8H 8S"), _meld("4D 5D 6D 7D")),
        (_meld("8C 8H 8S"), _meld("4D 5D 6D 7D 8D")),
    }
    assert all(s.dead == tuple(_cards("4H 5H")) for s in found)
    assert SD.least_showings(gin, hand) == found  # the same order every time


def test_least_showings_whole_hand_pattern() -> None:
    bridge = load_variant("bridge")
    hearts = _cards("2H 4H 6H 8H TH QH KH AH 3H 9H")
    assert SD.least_showings(bridge, hearts) == [SD.Showing((), (), 0, "colour")]
    # without the pattern the same cards are arranged as melds (deadwood 6H QH KH = 26)
    assert A.plain(bridge).melds.patterns == ()
    assert SD.least_showings(A.plain(bridge), hearts)[0].deadwood == 26


def test_named_showing_checks_and_counts() -> None:
    gin = load_variant("gin")
    hand = _cards("8H 8S 8C 8D 4D 5D 6D 7D 5H 4H")
    got = SD.named_showing(gin, hand, [_meld("8C 8H 8S"), _meld("4D 5D 6D 7D 8D")], 10)
    assert isinstance(got, SD.Showing)
    assert (got.deadwood, got.dead) == (9, tuple(_cards("4H 5H")))
    # a showing may leave more deadwood than the least, within the limit
    more = SD.named_showing(gin, hand, [_meld("8C 8H 8S 8D"), _meld("5D 6D 7D")], 13)
    assert isinstance(more, SD.Showing) and more.deadwood == 13
    assert "more than 12" in str(
        SD.named_showing(gin, hand, [_meld("8C 8H 8S 8D"), _meld("5D 6D 7D")], 12)
    )
    assert "not a meld" in str(SD.named_showing(gin, hand, [_meld("8C 8H 4H")], 10))
    assert "not in the hand" in str(
        SD.named_showing(gin, hand, [_meld("8C 8H 8S"), _meld("8C 8D 8S")], 10)
    )


def test_named_whole_hand_pattern() -> None:
    bridge = load_variant("bridge")
    hearts = _cards("2H 4H 6H 8H TH QH KH AH 3H 9H")
    got = SD.named_showing(bridge, hearts, [tuple((c, c) for c in hearts)], 5)
    assert got == SD.Showing((), (), 0, "colour")


def test_best_layoff_whole_hand_only() -> None:
    bridge = load_variant("bridge")
    table = [_meld("5S 6S 7S")]
    # laying off 4S 8S would leave eight hearts: 51 deadwood, not a colour
    left, offs = A.best_layoff(bridge, _cards("4S 8S 2H 4H 6H 8H TH QH KH AH"), table)
    assert left == 51 and [p[0] for p, _ in offs] == _cards("4S 8S")
    # a hand that is a colour as it stands lays nothing off
    assert A.best_layoff(bridge, _cards("4S 8S 2S 3S 9S TS JS QS KS AS"), table) == (0, [])


# --- refusals in a game -----------------------------------------------------------------


def _issue_game(variant: str = "gin") -> Game:
    return Game.from_position(
        load_variant(variant),
        {
            "dealer": 1,
            "to_move": 0,
            "phase": "play",
            "hands": [
                ["8H", "8S", "8C", "8D", "4D", "5D", "6D", "7D", "5H", "6S", "4H"],
                ["3D", "3C", "3S", "3H", "9D", "QC", "QS", "2H", "5C", "QH"],
            ],
            "stock": ["AC", "2C", "4C", "6C"],
            "discard": ["7S"],
        },
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (
            "knock 6S with 8C 8D 8H 8S, 4D 5D 6D",
            "the deadwood the melds shown leave (7D 4H 5H) is 16, more than 10",
        ),
        ("knock 6S with 8C 8D 8H 8S, 4D 5D 6D 7D 8D", "8D is not in the hand after the discard"),
        ("knock 6S with 8C 8D 8H 8S, 4D 5D 6S 7D", "6S is the card the knock discards"),
        ("knock 6S with 8C 8D 8H 8S, 4D 5D 7D 4H", "'4D 4H 5D 7D' is not a meld"),
        (
            "knock 4D with 8C 8D 8H 8S, 5D 6D 7D",
            "knock.limit: deadwood after discarding 4D would be 15, more than 10",
        ),
        ("knock 9S with 8C 8D 8H 8S, 4D 5D 6D 7D", "9S is not in your hand"),
    ],
)
def test_named_knock_refused(text: str, fragment: str) -> None:
    game = _issue_game()
    before = game.position()
    assert not game.is_legal(text)
    with pytest.raises(IllegalMove) as info:
        game.play(text)
    assert fragment in str(info.value)
    assert game.position() == before


def test_named_knock_refused_without_knocking() -> None:
    game = Game.from_position(
        load_variant("rummy"),
        {
            "to_move": 0,
            "phase": "play",
            "hands": [["2C", "3C", "4C", "9D"], ["KS"]],
            "stock": ["AS"],
        },
    )
    with pytest.raises(IllegalMove, match="no knocking"):
        game.play("knock 9D with 2C 3C 4C")


def test_named_and_bare_knock_in_a_game() -> None:
    game = _issue_game()
    assert game.is_legal("knock 6S with 8C 8H 8S, 4D 5D 6D 7D 8D")
    assert "knock 6S" in [str(m) for m in game.legal_moves()]
    assert not [m for m in game.legal_moves() if m.melds]
    played = game.play("knock 6s with 8c 8h 8s | 4d 5d 6d 7d 8d")
    assert str(played) == "knock 6S with 8C 8H 8S, 4D 5D 6D 7D 8D"
    result = game.hand_result
    assert result is not None
    assert (result.reason, result.winner, result.scores) == ("undercut", 1, [0, 27])
    assert game.position()["log"] == [str(played)]
    assert game.position()["history"][-1]["move"] == str(played)
    bare = _issue_game()
    bare.play("knock 6S")
    assert bare.hand_result is not None and bare.hand_result.scores == [7, 0]


# --- saved games ------------------------------------------------------------------------


def test_named_knock_saves_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bots play gin until a knock is legal, which names its melds; saved and replayed."""
    variant = runner.load("gin")
    game = Game.new(variant, 2, seed=3)
    bots = [make_bot("greedy", 3 + s) for s in range(2)]
    log: list[str] = []
    while True:
        assert len(log) < 400 and not game.hand_over
        seat = game.to_move
        knocks = [m for m in game.legal_moves() if m.kind == KNOCK]
        if knocks:
            rest = list(game.hs.hands[seat])
            rest.remove(knocks[0].card)
            showing = SD.least_showings(variant, rest)[-1]
            named = Move.knock(knocks[0].card, showing.melds)
            log.append(str(game.play(named)))
            break
        log.append(
            str(game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant)))
        )
    assert " with " in log[-1] and game.hand_over
    saved = SavedGame(
        variant="gin",
        digest=document_digest(variant),
        seed=3,
        players=2,
        bots=("greedy",),
        seat=0,
        position=game.position(),
        log=tuple(log),
    )
    path = tmp_path / "g.json"
    write_save(path, saved)
    assert main(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    again = Game.from_position(variant, game.position())
    assert again.position() == game.position()


def test_natural_and_general_showings_agree() -> None:
    """The bitmask path (distinct natural cards) finds exactly what the general path finds."""
    gin = load_variant("gin")
    rng = random.Random(7)
    checked = several = 0
    for _ in range(300):
        # low ranks only, so the hands are full of melds and of ties between them
        hand = rng.sample([r + 13 * s for r in range(7) for s in range(4)], 10)
        target = S.deadwood(gin, hand)
        mask = sum(1 << c for c in hand)
        fast = SD._natural_showings(gin, mask, target)
        general = SD._general_showings(gin, hand, target)
        assert fast == general, hand
        assert len(fast) < SD.SHOWINGS_CAP
        several += len(fast) > 1
        for melds, dead in fast:
            cards = sorted([p[0] for m in melds for p in m] + list(dead))
            assert cards == sorted(hand)
            assert sum(tables(gin).hand_values[c] for c in dead) == target
            assert all(M.normalize(gin, m) == m for m in melds)
        checked += 1
    assert checked == 300 and several >= 5


def _plain_general_showings(variant: Any, hand: list[int], target: int) -> Any:
    """The general showings search as first written (``Counter`` arithmetic), the reference
    for the position-indexed one: the same order, so the same showings even when capped."""
    values = tables(variant).hand_values
    by_card: dict[int, list[Any]] = {}
    for meld in candidate_melds(variant, hand):
        raw = Counter(p[0] for p in meld)
        by_card.setdefault(min(raw), []).append((meld, raw))
    found: set[Any] = set()

    def dfs(left: Counter[int], melds: list[Any], dead: list[int], value: int) -> None:
        if len(found) >= SD.SHOWINGS_CAP:
            return
        if not +left:
            found.add((tuple(sorted(melds)), tuple(sorted(dead))))
            return
        low = min(c for c, n in left.items() if n > 0)
        if value + values[low] <= target:
            left[low] -= 1
            dfs(left, melds, dead + [low], value + values[low])
            left[low] += 1
        for meld, raw in by_card.get(low, []):
            if all(left[c] >= n for c, n in raw.items()):
                left.subtract(raw)
                dfs(left, melds + [meld], dead, value)
                left.update(raw)

    dfs(Counter(hand), [], [], 0)
    return found


@pytest.mark.parametrize("name", ["bridge", "kalooki", "continental"])
def test_general_showings_with_wild_and_repeated_cards(name: str) -> None:
    """With jokers, wild ranks and two decks, the search finds exactly the plain search's
    showings (capped ones included), for the least deadwood and for a looser target."""
    variant = A.plain(load_variant(name))
    t = tables(variant)
    deck = [c for c in range(len(t.hand_values)) if t.hand_values[c] is not None]
    rng = random.Random(11)
    several = 0
    for _ in range(60):
        # low ranks, repeated, with jokers: full of melds and of ties between them
        pool = [c for c in deck if c == JOKER or c % 13 < 6] * 2
        hand = sorted(rng.sample(pool, 10))
        least = S.deadwood(variant, hand)
        for target in (least, least + 6):
            got = SD._general_showings(variant, hand, target)
            assert got == _plain_general_showings(variant, hand, target), hand
            several += len(got) > 1
    assert several >= 10
