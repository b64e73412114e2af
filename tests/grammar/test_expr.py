"""The expression language: parse, normalise, type check, compile; the names catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.core.errors import RulespecError
from rulespec.grammar.expr import (
    Binary,
    Bool,
    Call,
    Cond,
    Expr,
    ExprError,
    Int,
    Name,
    Unary,
    check_expression,
    compile_expression,
    names_in,
    normalise,
    parse_expression,
    unparse,
)
from rulespec.model import names as N

EXPRESSIONS = Path(__file__).resolve().parents[1] / "data/grammar/expressions.yaml"
CASES = yaml.safe_load(EXPRESSIONS.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("text", "canonical"), CASES["canonical"])
def test_normalise(text: str, canonical: str) -> None:
    assert normalise(text) == canonical
    assert normalise(canonical) == canonical
    assert parse_expression(canonical) == parse_expression(text)


@pytest.mark.parametrize(("text", "context", "env", "value"), CASES["evaluate"])
def test_evaluate(text: str, context: str, env: dict[str, Any], value: Any) -> None:
    kind = "bool" if isinstance(value, bool) else "int"
    compiled = compile_expression(text, context, kind, "some.path")
    result = compiled(env)
    assert result == value
    assert type(result) is type(value)


@pytest.mark.parametrize(("text", "context", "expected", "message", "offset"), CASES["errors"])
def test_errors(text: str, context: str, expected: str, message: str, offset: int) -> None:
    with pytest.raises(ExprError) as info:
        compile_expression(text, context, expected, "scoring.out.winner")
    error = info.value
    assert message in error.message
    assert error.args[0] == error.message
    assert error.offset == offset
    assert error.path == "scoring.out.winner"
    assert isinstance(error, RulespecError)


def test_precedence_tree() -> None:
    assert parse_expression("a or b and not c == 1 + 2 * -3") == Binary(
        "or",
        Name("a"),
        Binary(
            "and",
            Name("b"),
            Unary(
                "not",
                Binary("==", Name("c"), Binary("+", Int(1), Binary("*", Int(2), Int(-3)))),
            ),
        ),
    )
    assert parse_expression("a ? b : c ? d : e") == Cond(
        Name("a"), Name("b"), Cond(Name("c"), Name("d"), Name("e"))
    )
    assert parse_expression("max(1, min(2, 3))") == Call(
        "max", (Int(1), Call("min", (Int(2), Int(3))))
    )
    assert parse_expression("true").offset == 0
    assert parse_expression("1 + x").right.offset == 4  # type: ignore[attr-defined]


def test_literal_sources_compile_to_constants() -> None:
    assert compile_expression(10, "knock", "int", "knock.limit")({}) == 10
    assert compile_expression(False, "turn", "bool", "play.layoff")({}) is False
    with pytest.raises(ExprError, match="this is a bool, but an int is needed"):
        compile_expression(True, "knock", "int", "knock.limit")
    with pytest.raises(ExprError, match="this is an int, but a bool is needed"):
        compile_expression(1, "turn", "bool", "play.layoff")
    for bad in (None, 1.5, ["x"]):
        with pytest.raises(ExprError):
            compile_expression(bad, "turn", "int", "p")  # type: ignore[arg-type]
    with pytest.raises(ExprError, match="unknown expression context"):
        compile_expression("1", "nowhere", "int", "p")


def test_constant_subtrees_are_folded() -> None:
    compiled = compile_expression("2 * (3 + 4) // 0 + K", "match", "int", "match.rounds")
    assert compiled({}) == 13
    assert "constant" in repr(compiled)
    reads = compile_expression("players * 2", "match", "int", "match.rounds")
    with pytest.raises(KeyError):
        reads({})


def test_depth_limit() -> None:
    ok = "+".join(["1"] * 32)
    assert compile_expression(ok, "match", "int", "p")({}) == 32
    with pytest.raises(ExprError, match="nested deeper than 32 levels"):
        parse_expression("+".join(["1"] * 34))
    assert normalise("(" * 32 + "1" + ")" * 32) == "1"
    with pytest.raises(ExprError, match="nested deeper than 32 levels") as info:
        parse_expression("(" * 33 + "1" + ")" * 33)
    assert info.value.offset == 32
    with pytest.raises(ExprError, match="nested deeper"):
        parse_expression("-" * 5000 + "1")
    with pytest.raises(ExprError, match="nested deeper"):
        parse_expression("(" * 100_000)


def test_context_names_follow_the_document_table() -> None:
    assert N.names_for("card_value") == {"face": "int", "place": "place"}
    hand = {"deal": "int", "turns": "int"}
    assert N.names_for("match") == {"players": "int"}
    assert N.names_for("knock") == {"players": "int", **hand, **N.UPCARD}
    assert N.names_for("knock", upcard=False) == {"players": "int", **hand}
    turn = N.names_for("turn", upcard=False)
    assert turn == {
        "me.laid_down": "bool",
        "me.laid_down_before": "bool",
        "me.turn": "int",
        "me.cards": "int",
        "players": "int",
        "stock": "int",
        **hand,
    }
    score = N.names_for("score")
    facts = ("penalty", "deadwood", "cards", "jokers", "naturals", "melded", "melded_jokers")
    for seat in ("me", "winner", "knocker"):
        for fact in (*facts, "turn"):
            assert score[f"{seat}.{fact}"] == "int"
        assert score[f"{seat}.won"] == "bool"
    for total in ("losers", "others"):
        assert score[f"{total}.count"] == "int"
        assert score[total] == "seats"
        assert f"{total}.won" not in score and f"{total}.turn" not in score
    assert score["me is winner"] == score["me is knocker"] == "bool"
    assert score["deal"] == score["turns"] == "int"
    assert score["out.by"] == "way" and score["wild.value"] == "int"
    assert "out.by" not in N.names_for("score", reason="knock")
    assert score["rummy"] == "bool" and score["reason"] == "reason"
    assert score["upcard.suit"] == "suit"
    assert "winner.penalty" not in N.names_for("score", reason="stock")
    assert "knocker.penalty" not in N.names_for("score", reason="out")
    assert "knocker.penalty" in N.names_for("score", reason="gin")
    with pytest.raises(KeyError):
        N.names_for("nowhere")


@pytest.mark.parametrize(
    ("deal", "available"),
    [
        (None, True),
        ({}, True),
        ({"upcard": False}, False),
        ({"upcard": False, "dealer_extra": 1, "dealer_extra_to": "discard"}, True),
        ({"upcard": True, "dealer_extra_to": "hand"}, True),
    ],
)
def test_upcard_available(deal: dict[str, Any] | None, available: bool) -> None:
    doc: dict[str, Any] = {"name": "x"} if deal is None else {"name": "x", "deal": deal}
    assert N.upcard_available(doc) is available


def test_narrowed_names_explain_themselves() -> None:
    with pytest.raises(ExprError, match="exists only when the variant deals an upcard"):
        compile_expression("upcard.value", "knock", "int", "knock.limit", upcard=False)
    with pytest.raises(
        ExprError, match="'knocker.deadwood' does not exist when a hand ends by out"
    ):
        compile_expression("knocker.deadwood", "score", "int", "scoring.out.winner", reason="out")
    check_expression(parse_expression("knocker.deadwood"), "score", "int", reason="gin")


def test_context_names_win_over_constants() -> None:
    # `stock` is the stock size in a turn and the reason constant in a score
    assert compile_expression("stock", "turn", "int", "p")({"stock": 5}) == 5
    assert compile_expression("reason == stock", "score", "bool", "p")({"reason": "stock"})
    assert check_expression(parse_expression("spades"), "match") == "suit"
    assert check_expression(parse_expression("run_high"), "match") == "place"


# --- property: printing and parsing agree; evaluation matches a reference ------------


def _neg(e: Expr) -> Expr:
    return Int(-e.value) if isinstance(e, Int) and e.value >= 0 else Unary("-", e)


INT_OPS = ["+", "-", "*", "//", "%"]
COMPARE_OPS = ["==", "!=", "<", "<=", ">", ">="]


@st.composite
def typed(draw: st.DrawFn, kind: str, budget: int = 6) -> Expr:
    """A well-typed, canonical expression tree of `kind` (int or bool), at most budget+1 deep."""
    if budget <= 0 or draw(st.integers(0, 3)) == 0:
        if kind == "bool":
            return Bool(draw(st.booleans()))
        return draw(st.one_of(st.integers(-20, 20).map(Int), st.just(Name("players"))))
    sub = budget - 1
    form = draw(st.integers(0, 4))
    if form == 0:
        return Cond(draw(typed("bool", sub)), draw(typed(kind, sub)), draw(typed(kind, sub)))
    if kind == "int":
        if form == 1:
            return _neg(draw(typed("int", sub)))
        if form == 2:
            func = draw(st.sampled_from(["min", "max", "abs"]))
            count = 1 if func == "abs" else draw(st.integers(1, 3))
            return Call(func, tuple(draw(typed("int", sub)) for _ in range(count)))
        op = draw(st.sampled_from(INT_OPS))
        return Binary(op, draw(typed("int", sub)), draw(typed("int", sub)))
    if form == 1:
        return Unary("not", draw(typed("bool", sub)))
    if form == 2:
        op = draw(st.sampled_from(["and", "or", "==", "!="]))
        return Binary(op, draw(typed("bool", sub)), draw(typed("bool", sub)))
    op = draw(st.sampled_from(COMPARE_OPS))
    return Binary(op, draw(typed("int", sub)), draw(typed("int", sub)))


def reference(e: Expr, env: dict[str, int]) -> Any:
    if isinstance(e, (Int, Bool)):
        return e.value
    if isinstance(e, Name):
        return env[e.name]
    if isinstance(e, Unary):
        return (not reference(e.operand, env)) if e.op == "not" else -reference(e.operand, env)
    if isinstance(e, Cond):
        return reference(e.then if reference(e.test, env) else e.orelse, env)
    if isinstance(e, Call):
        args = [reference(a, env) for a in e.args]
        return {"min": min, "max": max}[e.func](args) if e.func != "abs" else abs(args[0])
    assert isinstance(e, Binary)
    a, b = reference(e.left, env), reference(e.right, env)
    if e.op == "and":
        return a and b
    if e.op == "or":
        return a or b
    ops = {
        "+": lambda: a + b,
        "-": lambda: a - b,
        "*": lambda: a * b,
        "//": lambda: a // b if b else 0,
        "%": lambda: a % b if b else 0,
        "==": lambda: a == b,
        "!=": lambda: a != b,
        "<": lambda: a < b,
        "<=": lambda: a <= b,
        ">": lambda: a > b,
        ">=": lambda: a >= b,
    }
    return ops[e.op]()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["int", "bool"]).flatmap(typed), st.integers(-5, 5))
def test_print_parse_round_trip_and_evaluation(expr: Expr, players: int) -> None:
    text = unparse(expr)
    assert parse_expression(text) == expr, text
    assert normalise(text) == text
    kind = "bool" if isinstance(reference(expr, {"players": players}), bool) else "int"
    compiled = compile_expression(text, "match", kind, "match.rounds")
    assert compiled({"players": players}) == reference(expr, {"players": players})


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab.() -+*/%=!<>?:,0123456789 notrueminx", max_size=30))
def test_any_text_parses_or_raises_expr_error(text: str) -> None:
    try:
        expr = parse_expression(text)
    except ExprError as error:
        assert 0 <= error.offset <= len(text)
        assert "\n" not in error.message
        return
    assert normalise(unparse(expr)) == unparse(expr)
    try:
        compile_expression(text, "score", "int", "p")
    except ExprError as error:
        assert 0 <= error.offset <= len(text)


@pytest.mark.parametrize(
    "module", ["rulespec.grammar.exprcheck", "rulespec.grammar.exprast", "rulespec.grammar.items"]
)
def test_each_module_imports_on_its_own(module: str) -> None:
    """No import cycle: any of the expression modules may be imported first."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


