"""The loading pipeline: YAML front end, extends, schema, checks, build and the public loader."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

import rulespec
from rulespec.compiler import load as load_module
from rulespec.compiler.load import (
    bundled_dir,
    bundled_names,
    load_document,
    load_text,
    load_variant,
    read_document,
)
from rulespec.compiler.resolve import normalise, resolve
from rulespec.compiler.schema import schema, schema_text, validate_document, with_defaults
from rulespec.core.errors import RuleFileError
from rulespec.grammar.located import Locator, SourceInfo
from rulespec.grammar.yamlfront import parse_yaml

VALID = Path(__file__).resolve().parents[1] / "data" / "valid"
ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- YAML front end -------------------------------------------------------------


def test_yaml_positions_point_at_values_and_keys() -> None:
    text = 'name: gin\ndeal:\n  cards: {"2": 10, 3-4: 7}\nvalues:\n  A: "face + 1"\n'
    doc, sourcemap = parse_yaml(text, "t.yaml")
    assert doc == {
        "name": "gin",
        "deal": {"cards": {"2": 10, "3-4": 7}},
        "values": {"A": "face + 1"},
    }
    assert sourcemap[""] == (1, 1)
    assert sourcemap["name"] == (1, 7)
    assert sourcemap["deal"] == (2, 1)  # a block mapping: where its key stands
    assert sourcemap["deal.cards.2"] == (3, 16)
    assert sourcemap["deal.cards.2#key"] == (3, 11)
    assert sourcemap["values.A"] == (5, 7)  # inside the quotes


def test_yaml_merge_keys_and_plain_values() -> None:
    text = "base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 5\nwhen: 2024-01-01\nflag: on\n"
    doc, _ = parse_yaml(text, "t.yaml")
    assert doc["d"] == {"x": 1, "y": 5}
    assert doc["when"] == "2024-01-01"  # timestamps stay text: documents hold JSON values
    assert doc["flag"] is True


def test_yaml_bytes_with_bom() -> None:
    doc, _ = parse_yaml(b"\xef\xbb\xbfname: gin\n", "t.yaml")
    assert doc == {"name": "gin"}


@pytest.mark.parametrize(
    ("text", "where", "fragment"),
    [
        ("a: 1\nb: 2\na: 3\n", (3, 1), "duplicate key 'a'"),
        ("a: &a [*a]\n", (1, 4), "nesting is deeper"),
        ("- 1\n", (1, 1), "top level must be a table"),
        ("", (1, 1), "empty"),
        ("a: 1\n---\nb: 2\n", (2, 1), "one YAML document"),
        ("a: *nope\n", (1, 4), "unknown alias"),
        ("a: [1, 2\n", (2, 1), "YAML syntax"),
        ("a: \x07\n", (1, 4), "control characters"),
    ],
)
def test_yaml_refusals_are_located(text: str, where: tuple[int, int], fragment: str) -> None:
    with pytest.raises(RuleFileError) as caught:
        parse_yaml(text, "t.yaml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == where
    assert fragment in problem.message


def test_yaml_alias_bomb_is_refused_quickly() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    started = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(RuleFileError, match="alias"):
        parse_yaml("\n".join(lines), "bomb.yaml")
    assert time.process_time() - started < 3.0  # linear, not exponential (10^12 expanded)


def test_yaml_merge_bomb_is_refused_quickly() -> None:
    lines = ["a0: &a0 {k0: 1}"]
    lines += [f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}], k{i}: 1}}" for i in range(1, 40)]
    started = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(RuleFileError, match="alias"):
        parse_yaml("\n".join(lines), "bomb.yaml")
    assert time.process_time() - started < 3.0  # linear, not exponential (2^39 merged)


def test_yaml_deep_flow_nesting_is_refused() -> None:
    with pytest.raises(RuleFileError, match="nesting|deep|depth"):
        parse_yaml("a: " + "[" * 5000 + "]" * 5000, "deep.yaml")


def test_yaml_non_utf8_is_located_by_byte_offset() -> None:
    with pytest.raises(RuleFileError) as caught:
        parse_yaml(b"name: x\ntitle: Caf\xe9\n", "latin.yaml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (2, 11)
    assert "UTF-8" in problem.message


def test_yaml_huge_file_is_refused() -> None:
    with pytest.raises(RuleFileError, match="too large"):
        parse_yaml("#" * (300 * 1024), "huge.yaml")


# --- extends ----------------------------------------------------------------------

BASE = """\
name: base
title: Base
players: {min: 2, max: 6}
deal:
  cards: {"2": 10, "3-4": 7, "5-6": 6}
  packet: 2
