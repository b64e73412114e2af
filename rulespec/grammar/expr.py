"""Expressions: parse, normalise, check and compile to closures (pipeline stage: compile).

The public face of the expression language. An expression is parsed by the
one cached grammar (rulespec/grammar/rules.lark) into a tree of frozen
dataclasses (`Expr`, rulespec.grammar.exprast), printed back canonically
(`unparse`, `normalise`), checked against a context's names
(rulespec.model.names) and compiled into a tree of closures over the flat
environment (rulespec.grammar.exprcheck; `"me.penalty"` is one key). Never `eval`.

Errors are `ExprError(message, offset)`, offset the 0-based column within the
expression text, so the loader can place them in the file.
"""

from __future__ import annotations

from rulespec.grammar.exprast import (
    ARITHMETIC,
    COMPARISONS,
    FUNCTIONS,
    MAX_DEPTH,
    MAX_LITERAL,
    MAX_RESULT,
    SUIT_VALUES,
    Binary,
    Bool,
    Call,
    Compiled,
    Cond,
    Env,
    Expr,
    ExprError,
    Int,
    Name,
    Unary,
    check_parentheses,
    depth,
    from_tree,
    literal_int,
    literal_value,
    names,
    names_in,
    normalise,
    parse_expression,
    unparse,
)
from rulespec.grammar.exprcheck import check_expression, compile_expression

__all__ = [
    "ARITHMETIC",
    "COMPARISONS",
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_LITERAL",
    "MAX_RESULT",
    "SUIT_VALUES",
    "Binary",
    "Bool",
    "Call",
    "Compiled",
    "Cond",
    "Env",
    "Expr",
    "ExprError",
    "Int",
    "Name",
    "Unary",
    "check_expression",
    "check_parentheses",
    "compile_expression",
    "depth",
    "from_tree",
    "literal_int",
    "literal_value",
    "names",
    "names_in",
    "normalise",
    "parse_expression",
    "unparse",
]
