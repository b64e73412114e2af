"""Fuzzing the loader: mutated rule files load or fail with located problems, never crash.

Valid rule texts (tests/data/valid, and the bundled `.rules` variants when the
DSL front end is present) are mutated by deletions, duplications, swaps of
lines and random bytes; every result must be a `Variant` or a `RuleFileError`
whose problems all carry a line, within a time bound (hypothesis `deadline`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.errors import RuleFileError
from rulespec.spec.load import bundled_dir, load_text
from rulespec.spec.model import Variant

VALID = Path(__file__).parent / "data" / "valid"


def _sources() -> list[tuple[str, bytes, str]]:
    found = [(str(p), p.read_bytes(), "yaml") for p in sorted(VALID.glob("*.yaml"))]
    if importlib.util.find_spec("rulespec.grammar.transformer") is not None:
        folder = bundled_dir()
        if folder.is_dir():
            found += [(str(p), p.read_bytes(), "rules") for p in sorted(folder.glob("*.rules"))]
    return found


SOURCES = _sources()


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes, str]:
    file, data, kind = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        size = len(data)
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "bytes", "lines"]))
        i = draw(st.integers(0, size))
        j = draw(st.integers(i, min(size, i + 40)))
        if op == "delete":
            data = data[:i] + data[j:]
        elif op == "duplicate":
            k = draw(st.integers(0, size))
            data = data[:k] + data[i:j] + data[k:]
        elif op == "bytes":
            noise = draw(st.binary(min_size=1, max_size=8))
            data = data[:i] + noise + data[j:]
        elif op == "swap":
            k = draw(st.integers(j, size))
            data = data[:i] + data[j:k] + data[i:j] + data[k:]
        else:
            lines = data.split(b"\n")
            a = draw(st.integers(0, len(lines) - 1))
            b = draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
    return file, data, kind


@settings(
    max_examples=150,
    deadline=5000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_mutated_rule_text_is_valid_or_located(case: tuple[str, bytes, str]) -> None:
    file, data, kind = case
    try:
        variant = load_text(data, file, kind)
    except RuleFileError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line is not None and problem.line >= 1, problem
            assert problem.message
        return
    assert isinstance(variant, Variant)


def test_unmutated_sources_load() -> None:
    for file, data, kind in SOURCES:
        assert isinstance(load_text(data, file, kind), Variant), file


# --- random documents: any combination of (mostly) well-typed rules --------------------

COUNT = st.one_of(
    st.integers(-1, 70),
    st.dictionaries(
        st.sampled_from(["1", "2", "3", "2-4", "3-4", "5-6", "4-2", "2-16", "7-8"]),
        st.integers(-1, 70),
        min_size=1,
        max_size=3,
    ),
)
EXPR_INT = st.one_of(
    st.integers(-30, 30),
    st.sampled_from(["face", "place == run_low ? 1 : 15", "upcard.value", "me.penalty", "1 +"]),
)
EXPR_BOOL = st.one_of(st.booleans(), st.sampled_from(["me.laid_down_before", "me.turn > 1", "3"]))
SECTIONS = {
    "players": st.fixed_dictionaries(
        {}, optional={"min": st.integers(0, 17), "max": st.integers(0, 17)}
    ),
    "deck": st.fixed_dictionaries({}, optional={"decks": COUNT, "jokers": COUNT}),
    "deal": st.fixed_dictionaries(
        {},
        optional={
            "cards": COUNT,
            "packet": st.integers(0, 5),
            "dealer_extra": st.integers(0, 2),
            "dealer_extra_to": st.sampled_from(["hand", "discard"]),
            "upcard": st.booleans(),
        },
    ),
    "ace": st.sampled_from(["low", "high", "high_or_low", "wrap", "up"]),
    "values": st.dictionaries(
        st.sampled_from(["A", "pips", "2", "T", "J", "joker", "Z"]), EXPR_INT, max_size=4
    ),
    "melds": st.fixed_dictionaries(
        {},
        optional={
            "set": st.one_of(
                st.just(False),
                st.fixed_dictionaries(
                    {}, optional={"min": st.integers(1, 6), "max": st.none() | st.integers(1, 6)}
                ),
            ),
            "run": st.one_of(
                st.just(False),
                st.fixed_dictionaries({}, optional={"min": st.integers(1, 14)}),
            ),
            "patterns": st.lists(
                st.fixed_dictionaries(
                    {"name": st.sampled_from(["a", "b"])},
                    optional={"suit": st.just("same"), "ranks": st.just(["J", "Q", "K"])},
                ),
                max_size=2,
            ),
            "wild": st.fixed_dictionaries(
                {},
                optional={
                    "cards": st.lists(st.sampled_from(["joker", "2"]), unique=True),
                    "per_meld": st.none() | st.integers(0, 3),
                    "swap": EXPR_BOOL,
                },
            ),
        },
    ),
    "draw": st.fixed_dictionaries(
        {},
        optional={
            "stock": st.booleans(),
            "discard": st.one_of(
                st.booleans(),
                st.fixed_dictionaries(
                    {},
                    optional={
                        "when": EXPR_BOOL,
                        "use": st.sampled_from(["none", "meld", "any"]),
                        "hand_cards": st.integers(0, 3),
                    },
                ),
            ),
            "depth": st.one_of(
                st.just(False), st.fixed_dictionaries({}, optional={"min": st.integers(0, 3)})
            ),
            "upcard_offer": st.booleans(),
        },
    ),
    "play": st.fixed_dictionaries(
        {},
        optional={
            "melding": st.sampled_from(["anytime", "going_out", "never"]),
            "layoff": EXPR_BOOL,
            "first_laydown_min": EXPR_INT,
        },
    ),
    "discard": st.fixed_dictionaries(
        {}, optional={"required": st.sampled_from(["always", "unless_out"])}
    ),
    "going_out": st.fixed_dictionaries(
        {},
        optional={
            "by": st.lists(st.sampled_from(["meld", "layoff", "discard"]), max_size=3),
            "partition": st.one_of(
                st.none(),
                st.fixed_dictionaries({"melds": st.lists(st.integers(0, 6), max_size=3)}),
                st.fixed_dictionaries(
                    {"sizes": st.lists(st.lists(st.integers(0, 8), max_size=4), max_size=2)}
                ),
            ),
        },
    ),
    "knock": st.one_of(st.just(False), st.fixed_dictionaries({"limit": EXPR_INT})),
    "stock": st.fixed_dictionaries(
        {},
        optional={
            "exhausted": st.sampled_from(["recycle", "end", "void"]),
            "reserve": st.integers(0, 3),
        },
    ),
    "scoring": st.fixed_dictionaries(
        {},
        optional={
            "multiplier": EXPR_INT,
            "out": st.dictionaries(st.sampled_from(["winner", "losers", "each"]), EXPR_INT),
            "stock": st.dictionaries(st.sampled_from(["winner", "each"]), EXPR_INT),
        },
    ),
    "match": st.fixed_dictionaries(
        {}, optional={"target": st.none() | st.integers(-10, 500), "rounds": EXPR_INT}
    ),
}


@settings(max_examples=300, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({"name": st.just("random"), "title": st.just("R")}, optional=SECTIONS))
def test_random_documents_are_valid_or_located(doc: dict[str, object]) -> None:
    text = yaml.safe_dump(doc, sort_keys=False)
    try:
        variant = load_text(text, "random.yaml")
    except RuleFileError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line is not None and problem.line >= 1, problem
        return
    assert isinstance(variant, Variant)
    assert variant.card_value(1) == variant.values[1]["hand"]
