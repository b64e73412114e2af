"""`deck.ranks` and several-deck set sizes at check time: what loads, is refused, warns."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.compiler.load import load_document, loads
from rulespec.core.errors import Problem, RulespecError

HEAD = "name: t\ntitle: T\n"


def test_bare_numbers_and_ten_in_yaml_ranks() -> None:
    v = loads(
        HEAD + "deck: {ranks: [A, 7, 8, 9, 10, J, Q, K]}\nace: high\ndeal: {cards: 5}\n", "yaml"
    )
    assert v.ranks == (1, 7, 8, 9, 10, 11, 12, 13)


def test_the_default_pack_has_every_rank() -> None:
    assert loads(HEAD, "yaml").ranks == tuple(range(1, 14))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("deck: {ranks: []}", "deck.ranks"),
        ("deck: {ranks: [A, joker]}", "deck.ranks.1"),
        ("deck: {ranks: [A, 1]}", "deck.ranks.1"),
        ("deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, K]}", "deck.ranks"),
        ("deck: {ranks: [A, J, Q, K]}\ndeal: {cards: 10}", "does not fit a pack of 16"),
        (
            "deck: {ranks: [A, J, Q, K]}\nmelds: {patterns: [{name: low, ranks: ['2']}]}",
            "pattern 'low' needs 2s, but the pack has none",
        ),
        (
            "deck: {decks: 2}\nmelds: {set: {min: 5, suits: distinct}}",
            "at most 4 cards in distinct",
        ),
    ],
)
def test_misuse_is_refused_with_its_place(body: str, message: str) -> None:
    with pytest.raises(RulespecError) as info:
        loads(HEAD + body + "\n", "yaml")
    assert message in str(info.value)


def test_a_set_of_nine_with_jokers_in_two_decks_is_possible() -> None:
    body = (
        "deck: {decks: 2, jokers: 2}\n"
        "melds: {set: {min: 9, max: null, suits: any}, wild: {cards: [joker]}}\n"
    )
    assert loads(HEAD + body, "yaml").melds.set is not None


def test_a_set_maximum_the_pack_never_reaches_warns(tmp_path: Path) -> None:
    path = tmp_path / "eights.yaml"
    path.write_text(HEAD + "melds: {set: {min: 3, max: 8, suits: any}}\n")
    warnings: list[Problem] = []
    load_document(str(path), warnings)
    assert [w.message for w in warnings] == [
        "a set of 8 is never reached: the largest set this pack allows holds 4 cards"
    ]
    path.write_text(HEAD + "deck: {decks: 2}\nmelds: {set: {min: 3, max: 8, suits: any}}\n")
    warnings.clear()
    load_document(str(path), warnings)
    assert warnings == []
