"""Observation tensors of one seat: card planes and table features (envs layer, numpy).

Built from ``game.observation(seat)`` only (what the seat sees at the table)
and the cards of the meld the seat is building, so nothing hidden can leak in:
the tests permute the other hands and the stock and compare. Seats are
relative: row 0 of a per-seat block is the observing seat, row 1 the next seat
and so on. ``docs/envs.md`` documents every plane and feature.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from rulespec.core.cards import JOKER, parse_card

CARDS = JOKER + 1  # one column per card code 0..52 (52: the joker)
PHASES = ("upcard", "draw", "play", "over", "claim")
FIXED_PLANES = (
    "hand",
    "building",
    "pile_visible",
    "pile_top",
    "upcard",
    "taken_this_turn",
    "obligation",
    "table_meanings",
)
SEAT_PLANES = ("melds_by_owner", "seen_taking")
SEAT_FEATURES = ("to_move", "dealer", "hand_size", "active", "melded", "total")
SCALAR_FEATURES = ("stock_size", "discard_size", "hand_number", "building_size", "table_melds")
FEATURE_BOUND = 1e9  # totals and values lie within +-10**9 (docs/position.md)
PLANE_BOUND = 255.0  # card counts; a seat seen taking one card back again and again is capped


def plane_names(seats: int) -> list[str]:
    """The plane rows in order: the fixed planes, then one row per relative seat per block."""
    names = list(FIXED_PLANES)
    for block in SEAT_PLANES:
        names += [f"{block}[{k}]" for k in range(seats)]
    return names


def feature_names(seats: int) -> list[str]:
    """The feature vector in order: phase one-hot, per-seat blocks, then the scalars."""
    names = [f"phase={p}" for p in PHASES]
    for block in SEAT_FEATURES:
        names += [f"{block}[{k}]" for k in range(seats)]
    return names + list(SCALAR_FEATURES)


def _code(text: str) -> int:
    return parse_card(text.partition(":")[0])


def _meaning(text: str) -> int:
    card, sep, named = text.partition(":")
    return parse_card(named if sep else card)


def _add(row: npt.NDArray[np.float32], texts: Sequence[str], read: Any = _code) -> None:
    for text in texts:
        row[read(text)] += 1


def encode(
    obs: Mapping[str, Any], building: Sequence[int], seats: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """(planes, features) for the observation of one seat; ``building`` holds the card codes
    of the meld being built; ``seats`` is the variant's most players (fixed shapes)."""
    me, players = int(obs["seat"]), int(obs["players"])
    planes = np.zeros((len(FIXED_PLANES) + len(SEAT_PLANES) * seats, CARDS), dtype=np.float32)
    _add(planes[0], obs["hand"])
    for code in building:
        planes[1, code] += 1
    _add(planes[2], obs["discard"])
    if obs["discard"]:
        planes[3, _code(obs["discard"][-1])] = 1
    if obs["upcard"] is not None:
        planes[4, _code(obs["upcard"])] = 1
    _add(planes[5], obs["taken"])
    if obs["obligation"] is not None:
        planes[6, _code(obs["obligation"])] = 1
    base = len(FIXED_PLANES)
    for meld in obs["melds"]:
        _add(planes[7], meld["cards"], _meaning)
        _add(planes[base + (int(meld["owner"]) - me) % players], meld["cards"])
    for event in obs["history"]:
        if "seat" in event and event.get("cards"):
            _add(planes[base + seats + (int(event["seat"]) - me) % players], event["cards"])
    np.clip(planes, 0, PLANE_BOUND, out=planes)
    return planes, _features(obs, building, seats, me, players)


def _features(
    obs: Mapping[str, Any], building: Sequence[int], seats: int, me: int, players: int
) -> npt.NDArray[np.float32]:
    feats = np.zeros(len(PHASES) + len(SEAT_FEATURES) * seats + len(SCALAR_FEATURES), np.float32)
    feats[PHASES.index(str(obs["phase"]))] = 1
    blocks: list[list[float]] = [[0.0] * players for _ in SEAT_FEATURES]
    blocks[0][int(obs["to_move"])] = 1
    blocks[1][int(obs["dealer"])] = 1
    for seat in range(players):
        blocks[2][seat] = obs["hand_sizes"][seat]
        blocks[3][seat] = 1.0 if obs["active"][seat] else 0.0
        blocks[4][seat] = obs["melded"][seat]
        blocks[5][seat] = obs["totals"][seat]
    at = len(PHASES)
    for block in blocks:
        for seat, value in enumerate(block):
            feats[at + (seat - me) % players] = value
        at += seats
    scalars = (obs["stock_size"], obs["discard_size"], obs["hand_number"], len(building))
    feats[at : at + 5] = (*scalars, len(obs["melds"]))
    return np.clip(feats, -FEATURE_BOUND, FEATURE_BOUND)
