"""Tables on disk: atomic writes, no token in the file, pasted rules reloaded untrusted, and files
that cannot be read back skipped with a message while the good ones load."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from web_helpers import QUICK_GIN

from rulespec.compiler.load import load_text, load_variant
from rulespec.web.store import Store, default_data_dir, from_json, to_json
from rulespec.web.tables import Source, Table


def _table(table_id: str = "table-one", text: str | None = None) -> tuple[Table, dict[int, str]]:
    if text is None:
        return Table.create(table_id, Source("gin"), load_variant("gin"), ["human", "random"], 7)
    variant = load_text(text, "pasted.rules", "rules", trusted=False)
    source = Source(variant.name, text, "rules", "pasted.rules")
    return Table.create(table_id, source, variant, ["human", "human"], 7)


def test_a_table_round_trips_and_its_file_holds_no_token(tmp_path: Path) -> None:
    store = Store(tmp_path)
    table, tokens = _table(text=QUICK_GIN)
    table.play(table.game.to_move, str(table.game.legal_moves()[0]))
    store.save(table)
    raw = (tmp_path / "tables" / "table-one.json").read_text()
    assert all(token not in raw for token in tokens.values())
    (back,), skipped = store.load_all()[0].values(), store.load_all()[1]
    assert skipped == []
    assert back.game.position() == table.game.position()
    assert back.seat_of(tokens[1]) == 1 and back.seat_of("guess") is None
    assert back.source == table.source and back.version == table.version == 1


def test_a_failed_write_leaves_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    table, _ = _table()
    store.save(table)
    before = (tmp_path / "tables" / "table-one.json").read_bytes()
    table.play(table.game.to_move, str(table.game.legal_moves()[0]))

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        store.save(table)
    assert (tmp_path / "tables" / "table-one.json").read_bytes() == before
    assert [p.name for p in (tmp_path / "tables").iterdir()] == ["table-one.json"]


def _edit(data: dict, key: str, value: object) -> dict:
    return {**data, key: value}


def test_files_that_cannot_be_read_back_are_skipped_with_a_message(tmp_path: Path) -> None:
    store = Store(tmp_path)
    good, _ = _table("good-table")
    store.save(good)
    data = to_json(_table("bad-table")[0])
    folder = tmp_path / "tables"
    cases = {
        "not-json": "{",
        "foreign": json.dumps({"format": "something"}),
        "digest": json.dumps(_edit(data, "digest", "0" * 64)),
        "seats": json.dumps(_edit(data, "seats", [{"kind": "alien", "token_hash": ""}] * 2)),
        "position": json.dumps(_edit(data, "position", {"hands": "nope"})),
        "name-x": json.dumps(data),  # the file name does not match the id inside
        "deep": "[" * 100_000,
    }
    for name, text in cases.items():
        (folder / f"{name}.json").write_text(text)
    tables, skipped = store.load_all()
    assert list(tables) == ["good-table"]
    assert len(skipped) == len(cases)
    assert all(": skipped: " in line for line in skipped)
    assert any("changed since the table was saved" in line for line in skipped)


def test_from_json_refuses_a_pasted_rule_file_that_reads_files() -> None:
    data = to_json(_table(text=QUICK_GIN)[0])
    data["source"]["text"] = 'variant x extends "/etc/passwd" {\n}\n'
    with pytest.raises(Exception, match="may extend only a bundled variant"):
        from_json(data)


def test_the_default_data_dir_is_per_user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "rulespec"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "rulespec"
