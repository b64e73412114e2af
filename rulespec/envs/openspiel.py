"""Any rule file as an OpenSpiel game, `python_rulespec` (envs layer; extra `rl`, Python >= 3.11).

Importing this module registers the game with ``pyspiel.register_game``:
``pyspiel.load_game("python_rulespec", {"variant": "michigan", "players": 3})``
(``variant``: a bundled name or a path; ``players``: 0 means the least the
rules allow). One game is one hand. Chance is explicit: the first chance node
picks the dealer, then every card of the deal is a chance node (outcome: the
card code, weighted by the copies left in the pack), and so is every card drawn
from a stock whose order nobody knows (a stock turned over from the pile is
known, so its draws are not chance). Player actions are the catalogue's
(``catalogue.py``), the same as the PettingZoo env's; ``resample_from_infostate``
serves Python ISMCTS. The engine is driven
through its public API only: ``Game.new`` for the deal's shape,
``Game.from_position`` to put the chance card on top of the stock, ``play``,
``legal_moves``, ``observation``, ``hand_result``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pyspiel

from rulespec.core import moves as MV
from rulespec.core.cards import card_text, parse_card
from rulespec.core.errors import RulespecError
from rulespec.core.moves import Move
from rulespec.envs import planes
from rulespec.envs.aec import MAX_STEPS, variant_of
from rulespec.envs.catalogue import Catalogue, build_catalogue
from rulespec.envs.spiel_views import RulespecObserver, resampled
from rulespec.interpreter.game import Game

NAME = "python_rulespec"
_RESAMPLE_TRIES = 20
UTILITY_BOUND = 1e9  # scores lie within +-10**9 (docs/position.md)
_STOCK_DRAWS = (MV.DRAW_STOCK, MV.DRAW_DISCARD_STOCK)
_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="rulespec rule file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "gin", "players": 0, "max_steps": MAX_STEPS},
)


class RulespecGame(pyspiel.Game):  # type: ignore[misc]
    """A rule file's hand for a fixed number of players."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = str(params.get("variant", "gin"))
        self.variant = variant_of(spec)
        wanted = int(params.get("players", 0))
        self.players = wanted or self.variant.min_players
        self.max_steps = int(params.get("max_steps", MAX_STEPS))
        if self.max_steps < 1:
            raise RulespecError(f"max_steps: at least 1, not {self.max_steps}")
        Game.new(self.variant, self.players, 0)  # an impossible player count fails here
        self.catalogue: Catalogue = build_catalogue(self.variant)
        self.seats = self.variant.max_players
        self._templates: dict[int, dict[str, Any]] = {}
        pack = self.pack_size()
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.catalogue),
            max_chance_outcomes=max(planes.CARDS, self.players),
            num_players=self.players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=None,
            max_game_length=self.max_steps + pack,
        )
        chosen = {"variant": spec, "players": self.players, "max_steps": self.max_steps}
        super().__init__(_TYPE, info, chosen)

    def template(self, dealer: int) -> dict[str, Any]:
        """A dealt position with this dealer: the deal's shape (hand sizes, pile, who starts)."""
        if dealer not in self._templates:
            seed = 0
            while Game.new(self.variant, self.players, seed).dealer != dealer:
                seed += 1
            self._templates[dealer] = Game.new(self.variant, self.players, seed).position()
        return self._templates[dealer]

    def pack_size(self) -> int:
        pos = self.template(0)
        return sum(len(h) for h in pos["hands"]) + len(pos["discard"]) + len(pos["stock"])

    def new_initial_state(self) -> RulespecState:
        return RulespecState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RulespecObserver:
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return RulespecObserver(self, perfect_recall=recall)


class _Shared:
    """A value OpenSpiel's clone (a deepcopy of each attribute) shares, not copies: the
    rules, and the legal-move table (replaced, never changed, after a move)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Engine:
    """The engine's Game, cloned with ``Game.copy`` (an independent game, same future)."""

    def __init__(self, value: Game | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.value is None else self.value.copy())


