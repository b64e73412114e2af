"""The `.rules` front end and printer: statements, located errors, lossless round trip."""

from __future__ import annotations

import copy
import glob
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.core.errors import RuleFileError
from rulespec.grammar.printer import PrintError, dump_rules
from rulespec.grammar.transformer import parse_rules

DATA = Path(__file__).resolve().parents[1] / "data" / "grammar"
ROOT = Path(__file__).resolve().parents[2]
STATEMENTS = yaml.safe_load((DATA / "statements.yaml").read_text(encoding="utf-8"))
ERRORS = yaml.safe_load((DATA / "errors.yaml").read_text(encoding="utf-8"))


def roundtrip(doc: dict[str, Any]) -> dict[str, Any]:
    return parse_rules(dump_rules(doc))[0]


# --- statements -> document -------------------------------------------------------


@pytest.mark.parametrize("case", STATEMENTS, ids=[c["rules"][:40] for c in STATEMENTS])
def test_statement_gives_document(case: dict[str, Any]) -> None:
    doc, _ = parse_rules("variant t {\n  " + case["rules"] + "\n}\n")
    assert doc == {"name": "t", **case["doc"]}
    # and the printer says it back losslessly
    assert roundtrip(doc) == doc


def test_header_forms() -> None:
    assert parse_rules("variant my-rummy {}")[0] == {"name": "my-rummy"}
    assert parse_rules("variant ok extends gin {}")[0] == {"name": "ok", "extends": "gin"}
    doc = parse_rules('variant x extends "../house/base.rules" {}')[0]
    assert doc["extends"] == "../house/base.rules"
    assert parse_rules("variant x extends none {}")[0] == {"name": "x", "extends": None}
    assert parse_rules('variant "Odd Name" {}')[0] == {"name": "Odd Name"}


def test_source_map_points_at_values() -> None:
    text = (
        "# comment\n"
        "variant gin {\n"
        '  title "Gin"\n'
        "  deal 10 for 2, 7 for 3-4\n"
        "  knock when deadwood <= 10\n"
        "  wild cards joker 2\n"
        '  pattern "colour": same suit\n'
        "}\n"
    )
    _, where = parse_rules(text)
    assert where[""] == (2, 1)
    assert where["name"] == (2, 9)
    assert where["title"] == (3, 3)
    assert where["deal"] == (4, 3)
    assert where["deal.cards.2"] == (4, 8)
    assert where["deal.cards.3-4"] == (4, 18)
    assert where["knock.limit"] == (5, 26)
    assert where["melds.wild.cards.1"] == (6, 20)
    assert where["melds.patterns.0"] == (7, 3)
    assert where["melds.patterns.0.name"] == (7, 11)
    assert where["melds.patterns.0.suit"] == (7, 21)


def test_bundled_variants_parse_and_round_trip() -> None:
    files = sorted(glob.glob(str(ROOT / "variants" / "*.rules")))
    assert files, "no bundled .rules files found"
    for name in files:
        doc, where = parse_rules(Path(name).read_text(encoding="utf-8"), name)
        assert doc["name"] == Path(name).stem
        assert where["name"][0] >= 1
        assert roundtrip(doc) == doc, name


def test_every_data_file_converts_losslessly() -> None:
    """Every YAML and DSL file of the test data and examples survives document -> DSL -> doc."""
    from rulespec.grammar.yamlfront import parse_yaml

    files = sorted((ROOT / "tests" / "data" / "valid").iterdir())
    files += sorted((ROOT / "examples").rglob("*.rules"))
    checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".yaml":
            doc = parse_yaml(text, str(path))[0]
        elif path.suffix == ".rules":
            doc = parse_rules(text, str(path))[0]
        else:
            continue
        assert roundtrip(doc) == doc, path
        checked += 1
    assert checked >= 10


# --- errors -----------------------------------------------------------------------


