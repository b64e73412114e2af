"""The Gymnasium single-agent environment: Gymnasium's env checker, the MaskablePPO mask,
bots in the other seats, seeding, illegal actions and a whole episode's reward."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from envs_helpers import masked_choice
from gymnasium.utils.env_checker import check_env

from rulespec.core.errors import RulespecError
from rulespec.envs import gym_env


@pytest.mark.parametrize(
    ("name", "players", "seat"),
    [("gin", 2, 1), ("michigan", 4, 2), ("remik", 3, 0), ("bridge", 2, 0)],
)
def test_gymnasium_env_checker_passes(name: str, players: int, seat: int) -> None:
    env = gym_env(name, seat=seat, opponents="random", players=players)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker warning fails the test
        check_env(env, skip_render_check=True)


def _episode(env, seed: int) -> tuple[float, int, list]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, seen = 0.0, 0, []
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, _ = env.step(masked_choice(rng, mask))
        seen.append(obs["observation"].sum())
        total, steps = total + reward, steps + 1
        if terminated or truncated:
            return total, steps, seen


def test_an_episode_pays_the_learners_hand_score_and_a_seed_repeats_it() -> None:
    env = gym_env("rummy", seat=1, opponents=["greedy", "smart"], players=3)
    total, _, seen = _episode(env, 9)
    result = env.aec.game.hand_result
    assert env.aec.game.hand_over and total == float(result.scores[1])
    assert (
        _episode(gym_env("rummy", seat=1, opponents=["greedy", "smart"], players=3), 9)[2] == seen
    )


def test_the_learner_moves_only_on_its_own_turns() -> None:
    env = gym_env("michigan", seat=2, opponents="smart", players=4)
    env.reset(seed=3)
    for _ in range(30):
        game = env.aec.game
        if game.hand_over:
            break
        assert game.to_move == 2
        env.step(masked_choice(np.random.default_rng(0), env.action_masks()))


def test_an_action_the_mask_rules_out_changes_nothing() -> None:
    env = gym_env("gin", seat=0, opponents="random")
    env.reset(seed=5)
    before = env.aec.game.position()
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert info == {"illegal_action": True} and reward == 0.0
    assert not terminated and not truncated and env.aec.game.position() == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 2}, "seat: a number from 0 to 1"),
        ({"opponents": "clever"}, "unknown bot 'clever'"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, message: str) -> None:
    with pytest.raises(RulespecError, match=message):
        gym_env("gin", **kwargs)
