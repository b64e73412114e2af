"""Saved games: what `rulespec play --save` writes and `--resume`/`replay` read (stage: cli).

A save holds everything to continue or re-play a match exactly: the variant (the
name or path given, plus a digest of the resolved document so a changed rule
file is noticed), the seed, player count, the bots, the human's seat, the
current position (``game.position()``) and the full move log since the match
start. Writes are atomic (a temp file in the same directory, fsync, os.replace),
so a crash mid-write leaves the previous save intact.

Reading never trusts the file: its size, JSON nesting and number lengths are
checked before ``json.loads`` (so a hand-edited file cannot raise
``RecursionError`` or Python's integer-digits ``ValueError``), then every field
is type- and range-checked. What re-playing the log cannot check — which seat
is the human's, the bots, the hands limit — is sealed: the save keeps a short
hash of each (``seal``), so changing one by hand is caught. Every problem is a
``SaveFileError`` reading ``corrupt save FILE: path: message``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec.bots import BOT_NAMES
from rulespec.core.errors import RulespecError
from rulespec.core.files import write_atomically
from rulespec.model.variant import Variant

FORMAT = "rulespec-save"
VERSION = 2  # 2 added the seal; version 1 saves are read, unsealed
MAX_BYTES = 32 * 1024 * 1024  # a long match saves to a few hundred kilobytes
MAX_DEPTH = 32  # a genuine save nests 6 deep (position.result.layoffs.0.cards)
MAX_DIGITS = 20  # seeds are below 2**63 (19 digits); scores are small
SEED_LIMIT = 2**63
MAX_MOVE_TEXT = 200  # the longest move text is a meld of a few dozen cards
SEALED = ("seat", "bots", "hands")  # the fields a replay of the log cannot check


class SaveFileError(RulespecError):
    """A save file that cannot be used: missing, not JSON, truncated, foreign or inconsistent."""


def corrupt(where: str, path: str, message: str) -> SaveFileError:
    """The one wording of a bad save: ``corrupt save FILE: path: message``."""
    return SaveFileError(f"corrupt save {where}: {path + ': ' if path else ''}{message}")


def seal_of(name: str, value: Any) -> str:
    """The seal of one field: 16 hex digits of sha256 over its name and canonical JSON value."""
    text = json.dumps([name, value], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class SavedGame:
    """One saved match (the file's content, typed)."""

    variant: str  # bundled name or the rule file's path as given
    digest: str  # sha256 of the resolved document
    seed: int
    players: int
    bots: tuple[str, ...]  # one per bot seat, in seat order skipping the human
    seat: int  # the human's seat
    position: Mapping[str, Any]
    log: tuple[str, ...]
    hands: int | None = None  # --hands limit, if any
    extra: Mapping[str, Any] = field(default_factory=dict)
    sealed: bool = True  # False for a version-1 save (seat and bots unverifiable)

    def to_json(self) -> dict[str, Any]:
        values = {"seat": self.seat, "bots": list(self.bots), "hands": self.hands}
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": {"name": self.variant, "digest": self.digest},
            "seed": self.seed,
            "players": self.players,
            "position": dict(self.position),
            "log": list(self.log),
            **values,
            "seal": {name: seal_of(name, values[name]) for name in SEALED},
            **({"extra": dict(self.extra)} if self.extra else {}),
        }


