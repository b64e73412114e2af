"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every bundled
variant at its least and most players, whole episodes paying the hand's scores, match mode,
truncation and bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from envs_helpers import masked_choice, player_counts
from pettingzoo.test import api_test, seed_test

from rulespec.compiler.load import loads
from rulespec.core.errors import RulespecError
from rulespec.envs import aec_env, gym_env

CYCLES = 12  # api_test / seed_test cycles: every action kind of the deal shows up early


@pytest.mark.parametrize(("name", "players"), player_counts())
def test_pettingzoo_api_and_seed_tests(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's style hints (Dict spaces), not errors
        api_test(aec_env(name, players=players), num_cycles=CYCLES)
    seed_test(lambda: aec_env(name, players=players), num_cycles=CYCLES)


def _play_out(env, seed: int) -> dict[str, float]:
    """Masked random play to the end of the episode; the rewards each agent collected."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    got = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        got[agent] += reward
        env.step(None if term or trunc else masked_choice(rng, obs["action_mask"]))
    return got


@pytest.mark.parametrize(
    ("name", "players", "seed"), [("gin", 2, 1), ("michigan", 3, 2), ("remik", 2, 3)]
)
def test_an_episode_pays_each_seat_its_hand_score(name: str, players: int, seed: int) -> None:
    env = aec_env(name, players=players)
    got = _play_out(env, seed)
    result = env.game.hand_result
    assert env.game.hand_over and result is not None
    assert [got[a] for a in env.possible_agents] == [float(s) for s in result.scores]
    assert env.agents == []  # every agent finished and was removed


def test_the_same_seed_deals_the_same_hand_as_the_engine() -> None:
    from rulespec.compiler.load import load_variant
    from rulespec.interpreter.game import Game

    env = aec_env("rummy", players=3)
    env.reset(seed=11)
    assert env.game.observation(0) == Game.new(load_variant("rummy"), 3, 11).observation(0)
    assert env.agent_selection == f"player_{env.game.to_move}"


def test_match_mode_plays_hands_until_the_match_ends_and_pays_the_totals() -> None:
    quick = loads("variant quick extends gin {\n  match to 1\n}\n")
    env = aec_env(quick, players=2, match=True)
    got = _play_out(env, 5)
    assert env.game.match_over
    assert [got[a] for a in env.possible_agents] == [float(t) for t in env.game.totals]


def test_a_long_episode_is_truncated_at_the_cap() -> None:
    env = aec_env("rummy", players=2, max_steps=7)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    steps = 0
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if trunc:
            assert not term and steps == 7
            env.step(None)
            continue
        env.step(masked_choice(rng, obs["action_mask"]))
        steps += 1
    assert env.agents == []


def test_only_the_seat_to_move_has_allowed_actions() -> None:
    env = aec_env("michigan", players=4)
    env.reset(seed=8)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == env.agent_selection)


def test_an_action_the_mask_rules_out_is_refused_with_its_name() -> None:
    env = aec_env("gin", players=2)
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(RulespecError, match=f"action {bad} .* not allowed now"):
        env.step(bad)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "gin is for exactly 2 players, not 5"),
        ({"render_mode": "rgb"}, "render_mode"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, message: str) -> None:
    with pytest.raises(RulespecError, match=message):
        aec_env("gin", **kwargs)


def test_ansi_render_shows_the_seat_to_move_and_its_hand() -> None:
    env = aec_env("gin", players=2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    hand = " ".join(env.game.observation(env.game.to_move)["hand"])
    assert f"seat {env.game.to_move} to move" in text and hand in text


def test_a_hand_won_at_the_deal_ends_the_episode_at_reset() -> None:
    """Tonk's tonk (going_out.dealt): seed 17 deals seat 0 a hand of 49, won before anyone
    plays; the AEC episode is over at reset with the hand's scores, and the Gym seat gets
    the next seed's deal, where it has a move."""
    env = aec_env("tonk", players=2)
    env.reset(seed=17)
    assert all(env.terminations.values())
    assert [env._cumulative_rewards[a] for a in env.possible_agents] == [2.0, -2.0]
    gym = gym_env("tonk", seat=0)
    gym.reset(seed=17)
    assert gym.action_masks().any()