@pytest.mark.parametrize("case", ERRORS, ids=[c["text"][12:40] for c in ERRORS])
def test_errors_are_located(case: dict[str, Any]) -> None:
    with pytest.raises(RuleFileError) as info:
        parse_rules(case["text"], "x.rules")
    problems = info.value.problems
    assert len(problems) == len(case["problems"]), [p.render() for p in problems]
    for got, want in zip(problems, case["problems"], strict=True):
        assert (got.line, got.column) == (want["line"], want["column"]), got.render()
        assert want["message"] in got.message, got.render()
        assert got.path == want.get("path", "")
        assert got.file == "x.rules"
        assert got.source_line == case["text"].split("\n")[(got.line or 0) - 1]
        assert "Token" not in got.message and "\n" not in got.message


def test_error_recovery_stops_cascades() -> None:
    """A broken statement never produces errors in the good statements after it."""
    good = "\n".join(f"  values {k} = {i}" for i, k in enumerate("A23456789TJQK"))
    text = "variant t {\n  players two\n" + good + "\n  ace sideways\n" + good + "\n}\n"
    with pytest.raises(RuleFileError) as info:
        parse_rules(text)
    lines = [p.line for p in info.value.problems]
    assert lines[:2] == [2, 16]
    assert all("set twice" in p.message for p in info.value.problems[2:])


def test_error_count_is_capped() -> None:
    text = "variant t {\n" + "".join(f"  players x{i}\n" for i in range(50)) + "}\n"
    with pytest.raises(RuleFileError) as info:
        parse_rules(text)
    problems = info.value.problems
    assert len(problems) == 11
    assert [p.line for p in problems[:10]] == list(range(2, 12))
    assert problems[-1].message == "too many syntax errors: the first 10 are shown"


def test_hostile_inputs_give_located_errors() -> None:
    for text in [
        "",
        "variant",
        "}" * 1000,
        "variant t {" + "(" * 5000,
        "\0\0",
        "variant t { values A = " + "-" * 3000 + "1 }",
    ]:
        with pytest.raises(RuleFileError) as info:
            parse_rules(text)
        assert info.value.problems
        assert all(p.line is not None for p in info.value.problems)
    deep = "variant t { values A = " + "(" * 40 + "1" + ")" * 40 + " }"
    with pytest.raises(RuleFileError, match="nested deeper than 32"):
        parse_rules(deep)


def test_printer_refuses_what_it_cannot_say() -> None:
    bad_docs: list[dict[str, Any]] = [
        {"name": "x", "colour": "red"},
        {"name": "x", "deck": {"decks": 2, "shuffles": 3}},
        {"name": "x", "players": {"min": "two"}},
        {"name": "x", "draw": {"pile": "yes"}},
        {"name": "x", "deal": {"cards": {"two": 10}}},
        {"name": "x", "ace": "sideways"},
        {"name": "x", "knock": True},
        {"name": "x", "values": {"Z": 3}},
        {"name": "x", "values": {"10": 3}},
        {"name": "x", "melds": {"patterns": [{"suit": "same"}]}},
        {"name": "x", "match": {"bonus": {"replace": "yes", "game": 1}}},
        {"name": "x", "going_out": {"by": []}},
        {"title": "no name"},
        {"name": "x", "values": {"A": None}},
        {"name": "x", "players": {"replace": False, "min": 2}},
    ]
    for doc in bad_docs:
        with pytest.raises(PrintError):
            dump_rules(doc)


def test_printer_output_is_readable() -> None:
    doc = {
        "name": "gin",
        "title": "Gin Rummy",
        "players": {"min": 2, "max": 2},
        "values": {"A": 1, "J": 10, "Q": 10, "K": 10, "pips": "face"},
        "knock": {"limit": 10},
        "match": {"target": 100, "bonus": {"game": 100, "box": 25, "shutout": 2}},
    }
    assert dump_rules(doc) == (
        "variant gin {\n"
        '  title   "Gin Rummy"\n'
        "  players 2\n"
        "  values  A = 1, J Q K = 10, pips = face\n"
        "  knock   when deadwood <= 10\n"
        "  match   to 100, game bonus 100, box 25, shutout doubles\n"
        "}\n"
    )


def test_parser_is_cached_and_fast() -> None:
    parse_rules("variant warm {}")
    text = (ROOT / "variants" / "gin.rules").read_text(encoding="utf-8")
    start = time.process_time()  # this process's CPU: a busy machine does not count
    for _ in range(20):
        parse_rules(text)
    assert (time.process_time() - start) / 20 < 0.05