class RulespecState(pyspiel.State):  # type: ignore[misc]
    """One hand in play: the dealer and deal as chance, then the engine's Game."""

    def __init__(self, game: RulespecGame) -> None:
        super().__init__(game)
        self._rules = _Shared(game)
        self.dealer: int | None = None
        self.slots: list[int] = []  # the deal's order: a seat, or -1 for a pile card
        self.dealt: list[int] = []
        self.pool: Counter[int] = Counter()
        self.game: Game | None = None
        self.building: tuple[int, ...] = ()
        self.pending: Move | None = None  # a stock draw waiting for its chance card
        self.steps = 0
        self.recall: list[list[str]] = [[] for _ in range(game.players)]
        self._table: dict[tuple[int, ...], Move] | None = None

    @property
    def rules(self) -> RulespecGame:
        return self._rules.value  # type: ignore[no-any-return]

    @property
    def game(self) -> Game | None:
        return self._engine.value

    @game.setter
    def game(self, value: Game | None) -> None:
        self._engine = _Engine(value)

    @property
    def _table(self) -> dict[tuple[int, ...], Move] | None:
        return self._cache.value  # type: ignore[no-any-return]

    @_table.setter
    def _table(self, value: dict[tuple[int, ...], Move] | None) -> None:
        self._cache = _Shared(value)

    # --- whose turn ------------------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.game.to_move

    def is_terminal(self) -> bool:
        game = self.game
        return game is not None and (game.hand_over or self.steps >= self.rules.max_steps)

    def returns(self) -> list[float]:
        result = self.game.hand_result if self.game is not None else None
        if result is None:
            return [0.0] * self.rules.players
        return [float(s) for s in result.scores]

    # --- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            n = self.rules.players
            return [(d, 1.0 / n) for d in range(n)]
        if self.game is None:
            counts = self.pool
        else:
            counts = Counter(_code(text) for text in self._position()["stock"])
        total = sum(counts.values())
        return [(c, counts[c] / total) for c in sorted(counts) if counts[c]]

    def _position(self) -> dict[str, Any]:
        assert self.game is not None
        return self.game.position()

    def _deal_card(self, card: int) -> None:
        slot = self.slots[len(self.dealt)]
        self.dealt.append(card)
        self.pool[card] -= 1
        if slot >= 0:
            self.recall[slot].append(f"dealt {card_text(card)}")
        else:
            for log in self.recall:
                log.append(f"pile {card_text(card)}")
        if len(self.dealt) == len(self.slots):
            self._start_play()

    def _start_play(self) -> None:
        pos = {**self.rules.template(self._dealer())}
        hands: list[list[str]] = [[] for _ in range(self.rules.players)]
        pile: list[str] = []
        for slot, card in zip(self.slots, self.dealt, strict=True):
            (hands[slot] if slot >= 0 else pile).append(card_text(card))
        pos["hands"], pos["discard"] = hands, pile
        pos["upcard"] = pile[0] if pos.get("upcard") is not None else None
        pos["stock"] = [card_text(c) for c in sorted(self.pool.elements())]
        self.game = Game.from_position(self.rules.variant, pos)

    def _dealer(self) -> int:
        assert self.dealer is not None
        return self.dealer

    def _draw_card(self, card: int) -> None:
        """Put the chance card on top of the stock, then play the waiting draw."""
        pos = self._position()
        stock = list(pos["stock"])
        stock.remove(card_text(card))
        pos["stock"] = [card_text(card), *stock]
        self.game = Game.from_position(self.rules.variant, pos)
        move, self.pending = self.pending, None
        assert move is not None
        seat = self.game.to_move
        self._play(move)
        self.recall[seat].append(f"drew {card_text(card)}")

    # --- players -------------------------------------------------------------------------

    def table(self) -> dict[tuple[int, ...], Move]:
        if self._table is None:
            assert self.game is not None
            self._table = self.rules.catalogue.table(self.game.legal_moves())
        return self._table

    def _legal_actions(self, player: int) -> list[int]:
        if self.game is None or player != self.current_player():
            return []
        return self.rules.catalogue.allowed(self.table(), self.building)

    def _apply_action(self, action: int) -> None:
        if self.dealer is None:
            self._choose_dealer(action)
        elif self.game is None:
            self._deal_card(action)
        elif self.pending is not None:
            self._draw_card(action)
        else:
            self._player_action(action)

    def _choose_dealer(self, dealer: int) -> None:
        self.dealer = dealer
        pos = self.rules.template(dealer)
        self.slots = [s for s, hand in enumerate(pos["hands"]) for _ in hand]
        self.slots += [-1] * len(pos["discard"])
        pack = [*(c for h in pos["hands"] for c in h), *pos["discard"], *pos["stock"]]
        self.pool = Counter(_code(c) for c in pack)
        for log in self.recall:
            log.append(f"dealer {dealer}")

    def _player_action(self, action: int) -> None:
        assert self.game is not None
        seat = self.game.to_move
        self.recall[seat].append(self.rules.catalogue.labels[action])
        move, self.building = self.rules.catalogue.advance(self.table(), self.building, action)
        self.steps += 1
        if move is None:
            return
        if move.kind in _STOCK_DRAWS and self._stock_unknown():
            self.pending = move  # the card drawn is chance: nobody knows the stock's order
        else:
            self._play(move)

    def _stock_unknown(self) -> bool:
        """A stock dealt face down and never turned over: its next card is chance."""
        pos = self._position()
        return bool(pos["stock"]) and not pos.get("recycles")

    def _play(self, move: Move) -> None:
        assert self.game is not None
        seat = self.game.to_move
        self.game.play(move)
        self._table = None
        for log in self.recall:
            log.append(f"seat {seat}: {move}")

    # --- worlds consistent with what a player knows (ISMCTS) ------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RulespecState:
        """A state this player cannot tell from this one: the cards it cannot see (the
        other hands, less cards they were seen taking from the pile, and a face-down stock)
        dealt again at random; ``probability_sampler()`` seeds the shuffle."""
        twin: RulespecState = self.clone()
        rng = random.Random(int(float(probability_sampler()) * 2**52))
        if twin.game is None:
            twin._redeal(player_id, rng)
            return twin
        for _ in range(_RESAMPLE_TRIES):
            position, swaps = resampled(twin.game, player_id, rng)
            try:
                twin.game = Game.from_position(self.rules.variant, position)
            except RulespecError:  # a mover left without a card it must use: shuffle again
                continue
            twin._table = None
            twin._rewrite(swaps)
            return twin
        return twin

    def _rewrite(self, swaps: list[tuple[int, str, str]]) -> None:
        """Each seat's recall in the resampled world: where it was dealt (or drew) a card
        it now lacks, it got the card that took that card's place."""
        done: set[tuple[int, int]] = set()
        for seat, old, new in swaps:
            log = self.recall[seat]
            for i in range(len(log) - 1, -1, -1):
                verb, _, card = log[i].partition(" ")
                if verb in ("dealt", "drew") and card == old and (seat, i) not in done:
                    log[i] = f"{verb} {new}"
                    done.add((seat, i))
                    break

    def _redeal(self, player: int, rng: random.Random) -> None:
        """During the deal: the other seats' dealt cards and the undealt pack, shuffled."""
        hidden = [
            i for i, slot in enumerate(self.slots[: len(self.dealt)]) if slot not in (player, -1)
        ]
        pool = [self.dealt[i] for i in hidden] + list(self.pool.elements())
        rng.shuffle(pool)
        for i in hidden:
            self.dealt[i] = pool.pop()
        self.pool = Counter(pool)
        for seat, log in enumerate(self.recall):  # as _deal_card wrote them, in deal order
            log[1:] = [
                f"dealt {card_text(c)}" if slot == seat else f"pile {card_text(c)}"
                for slot, c in zip(self.slots, self.dealt, strict=False)
                if slot in (seat, -1)
            ]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"card {card_text(action)}"
        return self.rules.catalogue.labels[action]

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing: dealer {self.dealer}, {len(self.dealt)} of {len(self.slots)} cards"
        return str(self.game.position())


def _code(text: str) -> int:
    return parse_card(text)


pyspiel.register_game(_TYPE, RulespecGame)
