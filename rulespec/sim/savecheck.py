"""Trusting a save: re-play its log and reach its position, or say where it breaks (stage: cli).

`rulespec replay` and `rulespec play --resume` both go through ``restore``: the
variant is loaded and its digest compared (a rules change is an error unless
forced), the log is re-played from the match start with the save's seed, the
next hand is dealt when the save was written at the start of one, and the
position reached must equal the saved one. So a save can never hand a player a
position the log does not lead to (swapped hands, a reordered stock, a card
added or removed, a dropped move, a changed seed): the first diverging move, or
the first differing key of the position, is reported as ``corrupt save FILE:
path: message``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rulespec.core.errors import RulespecError
from rulespec.model.variant import Variant
from rulespec.sim import runner
from rulespec.sim.savefile import SavedGame, SaveFileError, corrupt, document_digest


@dataclass(frozen=True)
class Restored:
    """A verified save: the variant, the game at the saved position, and what was forced."""

    variant: Variant
    game: Any
    hands_done: int  # hands finished before the current one
    warnings: tuple[str, ...]


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first key path where two JSON values differ (``""`` for the roots themselves)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}{key}"
            found = first_difference(a[key], b[key], f"{path}{key}.")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path.rstrip('.')} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}{i}.")
            if found is not None:
                return found
        return None
    same = a == b and type(a) is type(b)
    return None if same else path.rstrip(".")


def restore(saved: SavedGame, where: str, *, force: bool = False, seat: bool = False) -> Restored:
    """Re-play ``saved`` and check it reaches the saved position; ``SaveFileError`` if not.

    ``force`` lets a changed rule file (and an unsealed version-1 save) through,
    with a warning; ``seat``: the caller hands the save's seat to a person, so
    that seat must be sealed.
    """
    warnings: list[str] = []
    try:
        variant = runner.load(saved.variant)
    except RulespecError as exc:
        raise SaveFileError(f"{where}: cannot load its variant {saved.variant!r}: {exc}") from None
    if document_digest(variant) != saved.digest:
        risk = (
            f"the rules of {saved.variant!r} changed since this game was saved, so the log "
            "may not re-play or may lead to another game"
        )
        if not force:
            raise SaveFileError(f"{where}: {risk}; --force goes on anyway")
        warnings.append(f"{where}: warning: {risk} (forced)")
    if seat and not saved.sealed:
        risk = "a version-1 save has no seal, so its seat and bots cannot be checked"
        if not force:
            raise SaveFileError(f"{where}: {risk}; --force trusts them")
        warnings.append(f"{where}: warning: {risk} (forced)")
    if not variant.min_players <= saved.players <= variant.max_players:
        raise corrupt(
            where,
            "players",
            f"{variant.name} is for {variant.min_players}-{variant.max_players} players, "
            f"not {saved.players}",
        )
    replay = runner.replay_log(variant, saved.players, saved.seed, saved.log)
    if replay.divergence is not None:
        d = replay.divergence
        raise corrupt(
            where,
            f"log.{d.number - 1}",
            f"the log diverges at move {d.number} ({d.text!r}): {d.why}",
        )
    game, hands_done = replay.game, replay.hands_done
    wanted = dict(saved.position)
    if game.hand_over and not game.match_over and wanted.get("phase") != "over":
        game.next_hand()  # saved at the start of a hand: the CLI deals before anyone moves
        hands_done += 1
    reached = json.loads(json.dumps(game.position()))  # as the file holds it: lists, not tuples
    at = first_difference(reached, wanted)
    if at is not None:
        raise corrupt(
            where,
            f"position.{at}" if at else "position",
            f"all {len(saved.log)} moves re-play, but the position reached differs "
            "from the saved one",
        )
    return Restored(variant, game, hands_done, tuple(warnings))
