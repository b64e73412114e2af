"""The lobby's variant list groups the games of the sources apart from the family at large,
and the picker (lobby.js) shows each group under its own heading."""

from __future__ import annotations

import contextlib
from pathlib import Path

from web_helpers import client

from rulespec.compiler.groups import GROUPS

STATIC = Path(__file__).resolve().parents[2] / "rulespec" / "web" / "static"


def test_api_variants_carry_their_group_sources_first(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        rows = c.get("/api/variants").json()["variants"]
    groups = [r["group"] for r in rows]
    assert groups[0] == "sources" and groups[-1] == "family"
    assert groups == sorted(groups, key=list(GROUPS).index)  # one run per group
    assert all(r["group_title"] == GROUPS[r["group"]] for r in rows)
    by_name = {r["name"]: r["group"] for r in rows}
    assert by_name["gin"] == "sources" and by_name["knock-rummy"] == "family"
    assert sum(g == "sources" for g in groups) == 13
    for group in GROUPS:
        names = [r["name"] for r in rows if r["group"] == group]
        assert names == sorted(names)


def test_the_picker_builds_one_optgroup_per_group() -> None:
    script = (STATIC / "lobby.js").read_text(encoding="utf-8")
    assert 'createElement("optgroup")' in script
    assert "v.group_title" in script
