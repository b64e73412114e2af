"""Tests of the bundled variants and house-rule examples: load, round trip, RULES.md facts.

Every file of `variants/` and `examples/house-rules/` goes through the whole
loading pipeline; its DSL form goes DSL -> YAML -> DSL without changing the
document (raw and resolved); and a table of facts per variant pins the rules
of ../shared/RULES.md on the built `Variant`, so that a wrong edit to a
rule file fails here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulespec.compiler.load import bundled_names, load_document, load_variant
from rulespec.grammar.printer import dump_rules
from rulespec.grammar.transformer import parse_rules
from rulespec.grammar.yamlfront import parse_yaml
from rulespec.model.variant import Variant

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants"
HOUSE = ROOT / "examples" / "house-rules"

# name -> (base it extends or None, the seed text its `source` cites)
BUNDLED: dict[str, tuple[str | None, str]] = {
    "rummy": (None, "001"),
    "boat": ("rummy", "000"),
    "michigan": (None, "003"),
    "michigan-polish": ("michigan", "003"),
    "michigan-two-decks": ("michigan", "003"),
    "michigan-ace-low": ("michigan", "003"),
    "michigan-ace-positional": ("michigan", "003"),
    "gin": (None, "004"),
    "oklahoma": ("gin", "004"),
    "rummy500": ("rummy", "004"),
    "bridge": ("gin", "004"),
    "remik": ("rummy", "004"),
    "continental": ("rummy", "004"),
}

# the rummy family at large: bundled games beyond the sources -> (base, who they cite)
FAMILY: dict[str, tuple[str | None, str]] = {
    "straight-gin": ("gin", "Pagat: Gin Rummy"),
    "big-gin": ("gin", "Pagat: Gin Rummy"),
    "knock-rummy": (None, "Pagat: Knock Rummy"),
    "kalooki": (None, "Pagat: Kaluki"),
    "scala-40": (None, "Pagat: Scala Quaranta"),
    "three-player-gin": ("gin", "Pagat: Gin Rummy, three players"),
    "hollywood-gin": ("gin", "Pagat: Gin Rummy, Hollywood"),
    "partnership-500-rum": ("rummy500", "Pagat: 500 Rum, partnership"),
    "indian-rummy": (None, "Pagat: Indian Rummy"),
    "tonk": (None, "Pagat: Tonk"),
    "conquian": (None, "Pagat: Conquian"),
    "contract-rummy": (None, "Pagat: Contract Rummy"),
    "three-thirteen": (None, "Rummy Rule Book: Three Thirteen"),
    "carioca": (None, "Pagat: Carioca"),
}

# house rule -> (base, the document paths its one Option changes)
HOUSE_RULES: dict[str, tuple[str, set[str]]] = {
    "rummy-one-meld": ("rummy", {"play.melds_per_turn"}),
    "gin-pagat": ("gin", {"scoring.undercut.winner", "scoring.gin.winner", "match.bonus.box"}),
    "michigan-own-deadwood": ("michigan", {"scoring.out"}),
    "michigan-recycle": ("michigan", {"stock.exhausted"}),
    "rummy500-layoff": ("rummy500", {"draw.depth.use"}),
    "continental-bicycle": (
        "continental",
        {"melds.set", "going_out.partition", "scoring.out.winner", "scoring.out.losers"},
    ),
}

IDENTITY = {"name", "title", "description", "source"}

FILES = [VARIANTS / f"{name}.rules" for name in {**BUNDLED, **FAMILY}] + [
    HOUSE / f"{name}.rules" for name in HOUSE_RULES
]


def _id(path: Path) -> str:
    return path.stem


def _parse(path: Path) -> dict[str, Any]:
    doc, _ = parse_rules(path.read_text(encoding="utf-8"), str(path))
    return doc


def _variant(name: str) -> Variant:
    folder = VARIANTS if name in BUNDLED or name in FAMILY else HOUSE
    return load_variant(str(folder / f"{name}.rules"))


def _leaves(node: Any, prefix: str = "") -> dict[str, Any]:
    """Flatten a document to dotted leaf paths (lists are leaves)."""
    if isinstance(node, Mapping) and node:
        out: dict[str, Any] = {}
        for key, value in node.items():
            out.update(_leaves(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: node}


# --- the set of files ---------------------------------------------------------


def test_bundled_variants_are_the_thirteen_of_the_sources_and_the_family() -> None:
    assert {p.stem for p in VARIANTS.glob("*.rules")} == set(BUNDLED) | set(FAMILY)
    assert set(bundled_names()) >= set(BUNDLED) | set(FAMILY)
    assert len(BUNDLED) == 13


def test_house_rule_examples_are_all_listed() -> None:
    assert {p.stem for p in HOUSE.glob("*.rules")} == set(HOUSE_RULES)
    readme = (HOUSE / "README.md").read_text(encoding="utf-8")
    for name in HOUSE_RULES:
        assert f"{name}.rules" in readme


# --- every file: loads, identifies itself, round-trips ------------------------------


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_loads_clean(path: Path) -> None:
    doc = load_document(str(path))
    assert "extends" not in doc
    variant = load_variant(str(path))
    assert variant.name == path.stem


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_identity_and_citation(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#"), "a rule file starts with comments citing its source"
    doc = _parse(path)
    assert doc["name"] == path.stem
    for key in ("title", "description", "source"):
        assert isinstance(doc.get(key), str) and doc[key].strip(), key
    assert "\n" not in doc["description"]
    assert len(doc["description"]) <= 120
    if path.stem in BUNDLED:
        base, seed = BUNDLED[path.stem]
        assert doc.get("extends") == base
        assert seed in doc["source"]
        assert seed in text.splitlines()[1] or seed in text.splitlines()[0]
    elif path.stem in FAMILY:
        base, cited = FAMILY[path.stem]
        assert doc.get("extends") == base
        assert doc["source"].startswith(cited)
        header = text.split("variant ", 1)[0].lower()
        assert "source:" in header, "the header comment names the source"
    else:
        base, _ = HOUSE_RULES[path.stem]
        assert doc.get("extends") == base
        assert "Option" in doc["source"]


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_dsl_yaml_dsl_round_trip(path: Path, tmp_path: Path) -> None:
    doc = _parse(path)
    yaml_text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    from_yaml, _ = parse_yaml(yaml_text, f"{path.stem}.yaml")
    assert from_yaml == doc
    again, _ = parse_rules(dump_rules(from_yaml), f"{path.stem}.rules")
    assert again == doc
    # the YAML form resolves (extends by bundled name) to the same document
    yaml_file = tmp_path / f"{path.stem}.yaml"
    yaml_file.write_text(yaml_text, encoding="utf-8")
    assert load_document(str(yaml_file)) == load_document(str(path))


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_house_rule_flips_only_its_option(name: str) -> None:
    base, changed = HOUSE_RULES[name]
    mine = _leaves(load_document(str(HOUSE / f"{name}.rules")))
    theirs = _leaves(load_document(str(VARIANTS / f"{base}.rules")))
    differing = {
        key
        for key in mine.keys() | theirs.keys()
        if key.split(".")[0] not in IDENTITY
        and mine.get(key, KeyError) != theirs.get(key, KeyError)
    }
    for key in differing:
        assert any(
            key == c or key.startswith(c + ".") or c.startswith(key + ".") for c in changed
        ), key
    for option in changed:
        assert any(
            k == option or k.startswith(option + ".") or option.startswith(k + ".")
            for k in differing
        )


# --- facts of RULES.md on the built Variant ----------------------------------------


def hand_penalty(v: Variant, cards: str) -> int:
    """The interpreter's penalty of a hand left, written as card text ("9C 7H JK")."""
    from rulespec.core.cards import parse_card
    from rulespec.interpreter.solver import penalty

    return penalty(v, [parse_card(c) for c in cards.split()])


