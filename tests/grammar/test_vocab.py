"""Every declared DSL phrase both ways: its words read to its value, and the printer writes them.

Data-driven from the axis declarations (`rulespec.model.axes`): for each phrase
of each axis (and of each switchable group), a one-statement file saying it
must give the document the declared value at the axis's path, and printing
that document must give back the same words (for the phrases it writes).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.grammar.printer import dump_rules
from rulespec.grammar.transformer import parse_rules
from rulespec.model.axes import AXES, Axis, Group, Phrase

STATEMENTS = {
    "deck_item": "deck",
    "dealer_item": "dealer",
    "deal_item": "deal",
    "meld_item": "melds",
    "wild_item": "wild",
    "draw_item": "draw",
    "play_item": "play",
    "discard_item": "discard",
    "go_item": "going out",
    "knock_item": "knock",
    "stock_item": "stock",
    "scoring_item": "scoring",
    "match_item": "match",
    "buy_item": "buy",
}


def _statement(decl: Axis | Group) -> str:
    if decl.path == "ace":
        return "ace"
    parent = decl.path.split(".")[-2] if "." in decl.path else ""
    if decl.item == "set_part":
        return f"melds {parent}"
    if decl.item == "pile_opt":
        return f"draw {parent}"
    return STATEMENTS[decl.item]


def _samples(decl: Axis | Group, phrase: Phrase) -> list[tuple[str, Any]]:
    """(words, the value they set) for a phrase: its own value, or values for its slot."""
    slot = phrase.slot
    if not slot:
        return [(phrase.words, phrase.value)]
    assert isinstance(decl, Axis)
    if slot == "int":
        number = decl.low if decl.low is not None and decl.low > 0 else 2
        return [(phrase.words.replace("{int}", str(number)), number)]
    if slot == "word":
        return [(phrase.words.replace("{word}", str(v)), v) for v in decl.values]
    return [(phrase.words.replace("{expr}", "players + 1"), "players + 1")]


CASES = [
    pytest.param(decl, phrase, words, value, id=f"{decl.path}: {words}")
    for decl in AXES
    if decl.phrases and (decl.item or decl.path == "ace")
    for phrase in decl.phrases
    for words, value in _samples(decl, phrase)
]


def _at(doc: dict[str, Any], path: str) -> Any:
    node: Any = doc
    for key in path.split("."):
        node = node[key]
    return node


@pytest.mark.parametrize(("decl", "phrase", "words", "value"), CASES)
def test_each_phrase_reads_and_prints_back(
    decl: Axis | Group, phrase: Phrase, words: str, value: Any
) -> None:
    text = f"variant t {{\n  {_statement(decl)} {words}\n}}\n"
    doc, _ = parse_rules(text)
    got = _at(doc, decl.path)
    assert got == value and type(got) is type(value)
    printed = dump_rules(doc)
    assert parse_rules(printed)[0] == doc
    if phrase.write:
        assert words in printed, printed


def test_no_two_axes_share_words_in_one_item() -> None:
    from rulespec.grammar.vocab import axis_items

    assert len(axis_items()) == len({(d.item, p.words) for d in AXES if d.item for p in d.phrases})