NAME_WALKS = [
    ("reason == gin ? max(me.penalty, -upcard.value) : 1 # players",
     [("reason", 0), ("gin", 10), ("me.penalty", 20), ("upcard.value", 33)]),
    ("not (place == set) and players > 2", [("place", 5), ("set", 14), ("players", 23)]),
    ("1 + 2", []),
    ("1 +", []),  # does not parse: its error is reported where it is checked
    (7, []),
]  # fmt: skip


@pytest.mark.parametrize(("source", "expected"), NAME_WALKS)
def test_names_read_by_an_expression(source: Any, expected: list[tuple[str, int]]) -> None:
    """The name walk reads the tree, in source order with offsets: a comment names nothing."""
    assert [(name.name, name.offset) for name in names_in(source)] == expected


def test_a_position_needs_an_upcard_only_when_an_expression_reads_one(tmp_path: Path) -> None:
    """Words in a title or description are not names: the position needs no upcard."""
    from rulespec.compiler.load import load_variant
    from rulespec.interpreter.game import Game

    path = tmp_path / "quiet.yaml"
    path.write_text(
        "name: quiet\nextends: rummy\ntitle: Quiet Rummy\n"
        "description: Rummy that never reads upcard.value\n",
        encoding="utf-8",
    )
    game = Game.from_position(load_variant(str(path)), {"hands": [["7H"], ["8H"]], "stock": ["AS"]})
    assert game.position()["hands"][0] == ["7H"]