def document_digest(variant: Variant) -> str:
    """sha256 (hex) of the variant's resolved document, canonical JSON."""
    text = json.dumps(dict(variant.document), sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_save(path: str | os.PathLike[str], saved: SavedGame) -> None:
    """Write atomically (core/files.py: temp file beside the target, fsync, os.replace)."""
    target = Path(path)
    text = json.dumps(saved.to_json(), indent=1, sort_keys=True) + "\n"
    try:
        write_atomically(target, text)
    except OSError as exc:
        raise SaveFileError(f"cannot save to {target}: {exc.strerror or exc}") from None


# ---- reading --------------------------------------------------------------------

# a JSON string (skipped whole), a bracket, or a run of digits too long to be ours
# (an unterminated string runs to the end, so every match attempt succeeds: linear time)
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*(?:"|\\?\Z)|[\[\]{}]|[0-9]{%d,}' % (MAX_DIGITS + 1), re.S)


def _where_in(raw: bytes, pos: int) -> str:
    line = raw.count(b"\n", 0, pos) + 1
    column = pos - raw.rfind(b"\n", 0, pos)
    return f"line {line}, column {column}"


def _guard(raw: bytes, where: str) -> None:
    """Refuse what ``json.loads`` cannot take safely: deep nesting, huge numbers."""
    depth = 0
    for token in _TOKENS.finditer(raw):
        first = token.group()[:1]
        if first == b'"':
            continue
        if first in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise corrupt(
                    where, _where_in(raw, token.start()), f"JSON nested deeper than {MAX_DEPTH}"
                )
        elif first in b"]}":
            depth -= 1
        else:
            raise corrupt(
                where,
                _where_in(raw, token.start()),
                f"a number of {len(token.group())} digits (a save holds none over {MAX_DIGITS})",
            )


_KINDS = {bool: "true/false", int: "an integer", float: "a fraction", str: "a text"}
_KINDS.update({list: "a list", dict: "a mapping", type(None): "null"})


def _kind(value: Any) -> str:
    return _KINDS.get(type(value), type(value).__name__)


def _need(data: Mapping[str, Any], key: str, kind: type, where: str, path: str = "") -> Any:
    full = f"{path}.{key}" if path else key
    if key not in data:
        raise corrupt(where, full, "missing (truncated or not a rulespec save)")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise corrupt(where, full, f"expected {_KINDS[kind]}, got {_kind(value)}")
    return value


def _parse(raw: bytes, where: str) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{where}: not a rulespec save file (not UTF-8 text)") from None
    _guard(raw, where)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        hint = "truncated" if exc.pos >= len(text.rstrip()) - 1 else "not valid"
        raise corrupt(
            where, f"line {exc.lineno}, column {exc.colno}", f"{hint} JSON ({exc.msg})"
        ) from None


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read and validate a save file; every problem is a ``SaveFileError`` naming the file."""
    where = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            raise corrupt(where, "", f"{size} bytes; a save is never over {MAX_BYTES}")
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"{where}: no such save file") from None
    except OSError as exc:
        raise SaveFileError(f"{where}: cannot read: {exc.strerror or exc}") from None
    data = _parse(raw, where)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f'{where}: not a rulespec save file (no "format": "{FORMAT}")')
    version = data.get("version")
    if version not in (1, VERSION) or isinstance(version, bool):
        raise SaveFileError(
            f"{where}: save format version {version!r}; this rulespec reads 1 to {VERSION}"
        )
    variant = _need(data, "variant", dict, where)
    name = _need(variant, "name", str, where, "variant")
    digest = _need(variant, "digest", str, where, "variant")
    seed = _need(data, "seed", int, where)
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise corrupt(where, "seed", f"{seed} is out of range (a seed is below 2**63)")
    players = _need(data, "players", int, where)
    if not 1 <= players <= 64:
        raise corrupt(where, "players", f"{players} players")
    seat = _need(data, "seat", int, where)
    if not 0 <= seat < players:
        raise corrupt(where, "seat", f"seat {seat} does not fit {players} players")
    bots = _need(data, "bots", list, where)
    if len(bots) != players - 1:
        raise corrupt(where, "bots", f"{len(bots)} bots for {players} players and one human")
    for i, bot in enumerate(bots):
        if bot not in BOT_NAMES:
            raise corrupt(where, f"bots.{i}", f"unknown bot {bot!r}")
    position = _need(data, "position", dict, where)
    log = _need(data, "log", list, where)
    for i, text in enumerate(log):
        if not isinstance(text, str):
            raise corrupt(where, f"log.{i}", f"expected a move text, got {_kind(text)}")
        if len(text) > MAX_MOVE_TEXT:
            raise corrupt(where, f"log.{i}", f"a move text of {len(text)} characters")
    hands = data.get("hands")
    if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or hands < 1):
        raise corrupt(where, "hands", f"expected a number of hands (1 or more), got {hands!r}")
    extra = data.get("extra") or {}
    if not isinstance(extra, dict):
        raise corrupt(where, "extra", f"expected a mapping, got {_kind(extra)}")
    sealed = version != 1
    if sealed:
        seal = _need(data, "seal", dict, where)
        for key in SEALED:
            if seal.get(key) != seal_of(key, data.get(key)):
                raise corrupt(
                    where, key, "changed since the game was saved (it does not match its seal)"
                )
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
        extra=extra,
        sealed=sealed,
    )