# --- property: every document round-trips -------------------------------------------

ints = st.integers(-1000, 1000)
counts = st.integers(0, 60)
texts = st.text(max_size=20)
table_keys = st.from_regex(r"[1-9][0-9]?(-[1-9][0-9]?)?", fullmatch=True)
tables = st.one_of(counts, st.dictionaries(table_keys, counts, min_size=1, max_size=4))
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
EXPRESSIONS = [
    "face",
    "place == run_low ? 1 : 15",
    "me.laid_down_before",
    "upcard.rank == A ? 0 : upcard.value",
    "losers.penalty * (rummy ? 2 : 1)",
    "-me.penalty",
    "min(1, 2, players)",
    "not me.laid_down and stock > 2",
]
expressions = st.one_of(ints, st.booleans(), st.sampled_from(EXPRESSIONS), texts)


def mapping(optional: dict[str, Any], replace: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    base = st.fixed_dictionaries({}, optional=optional)
    if not replace:
        return base
    return st.tuples(base, st.booleans()).map(lambda t: {**t[0], "replace": True} if t[1] else t[0])


def listing(items: st.SearchStrategy[Any], **kw: Any) -> st.SearchStrategy[Any]:
    lists = st.lists(items, **kw)
    return st.one_of(lists, lists.map(lambda v: {"replace": v}))


def enum(*words: str) -> st.SearchStrategy[str]:
    return st.sampled_from(words)


optional_int = st.one_of(st.none(), ints)
ranges = mapping({"min": ints, "max": optional_int, "suits": enum("distinct", "any")})
pile = mapping(
    {"when": expressions, "use": enum("none", "meld", "any"), "hand_cards": ints, "min": ints}
)
pattern = st.fixed_dictionaries(
    {"name": texts},
    optional={
        "suit": st.just("same"),
        "ranks": st.lists(enum(*RANKS), min_size=1, max_size=4, unique=True),
        "run": st.booleans(),
    },
)
roles = mapping({"winner": expressions, "losers": expressions, "each": expressions})
DOCUMENTS = st.fixed_dictionaries(
    {"name": st.one_of(st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True), texts)},
    optional={
        "title": texts,
        "description": texts,
        "source": texts,
        "extends": st.one_of(st.none(), st.sampled_from(["gin", "none", "../a b.rules"]), texts),
        "players": mapping({"min": ints, "max": ints}),
        "deck": mapping({"decks": tables, "jokers": tables}),
        "dealer": mapping(
            {
                "first": enum("cut", "random"),
                "rotation": enum("left", "right"),
                "next": enum("rotate", "winner", "loser"),
            }
        ),
        "deal": mapping(
            {
                "cards": tables,
                "packet": ints,
                "dealer_extra": ints,
                "dealer_extra_to": enum("hand", "discard"),
                "upcard": st.booleans(),
            }
        ),
        "ace": enum("low", "high", "high_or_low", "wrap"),
        "values": mapping({k: expressions for k in [*RANKS, "pips", "joker"]}),
        "melds": mapping(
            {
                "set": st.one_of(st.just(False), ranges),
                "run": st.one_of(st.just(False), mapping({"min": ints, "max": optional_int})),
                "patterns": listing(pattern, max_size=3),
                "wild": mapping(
                    {
                        "cards": listing(enum("joker", *RANKS), max_size=4, unique=True),
                        "per_meld": optional_int,
                        "outnumber": st.booleans(),
                        "unique": st.booleans(),
                        "swap": expressions,
                    }
                ),
            }
        ),
        "draw": mapping(
            {
                "stock": st.booleans(),
                "discard": st.one_of(st.booleans(), pile),
                "discard_then_stock": st.booleans(),
                "discard_then_discard": st.booleans(),
                "depth": st.one_of(st.just(False), pile),
                "pile": st.booleans(),
                "upcard_offer": st.booleans(),
            }
        ),
        "play": mapping(
            {
                "melding": enum("anytime", "going_out", "never"),
                "melds_per_turn": optional_int,
                "layoff": expressions,
                "layoff_onto": enum("any", "own"),
                "first_laydown_min": expressions,
            }
        ),
        "discard": mapping(
            {
                "required": enum("always", "unless_out"),
                "forbid_taken": st.booleans(),
                "pile": enum("squared", "spread"),
            }
        ),
        "going_out": mapping(
            {
                "by": listing(enum("meld", "layoff", "discard"), min_size=1, unique=True),
                "partition": st.one_of(
                    st.none(),
                    mapping(
                        {
                            "melds": listing(ints, min_size=1, max_size=3),
                            "sizes": listing(st.lists(ints, min_size=1, max_size=4), min_size=1),
                        },
                    ),
                ),
            }
        ),
        "knock": st.one_of(
            st.just(False),
            mapping({"limit": expressions, "layoff": st.booleans(), "show": st.just("all")}),
        ),
        "stock": mapping({"exhausted": enum("recycle", "end", "void"), "reserve": ints}),
        "scoring": mapping(
            {
                "penalty": enum("hand", "deadwood"),
                "ranks_once": st.booleans(),
                "meld_credit": st.booleans(),
                "multiplier": expressions,
                **{
                    reason: roles for reason in ["out", "knock", "gin", "undercut", "stock", "void"]
                },
            }
        ),
        "match": mapping(
            {
                "target": optional_int,
                "tie": enum("highest", "play_on"),
                "eliminate": optional_int,
                "rounds": st.one_of(st.none(), expressions),
                "bonus": mapping({"game": ints, "box": ints, "shutout": ints}),
            }
        ),
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCUMENTS)
def test_every_document_round_trips(doc: dict[str, Any]) -> None:
    original = copy.deepcopy(doc)
    text = dump_rules(doc)
    assert doc == original  # the printer does not touch its input
    assert parse_rules(text)[0] == doc, text
    assert dump_rules(parse_rules(text)[0]) == text  # canonical: printing is a fixed point


def test_every_documented_key_round_trips() -> None:
    """One document holding every key of docs/document.md at a non-default value."""
    doc = {
        "name": "everything",
        "title": "Every key",
        "description": "one line",
        "source": "a citation",
        "extends": "gin",
        "players": {"min": 2, "max": 6},
        "deck": {"decks": {"2-4": 1, "5-6": 2}, "jokers": 2},
        "dealer": {"first": "random", "rotation": "right", "next": "winner"},
        "deal": {
            "cards": {"2": 10, "3-4": 7, "5-6": 6},
            "packet": 3,
            "dealer_extra": 1,
            "dealer_extra_to": "discard",
            "upcard": False,
        },
        "ace": "high_or_low",
        "values": {
            "A": "place == run_low ? 1 : 15",
            "pips": "face",
            "J": 10,
            "Q": 10,
            "K": 10,
            "joker": 20,
            "7": 0,
            "T": 10,
        },
        "melds": {
            "set": {"min": 3, "max": None, "suits": "any"},
            "run": {"min": 3, "max": 10},
            "patterns": [
                {"name": "colour", "suit": "same"},
                {"name": "figures", "ranks": ["J", "Q", "K"]},
                {"name": "full colour", "suit": "same", "run": True},
            ],
            "wild": {
                "cards": ["joker", "2"],
                "per_meld": 1,
                "outnumber": False,
                "unique": True,
                "swap": "me.laid_down_before",
            },
        },
        "draw": {
            "stock": True,
            "discard": {"when": "me.laid_down_before", "use": "any"},
            "discard_then_stock": True,
            "discard_then_discard": True,
            "depth": {"min": 2, "use": "meld", "hand_cards": 2},
            "pile": True,
            "upcard_offer": True,
        },
        "play": {
            "melding": "going_out",
            "melds_per_turn": 1,
            "layoff": "me.laid_down_before",
            "layoff_onto": "own",
            "first_laydown_min": 51,
        },
        "discard": {"required": "always", "forbid_taken": False, "pile": "spread"},
        "going_out": {"by": ["discard"], "partition": {"sizes": [[3, 3, 3, 3, 3], [4, 4, 4, 3]]}},
        "knock": {"limit": "upcard.rank == A ? 0 : upcard.value", "layoff": False, "show": "all"},
        "stock": {"exhausted": "void", "reserve": 2},
        "scoring": {
            "penalty": "deadwood",
            "ranks_once": True,
            "meld_credit": True,
            "multiplier": "upcard.suit == spades ? 2 : 1",
            "out": {"winner": "losers.penalty", "losers": "-me.penalty"},
            "knock": {"winner": "losers.deadwood - me.deadwood"},
            "gin": {"winner": "losers.deadwood + 25"},
            "undercut": {"winner": "knocker.deadwood - me.deadwood + 25"},
            "stock": {"each": "-me.penalty"},
            "void": {},
        },
        "match": {
            "target": 500,
            "tie": "play_on",
            "eliminate": -100,
            "rounds": "players",
            "bonus": {"game": 100, "box": 25, "shutout": 2},
        },
    }
    assert roundtrip(doc) == doc


def test_every_example_in_the_language_doc_parses() -> None:
    """Each DSL example in docs/language.md's tables is a valid statement."""
    import re

    from rulespec.grammar.transformer import STATEMENT_WORDS

    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    checked = 0
    for line in text.split("\n"):
        if not line.startswith("| `"):
            continue
        for code in re.findall(r"`([^`]+)`", line.split("|")[1]):
            first = code.split()[0]
            if first == "variant":
                parse_rules(code.replace("{ … }", "{}"))
            elif first in STATEMENT_WORDS:
                parse_rules("variant t {\n" + code + "\n}")
            else:
                continue
            checked += 1
    assert checked > 100
    fenced = re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S)
    blocks = [block for tag, block in fenced if tag not in ("text", "yaml")]
    for block in (block for tag, block in fenced if tag == "yaml"):
        assert isinstance(yaml.safe_load(block), dict)  # a YAML form shown beside the DSL
    for block in blocks:
        if "variant" in block:
            parse_rules(block)
        else:
            parse_rules("variant t {\n" + block + "}")
    assert len(blocks) >= 3


