"""What one OpenSpiel player sees of a rulespec hand, and the worlds that fit it (envs layer).

Beside ``openspiel.py``: the Python observer OpenSpiel asks for observation and
information-state strings and tensors, and the re-deal behind
``resample_from_infostate`` (Python ISMCTS). Both read the engine through its
public API only (``observation``, ``position``); the tensor is the PettingZoo
planes and features (``planes.py``), flattened.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np

from rulespec.core.cards import card_text
from rulespec.envs import planes
from rulespec.interpreter.game import Game


def resampled(
    game: Game, player: int, rng: random.Random
) -> tuple[dict[str, Any], list[tuple[int, str, str]]]:
    """The game's position with the cards ``player`` cannot see shuffled among their places,
    and each (seat, card it had, card it has now)."""
    pos = game.position()
    seen: list[Counter[str]] = [Counter() for _ in pos["hands"]]
    for event in pos["history"]:
        if "seat" in event and event.get("cards"):
            seen[event["seat"]].update(event["cards"])
    places: list[tuple[int, int]] = []  # (seat, index in hand); seat -1: the stock
    for seat, hand in enumerate(pos["hands"]):
        if seat == player:
            continue
        known = Counter(hand) & seen[seat]
        for i, card in enumerate(hand):
            if known[card]:
                known[card] -= 1
            else:
                places.append((seat, i))
    if not pos.get("recycles"):  # a stock turned over from the pile is in a known order
        places += [(-1, i) for i in range(len(pos["stock"]))]
    cards = [pos["stock"][i] if s < 0 else pos["hands"][s][i] for s, i in places]
    rng.shuffle(cards)
    swaps: list[tuple[int, str, str]] = []
    for (seat, i), card in zip(places, cards, strict=True):
        row = pos["stock"] if seat < 0 else pos["hands"][seat]
        if seat >= 0:
            swaps.append((seat, row[i], card))
        row[i] = card
    return pos, swaps


class RulespecObserver:
    """OpenSpiel's Python observer: strings and tensors of what one player knows.

    Observation (``perfect_recall`` off): the PettingZoo planes and features of
    ``game.observation(player)`` flattened, and a one-line text of the table.
    Information state (on): the same tensor, and as text the player's whole
    recall: the dealer, its own dealt and drawn cards, every public move and its
    own catalogue actions, in order."""

    def __init__(self, game: Any, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.seats = game.seats
        n_planes = len(planes.plane_names(self.seats))
        n_feats = len(planes.feature_names(self.seats))
        self.tensor = np.zeros(n_planes * planes.CARDS + n_feats, np.float32)
        self.dict = {
            "planes": self.tensor[: n_planes * planes.CARDS].reshape(n_planes, planes.CARDS),
            "features": self.tensor[n_planes * planes.CARDS :],
        }

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0)
        if state.game is None:  # dealing: the cards dealt to this player so far, the pile
            for slot, card in zip(state.slots, state.dealt, strict=False):
                if slot == player:
                    self.dict["planes"][0, card] += 1
                elif slot < 0:
                    self.dict["planes"][2, card] += 1
            return
        obs = state.game.observation(player)
        building = building_cards(state, player)
        plane, feats = planes.encode(obs, building, self.seats)
        self.dict["planes"][:] = plane
        self.dict["features"][:] = feats

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            return f"player {player}\n" + "\n".join(state.recall[player])
        if state.game is None:
            dealt = zip(state.slots, state.dealt, strict=False)
            mine = " ".join(card_text(c) for s, c in dealt if s == player)
            return f"player {player} dealing: hand {mine}"
        o = state.game.observation(player)
        melds = "; ".join(f"{m['owner']}:{' '.join(m['cards'])}" for m in o["melds"])
        built = " ".join(card_text(c) for c in building_cards(state, player))
        return (
            f"player {player} to_move {o['to_move']} {o['phase']} hand {' '.join(o['hand'])}"
            f" | pile {' '.join(o['discard'])} ({o['discard_size']}) stock {o['stock_size']}"
            f" | sizes {o['hand_sizes']} melds {melds} | building {built}"
        )


def building_cards(state: Any, player: int) -> list[int]:
    game = state.game
    if game is None or game.hand_over or game.to_move != player:
        return []
    return [state.rules.catalogue.actions[a][1] for a in state.building]
