"""The play screen shows what a seat has melded this hand where melds score (Michigan, 500)."""

from __future__ import annotations

import io

from rich.console import Console

from rulespec.cli.play_display import render_table
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game


def _screen(name: str, melded: list[int]) -> str:
    variant = load_variant(name)
    game = Game.new(variant, 3, seed=1)
    observation = dict(game.observation(0))
    observation["melded"] = melded
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    render_table(console, observation, variant, 0, {1: "smart", 2: "greedy"}, 1)
    return out.getvalue()


def test_meld_credit_is_shown_where_melds_score() -> None:
    assert "Melded this hand (counts in the score): Seat 1 (smart) +30" in _screen(
        "michigan", [0, 30, 0]
    )
    assert "Seat 2 (greedy) +12" in _screen("rummy500", [0, 0, 12])


def test_no_meld_line_where_melds_do_not_score_or_nothing_is_melded() -> None:
    assert "Melded this hand" not in _screen("rummy", [0, 30, 0])
    assert "Melded this hand" not in _screen("michigan", [0, 0, 0])


def test_the_hands_wild_rank_is_shown_where_a_hand_has_one() -> None:
    screen = _screen("indian-rummy", [0, 0, 0])
    game = Game.new(load_variant("indian-rummy"), 3, seed=1)
    rank, cut = game.observation(0)["wild_rank"], game.observation(0)["cut_card"]
    assert f"Wild rank: every {rank} is wild this hand (cut card {cut})" in screen
    assert "Wild rank" not in _screen("rummy", [0, 0, 0])


# ---- help lists only the variant's moves; quit says what it does ----


def test_help_lists_only_the_moves_a_variant_has() -> None:
    from rulespec.cli.play_help import help_text

    gin = help_text(load_variant("gin"), None)
    assert "knock C" in gin and "k C = knock C" in gin and "pass" in gin
    for absent in ("take N", "take pile", "meld", "layoff", "swap", "discard+"):
        assert absent not in gin, absent
    assert "quit (nothing is saved: no --save FILE)" in gin
    michigan = help_text(load_variant("michigan"), "m.json")
    assert "take N" in michigan and "meld C C C" in michigan and "layoff C M" in michigan
    assert "knock" not in michigan and "pass" not in michigan
    assert "quit (saves to m.json first)" in michigan
    assert "rebuy | pass" in help_text(load_variant("scala-40"), None)
    assert "rebuy" not in michigan


def test_help_of_every_bundled_variant_offers_only_moves_it_can_make() -> None:
    """Each move word in a variant's help is the head of some move of that variant."""
    from rulespec.cli.play_help import move_forms
    from rulespec.compiler.load import bundled_names

    for name in bundled_names():
        heads = {form.split()[0] for form, _ in move_forms(load_variant(name))}
        words = {"pass", "draw", "take", "meld", "layoff", "swap", "discard", "knock", "drop"}
        assert heads <= words | {"force", "buy", "rebuy"}
        assert "discard" in heads


# ---- result lines: seats named as on screen, cards sorted ----


def test_result_lines_name_seats_one_way_and_sort_cards() -> None:
    from rulespec.cli.play_display import result_line

    bots = {1: "smart", 2: "greedy"}
    cases = {
        "seat 0 knocks: melds 3C 3D 3H; deadwood AS 4D 2H AD = 8": (
            "You knock: melds 3C 3D 3H; deadwood AD 4D 2H AS = 8"
        ),
        "seat 1 lays off 6S 6D": "Seat 1 (smart) lays off 6D 6S",
        "seat 0 deadwood 10": "Your deadwood 10",
        "seat 2: hand TS 5C JK (penalty 40); losers -40 = -40": (
            "Seat 2 (greedy): hand 5C TS JK (penalty 40); losers -40 = -40"
        ),
        "seat 0 goes out in one go (rummy)": "You go out in one go (rummy)",
        "seat 1 is out of the match (total -3 <= 0)": (
            "Seat 1 (smart) is out of the match (total -3 <= 0)"
        ),
        "match over: seat 0 wins with totals 120, 3, 4": (
            "Match over: You win with totals 120, 3, 4"
        ),
        "the stock ran out: nobody went out": "The stock ran out: nobody went out",
    }
    for engine, shown in cases.items():
        assert result_line(engine, 0, bots) == shown