going_out:
  by: [meld, layoff, discard]
knock:
  limit: 10
  layoff: false
play: {melding: going_out}
"""


def test_deep_merge_rules(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", BASE)
    child = write(
        tmp_path,
        "child.yaml",
        "extends: base.yaml\nname: child\ndeal:\n  cards: {'2-6': 5}\n"
        "going_out:\n  by: [discard]\nknock: {replace: true, limit: 5}\n",
    )
    doc, locator, files = load_module.resolve_located(str(child))
    assert "extends" not in doc
    assert doc["title"] == "Base"  # inherited
    assert doc["deal"] == {"cards": {"2-6": 5}, "packet": 2}  # mapping merged, table replaced
    assert doc["going_out"]["by"] == ["discard"]  # lists replace
    assert doc["knock"] == {"limit": 5}  # replace: true: no merge with the base's knock
    assert [f.name for f in files] == ["child.yaml", "base.yaml"]
    info, line, column = locator.locate("players.max")
    assert (Path(info.file).name, line, column) == ("base.yaml", 3, 24)
    info, line, column = locator.locate("deal.cards.2-6")
    assert (Path(info.file).name, line) == ("child.yaml", 4)
    assert "deal.cards.2" not in locator.positions  # replaced: the base's entries are gone


def test_replace_list_form_and_false_replaces_mapping(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", BASE)
    child = write(
        tmp_path,
        "child.yaml",
        "extends: ./base.yaml\nname: child\ngoing_out: {by: {replace: [meld]}}\nknock: false\n",
    )
    doc, locator, _ = load_module.resolve_located(str(child))
    assert doc["going_out"]["by"] == ["meld"]
    assert doc["knock"] is False
    assert locator.locate("going_out.by.0")[1:] == (3, 28)


def test_normalise_removes_replace_forms_in_any_file() -> None:
    doc = {"a": {"replace": [1, 2]}, "b": {"replace": True, "x": 1}, "c": {"replace": False}}
    clean, sourcemap, replaced = normalise(doc, {"a.replace.0": (1, 1), "b.replace": (2, 2)})
    assert clean == {"a": [1, 2], "b": {"x": 1}, "c": {}}
    assert replaced == {"a", "b"}
    assert sourcemap == {"a.0": (1, 1)}


def test_chain_of_bases_and_bundled_reference(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", BASE)
    write(tmp_path, "b.yaml", "extends: a.yaml\nname: b\ntitle: B\n")
    c = write(tmp_path, "c.yaml", "extends: b.yaml\nname: c\ndeal: {packet: 1}\n")
    doc = load_document(str(c))
    assert (doc["name"], doc["title"], doc["deal"]["packet"]) == ("c", "B", 1)


def test_cycle_and_missing_base_are_located(tmp_path: Path) -> None:
    write(tmp_path, "x.yaml", "extends: y.yaml\nname: x\ntitle: X\n")
    write(tmp_path, "y.yaml", "name: y\ntitle: Y\nextends: x.yaml\n")
    with pytest.raises(RuleFileError) as caught:
        load_document(str(tmp_path / "x.yaml"))
    (problem,) = caught.value.problems
    assert (Path(problem.file).name, problem.line, problem.column) == ("y.yaml", 3, 10)
    assert "circle" in problem.message
    write(tmp_path, "z.yaml", "name: z\ntitle: Z\nextends: nowhere.yaml\n")
    with pytest.raises(RuleFileError) as caught:
        load_document(str(tmp_path / "z.yaml"))
    (problem,) = caught.value.problems
    assert (problem.line, problem.column, problem.path) == (3, 10, "extends")


def test_self_extension_is_a_cycle(tmp_path: Path) -> None:
    path = write(tmp_path, "me.yaml", "extends: me.yaml\nname: me\ntitle: Me\n")
    with pytest.raises(RuleFileError, match="circle"):
        load_document(str(path))


def test_resolve_without_extends_keeps_document() -> None:
    info = SourceInfo("t.yaml", [], {"name": (1, 7)})
    doc, locator = resolve({"name": "x", "extends": None}, info, lambda r, d: ({}, info, Path()))
    assert doc == {"name": "x"}
    assert isinstance(locator, Locator)


# --- schema ---------------------------------------------------------------------------


def test_schema_text_is_draft_2020_12_with_help() -> None:
    from jsonschema import Draft202012Validator

    loaded = json.loads(schema_text())
    Draft202012Validator.check_schema(loaded)
    assert loaded["$id"] and loaded["$schema"].endswith("2020-12/schema")

    def objects(node: object) -> list[dict[str, object]]:
        found = []
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node:
                found.append(node)
            for value in node.values():
                found.extend(objects(value))
        elif isinstance(node, list):
            for value in node:
                found.extend(objects(value))
        return found

    for node in objects(loaded):
        assert node["additionalProperties"] is False
        for key, sub in node["properties"].items():  # type: ignore[union-attr]
            assert "description" in sub, key


@pytest.mark.parametrize(
    ("text", "path", "fragment"),
    [
        ("playrs: {min: 2}", "playrs", "'playrs' is not a rule; did you mean 'players'?"),
        (
            "deal: {cards: ten}",
            "deal.cards",
            "must be a number or a table by player count, got 'ten'",
        ),
        ("deck: {decks: 9}", "deck.decks", "must be at most 8"),
        ("players: {max: 17}", "players.max", "must be at most 16"),
        ("deal: {cards: 61}", "deal.cards", "must be at most 60"),
        ("deal: {cards: {'2': 70}}", "deal.cards.2", "must be at most 60"),
        ("ace: hgh", "ace", "did you mean 'high'?"),
        ("melds: {set: true}", "melds.set", "must be false or a table, got true"),
        ("melds: {run: {mx: 4}}", "melds.run.mx", "did you mean 'max'?"),
        ("knock: {layoff: true}", "knock", "'limit' is required"),
        ("values: {A: 1.5}", "values.A", "must be a number or an expression, got 1.5"),
        ("going_out: {by: [meld, meld]}", "going_out.by", "must not list the same thing twice"),
        ("draw: {discard: {use: all}}", "draw.discard.use", "must be one of"),
        ("match: {rounds: true}", "match.rounds", "got true"),
        ("scoring: {out: {winer: 1}}", "scoring.out.winer", "did you mean 'winner'?"),
        ("limit: 3", "limit", "did you mean 'knock.limit' or 'buy.limit'?"),
        ("deal: {jokers: 2}", "deal.jokers", "did you mean 'deck.jokers'?"),
        ("cards: 7", "cards", "did you mean 'deal.cards' or 'melds.wild.cards'?"),
    ],
)
def test_schema_messages_in_user_terms(text: str, path: str, fragment: str) -> None:
    source = "name: t\ntitle: T\n" + text + "\n"
    doc, sourcemap = parse_yaml(source, "t.yaml")
    problems = validate_document(doc, sourcemap, "t.yaml", source.splitlines())
    assert [p for p in problems if p.path == path and fragment in p.message], problems
    assert all(p.line == 3 for p in problems)


def test_schema_reports_every_problem_once() -> None:
    source = "title: T\nplayrs: 2\nace: up\ndeal: {cards: x, packet: 0}\n"
    doc, sourcemap = parse_yaml(source, "t.yaml")
    problems = validate_document(doc, sourcemap, "t.yaml", source.splitlines())
    paths = sorted(p.path for p in problems)
    assert paths == ["", "ace", "deal.cards", "deal.packet", "playrs"]


def test_defaults_follow_the_document_contract() -> None:
    full = with_defaults({"name": "x", "title": "X", "melds": {"set": {"min": 2}}})
    assert full["players"] == {"min": 2, "max": 2}
    assert full["melds"]["set"] == {"min": 2, "max": 4, "suits": "distinct", "per_deck": None}
    assert full["melds"]["run"] == {"min": 3, "max": None}
    assert full["values"] == {"A": 1, "pips": "face", "J": 10, "Q": 10, "K": 10, "joker": 0}
    assert full["draw"]["discard"] is True and full["knock"] is False
    assert full["going_out"] == {
        "by": ["meld", "layoff", "discard"],
        "partition": None,
        "dealt": None,
    }
    assert full["match"]["bonus"] == {"game": 0, "box": 0, "shutout": 1}
    assert "extends" not in full
    assert schema()["properties"]["deck"]["properties"]["decks"]["default"] == 1


# --- the public loader ----------------------------------------------------------------


def test_bundled_variants_are_found() -> None:
    assert bundled_dir().name in ("variants", "_variants")
    names = bundled_names()
    assert names == sorted(names)
    for name in names:
        assert (bundled_dir() / f"{name}.rules").exists() or (
            bundled_dir() / f"{name}.yaml"
        ).exists()


def test_read_document_of_yaml_file() -> None:
    doc, info = read_document(str(VALID / "oklahoma.yaml"))
    assert doc["extends"] == "gin.yaml"
    assert info.sourcemap["name"] == (3, 7)
    assert info.lines[2] == "name: oklahoma"


def test_unknown_names_and_suffixes(tmp_path: Path) -> None:
    with pytest.raises(RuleFileError, match="no bundled variant"):
        read_document("no-such-variant")
    odd = write(tmp_path, "rules.txt", "name: x\n")
    with pytest.raises(RuleFileError, match="unknown kind of rule file"):
        load_document(str(odd))


def test_all_problems_of_a_file_at_once(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "many.yaml",
        "name: many\ntitle: Many\nplayers: {min: 2, max: 6}\n"
        "deal: {cards: {'2': 10, '4-6': 6}}\nmelds: {wild: {unique: true}}\n"
        "stock: {exhausted: end, recycles: 2}\n",
    )
    with pytest.raises(RuleFileError) as caught:
        load_document(str(path))
    messages = [p.message for p in caught.value.problems]
    assert len(messages) == 3, messages
    assert all(p.line is not None and p.file.endswith("many.yaml") for p in caught.value.problems)


def test_load_variant_is_cached_by_mtime(tmp_path: Path) -> None:
    path = write(tmp_path, "v.yaml", "name: v\ntitle: V\n")
    first = load_variant(str(path))
    assert load_variant(str(path)) is first
    write(tmp_path, "v.yaml", "name: v\ntitle: V two\n")
    stamp = path.stat().st_mtime_ns + 1_000_000
    os.utime(path, ns=(stamp, stamp))
    second = load_variant(str(path))
    assert second is not first and second.title == "V two"


def test_rulespec_load_is_public() -> None:
    """`rulespec.load` is the loader's variant with the facade's conveniences, one per load."""
    variant = rulespec.load(str(VALID / "gin.yaml"))
    assert isinstance(variant, rulespec.Variant) and variant.name == "gin"
    assert variant.knock is not None and variant.deadwood(["7H", "8H", "9H", "KS"]) == 10
    assert rulespec.load(str(VALID / "gin.yaml")) is variant
    assert vars(variant) == vars(load_variant(str(VALID / "gin.yaml")))


def test_load_text_yaml() -> None:
    variant = load_text("name: t\ntitle: T\ndeal: {cards: 7}\n", "t.yaml")
    assert variant.deal.cards(2) == 7
    with pytest.raises(RuleFileError):
        load_text("name: t\ntitle: T\ndeal: {cards: 70}\n", "t.yaml")


@pytest.mark.parametrize("trusted", [False, True])
def test_rule_text_gets_every_problem_a_file_gets(tmp_path: Path, trusted: bool) -> None:
    """After a syntax error, text (`rulespec.loads`, the web lobby) is checked on like a file."""
    text = "variant house extends gin {\n  knock when deadwood <= upcard.valu\n  mach to 5\n}\n"
    (tmp_path / "house.rules").write_text(text)
    with pytest.raises(RuleFileError) as from_file:
        load_variant(str(tmp_path / "house.rules"))
    with pytest.raises(RuleFileError) as from_text:
        load_text(text, "house.rules", "rules", trusted=trusted)
    assert [(p.line, p.column, p.message) for p in from_text.value.problems] == [
        (p.line, p.column, p.message) for p in from_file.value.problems
    ]
    assert len(from_text.value.problems) == 2


# --- build ------------------------------------------------------------------------------


def test_every_bundled_variant_builds() -> None:
    for name in bundled_names():
        variant = load_variant(name)
        assert variant.name == name
        assert "extends" not in variant.document
        assert set(variant.values) == set(range(1, 14))


def test_card_value_table_by_rank_and_place() -> None:
    variant = load_text(
        "name: t\ntitle: T\nace: wrap\nvalues:\n"
        '  A: "place == run_high ? 10 : place == run_middle ? 5 : place == run_low ? 1 : 15"\n'
        '  "2": 20\n  T: "face + 1"\n  joker: "place == hand ? 25 : 0"\n',
        "t.yaml",
    )
    assert dict(variant.values[1]) == {
        "hand": 15,
        "set": 15,
        "run_low": 1,
        "run_middle": 5,
        "run_high": 10,
    }
    assert variant.card_value(2) == 20  # a rank override beats pips
    assert variant.card_value(3, "run_low") == 3  # pips = face by default
    assert variant.card_value(10) == 11
    assert variant.card_value(13, "set") == 10
    assert variant.joker_values["hand"] == 25 and variant.joker_values["set"] == 0


def test_built_rules_follow_the_document() -> None:
    bridge = load_variant(str(VALID / "bridge.yaml"))
    assert [p.ranks for p in bridge.melds.patterns] == [None, (11, 12, 13), None]
    assert bridge.melds.wild.cards == ("joker",) and bridge.melds.set is not None
    assert bridge.melds.set.max is None and bridge.melds.set.suits == "any"
    assert bridge.deal.dealer_extra_to == "discard" and bridge.match.eliminate == -100
    assert bridge.knock is not None and bridge.knock.limit({"players": 2}) == 5
    assert set(bridge.scoring.rules) == {"knock", "undercut", "gin"}
    assert bridge.scoring.rules["gin"]["each"]({"me.deadwood": 7}) == -7
    bicycle = load_variant(str(VALID / "continental-bicycle.yaml"))
    assert bicycle.melds.set is None
    assert bicycle.going_out.partition_melds is None
    assert bicycle.going_out.partition_sizes == ((3, 3, 3, 3, 3), (4, 4, 4, 3), (5, 4, 3, 3))
    assert bicycle.decks(7) == 3 and bicycle.jokers(12) == 4
    remik = load_variant(str(VALID / "remik.yaml"))
    assert remik.draw.discard is not None and remik.draw.discard.use == "meld"
    assert remik.draw.discard.when is not None
    assert remik.draw.discard.when({"me.laid_down_before": False}) is False
    assert remik.play.layoff is not None and remik.melds.wild.swap is not None
    rummy500 = load_variant(str(VALID / "rummy500.yaml"))
    assert rummy500.draw.depth is not None
    assert (rummy500.draw.depth.min, rummy500.draw.depth.hand_cards) == (2, 2)
    gin = load_variant(str(VALID / "gin.yaml"))
    assert gin.draw.depth is None and gin.draw.upcard_offer and gin.play.melding == "going_out"
    assert gin.stock.exhausted == "void" and gin.stock.reserve == 2
    assert gin.match.bonus.shutout == 2 and gin.scoring.multiplier is None
    env = {"losers.deadwood": 30, "knocker.deadwood": 4}
    assert gin.scoring.rules["knock"]["winner"](env) == 26


def test_variant_is_frozen() -> None:
    import dataclasses

    variant = load_variant(str(VALID / "rummy.yaml"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.name = "other"  # type: ignore[misc]
    assert variant.deal.cards(2) == 10 and variant.deal.cards(6) == 6


def test_expression_text_is_normalised_after_exact_offsets(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "spaces.yaml",
        'name: s\ntitle: S\nvalues:\n  A: "  place ==  run_low\n    ? 1 : 15"\n',
    )
    doc = load_document(str(path))
    assert doc["values"]["A"] == "place == run_low ? 1 : 15"
    assert load_variant(str(path)).document["values"]["A"] == "place == run_low ? 1 : 15"
    bad = write(tmp_path, "bad.yaml", 'name: b\ntitle: B\nvalues: {K: "   1 +   bogus "}\n')
    with pytest.raises(RuleFileError) as caught:
        load_document(str(bad))
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (3, 23)  # at 'bogus' as written


def test_suffixless_local_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "house", "name: house\ntitle: House\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RuleFileError, match="unknown kind of rule file"):
        load_document("house")


def test_schema_defaults_equal_the_documented_defaults() -> None:
    """The example document of docs/document.md is the table of defaults: the schema agrees."""
    import re

    import yaml

    text = (ROOT / "docs" / "document.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None
    documented = yaml.safe_load(block.group(1))
    documented.pop("extends")  # removed by resolution
    full = with_defaults({"name": documented["name"], "title": documented["title"]})

    def compare(want: object, got: object, path: str) -> None:
        if isinstance(want, dict):
            assert isinstance(got, dict), path
            for key, value in want.items():
                assert key in got, f"{path}.{key}"
                compare(value, got[key], f"{path}.{key}")
        else:
            assert want == got, path

    compare(documented, full, "")


def test_base_that_is_not_a_rule_file_is_located(tmp_path: Path) -> None:
    write(tmp_path, "notes.txt", "hello\n")
    path = write(tmp_path, "house.yaml", "name: h\ntitle: H\nextends: notes.txt\n")
    with pytest.raises(RuleFileError) as caught:
        load_document(str(path))
    (problem,) = caught.value.problems
    assert (problem.line, problem.column, problem.path) == (3, 10, "extends")
    assert "not a rule file" in problem.message


def test_import_rulespec_stays_cheap() -> None:
    import subprocess
    import sys

    code = (
        "import sys, rulespec; print(any(m in sys.modules for m in ('jsonschema', 'lark', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
