"""The Gymnasium loop over a rule file: one seat learns, the others are rulespec's bots.

Runs a few episodes with a masked random policy by default (seconds, no training).
With sb3-contrib installed, `--train N` trains MaskablePPO for N steps instead:

    python examples/gym_loop.py gin --episodes 5
    pip install sb3-contrib && python examples/gym_loop.py gin --train 20000
"""

from __future__ import annotations

import argparse

import numpy as np

from rulespec.envs import gym_env


def random_episodes(variant: str, episodes: int, seed: int) -> list[float]:
    """Masked random play: the loop every learner runs, with the mask doing the legality."""
    env = gym_env(variant, seat=0, opponents="smart")
    rng = np.random.default_rng(seed)
    returns = []
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        total, done = 0.0, False
        while not done:
            action = rng.choice(np.flatnonzero(env.action_masks()))
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
        returns.append(total)
    return returns


def train(variant: str, steps: int) -> None:  # pragma: no cover - needs sb3-contrib
    from sb3_contrib import MaskablePPO

    env = gym_env(variant, seat=0, opponents="greedy")
    model = MaskablePPO("MultiInputPolicy", env, seed=0)
    model.learn(total_timesteps=steps)
    returns = []
    for episode in range(5):  # the trained policy, masked, on fresh deals
        obs, _ = env.reset(seed=10_000 + episode)
        total, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(action)
            total, done = total + reward, terminated or truncated
        returns.append(total)
    print(f"trained {steps} steps; returns of the trained policy {returns}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="gin")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--train", type=int, default=0, help="MaskablePPO steps (sb3-contrib)")
    args = parser.parse_args()
    if args.train:
        train(args.variant, args.train)
        return
    returns = random_episodes(args.variant, args.episodes, args.seed)
    print(f"{args.variant}: {len(returns)} episodes, returns {returns}")


if __name__ == "__main__":
    main()