# --- property: no input crashes the front end ------------------------------------

WORDS = sorted(
    {"variant", "extends", "none", "{", "}", ",", ":", "=", "..", "-", "+", "(", ")", "?"}
    | {"replace", "players", "deck", "decks", "deal", "each", "for", "values", "A", "J"}
    | {"melds", "set", "run", "of", "pattern", "wild", "cards", "draw", "discard", "then"}
    | {"stock", "knock", "when", "deadwood", "<=", "score", "out", "winner", "match", "to"}
    | {"going", "by", "or", "as", "no", "min", "max", "3", "10", '"x"', "me.penalty", "\n"}
)
GIN = (ROOT / "variants" / "gin.rules").read_text(encoding="utf-8")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=40))
def test_token_soup_never_crashes(words: list[str]) -> None:
    text = "variant t {\n" + " ".join(words) + "\n}\n"
    try:
        doc, where = parse_rules(text)
    except RuleFileError as error:
        assert error.problems
        for problem in error.problems:
            assert problem.line is not None and problem.column is not None
            assert "\n" not in problem.message
        return
    assert doc["name"] == "t"
    assert roundtrip(doc) == doc


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_files_never_crash(data: st.DataObject) -> None:
    text = GIN
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        insert = data.draw(st.sampled_from(["", "x", ",", "{", "}", '"', "(", "-", "\n", "#"]))
        text = text[:at] + insert + text[at + cut :]
    try:
        parse_rules(text)
    except RuleFileError as error:
        assert error.problems
        assert all(p.line is not None for p in error.problems)


def test_keywords_stay_usable_as_names() -> None:
    """DSL keywords are only keywords where a statement expects them."""
    doc, _ = parse_rules(
        "variant stock extends knock {\n"
        '  title "players deck deal values melds draw knock score match"\n'
        "  draw discard when stock > players use meld\n"
        "  match rounds players\n"
        "  score stock each = reason == stock ? -me.penalty : 0\n"
        '  pattern "set run replace": run\n'
        "}\n"
    )
    assert doc["name"] == "stock" and doc["extends"] == "knock"
    assert doc["draw"]["discard"] == {"when": "stock > players", "use": "meld"}
    assert doc["match"]["rounds"] == "players"
    assert doc["scoring"]["stock"]["each"] == "reason == stock ? -me.penalty : 0"
    assert doc["melds"]["patterns"][0]["name"] == "set run replace"
