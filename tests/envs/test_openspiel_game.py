"""The OpenSpiel game `python_rulespec`: OpenSpiel's own random-simulation test for every
bundled variant at its least and most players, explicit chance for the deal and the stock,
strings and tensors per player, and a whole hand's returns."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from envs_helpers import player_counts

pytestmark = pytest.mark.skipif(sys.version_info < (3, 11), reason="OpenSpiel needs 3.11+")

if sys.version_info >= (3, 11):
    import pyspiel

    import rulespec.envs.openspiel  # noqa: F401 - registers python_rulespec

SHORT = 30  # player actions before a hand is cut short: the harness checks every state


def _load(name: str, players: int = 0, max_steps: int = SHORT):
    return pyspiel.load_game(
        "python_rulespec", {"variant": name, "players": players, "max_steps": max_steps}
    )


@pytest.mark.parametrize(("name", "players"), player_counts())
def test_openspiel_random_simulation_test_passes(name: str, players: int) -> None:
    pyspiel.random_sim_test(_load(name, players), num_sims=1, serialize=False, verbose=False)


def test_a_whole_hand_is_played_out_to_the_engines_scores() -> None:
    game = _load("gin", max_steps=4000)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state, rng = game.new_initial_state(), np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.game.hand_over
    assert state.returns() == [float(s) for s in state.game.hand_result.scores]


def _deal(state, rng: np.random.Generator) -> None:
    while state.is_chance_node() and state.game is None:
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def test_deal_and_stock_draws_are_chance_nodes_weighted_by_copies() -> None:
    game = _load("michigan-two-decks", players=5)  # two decks: two copies of each card
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 5  # the dealer
    state.apply_action(0)
    first = dict(state.chance_outcomes())
    assert len(first) == 52 and all(p == pytest.approx(2 / 104) for p in first.values())
    _deal(state, np.random.default_rng(3))
    stock = len(state.game.position()["stock"])
    draw = state.legal_actions()
    labels = [state.action_to_string(state.current_player(), a) for a in draw]
    state.apply_action(draw[labels.index("draw stock")])
    assert state.is_chance_node()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert sum(1 for _ in state.chance_outcomes()) <= stock


def test_strings_and_tensors_per_player() -> None:
    game = _load("rummy", players=3)
    state = game.new_initial_state()
    _deal(state, np.random.default_rng(5))
    for player in range(3):
        hand = " ".join(state.game.observation(player)["hand"])
        assert f"hand {hand}" in state.observation_string(player)
        recall = state.information_state_string(player)
        assert recall.startswith(f"player {player}\ndealer ") and recall.count("dealt ") == 7
        tensor = np.asarray(state.observation_tensor(player))
        assert tensor.shape == tuple(game.observation_tensor_shape())
        assert tensor[:53].sum() == 7  # the hand plane: seven cards
    assert len({state.information_state_string(p) for p in range(3)}) == 3


@pytest.mark.parametrize(
    ("params", "message"),
    [({"players": 9}, "gin is for exactly 2 players, not 9"), ({"max_steps": 0}, "max_steps")],
)
def test_a_bad_parameter_is_named(params: dict, message: str) -> None:
    from rulespec.core.errors import RulespecError

    with pytest.raises(RulespecError, match=message):
        pyspiel.load_game("python_rulespec", {"variant": "gin", **params})


def test_resampled_worlds_look_the_same_to_the_player() -> None:
    game = _load("michigan", players=3, max_steps=4000)
    state, rng = game.new_initial_state(), np.random.default_rng(4)
    sampler, differed = pyspiel.UniformProbabilitySampler(0.0, 1.0), 0
    for _ in range(90):
        if state.is_terminal():
            break
        for player in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            if state.game is not None and not state.is_chance_node():
                if player == state.current_player():
                    assert world.legal_actions() == state.legal_actions()
                differed += world.game.position()["hands"] != state.game.position()["hands"]
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert differed > 10  # the other hands really were dealt again


def test_python_ismcts_plays_a_move() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load("gin", max_steps=4000)
    state, rng = game.new_initial_state(), np.random.RandomState(0)
    _deal(state, np.random.default_rng(0))
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    assert bot.step(state) in state.legal_actions()
