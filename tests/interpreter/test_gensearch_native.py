"""The compiled counted search (gensearch.py, _gensearch.c) against the Python one it mirrors:
the same state values, the very same arrangements, discards and grown-hand summaries, over
random hands of two or three decks with jokers, wild ranks, every ace mode, own packs and
meld rules; and the loader's fallback when the extension is absent, stale or switched off.

Without the extension (no compiler, RULESPEC_NATIVE=0) both sides are the Python search:
the comparisons then check that the search without its C half still agrees with itself
when asked through every entry point."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
import types
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from interp_helpers import make_variant

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch, native, searchshare
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.plusone import plus_one
from rulespec.interpreter.roomsearch import NONE, RoomSearch
from rulespec.interpreter.search import GeneralSearch
from rulespec.interpreter.searchshare import INF, OFFSET
from rulespec.model.variant import Variant

ROOT = Path(__file__).resolve().parents[2]
SETS_ANY = {"min": 3, "max": None, "suits": "any"}
SHAPES: dict[str, dict[str, Any]] = {
    # (variant document sections) two decks, jokers, sets in any suits
    "jokers-low": {
        "deck": {"decks": 2, "jokers": 4},
        "values": {"joker": 20},
        "melds": {"set": SETS_ANY, "wild": {"cards": ["joker"]}},
    },
    "jokers-deuces-high": {
        "ace": "high",
        "deck": {"decks": 2, "jokers": 2},
        "melds": {"wild": {"cards": ["joker", "2"]}},
    },
    "deuces-one-per-meld-wrap": {
        "ace": "wrap",
        "deck": {"decks": 2},
        "melds": {"wild": {"cards": ["2"], "per_meld": 1}},
    },
    "jokers-not-outnumbering-high-or-low": {
        "ace": "high_or_low",
        "deck": {"decks": 2, "jokers": 2},
        "values": {"joker": 20},
        "melds": {"wild": {"cards": ["joker"], "outnumber": False}},
    },
    "three-decks-negative-jokers": {
        "deck": {"decks": 3, "jokers": 3},
        "values": {"joker": -5},
        "melds": {"set": SETS_ANY, "wild": {"cards": ["joker", "2"]}},
    },
    "forty-card-pack-runs-only": {
        "deck": {
            "decks": 2,
            "jokers": 2,
            "ranks": ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"],
        },
        "melds": {"set": False, "run": {"min": 3, "max": 5}, "wild": {"cards": ["joker"]}},
    },
    "negative-kings-deuces-wild": {  # INF less a king's value: kept exactly in the memo
        "deck": {"decks": 2, "jokers": 2},
        "values": {"K": -10, "joker": 25},
        "melds": {"wild": {"cards": ["joker", "2"], "per_meld": 1}},
    },
    "sets-only-dead-jokers": {
        "deck": {"decks": 2, "jokers": 2},
        "values": {"joker": 15},
        "melds": {"set": {"min": 2, "max": 6, "suits": "any"}, "run": False},
    },
}


@cache
def shaped(name: str) -> Variant:
    return make_variant(name, **SHAPES[name])


def hands(variant: Variant, seed: int, count: int, size: int) -> list[list[int]]:
    rng = random.Random(seed)
    deck = build_deck(variant, 2)
    return [rng.sample(deck, size + i % 3) for i in range(count)]


@pytest.mark.parametrize("name", list(SHAPES))
def test_values_arrangements_and_discards_match_python(name: str) -> None:
    variant = shaped(name)
    t = tables(variant)
    for i, hand in enumerate(hands(variant, 11, 12, 11)):
        c, py = GeneralSearch(t, hand), GeneralSearch(t, hand, native=False)
        assert py.native is None and (c.native is None) == (gensearch.MODULE is None)
        assert c.solve() == py.solve(), sorted(hand)
        assert c.arrangement() == py.arrangement(), sorted(hand)
        assert sorted(c.after_discards()) == sorted(py.after_discards()), sorted(hand)
        rng = random.Random(i)
        for _ in range(6):  # states part way: some cards gone, wild cards owed or spare
            mask = sum(c.units[x] for x in hand if x != JOKER and rng.random() < 0.6)
            b = rng.randint(-2, 1)
            fl = c.flex_in(mask)
            if b + fl + c.jokers >= 0 and b <= fl:
                assert c.value(mask, b, fl) == py.value(mask, b, fl), (sorted(hand), b)


@pytest.mark.parametrize("name", list(SHAPES))
def test_grown_hands_match_python(name: str) -> None:
    """plus_one's natural cards in one C call equal the Python search's walk per card."""
    variant = shaped(name)
    t = tables(variant)
    deck = build_deck(variant, 2)
    for hand in hands(variant, 23, 6, 10):
        room = sorted({c for c in deck[:: len(deck) // 20] if c != JOKER and not t.wild_code(c)})
        c = RoomSearch(t, hand, room)
        py = RoomSearch(t, hand, room, native=False)
        expected = [py.dead_summary(card) for card in room]
        if c.native is not None:
            got = c.native.plus_one(room)
            dead, jv = c.dead_jokers, t.hand_values[JOKER]
            got = [(v + dead * jv, n + dead, max(w, jv) if dead else w) for v, n, w in got]
        else:
            got = [c.dead_summary(card) for card in room]
        assert got == expected, sorted(hand)
        for card in room[:4]:
            assert c.melds(card) == py.melds(card)
            assert c.grown_arrangement(card) == py.grown_arrangement(card)
        assert c.dead_summary() == py.dead_summary()
        assert all(w == NONE or w >= 0 or t.hand_values[JOKER] < 0 for _, _, w in got)


def test_groups_asked_again_or_after_a_clear_give_the_same_answers() -> None:
    """The layout's recent groups (a small table before its dict) and its clear(): grown
    hands asked from a warm layout, again, and after a clear, all as the Python walk says."""
    variant = shaped("jokers-low")
    t = tables(variant)
    deck = build_deck(variant, 2)
    room = sorted({c for c in deck[::5] if c != JOKER and not t.wild_code(c)})
    dealt = hands(variant, 31, 40, 11)
    expected = [[RoomSearch(t, h, room, native=False).dead_summary(c) for c in room] for h in dealt]
    for rounds in range(3):
        for hand, want in zip(dealt, expected, strict=True):
            c = RoomSearch(t, hand, room)
            assert [c.dead_summary(card) for card in room] == want, (rounds, sorted(hand))
            if c.native is not None and rounds == 1:
                c.shared.native.clear()


def test_plus_one_matches_a_python_search_of_each_grown_hand() -> None:
    """The public plus_one (C when there) against a fresh Python search of each grown hand."""
    variant = shaped("jokers-deuces-high")
    t = tables(variant)
    deck = build_deck(variant, 2)
    rng = random.Random(5)
    for _ in range(4):
        hand = rng.sample(deck, 12)
        cards = sorted(set(rng.sample(deck, 10)))
        got = plus_one(variant, hand, cards)
        assert got is not None
        for card in cards:
            walk = RoomSearch(t, [*hand, card], (), native=False).dead_summary()
            assert got[card] == (walk[0], walk[1], walk[2] if walk[2] != NONE else 0)


def test_hands_the_c_search_cannot_hold_stay_in_python() -> None:
    """Eight copies of one code need a wider field than the C search reads: Python answers."""
    variant = make_variant("eight-decks", deck={"decks": 8}, melds={"set": SETS_ANY})
    t = tables(variant)
    hand = [0] * 8 + [13, 26, 1, 2]
    search = GeneralSearch(t, hand)
    assert search.native is None and search.width > 4
    assert search.solve() == GeneralSearch(t, hand[:7] + hand[8:]).solve()


def test_card_values_past_the_compact_memo_stay_in_python() -> None:
    """The C memo keeps a value in 36 bits: a card worth over 2^20 has the layout refused
    (gensearch.layout gives None) and the Python search answers, the same as ever."""
    variant = make_variant(
        "huge-values", deck={"decks": 2, "jokers": 2}, values={"K": 1 << 21, "joker": 5}
    )
    t = tables(variant)
    rng = random.Random(3)
    for _ in range(3):
        hand = rng.sample(build_deck(variant, 2), 11)
        search = GeneralSearch(t, hand)
        assert search.native is None and search.shared.native is None
        assert search.solve() == GeneralSearch(t, hand, native=False).solve()


def test_stale_or_broken_builds_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    name = "rulespec.interpreter._gensearch"
    stale = types.ModuleType(name)
    stale.VERSION = gensearch.VERSION + 1  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, stale)
    module, why = gensearch.load({})
    assert module is None and why.startswith("stale build (version"), why
    stale.VERSION = gensearch.VERSION  # type: ignore[attr-defined]
    stale.SOURCE = -1  # type: ignore[attr-defined]  # compiled from another edit of the files
    module, why = gensearch.load({})
    assert module is None and why.startswith("stale build (_gensearch.c"), why
    digest = gensearch.source_digest(ROOT / "rulespec" / "interpreter" / "_gensearch.c")
    stale.SOURCE = digest  # type: ignore[attr-defined]
    assert gensearch.load({})[0] is stale
    monkeypatch.setitem(sys.modules, name, None)  # what a failed import leaves
    module, why = gensearch.load({})
    assert module is None and why.startswith("not built"), why
    module, why = gensearch.load({native.ENV: "0"})
    assert module is None and why.startswith(f"{native.ENV}=0"), why
    assert "\n" not in gensearch.WHY


def test_the_digest_covers_the_headers(tmp_path: Path) -> None:
    """An edit of an included header makes another digest (a build from before it is stale)."""
    source = tmp_path / "x.c"
    source.write_text('#include "x_a.h"\nint main(void) { return A; }\n')
    (tmp_path / "x_a.h").write_text("#define A 0\n")
    before = gensearch.source_digest(source)
    (tmp_path / "x_a.h").write_text("#define A 1\n")
    assert gensearch.source_digest(source) != before


def _build_hook() -> Any:
    spec = importlib.util.spec_from_file_location("rulespec_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return hook


def test_extension_is_built_when_a_compiler_is_found() -> None:
    """Where the build hook finds a C compiler and the Python headers, the install built the
    counted search too and it loads; elsewhere the Python search answers."""
    hook = _build_hook()
    assert [module for module, _, _ in hook.EXTENSIONS] == [
        "rulespec.interpreter._deadwood",
        "rulespec.interpreter._gensearch",
    ]
    module, why = gensearch.load({})
    if hook.why_not({k: v for k, v in os.environ.items() if k != native.ENV}) is None:
        assert module is not None, f"a C compiler is here but the search is absent: {why}"
    else:
        assert module is None or module.VERSION == gensearch.VERSION, why


def test_build_hook_notes_each_extension_not_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No compile (here: RULESPEC_NATIVE=0): one note line per extension, nothing built."""
    hook = _build_hook()
    monkeypatch.setenv(native.ENV, "0")
    assert hook.compile_all(ROOT, tmp_path) == []
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == len(hook.EXTENSIONS) == 2, lines
    assert "C deadwood kernel not built: RULESPEC_NATIVE=0" in lines[0]
    assert "C counted search not built: RULESPEC_NATIVE=0" in lines[1]


