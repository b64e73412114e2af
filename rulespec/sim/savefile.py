"""Saved games: what `rulespec play --save` writes and `--resume`/`replay` read (stage: cli).

A save holds everything to continue or re-play a match exactly: the variant (the
name or path given, plus a digest of the resolved document so a changed rule
file is noticed), the seed, player count, the bots, the human's seat, the
current position (``game.position()``) and the full move log since the match
start. Writes are atomic (a temp file in the same directory, fsync, os.replace),
so a crash mid-write leaves the previous save intact. Reading validates every
field and raises ``SaveFileError`` with a clear message, never a traceback.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec.errors import RulespecError
from rulespec.spec.model import Variant

FORMAT = "rulespec-save"
VERSION = 1


class SaveFileError(RulespecError):
    """A save file that cannot be used: missing, not JSON, truncated, foreign or inconsistent."""


@dataclass(frozen=True)
class SavedGame:
    """One saved match (the file's content, typed)."""

    variant: str  # bundled name or the rule file's path as given
    digest: str  # sha256 of the resolved document
    seed: int
    players: int
    bots: tuple[str, ...]  # one per bot seat, in seat order skipping the human
    seat: int  # the human's seat (-1: bots only)
    position: Mapping[str, Any]
    log: tuple[str, ...]
    hands: int | None = None  # --hands limit, if any
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": {"name": self.variant, "digest": self.digest},
            "seed": self.seed,
            "players": self.players,
            "bots": list(self.bots),
            "seat": self.seat,
            "hands": self.hands,
            "position": dict(self.position),
            "log": list(self.log),
            **({"extra": dict(self.extra)} if self.extra else {}),
        }


def document_digest(variant: Variant) -> str:
    """sha256 (hex) of the variant's resolved document, canonical JSON."""
    text = json.dumps(dict(variant.document), sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_save(path: str | os.PathLike[str], saved: SavedGame) -> None:
    """Write atomically: temp file beside the target, flush + fsync, then os.replace."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    text = json.dumps(saved.to_json(), indent=1, sort_keys=True) + "\n"
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise SaveFileError(f"cannot save to {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise SaveFileError(f"cannot save to {target}: {exc.strerror or exc}") from None
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise SaveFileError(f"{where}: the save has no {key!r} (truncated or not a rulespec save)")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFileError(f"{where}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read and validate a save file; every problem is a ``SaveFileError`` naming the file."""
    where = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"{where}: no such save file") from None
    except OSError as exc:
        raise SaveFileError(f"{where}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveFileError(f"{where}: not a rulespec save file (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        hint = "truncated" if exc.pos >= len(raw.rstrip()) - 1 else "corrupt"
        raise SaveFileError(
            f"{where}: not a readable save file ({hint} JSON at line {exc.lineno}, "
            f"column {exc.colno}: {exc.msg})"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f'{where}: not a rulespec save file (no "format": "{FORMAT}")')
    version = data.get("version")
    if version != VERSION:
        raise SaveFileError(
            f"{where}: save format version {version!r}; this rulespec reads {VERSION}"
        )
    variant = _need(data, "variant", dict, where)
    name = _need(variant, "name", str, where + ": variant")
    digest = _need(variant, "digest", str, where + ": variant")
    seed = _need(data, "seed", int, where)
    players = _need(data, "players", int, where)
    bots = _need(data, "bots", list, where)
    if not all(isinstance(b, str) for b in bots):
        raise SaveFileError(f"{where}: 'bots' must be a list of bot names")
    seat = _need(data, "seat", int, where)
    position = _need(data, "position", dict, where)
    log = _need(data, "log", list, where)
    if not all(isinstance(m, str) for m in log):
        raise SaveFileError(f"{where}: 'log' must be a list of move texts")
    hands = data.get("hands")
    if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool)):
        raise SaveFileError(f"{where}: 'hands' has the wrong type")
    if players < 1 or not -1 <= seat < players:
        raise SaveFileError(f"{where}: seat {seat} does not fit {players} players")
    extra = data.get("extra") or {}
    return SavedGame(
        variant=name,
        digest=digest,
        seed=seed,
        players=players,
        bots=tuple(bots),
        seat=seat,
        position=position,
        log=tuple(log),
        hands=hands,
        extra=extra if isinstance(extra, dict) else {},
    )