def score(v: Variant, reason: str, role: str, env: Mapping[str, Any]) -> Any:
    return v.scoring.rules[reason][role](env)


def per_players(table: Callable[[int], int], v: Variant) -> list[int]:
    return [table(n) for n in range(v.min_players, v.max_players + 1)]


def ace(v: Variant) -> dict[str, int]:
    return dict(v.values[1])


WORKED_BOAT = {"losers.count": 3, "winner.melded": 44, "rummy": True, "losers.penalty": 26 + 11 + 8}
RUMMY_WIN = {"losers.penalty": 30, "me.penalty": 12, "rummy": False}
GIN_END = {"losers.deadwood": 30, "knocker.deadwood": 5, "winner.deadwood": 6, "me.deadwood": 7}
UNDERCUT = {"knocker.deadwood": 8, "winner.deadwood": 6, "losers.deadwood": 8}
KNOCK_ENV = {"players": 2, "upcard.suit": "hearts"}

# the getter takes Any: facts reach through optional parts (knock, depth, …) a variant has
Fact = tuple[str, str, Callable[[Any], Any], Any]
FACTS: list[Fact] = [
    # rummy
    ("rummy", "players", lambda v: (v.min_players, v.max_players), (2, 6)),
    ("rummy", "deal by players", lambda v: per_players(v.deal.cards, v), [10, 7, 7, 6, 6]),
    ("rummy", "one deck", lambda v: (v.decks(4), v.jokers(4)), (1, 0)),
    ("rummy", "ace", lambda v: v.ace, "low"),
    ("rummy", "values", lambda v: (v.card_value(1), v.card_value(7), v.card_value(13)), (1, 7, 10)),
    (
        "rummy",
        "sets and runs",
        lambda v: (v.melds.set is not None, v.melds.run is not None),
        (True, True),
    ),
    (
        "rummy",
        "set 3-4 run 3-10",
        lambda v: (v.melds.set.min, v.melds.set.max, v.melds.run.max),
        (3, 4, 10),
    ),
    (
        "rummy",
        "draw",
        lambda v: (v.draw.stock, v.draw.discard is not None, v.draw.depth),
        (True, True, None),
    ),
    ("rummy", "taken card", lambda v: v.discard.forbid_taken, True),
    ("rummy", "going out", lambda v: v.going_out.by, {"meld", "layoff", "discard"}),
    ("rummy", "stock", lambda v: v.stock.exhausted, "recycle"),
    ("rummy", "penalty: all cards", lambda v: hand_penalty(v, "9C 7H 9D QD AH 2S 3S 4S"), 45),
    ("rummy", "pays", lambda v: score(v, "out", "winner", RUMMY_WIN), 30),
    (
        "rummy",
        "rummy doubles",
        lambda v: score(v, "out", "winner", {**RUMMY_WIN, "rummy": True}),
        60,
    ),
    ("rummy", "loser", lambda v: score(v, "out", "losers", RUMMY_WIN), -12),
    ("rummy", "match", lambda v: (v.match.target, v.match.tie), (100, "highest")),
    # boat
    ("boat", "ace wraps", lambda v: (v.ace, v.melds.run.max), ("wrap", None)),
    ("boat", "ace 11", lambda v: set(ace(v).values()), {11}),
    ("boat", "pairs", lambda v: v.scoring.ranks_once, True),
    (
        "boat",
        "draws",
        lambda v: (v.draw.discard_then_stock, v.draw.discard_then_discard),
        (True, True),
    ),
    ("boat", "worked winner", lambda v: score(v, "out", "winner", WORKED_BOAT), 309),
    (
        "boat",
        "worked payments",
        lambda v: [
            score(v, "out", "losers", {**WORKED_BOAT, "me.penalty": p}) for p in (26, 11, 8)
        ],
        [-114, -99, -96],
    ),
    (
        "boat",
        "worked penalties, pairs count once",
        lambda v: [hand_penalty(v, h) for h in ("9C 7H 9D QD", "AH AS", "8S")],
        [26, 11, 8],
    ),
    (
        "boat",
        "each deals once",
        lambda v: (v.match.target, v.match.rounds({"players": 4})),
        (None, 4),
    ),
    # michigan
    (
        "michigan",
        "deal",
        lambda v: (per_players(v.deal.cards, v), v.deal.packet),
        ([10, 7, 7, 6, 6], 3),
    ),
    ("michigan", "ace", lambda v: v.ace, "high_or_low"),
    (
        "michigan",
        "ace by place",
        lambda v: ace(v),
        {"hand": 15, "set": 15, "run_low": 1, "run_middle": 15, "run_high": 15},
    ),
    ("michigan", "no plain discard draw", lambda v: v.draw.discard, None),
    (
        "michigan",
        "depth",
        lambda v: (v.draw.depth.min, v.draw.depth.use, v.draw.pile),
        (1, "any", False),
    ),
    ("michigan", "spread", lambda v: v.discard.pile, "spread"),
    ("michigan", "credit", lambda v: v.scoring.meld_credit, True),
    ("michigan", "stock ends", lambda v: (v.stock.exhausted, v.stock.reserve), ("end", 0)),
    ("michigan", "ace left in hand 15", lambda v: hand_penalty(v, "AH 2C KS"), 27),
    ("michigan", "out", lambda v: score(v, "out", "winner", {"losers.penalty": 40}), 40),
    ("michigan", "stock end", lambda v: score(v, "stock", "each", {"me.penalty": 9}), -9),
    ("michigan", "match", lambda v: (v.match.target, v.match.tie), (500, "play_on")),
    ("michigan-polish", "whole pile", lambda v: (v.draw.pile, v.draw.depth.use), (True, "any")),
    ("michigan-two-decks", "players", lambda v: (v.min_players, v.max_players), (2, 8)),
    ("michigan-two-decks", "decks", lambda v: per_players(v.decks, v), [1, 1, 1, 2, 2, 2, 2]),
    ("michigan-two-decks", "deal", lambda v: per_players(v.deal.cards, v), [13, 10, 7, 6, 6, 6, 6]),
    ("michigan-two-decks", "equal cards", lambda v: v.melds.set.suits, "any"),
    ("michigan-ace-low", "ace", lambda v: (v.ace, set(ace(v).values())), ("low", {1})),
    (
        "michigan-ace-positional",
        "ace",
        lambda v: (v.ace, ace(v)),
        ("wrap", {"hand": 15, "set": 15, "run_low": 1, "run_middle": 5, "run_high": 10}),
    ),
    # gin
    ("gin", "players", lambda v: (v.min_players, v.max_players, v.deal.cards(2)), (2, 2, 10)),
    ("gin", "knock 10", lambda v: (v.knock.limit(KNOCK_ENV), v.knock.layoff), (10, True)),
    ("gin", "no table melds", lambda v: (v.play.melding, v.play.layoff), ("never", None)),
    ("gin", "upcard offer", lambda v: v.draw.upcard_offer, True),
    ("gin", "deadwood", lambda v: v.scoring.penalty, "deadwood"),
    ("gin", "void at 2", lambda v: (v.stock.exhausted, v.stock.reserve), ("void", 2)),
    ("gin", "penalty: deadwood", lambda v: hand_penalty(v, "7H 8H 9H KC KD KS 2C 5D"), 7),
    ("gin", "knock", lambda v: score(v, "knock", "winner", GIN_END), 25),
    ("gin", "undercut", lambda v: score(v, "undercut", "winner", UNDERCUT), 2 + 25),
    ("gin", "gin", lambda v: score(v, "gin", "winner", GIN_END), 55),
    (
        "gin",
        "bonuses",
        lambda v: (v.match.target, v.match.bonus.game, v.match.bonus.box, v.match.bonus.shutout),
        (100, 100, 25, 2),
    ),
    # oklahoma
    (
        "oklahoma",
        "ace upcard: gin only",
        lambda v: v.knock.limit({**KNOCK_ENV, "upcard.rank": 1, "upcard.value": 1}),
        0,
    ),
    (
        "oklahoma",
        "queen upcard",
        lambda v: v.knock.limit({**KNOCK_ENV, "upcard.rank": 12, "upcard.value": 10}),
        10,
    ),
    (
        "oklahoma",
        "seven upcard",
        lambda v: v.knock.limit({**KNOCK_ENV, "upcard.rank": 7, "upcard.value": 7}),
        7,
    ),
    ("oklahoma", "spade doubles", lambda v: v.scoring.multiplier({"upcard.suit": "spades"}), 2),
    ("oklahoma", "heart", lambda v: v.scoring.multiplier({"upcard.suit": "hearts"}), 1),
    (
        "oklahoma",
        "match 150, gin as gin",
        lambda v: (v.match.target, score(v, "gin", "winner", GIN_END)),
        (150, 55),
    ),
    # rummy500
    ("rummy500", "decks", lambda v: per_players(v.decks, v), [1, 1, 1, 2, 2, 2, 2]),
    ("rummy500", "deal", lambda v: per_players(v.deal.cards, v), [13, 7, 7, 7, 7, 7, 7]),
    (
        "rummy500",
        "ace",
        lambda v: (v.ace, ace(v)["run_low"], ace(v)["hand"], ace(v)["run_high"]),
        ("high_or_low", 1, 15, 15),
    ),
    ("rummy500", "equal cards", lambda v: v.melds.set.suits, "any"),
    ("rummy500", "top card free", lambda v: v.draw.discard.use, "none"),
    (
        "rummy500",
        "deep card",
        lambda v: (v.draw.depth.min, v.draw.depth.use, v.draw.depth.hand_cards),
        (2, "meld", 2),
    ),
    ("rummy500", "spread", lambda v: v.discard.pile, "spread"),
    ("rummy500", "each only", lambda v: set(v.scoring.rules["out"]), {"each"}),
    (
        "rummy500",
        "plus melds minus hand",
        lambda v: score(v, "out", "each", {"me.melded": 70, "me.penalty": 25}),
        45,
    ),
    ("rummy500", "match", lambda v: v.match.target, 500),
    # bridge
    ("bridge", "players", lambda v: (v.min_players, v.max_players), (2, 6)),
    ("bridge", "108 cards", lambda v: (v.decks(3), v.jokers(3)), (2, 4)),
    (
        "bridge",
        "dealer's 11th card",
        lambda v: (v.deal.dealer_extra, v.deal.dealer_extra_to, v.deal.upcard),
        (1, "discard", False),
    ),
    (
        "bridge",
        "jokers wild, -20",
        lambda v: (v.melds.wild.cards, v.joker_values["hand"]),
        (("joker",), 20),
    ),
    (
        "bridge",
        "patterns",
        lambda v: [(p.name, p.suit, p.ranks, p.run) for p in v.melds.patterns],
        [
            ("colour", "same", None, False),
            ("figures", None, (11, 12, 13), False),
            ("full colour", "same", None, True),
        ],
    ),
    ("bridge", "knock 5", lambda v: v.knock.limit(KNOCK_ENV), 5),
    (
        "bridge",
        "minus deadwood",
        lambda v: {r: set(v.scoring.rules[r]) for r in ("knock", "gin", "undercut")},
        {r: {"each"} for r in ("knock", "gin", "undercut")},
    ),
    ("bridge", "joker deadwood 20", lambda v: hand_penalty(v, "JK 7H 2C KD"), 39),
    ("bridge", "joker in a run", lambda v: hand_penalty(v, "JK 7H 8H 2C"), 2),
    ("bridge", "each", lambda v: score(v, "knock", "each", GIN_END), -7),
    (
        "bridge",
        "elimination",
        lambda v: (
            v.match.target,
            v.match.eliminate,
            v.match.bonus.game,
            v.match.bonus.box,
            v.match.bonus.shutout,
        ),
        (None, -100, 0, 0, 1),
    ),
    # remik
    (
        "remik",
        "players",
        lambda v: (v.min_players, v.max_players, v.deal.cards(3), v.jokers(2)),
        (2, 3, 14, 2),
    ),
    ("remik", "ace", lambda v: v.ace, "high_or_low"),
    (
        "remik",
        "joker rules",
        lambda v: (v.melds.wild.cards, v.melds.wild.outnumber, v.melds.wild.unique),
        (("joker",), False, True),
    ),
    (
        "remik",
        "later turns",
        lambda v: [
            f({"me.laid_down_before": b})
            for b in (False, True)
            for f in (v.melds.wild.swap, v.play.layoff, v.draw.discard.when)
        ],
        [False] * 3 + [True] * 3,
    ),
    ("remik", "top discard laid at once", lambda v: v.draw.discard.use, "any"),
    (
        "remik",
        "discard always",
        lambda v: (v.discard.required, v.going_out.by),
        ("always", {"discard"}),
    ),
    (
        "remik",
        "joker 20, rummy doubles",
        lambda v: (v.joker_values["hand"], score(v, "out", "winner", {**RUMMY_WIN, "rummy": True})),
        (20, 60),
    ),
    # continental
    ("continental", "players", lambda v: (v.min_players, v.max_players), (2, 12)),
    ("continental", "decks", lambda v: per_players(v.decks, v), [2] * 4 + [3] * 3 + [4] * 4),
    ("continental", "jokers", lambda v: per_players(v.jokers, v), [2] * 4 + [3] * 3 + [4] * 4),
    ("continental", "deal 15", lambda v: v.deal.cards(12), 15),
    (
        "continental",
        "a card 1, a joker 2",
        lambda v: ({v.card_value(r) for r in range(1, 14)}, v.joker_values["hand"]),
        ({1}, 2),
    ),
    ("continental", "wild", lambda v: (v.melds.wild.cards, v.melds.set.suits), (("joker",), "any")),
    (
        "continental",
        "all at once",
        lambda v: (v.play.melding, v.going_out.partition_melds, v.going_out.by),
        ("going_out", (1, 3, 5), {"discard"}),
    ),
    ("continental", "a card 1, a joker 2", lambda v: hand_penalty(v, "JK 7H 8H 9H KS"), 6),
    (
        "continental",
        "no rummy doubling",
        lambda v: score(v, "out", "winner", {**RUMMY_WIN, "rummy": True}),
        30,
    ),
    ("continental", "stock", lambda v: (v.stock.exhausted, v.match.target), ("recycle", 100)),
    # house rules
    ("rummy-one-meld", "one meld", lambda v: v.play.melds_per_turn, 1),
    ("gin-pagat", "gin 20", lambda v: score(v, "gin", "winner", GIN_END), 50),
    ("gin-pagat", "undercut 10", lambda v: score(v, "undercut", "winner", UNDERCUT), 12),
    ("gin-pagat", "box 20", lambda v: (v.match.bonus.box, v.match.bonus.game), (20, 100)),
    (
        "michigan-own-deadwood",
        "own",
        lambda v: (set(v.scoring.rules["out"]), score(v, "out", "each", {"me.penalty": 9})),
        ({"each"}, -9),
    ),
    ("michigan-recycle", "recycle", lambda v: v.stock.exhausted, "recycle"),
    (
        "rummy500-layoff",
        "lay off suffices",
        lambda v: (v.draw.depth.use, v.draw.depth.hand_cards),
        ("any", 2),
    ),
    (
        "continental-bicycle",
        "runs only",
        lambda v: (v.melds.set, v.melds.run is not None),
        (None, True),
    ),
    (
        "continental-bicycle",
        "partitions",
        lambda v: (v.going_out.partition_melds, v.going_out.partition_sizes),
        (None, ((3, 3, 3, 3, 3), (4, 4, 4, 3), (5, 4, 3, 3))),
    ),
    (
        "continental-bicycle",
        "no wild: 11 each",
        lambda v: [
            score(v, "out", r, {"losers.count": 3, "winner.melded_jokers": 0})
            for r in ("winner", "losers")
        ],
        [33, -11],
    ),
    (
        "continental-bicycle",
        "two jokers: 5 each",
        lambda v: [
            score(v, "out", r, {"losers.count": 3, "winner.melded_jokers": 2})
            for r in ("winner", "losers")
        ],
        [15, -5],
    ),
]


@pytest.mark.parametrize(
    ("name", "fact", "get", "expected"), FACTS, ids=[f"{n}-{f}" for n, f, _, _ in FACTS]
)
def test_fact(name: str, fact: str, get: Callable[[Any], Any], expected: Any) -> None:
    assert get(_variant(name)) == expected, f"{name}: {fact}"
