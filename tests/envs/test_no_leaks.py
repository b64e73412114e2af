"""No hidden information leaks through the research interfaces: what a seat observes (the
PettingZoo planes, features and mask, the Gymnasium observation, OpenSpiel's strings and
tensors) is unchanged when the other seats' hands and the stock order are dealt again at
random; OpenSpiel's information state, from the deal on, ignores the other seats' cards."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from envs_helpers import BUNDLED, hidden_permuted, masked_choice

from rulespec.compiler.load import load_variant
from rulespec.envs import aec_env, gym_env


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("name", BUNDLED)
def test_pettingzoo_observation_ignores_hidden_cards(name: str) -> None:
    env = aec_env(name, players=min(3, load_variant(name).max_players))
    rng = np.random.default_rng(7)
    env.reset(seed=7)
    compared = changed = 0
    for step in range(60):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        if step % 6 == 0:
            real = env.game
            for seat, who in enumerate(env.possible_agents):
                before = env.observe(who)
                other = hidden_permuted(real, seat, rng)
                if other is None:
                    continue
                changed += other.position()["hands"] != real.position()["hands"]
                env.game, env._table = other, None
                assert _same(env.observe(who), before), f"{name}: seat {seat} sees hidden cards"
                env.game, env._table = real, None
                compared += 1
        env.step(masked_choice(rng, env.observe(agent)["action_mask"]))
    assert compared >= 3 and changed >= 1  # the check really ran on dealt-again hands


def test_gymnasium_observation_is_the_seats_pettingzoo_observation() -> None:
    env = gym_env("michigan", seat=1, opponents="greedy", players=3)
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(20):
        assert _same(obs, env.aec.observe("player_1"))
        before, real = obs, env.aec.game
        other = hidden_permuted(real, 1, rng)
        if other is not None:
            env.aec.game, env.aec._table = other, None
            assert _same(env.aec.observe("player_1"), before)
            env.aec.game, env.aec._table = real, None
        obs, _, terminated, truncated, _ = env.step(masked_choice(rng, env.action_masks()))
        if terminated or truncated:
            break


@pytest.mark.skipif(sys.version_info < (3, 11), reason="OpenSpiel needs Python 3.11+")
@pytest.mark.parametrize("name", ["michigan", "remik", "bridge"])
def test_openspiel_views_ignore_hidden_cards(name: str) -> None:
    import pyspiel

    import rulespec.envs.openspiel  # noqa: F401 - registers python_rulespec

    game = pyspiel.load_game("python_rulespec", {"variant": name, "players": 3})
    state, rng = game.new_initial_state(), np.random.default_rng(2)
    compared = 0
    for step in range(120):
        if state.is_terminal():
            break
        if state.game is not None and not state.is_chance_node() and step % 5 == 0:
            real = state.game
            for seat in range(3):
                views = _openspiel_views(state, seat)
                other = hidden_permuted(real, seat, rng)
                if other is None:
                    continue
                state.game, state._table = other, None
                assert _openspiel_views(state, seat) == views, f"{name}: seat {seat} leaks"
                state.game, state._table = real, None
                compared += 1
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert compared >= 3


def _openspiel_views(state, seat: int) -> tuple:
    return (
        state.observation_string(seat),
        tuple(state.observation_tensor(seat)),
        tuple(state.information_state_tensor(seat)),
    )


@pytest.mark.skipif(sys.version_info < (3, 11), reason="OpenSpiel needs Python 3.11+")
def test_openspiel_information_state_ignores_the_other_seats_deal() -> None:
    import pyspiel

    import rulespec.envs.openspiel  # noqa: F401 - registers python_rulespec

    game = pyspiel.load_game("python_rulespec", {"variant": "rummy", "players": 3})
    rng = np.random.default_rng(6)
    first = game.new_initial_state()
    first.apply_action(1)
    while first.game is None:
        outcomes, probs = zip(*first.chance_outcomes(), strict=True)
        first.apply_action(int(rng.choice(outcomes, p=probs)))
    seat = 0  # deal the same cards to seat 0 and the pile, the others' cards differ
    hidden = [c for s, c in zip(first.slots, first.dealt, strict=True) if s not in (seat, -1)]
    hidden += list(first.pool.elements())
    rng.shuffle(hidden)
    second = game.new_initial_state()
    second.apply_action(1)
    for slot, card in zip(first.slots, first.dealt, strict=True):
        second.apply_action(card if slot in (seat, -1) else hidden.pop())
    assert second.game.position()["hands"][1] != first.game.position()["hands"][1]
    assert second.information_state_string(seat) == first.information_state_string(seat)
    assert second.information_state_string(1) != first.information_state_string(1)
