"""The one cached LALR parser of rules.lark and its syntax-error wording (pipeline stage: parse).

Both the DSL (`start`) and the expression language (`expr`) are parsed by the
same `lark.Lark` instance, built once per process (lark's own grammar cache
on disk makes later processes cheaper) and imported lazily so that commands
which never parse stay fast. Lark's exceptions never leave this package: the
callers turn them into located messages with `describe_error`.
"""

from __future__ import annotations

import difflib
import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulespec.grammar.lexguard import MAX_TOKENS, WORDY, GlueCheck, glued_start
from rulespec.grammar.located import line_column
from rulespec.grammar.vocab import (
    card_code_hint,
    grammar_extension,
    token_words,
    variant_name_hint,
)

if TYPE_CHECKING:
    from lark import Lark

GRAMMAR_PATH = Path(__file__).with_name("rules.lark")
"""Words and symbols one parse may read (the bundled variants have under 700: 10x room).

LALR parsing costs about 10 µs a token, so this bounds the time any text
under the size limit takes to be parsed or refused.
"""

# Named terminals in the user's words.
_NAMED = {
    "INT": "a number",
    "STRING": 'a quoted string ("…")',
    "NAME": "a name",
    "VNAME": "a variant name",
    "ROLE": "'winner', 'losers' or 'each'",
    "$END": "the end of the file",
    "<END-OF-FILE>": "the end of the file",
}
# Tokens that can start an expression: when all are expected, say "an expression".
_EXPR_START = {"NAME", "INT"}
_EXPR_OPERAND = {"LPAR", "MINUS", "NOT", "TRUE", "FALSE"}
# The expression language's vocabulary (standalone expression errors mention only these).
_COMPARE = frozenset({"==", "!=", "<", "<=", ">", ">="})
_OPERATORS = frozenset(
    ["-", "+", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "?", "and", "or"]
)
_EXPR_WORDS = frozenset(
    [
        "(",
        ")",
        "-",
        "+",
        "*",
        "//",
        "%",
        "==",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        "?",
        ":",
        ",",
        "not",
        "and",
        "or",
        "true",
        "false",
    ]
)
# Statement keywords: when many are expected, say "a statement".
_STATEMENTS = {"TITLE", "PLAYERS", "DECK", "DEAL", "VALUES", "MELDS", "DRAW", "MATCH"}
_STATEMENT_WORDS = frozenset(
    {"title", "description", "source", "players", "deck", "dealer", "deal", "ace", "values"}
    | {"melds", "pattern", "wild", "draw", "play", "discard", "going", "knock", "stock"}
    | {"scoring", "score", "match", "replace"}
)
_TOKEN_RE = re.compile(
    r'"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*|[0-9]+'
    r"|\.\.|==|!=|<=|>=|//|\S"
)


@functools.cache
def get_parser() -> Lark:
    """The LALR parser for rules.lark with both start rules (built once, then cached)."""
    import lark

    return lark.Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8") + grammar_extension(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        start=["start", "expr"],
        cache=True,
        postlex=GlueCheck(),
    )


@functools.cache
def _keywords() -> frozenset[str]:
    """Every alphabetic keyword of the grammar, for 'did you mean' on an unknown word."""
    words = set()
    for terminal in get_parser().terminals:
        pattern = terminal.pattern
        if pattern.type == "str" and str(pattern.value).isalpha():
            words.add(str(pattern.value))
    return frozenset(words)


def _named(name: str) -> str | None:
    """A named terminal in the user's words (those of generated items from their axis)."""
    return _NAMED.get(name) or token_words(name)


def _terminal_text(name: str) -> str:
    named = _named(name)
    if named is not None:
        return named
    try:
        pattern = get_parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return name.lower()


def _literal(name: str) -> str | None:
    try:
        pattern = get_parser().get_terminal(name).pattern
    except KeyError:
        return None
    return str(pattern.value) if pattern.type == "str" else None


