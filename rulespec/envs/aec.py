"""Any rule file as a PettingZoo AEC environment (envs layer, over the interpreter; extra `rl`).

One agent per seat (``player_0`` ...). Each step is one catalogue action
(``catalogue.py``): a draw, a discard, a knock, or one atomic step of building
a meld or a lay-off, so the seat to move keeps the turn while it builds. The
observation is a dict: ``observation`` (card planes), ``features`` (table
numbers) and ``action_mask`` (1 where the action is allowed; all 0 for a seat
not to move). Rewards are the hand's scores as the rule file scores them (in
every bundled variant the match goes to the highest total); with
``match=True`` an episode is the whole match and each hand pays the change of
the totals. ``max_steps`` truncates an episode that runs long. Only the public
Game API is used: ``legal_moves``, ``play``, ``observation``, ``hand_result``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from rulespec.compiler.load import load_variant
from rulespec.core.errors import RulespecError
from rulespec.core.moves import Move
from rulespec.envs import planes
from rulespec.envs.catalogue import Catalogue, build_catalogue
from rulespec.interpreter.game import Game, players_range
from rulespec.model.variant import Variant

MAX_STEPS = 4000  # actions per episode before truncation (hand mode)
SEED_BOUND = 2**63


def variant_of(variant_or_path: str | Variant) -> Variant:
    """A loaded variant from a bundled name, a rule file path or a Variant."""
    if isinstance(variant_or_path, Variant):
        return variant_or_path
    return load_variant(str(variant_or_path))


class RulespecAEC(AECEnv):  # type: ignore[misc]
    """A rule file's hand (or match) as a turn-based multi-agent environment."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "rulespec_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        match: bool = False,
    ) -> None:
        super().__init__()
        self.variant = variant_of(variant)
        low, high = self.variant.min_players, self.variant.max_players
        self.players = low if players is None else players
        if isinstance(self.players, bool) or not low <= self.players <= high:
            shown = f"{self.variant.name} is for {players_range(self.variant)}, not {players!r}"
            raise RulespecError(f"players: {shown}")
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise RulespecError(f"render_mode: one of human, ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.match = match
        self.max_steps = MAX_STEPS * (10 if match else 1) if max_steps is None else max_steps
        self.catalogue: Catalogue = build_catalogue(self.variant)
        self.seats = high  # planes and features are shaped for the most players the file allows
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        n_planes = len(planes.plane_names(self.seats))
        n_feats = len(planes.feature_names(self.seats))
        space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, planes.PLANE_BOUND, (n_planes, planes.CARDS), np.float32
                ),
                "features": spaces.Box(
                    -planes.FEATURE_BOUND, planes.FEATURE_BOUND, (n_feats,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (len(self.catalogue),), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.catalogue)) for a in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self.game: Game | None = None
        self.building: tuple[int, ...] = ()
        self._table: dict[tuple[int, ...], Move] | None = None

    # --- PettingZoo API --------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (match): ``seed`` seeds the deal exactly as ``Game.new`` does."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed) % SEED_BOUND
        else:
            game_seed = int(self._np_random.integers(SEED_BOUND))
        self.game = Game.new(self.variant, self.players, game_seed)
        self.building = ()
        self._table = None
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]
        if self.game.hand_over:  # won or void at the deal (going_out.dealt)
            self._hand_ended(self.game, [0] * self.players)
            self.agent_selection = self.possible_agents[self.game.to_move]
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.possible_agents.index(agent)
        game = self._game()
        cards = [self.catalogue.actions[a][1] for a in self.building] if self._moving(seat) else []
        plane, feats = planes.encode(game.observation(seat), cards, self.seats)
        return {"observation": plane, "features": feats, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """1 for each catalogue action ``agent`` may take now (all 0 unless it is to move)."""
        mask = np.zeros(len(self.catalogue), dtype=np.int8)
        seat = self.possible_agents.index(agent)
        if self._moving(seat) and not self._done(agent):
            mask[self.catalogue.allowed(self.table(), self.building)] = 1
        return mask

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._done(agent):
            self._was_dead_step(action)
            return
        game = self._game()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        move, self.building = self.catalogue.advance(self.table(), self.building, int(action))
        if move is not None:
            before = game.totals
            game.play(move)
            self._table = None
            if game.hand_over:
                self._hand_ended(game, before)
        self.steps += 1
        if self.steps >= self.max_steps and not any(self.terminations.values()):
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the seat to move sees it, as text (``ansi`` returns, ``human`` prints)."""
        if self.render_mode is None or self.game is None:
            return None
        obs = self.game.observation(self.game.to_move)
        built = " ".join(self.catalogue.labels[a].removeprefix("add ") for a in self.building)
        lines = [
            f"{self.variant.name} hand {obs['hand_number']}: "
            f"seat {obs['to_move']} to move ({obs['phase']})",
            f"hand: {' '.join(obs['hand'])}",
            f"pile: {' '.join(obs['discard'])} ({obs['discard_size']}), stock {obs['stock_size']}",
            "melds: " + "; ".join(f"{m['owner']}: {' '.join(m['cards'])}" for m in obs["melds"]),
            f"building: {built}",
            f"totals: {obs['totals']}",
        ]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None

    # --- helpers ---------------------------------------------------------------------

    def table(self) -> dict[tuple[int, ...], Move]:
        """The legal moves of the position by their action sequences (cached per position)."""
        if self._table is None:
            self._table = self.catalogue.table(self._game().legal_moves())
        return self._table

    def _game(self) -> Game:
        if self.game is None:
            raise RulespecError("call reset() before using the environment")
        return self.game

    def _moving(self, seat: int) -> bool:
        game = self._game()
        return not game.hand_over and game.to_move == seat

    def _done(self, agent: str) -> bool:
        return bool(self.terminations.get(agent) or self.truncations.get(agent))

    def _hand_ended(self, game: Game, before: list[int]) -> None:
        """Pay the hand's scores (match mode: the change of the totals) and end or deal on."""
        if self.match:
            while game.hand_over and not game.match_over:
                game.next_hand()  # (a hand may end at its deal: going_out.dealt)
            pay = [a - b for a, b in zip(game.totals, before, strict=True)]
        else:
            result = game.hand_result
            pay = result.scores if result is not None else [0] * self.players
        for agent, value in zip(self.possible_agents, pay, strict=True):
            self.rewards[agent] = float(value)
        if self.match and not game.match_over:
            self.building = ()
        else:
            self.terminations = dict.fromkeys(self.agents, True)
