"""Fuzzing the loader: mutated rule files load or fail with located problems, never crash.

Valid rule texts (tests/data/valid, and the bundled `.rules` variants when the
DSL front end is present) are mutated by deletions, duplications, swaps of
lines and random bytes; every result must be a `Variant` or a `RuleFileError`
whose problems all carry a line, within a time bound (hypothesis `deadline`).

Token-level fuzzing (`test_token_mutations_load_or_are_located`): every bundled
`.rules` file is cut into tokens and mutated by deleting, duplicating,
swapping and replacing tokens, with words of the grammar's vocabulary and
numbers up to thousands of digits. Each mutant is loaded as untrusted text;
one that loads must deal a game and play random moves with no exception but
a rulespec error. Bounded for CI (derandomized, `max_examples`, a deadline
per example); `RULESPEC_FUZZ_EXAMPLES=2000` runs a longer, random search.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rulespec.compiler.load import bundled_dir, load_text
from rulespec.core.errors import RuleFileError, RulespecError
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

VALID = Path(__file__).resolve().parents[1] / "data" / "valid"


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


# --- token-level mutations of the bundled variants -------------------------------------

_TOKEN = re.compile(
    r'\s+|"(?:[^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_.-]*|[0-9]+|\.\.|==|!=|<=|>=|//|\S'
)


def _tokens(text: str) -> list[str]:
    """The text as tokens, whitespace and comments included (joining them gives the text)."""
    return _TOKEN.findall(text)


NUMBERS = ["0", "1", "2", "3", "4", "5", "7", "8", "10", "11", "13", "14", "16", "17", "32"]
NUMBERS += ["60", "61", "200", "999999", "1000000", "1000001", "2147483648", "9" * 40]
NUMBERS += ["9" * 400, "9" * 4400]


def _vocabulary() -> list[str]:
    """Every keyword and symbol of the grammar, names of the expression contexts, numbers."""
    from rulespec.grammar.parser import get_parser
    from rulespec.model.names import names_for

    words = {str(t.pattern.value) for t in get_parser().terminals if t.pattern.type == "str"}
    words |= {"left", "right", "distinct", "any", "none", "meld", "own", "squared", "spread"}
    words |= {"recycle", "end", "void", "hand", "deadwood", "winner", "losers", "each"}
    for context in ("card_value", "turn", "knock", "score", "match"):
        words |= set(names_for(context))
    words |= {"face", "place", "upcard.rank", "min", "max", "abs", '"x"', '""', "gin", "rummy"}
    return sorted(words) + NUMBERS


BUNDLED_RULES = sorted(bundled_dir().glob("*.rules")) if bundled_dir().is_dir() else []
VOCABULARY = _vocabulary() if BUNDLED_RULES else []


OPS = ["delete", "duplicate", "swap", "replace", "insert"]


@st.composite
def token_mutant(draw: st.DrawFn) -> tuple[str, str]:
    path = draw(st.sampled_from(BUNDLED_RULES))
    tokens = _tokens(path.read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        spots = [i for i, t in enumerate(tokens) if t.strip() and not t.startswith("#")]
        i = draw(st.sampled_from(spots))
        op = draw(st.sampled_from([*OPS, "number", "number", "number"]))
        digits = [j for j in spots if tokens[j].isdigit()]
        if op == "number" and digits:  # most often still a valid file: exercises the engine
            tokens[draw(st.sampled_from(digits))] = draw(st.sampled_from(NUMBERS))
        elif op == "delete":
            tokens[i] = " "
        elif op == "duplicate":
            tokens.insert(draw(st.sampled_from(spots)), tokens[i] + " ")
        elif op == "swap":
            j = draw(st.sampled_from(spots))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "replace":
            tokens[i] = draw(st.sampled_from(VOCABULARY))
        else:
            tokens.insert(i, draw(st.sampled_from(VOCABULARY)) + " ")
    return path.name, "".join(tokens)


def _play_a_little(variant: Variant, seed: int) -> None:
    """Deal and play random moves; only rulespec errors may come out (a refused deal, say)."""
    rng = random.Random(seed)
    players = min(max(variant.min_players, 2), variant.max_players)
    try:
        game = Game.new(variant, players, seed=seed)
        for _ in range(60):
            if game.hand_over:
                break
            game.play(rng.choice(game.legal_moves()))
    except RulespecError:
        pass


_EXAMPLES = int(os.environ.get("RULESPEC_FUZZ_EXAMPLES", "0"))


@settings(
    max_examples=_EXAMPLES or 250,
    derandomize=not _EXAMPLES,
    deadline=10_000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(token_mutant(), st.integers(0, 2**16))
def test_token_mutations_load_or_are_located(case: tuple[str, str], seed: int) -> None:
    name, text = case
    try:
        variant = load_text(text, name, "rules", trusted=False)
    except RuleFileError as exc:
        event("refused")
        assert exc.problems
        for problem in exc.problems:
            assert problem.message and "\n" not in problem.message, problem
            assert problem.line is not None and problem.line >= 1, problem
        return
    assert isinstance(variant, Variant)
    event("accepted")
    _play_a_little(variant, seed)


def test_token_vocabulary_covers_the_grammar() -> None:
    assert len(BUNDLED_RULES) >= 10
    assert {"variant", "extends", "melds", "?", "max", "9" * 4400} <= set(VOCABULARY)
    for path in BUNDLED_RULES:
        text = path.read_text(encoding="utf-8")
        assert "".join(_tokens(text)) == text


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