def describe_expected(expected: set[str] | frozenset[str], expression: bool = False) -> str:
    """'a number', "'low', 'high' or 'wrap'", 'an expression', 'a statement' …

    `expression`: the text is a lone expression, so only its vocabulary is named.
    """
    names = set(expected)
    if expression:
        names = {
            n
            for n in names
            if n in {"NAME", "INT", "$END", "<END-OF-FILE>"} or _literal(n) in _EXPR_WORDS
        }
    parts: list[str] = []
    if names & _STATEMENTS and len(names & _STATEMENTS) >= 4:
        parts.append("a statement (such as 'players', 'deal' or 'melds')")
        names = {n for n in names if _literal(n) not in _STATEMENT_WORDS}
    if names >= _EXPR_START:
        parts.append("an expression")
        names -= _EXPR_START | _EXPR_OPERAND
    if "INT" in names:
        names.discard("MINUS")  # "a number" covers negative numbers
    if {"PLUS", "STAR"} <= names:
        parts.append("an operator")
        names = {n for n in names if _literal(n) not in _OPERATORS}
        if expression:
            names -= {"COMMA", "RPAR", "COLON"}
    words = sorted({_terminal_text(n) for n in names if n != "REPLACE"})
    parts.extend(words)
    if not parts:
        return "something else"
    if len(parts) > 8:
        parts = parts[:7] + ["…"]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def previous_token(text: str, pos: int) -> str | None:
    """The last token of `text` before `pos` (comments skipped), for 'after X' in messages."""
    lines = text[:pos].split("\n")
    for line in reversed(lines):
        tokens = _TOKEN_RE.findall(line)
        # drop a comment: everything from a '#' token on
        for i, tok in enumerate(tokens):
            if tok == "#":
                tokens = tokens[:i]
                break
        if tokens:
            return str(tokens[-1])
    return None


def found_text(token: Any) -> str:
    """How the unexpected token is shown: 'two', '=' or the end of the file."""
    if getattr(token, "type", None) == "$END":
        return "the end of the file"
    value = str(token)
    if len(value) > 30:
        value = value[:27] + "..."
    return f"'{value}'"


def describe_error(
    exc: Exception, text: str, expression: bool = False
) -> tuple[str, int, int, int]:
    """A lark error -> (message, line, column, char offset), line and column 1-based."""
    message, line, column, pos = _describe_error(exc, text, expression)
    wanted = set(getattr(exc, "expected", ()) or ()) | set(getattr(exc, "allowed", ()) or ())
    if "VNAME" in wanted and "expected" in message:
        found = _TOKEN_RE.match(text, pos)
        message += "; " + variant_name_hint(found.group(0) if found else "")
    return message, line, column, pos


