"""Generated hostile rule files, each just under the size limit, and the message each must get.

Shared by tests/compiler/test_loading_limits.py (each is refused with its message) and
bench/bench_reject.py (how long each refusal takes). Each entry: name ->
(file suffix, text, a fragment the first problem's message must hold).
"""

from __future__ import annotations

LIMIT = 256 * 1024  # yamlfront.MAX_BYTES
HEAD = "variant hostile extends rummy {\n"


def _b36(i: int) -> str:
    digits = "abcdefghijklmnopqrstuvwxyz0123456789"
    text = ""
    while True:
        text = digits[i % 36] + text
        i //= 36
        if i == 0:
            return text


def _fill(head: str, unit: str, tail: str, budget: int = LIMIT - 64) -> str:
    count = (budget - len(head) - len(tail)) // len(unit)
    return head + unit * count + tail


def hostile_files() -> dict[str, tuple[str, str, str]]:
    """Every hostile case: name -> (suffix, text, expected message fragment)."""
    too_many = "more than 6,000 words and symbols"
    cases = {
        # 262 KB of max(1,1,…): was parsed twice, 29 s to refuse
        "dsl-max-args": (
            ".rules",
            _fill(HEAD + "  values pips = max(1", ",1", ")\n}\n"),
            too_many,
        ),
        # just under the token cap: parsed, then the expression is too long
        "dsl-max-args-9k": (
            ".rules",
            HEAD + "  values pips = max(1" + ",1" * 2_900 + ")\n}\n",
            "expression is too long",
        ),
        # thousands of statements setting one key: "set twice", capped
        "dsl-set-twice": (
            ".rules",
            _fill(HEAD, "  values pips = 1\n", "}\n"),
            too_many,
        ),
        "dsl-set-twice-1k": (
            ".rules",
            HEAD + "  values pips = 1\n" * 1_200 + "}\n",
            "set twice",
        ),
        # a syntax error in every statement: recovery re-parses, bounded
        "dsl-syntax-errors": (
            ".rules",
            HEAD + "  deal 7 echo\n" * 2_000 + "}\n",
            "did you mean 'each'",
        ),
        "dsl-long-string": (
            ".rules",
            HEAD + '  title "' + "x" * (LIMIT - 200) + '"\n}\n',
            "too long",
        ),
        "dsl-deep-parens": (
            ".rules",
            HEAD + "  values pips = " + "(" * 2_000 + "1" + ")" * 2_000 + "\n}\n",
            "nested deeper",
        ),
        "dsl-huge-number": (
            ".rules",
            HEAD + "  match to " + "9" * 200_000 + "\n}\n",
            "is too large",
        ),
        # 25k YAML keys at the top level: 8.9 s (a did-you-mean per key)
        "yaml-top-keys": (
            ".yaml",
            "name: hostile\ntitle: H\n" + "".join(f"{_b36(i)}x: 1\n" for i in range(25_000)),
            "too many values (more than 10,000)",
        ),
        "yaml-top-keys-4k": (
            ".yaml",
            "name: hostile\ntitle: H\n" + "".join(f"{_b36(i)}x: 1\n" for i in range(4_000)),
            "is not a rule",
        ),
        "yaml-value-keys": (
            ".yaml",
            "name: hostile\ntitle: H\nvalues:\n"
            + "".join(f"  k{_b36(i)}: 1\n" for i in range(20_000)),
            "too many values (more than 10,000)",
        ),
        "yaml-long-expression": (
            ".yaml",
            _fill('name: hostile\ntitle: H\nvalues: {pips: "1', " + 1", '"}\n'),
            "expression is too long",
        ),
        "yaml-long-list": (
            ".yaml",
            _fill("name: hostile\ntitle: H\nmelds: {wild: {cards: [joker", ", joker", "]}}\n"),
            "too many values (more than 10,000)",
        ),
        "yaml-long-list-4k": (
            ".yaml",
            "name: hostile\ntitle: H\nmelds: {wild: {cards: [" + "joker, " * 4_000 + "joker]}}\n",
            "must not list the same thing twice",
        ),
        "yaml-huge-number": (
            ".yaml",
            "name: hostile\ntitle: H\nmatch: {target: " + "9" * 200_000 + "}\n",
            "is too large",
        ),
    }
    for name, (_, text, _) in cases.items():
        assert len(text.encode()) <= LIMIT, name
    return cases
