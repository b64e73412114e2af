"""One seat of a rule file as a Gymnasium environment, the others played by bots (envs layer).

Wraps the AEC environment (``aec.py``): the learner's actions go through the
same catalogue and observation; between its actions every other seat is played
by a ``rulespec.bots`` bot, which sees only its own observation and the legal
moves, and whose move is fed to the AEC env as its catalogue actions. The
reward is the learner's hand score; an action the mask rules out changes
nothing (``info["illegal_action"]``) but counts towards the ``max_steps`` cap;
``action_masks()`` follows sb3-contrib's MaskablePPO convention. Bots are
seeded from the reset seed, so a seed gives the same episode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from rulespec.bots import make_bot
from rulespec.core.errors import RulespecError
from rulespec.envs.aec import SEED_BOUND, RulespecAEC
from rulespec.model.variant import Variant
from rulespec.sim.runner import derive_seed


class RulespecGym(gymnasium.Env):
    """A single-agent view of a rule file: seat ``seat`` learns, the rest are bots."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        variant: str | Variant,
        seat: int = 0,
        opponents: str | Sequence[str] = "smart",
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        match: bool = False,
    ) -> None:
        self.aec = RulespecAEC(variant, players, render_mode, max_steps, match)
        self.render_mode = render_mode
        if isinstance(seat, bool) or not 0 <= seat < self.aec.players:
            raise RulespecError(f"seat: a number from 0 to {self.aec.players - 1}, not {seat!r}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        names = [opponents] if isinstance(opponents, str) else list(opponents)
        if not names:
            raise RulespecError("opponents: name at least one bot")
        self.opponents = [names[i % len(names)] for i in range(self.aec.players - 1)]
        for name in self.opponents:
            make_bot(name)  # an unknown name fails here, not at the first reset
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._bots: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_BOUND)) if seed is None else int(seed)
        self.aec.reset(seed=game_seed)
        while self._over():  # decided at the deal (going_out.dealt): the next seed's deal
            game_seed = (game_seed + 1) % SEED_BOUND
            self.aec.reset(seed=game_seed)
        others = [s for s in range(self.aec.players) if s != self.seat]
        self._bots = {
            s: make_bot(name, derive_seed(game_seed, s, "bot"))
            for s, name in zip(others, self.opponents, strict=True)
        }
        self._reward = 0.0
        self._steps = 0
        self._others_play()
        return self.aec.observe(self.agent), {}

    def step(
        self, action: Any
    ) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        self._reward = 0.0
        info: dict[str, Any] = {}
        if self._over():
            raise RulespecError("the episode is over: call reset()")
        if self.action_masks()[int(action)]:
            self._act(int(action))
            self._others_play()
        else:  # an action the mask rules out changes nothing (but counts towards the cap)
            info["illegal_action"] = True
        self._steps += 1
        terminated = bool(self.aec.terminations.get(self.agent))
        truncated = bool(self.aec.truncations.get(self.agent)) or (
            not terminated and self._steps >= self.aec.max_steps
        )
        return self.aec.observe(self.agent), self._reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The allowed actions as booleans (sb3-contrib MaskablePPO's ``action_masks``)."""
        return self.aec.action_mask(self.agent).astype(bool)

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _over(self) -> bool:
        aec = self.aec
        return bool(aec.terminations.get(self.agent) or aec.truncations.get(self.agent))

    def _act(self, action: int) -> None:
        self.aec.step(action)
        self._reward += float(self.aec.rewards.get(self.agent, 0.0))

    def _others_play(self) -> None:
        """Bots move until the learner is to move or the episode is over."""
        aec = self.aec
        while not self._over() and aec.agent_selection != self.agent:
            seat = aec.possible_agents.index(aec.agent_selection)
            game = aec.game
            assert game is not None
            move = self._bots[seat].choose(game.observation(seat), game.legal_moves(), aec.variant)
            for action in aec.catalogue.encode(move):
                self._act(action)