def test_hand_end_shows_result_lines_the_player_way() -> None:
    from rulespec.bots import make_bot
    from rulespec.cli.play_display import make_console, render_hand_end

    variant = load_variant("gin")
    game = Game.new(variant, 2, seed=3)
    bots = [make_bot("greedy", s) for s in range(2)]
    while not game.hand_over:
        seat = game.to_move
        game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    out = io.StringIO()
    console = make_console(True)
    console.file = out
    render_hand_end(console, game, 0, {1: "greedy"})
    text = out.getvalue()
    assert "seat 0" not in text and "seat 1" not in text
    assert "You knock: melds 3C 3D 3H | 6C 6H 6S; deadwood AD 4D 2H AS = 8" in text
    assert "You: hand 3C 6C AD 3D 4D 2H 3H 6H AS 6S (deadwood 8)" in text


# ---- knock variants: the seat's melds and deadwood on the table ----


def _gin_screen(hand: list[str], phase: str, to_move: int = 0) -> str:
    variant = load_variant("gin")
    game = Game.new(variant, 2, seed=1)
    observation = dict(game.observation(0))
    observation.update(hand=hand, phase=phase, to_move=to_move, taken=[])
    out = io.StringIO()
    render_table(Console(file=out, width=100, color_system=None), observation, variant, 0, {}, 1)
    return out.getvalue()


def test_knock_variant_shows_melds_and_deadwood() -> None:
    hand = ["3C", "3D", "3H", "6C", "6H", "6S", "AD", "4D", "2H", "AS"]
    screen = _gin_screen(hand, "draw")
    assert "Your melds: 3C 3D 3H | 6C 6H 6S; deadwood 8 (AD 4D 2H AS)" in screen
    screen = _gin_screen([*hand, "KS"], "play")
    assert "deadwood 18 (AD 4D 2H AS KS); discarding KS leaves 8" in screen
    assert "Your melds: none; deadwood 15\n" in _gin_screen(["AC", "4D", "KS"], "draw", 1)


def test_no_deadwood_line_without_knocking() -> None:
    assert "Your melds" not in _screen("rummy", [0, 0, 0])


def _screen_of(game: Game, seat: int) -> str:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    bots = {s: "greedy" for s in range(game.players) if s != seat}
    render_table(console, dict(game.observation(seat)), game.variant, seat, bots, 1)
    return out.getvalue()


def test_the_match_table_is_shown_teams_sitting_out_columns() -> None:
    teams = Game.new(load_variant("partnership-500-rum"), 4, seed=1)
    assert "Teams: You + Seat 2 (greedy) 0; Seat 1 (greedy) + Seat 3 (greedy) 0" in _screen_of(
        teams, 0
    )
    three = Game.new(load_variant("three-player-gin"), 3, seed=0)
    assert "Sitting this hand out: Seat 1 (greedy)" in _screen_of(three, 0)
    hollywood = Game.new(load_variant("hollywood-gin"), 2, seed=1)
    screen = _screen_of(hollywood, 0)
    assert "Column 1: You 0, Seat 1 (greedy) 0" in screen and "Column 3:" in screen


def test_a_seat_not_dealt_in_is_shown_so_at_the_hand_end() -> None:
    from rulespec.cli.play_display import render_hand_end

    game = Game.from_position(
        load_variant("three-player-gin"),
        {
            "dealer": 0,
            "to_move": 1,
            "phase": "play",
            "active": [True, True, False],
            "hands": [
                ["6H", "TH", "QH", "QD", "QC", "2H", "3H", "5H", "9D", "JC"],
                ["AC", "2C", "3C", "4D", "4H", "4S", "7S", "8S", "9S", "TS", "KD"],
                [],
            ],
            "stock": ["KH", "KS", "2D", "3D"],
            "discard": ["8H"],
        },
    )
    game.play("knock KD")
    out = io.StringIO()
    render_hand_end(Console(file=out, width=100, color_system=None), game, 0, {1: "g", 2: "g"})
    assert "Seat 2 (g): (not dealt in: sits out or left the match)" in out.getvalue()
