"""No hidden information leaks through the research interfaces: what a seat observes (the
PettingZoo planes, features and mask, the Gymnasium observation) is unchanged when the
other seats' hands and the stock order are dealt again at random."""

from __future__ import annotations

import numpy as np
import pytest
from envs_helpers import BUNDLED, hidden_permuted, masked_choice

from rulespec.envs import aec_env, gym_env


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("name", BUNDLED)
def test_pettingzoo_observation_ignores_hidden_cards(name: str) -> None:
    env = aec_env(name, players=3 if name not in ("gin", "oklahoma") else 2)
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