def _describe_error(
    exc: Exception, text: str, expression: bool = False
) -> tuple[str, int, int, int]:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    token: Any = None
    if getattr(exc, "too_many", False):
        line, column, pos = exc.line, exc.column, exc.pos_in_stream  # type: ignore[attr-defined]
        message = (
            f"the text is too long: more than {MAX_TOKENS:,} words and symbols "
            "(a whole variant needs under 1,000)"
        )
        return message, line, column, pos
    glued = glued_start(exc, text)
    if glued is not None:
        return _unknown_word(text, glued)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        exc.expected = _truly_expected(exc)
        if token.type == "$END":
            pos = len(text)
            line, column = line_column(text, pos)
        else:
            pos = token.start_pos or 0
            line, column = token.line or 1, token.column or 1
        expected = describe_expected(exc.expected, expression)
    elif isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        line, column = exc.line, exc.column
        char = text[pos] if pos < len(text) else ""
        if char == '"':
            return 'unterminated string (a string ends with " on the same line)', line, column, pos
        allowed = set(exc.allowed or ())
        expected = describe_expected(allowed, expression) if allowed else "something else"
        token_text = _TOKEN_RE.match(text, pos)
        shown = token_text.group(0) if token_text else char
        before = previous_token(text, pos)
        after = f" after '{before}'" if before else ""
        hint = _did_you_mean(shown, allowed)
        return f"expected {expected}{after}, found '{shown}'{hint}", line, column, pos
    elif isinstance(exc, UnexpectedEOF):
        pos = len(text)
        line, column = line_column(text, pos)
        expected = describe_expected(set(exc.expected), expression)
    else:  # pragma: no cover - other lark errors are bugs
        return str(exc).splitlines()[0], 1, 1, 0
    before = previous_token(text, pos)
    after = f" after '{before}'" if before else ""
    chained = token is not None and str(token) in _COMPARE and token.type != "$END"
    if chained and not any(_literal(n) in _COMPARE for n in getattr(exc, "expected", ())):
        return "comparisons cannot be chained; join them with 'and'", line, column, pos
    found = found_text(token) if token is not None else "the end of the file"
    if expected == "the end of the file" and str(token) == "variant":
        return "a file holds one variant: put the second one in its own file", line, column, pos
    hint = _did_you_mean(str(token), set(getattr(exc, "expected", ()))) if token else ""
    if not hint and token is not None and _fits_after_comma(exc, str(token)):
        hint = "; is a ',' missing between two items?"
    return f"expected {expected}{after}, found {found}{hint}", line, column, pos


def _words(names: set[str]) -> set[str]:
    """The keywords a set of terminals stands for."""
    words: set[str] = set()
    for name in names:
        literal = _literal(name)
        if literal is not None:
            words.add(literal)
        elif _named(name) is not None:
            words.update(re.findall(r"'(\w+)'", _named(name) or ""))
    return words


def _fits_after_comma(exc: Any, found: str) -> bool:
    """Whether the unexpected word would be a valid item after a ','."""
    interactive = getattr(exc, "interactive_parser", None)
    if interactive is None or "COMMA" not in exc.expected:
        return False
    if not (found.isidentifier() or found.isdigit()):
        return False
    from lark import Token

    try:
        probe = interactive.copy()
        probe.feed_token(Token("COMMA", ","))
        accepts = set(probe.accepts())
        return ("INT" in accepts) if found.isdigit() else found in _words(accepts)
    except Exception:  # pragma: no cover - the probe is best effort
        return False


def _truly_expected(exc: Any) -> set[str]:
    """The terminals really acceptable at the error (LALR merges lookaheads of shared rules)."""
    expected = set(exc.expected)
    interactive = getattr(exc, "interactive_parser", None)
    if interactive is None:
        return expected
    try:
        accepts = set(interactive.accepts())
    except Exception:  # pragma: no cover - fall back to lark's set
        return expected
    return accepts or expected


def _did_you_mean(found: str, expected: set[str]) -> str:
    """'; did you mean 'players'?' when a misspelt word is close to an expected keyword."""
    import difflib

    if not re.fullmatch(r"[A-Za-z_]+", found):
        return ""
    words = _words(expected)
    if len(words & {"players", "deal", "melds", "draw"}) >= 3:
        words.update(_STATEMENT_WORDS)
    close = difflib.get_close_matches(found.lower(), sorted(words), n=1, cutoff=0.7)
    return f"; did you mean '{close[0]}'?" if close and close[0] != found else ""


def _unknown_word(text: str, start: int) -> tuple[str, int, int, int]:
    """'unknown word 'playrs'; did you mean 'players'?' at the word's start."""
    end = start
    while end < len(text) and WORDY.match(text[end]):
        end += 1
    word = text[start:end]
    line, column = line_column(text, start)
    card = card_code_hint(word)
    if card:
        return f"unknown word '{word}': {card}", line, column, start
    close = difflib.get_close_matches(word.lower(), sorted(_STATEMENT_WORDS | _keywords()), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"unknown word '{word}'{hint}", line, column, start