def test_cleared_memos_store_and_answer_as_fresh_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Layout.clear() forgets every state: a layout filled and cleared fourteen times must
    answer as the Python walk does and keep exactly the states a fresh layout keeps (an
    entry left behind and found stores fewer, a live one missed stores more)."""
    variant = shaped("jokers-low")
    t = tables(variant)
    deck = build_deck(variant, 2)
    room = sorted({c for c in deck[::5] if c != JOKER and not t.wild_code(c)})
    dealt = hands(variant, 43, 24, 11)
    first, second = dealt[:12], dealt[12:]
    probe = RoomSearch(t, first[0], room)
    if probe.native is None:
        pytest.skip("no C search")
    shared = probe.shared
    monkeypatch.setattr(searchshare, "KEEP_NATIVE", 10**9)  # (no clear but the test's own)

    def ask(hands_: list[list[int]]) -> list[list[tuple[int, int, int]]]:
        return [[RoomSearch(t, h, room).dead_summary(c) for c in room] for h in hands_]

    expected = [
        [RoomSearch(t, h, room, native=False).dead_summary(c) for c in room] for h in second
    ]
    monkeypatch.setattr(shared, "native", gensearch.layout(shared, OFFSET, INF, 10**6))
    assert ask(second) == expected
    fresh = len(shared.native)
    assert fresh > 1000
    used = gensearch.layout(shared, OFFSET, INF, 10**6)
    monkeypatch.setattr(shared, "native", used)
    for clears in range(1, 8):
        ask(first if clears % 2 else second)  # states left behind, some shared with `second`
        used.clear()
        assert len(used) == 0
        assert ask(second) == expected, clears
        assert len(used) == fresh, clears
        used.clear()
