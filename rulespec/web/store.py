"""Tables on disk: one JSON file per table, written atomically after every change (web layer).

A table file holds the rules' source (a bundled name, or the pasted text, which
is loaded again as untrusted text), the seats (token hashes, never tokens), the
bots' seed and the game's position (`game.position()`, docs/position.md), so a
restarted server deals on exactly where it stopped. Writes go to a temp file in
the same folder, are flushed and fsynced, then `os.replace`d over the old file:
a crash mid-write leaves the previous state. A file that cannot be read back
(hand-edited, truncated, rules changed) is skipped with a message, never fatal.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from rulespec.bots import BOT_NAMES
from rulespec.compiler.load import bundled_names, load_text, load_variant
from rulespec.core.errors import RulespecError
from rulespec.core.files import write_atomically
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant
from rulespec.sim.savefile import document_digest
from rulespec.web.tables import HUMAN, Seat, Source, Table

FORMAT = "rulespec-table"
VERSION = 1
MAX_FILE_BYTES = 8 * 1024 * 1024  # a table with a pasted rule file and a long match: < 1 MB
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{6,40}$")


def default_data_dir() -> Path:
    """The per-user data folder: $XDG_DATA_HOME/rulespec, else ~/.local/share/rulespec."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rulespec"


def variant_of(source: Source) -> Variant:
    """The rules of a source: a bundled variant by name, or the text loaded untrusted."""
    if source.text is None:
        if source.name not in bundled_names():
            raise RulespecError(f"{source.name!r} is not a bundled variant")
        return load_variant(source.name)
    return load_text(source.text, source.file, source.kind, trusted=False)


def to_json(table: Table) -> dict[str, Any]:
    """The file content of a table."""
    src = table.source
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": table.id,
        "source": {"name": src.name, "text": src.text, "kind": src.kind, "file": src.file},
        "digest": document_digest(table.variant),
        "seats": [{"kind": s.kind, "token_hash": s.token_hash} for s in table.seats],
        "bot_seed": table.bot_seed,
        "match_no": table.match_no,
        "version_no": table.version,
        "position": table.game.position(),
    }


def _need(data: Any, key: str, kind: type) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get(key), kind):
        raise RulespecError(f"{key}: missing or not {kind.__name__}")
    value = data[key]
    if kind is int and isinstance(value, bool):
        raise RulespecError(f"{key}: not int")
    return value


def from_json(data: Any) -> Table:
    """A table from its file content; RulespecError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RulespecError(f"not a {FORMAT} file of version {VERSION}")
    table_id = _need(data, "id", str)
    if not TABLE_ID.match(table_id):
        raise RulespecError("id: not a table id")
    raw = _need(data, "source", dict)
    text = raw.get("text")
    if text is not None and not isinstance(text, str):
        raise RulespecError("source.text: not a text")
    source = Source(_need(raw, "name", str), text, _need(raw, "kind", str), _need(raw, "file", str))
    variant = variant_of(source)
    if document_digest(variant) != _need(data, "digest", str):
        raise RulespecError(f"the rules of {source.name!r} changed since the table was saved")
    seats = []
    for entry in _need(data, "seats", list):
        kind = _need(entry, "kind", str)
        if kind != HUMAN and kind not in BOT_NAMES:
            raise RulespecError(f"seats: unknown seat kind {kind!r}")
        seats.append(Seat(kind, _need(entry, "token_hash", str)))
    game = Game.from_position(variant, _need(data, "position", dict))
    if game.players != len(seats):
        raise RulespecError(f"seats: {len(seats)} seats for {game.players} players")
    table = Table(
        table_id,
        source,
        variant,
        seats,
        game,
        _need(data, "bot_seed", int),
        _need(data, "match_no", int),
    )
    table.version = _need(data, "version_no", int)
    return table


class Store:
    """The tables folder under the data directory."""

    def __init__(self, data_dir: str | os.PathLike[str]) -> None:
        self.folder = Path(data_dir) / "tables"

    def path(self, table_id: str) -> Path:
        if not TABLE_ID.match(table_id):  # ids come from us; never a path from outside
            raise ValueError(f"not a table id: {table_id!r}")
        return self.folder / f"{table_id}.json"

    def save(self, table: Table) -> None:
        """Write the table atomically (temp file, fsync, os.replace)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.path(table.id)
        text = json.dumps(to_json(table), sort_keys=True, separators=(",", ":"))
        write_atomically(target, text)

    def load_all(self) -> tuple[dict[str, Table], list[str]]:
        """Every readable table, and one message per file that could not be read back."""
        tables: dict[str, Table] = {}
        skipped: list[str] = []
        if not self.folder.is_dir():
            return tables, skipped
        for path in sorted(self.folder.glob("*.json")):
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    raise RulespecError(f"over {MAX_FILE_BYTES} bytes")
                table = from_json(json.loads(path.read_text(encoding="utf-8")))
                if path.name != f"{table.id}.json":
                    raise RulespecError("the file name does not match the table id")
            except (OSError, ValueError, RecursionError, RulespecError) as exc:
                skipped.append(f"{path.name}: skipped: {str(exc).splitlines()[0]}")
                continue
            tables[table.id] = table
        return tables, skipped
