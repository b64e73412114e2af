"""The draw obligation's quick answers (phases/drawuse.py) list exactly the listing's draws.

A pile draw whose card must be used this turn is legal only if the laying listing of the
state after it offers a move (`laying(one=True)` on a scratch copy). `draw._usable` asks a
sure "no" by depth (`quick_nos`) and a sure "yes" (`sure_meld`, `sure_yes`) before that
listing. This plays seeded random hands of every bundled variant and every valid rule file
with a pile obligation (`draw.depth.use` or `draw.discard.use`) and, at every draw, compares
the draws listed, and each candidate draw's refusal, with the old route: every depth of the
pile judged by the full listing alone. The quick answers must also have answered (both
ways), so the comparison means something.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_draw_prefilter import FORTY, _listing_finds  # (the old route: the listing alone)

import rulespec
from rulespec.core.cards import mask_codes
from rulespec.core.moves import DRAW_DISCARD, TAKE, Move
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_listing
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import name_wilds
from rulespec.interpreter.phases import draw as D
from rulespec.interpreter.phases import drawuse as U
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.state import HandState
from rulespec.model.variant import Variant

ROOT = Path(__file__).resolve().parents[2]


def _obliged(variant: Variant) -> bool:
    d = variant.draw
    return (d.depth is not None and d.depth.use != "none") or (
        d.discard is not None and d.discard.use != "none"
    )


def _files() -> list[str]:
    paths = [*sorted((ROOT / "variants").glob("*.rules"))]
    paths += sorted((ROOT / "tests/data/valid").glob("*.rules"))
    paths += sorted((ROOT / "tests/data/valid").glob("*.yaml"))
    paths += sorted((ROOT / "examples/house-rules").glob("*.rules"))
    out = []
    for path in paths:
        try:
            variant = rulespec.load(str(path))
        except Exception:  # noqa: BLE001 - a file that is not a whole variant on its own
            continue
        if _obliged(variant):
            out.append(str(path))
    return out


FILES = _files()


def test_the_files_are_found() -> None:
    names = {Path(f).stem for f in FILES}
    assert {"partnership-500-rum", "rummy500", "kalooki", "scala-40", "michigan"} <= names
    assert {"partners-out", "pile-meld-before-opening", "remik"} <= names


def _candidates(variant: Variant, hs: HandState) -> list[Move]:
    pile = hs.discard
    out = [Move(DRAW_DISCARD)] if variant.draw.discard is not None else []
    return out + [Move(TAKE, (), n) for n in range(1, len(pile) + 1)]


def _compare(
    variant: Variant, seeds: range, limit: int, mp: pytest.MonkeyPatch, said: dict[str, int]
) -> int:
    """Play random hands; at each draw compare the draws listed and every candidate's refusal
    with the old route's (`_usable` as the full listing alone, no quick "no")."""
    compared = 0
    for seed in seeds:
        rng = random.Random(seed)
        players = max(variant.min_players, min(variant.max_players, 2 + seed % 3))
        game = Game.new(variant, players, seed=seed)
        while not game.hand_over and compared < limit:
            if game.hs.phase == "draw":
                hs = game.hs
                new = D.draw_moves(Ctx(variant, hs, explain=False))
                cands = _candidates(variant, hs)
                new_why = [D.draw_refusal(Ctx(variant, hs), m) for m in cands]
                dep = variant.draw.depth
                if dep is not None and dep.use != "none":
                    said["no"] += sum(U.quick_nos(Ctx(variant, hs), dep.use, dep.hand_cards))
                with mp.context() as m:
                    m.setattr(D, "_usable", _listing_finds)
                    m.setattr(D, "quick_nos", _never)
                    old = D.draw_moves(Ctx(variant, hs, explain=False))
                    old_why = [D.draw_refusal(Ctx(variant, hs), m) for m in cands]
                assert new == old, game.position()
                assert new_why == old_why, game.position()
                compared += 1
            game.play(rng.choice(game.legal_moves()))
    return compared


def _never(c: Ctx, use: str, need: int) -> list[bool]:
    return [False] * (len(c.hs.discard) + 1)


@pytest.mark.parametrize("path", FILES, ids=[Path(f).name for f in FILES])
def test_the_quick_answers_list_the_same_draws(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = rulespec.load(path)
    assert _compare(variant, range(4), 120, monkeypatch, {"no": 0}) > 20


@pytest.mark.parametrize(
    "rules", ["rummy500", "partnership-500-rum", FORTY, "michigan"], ids=lambda r: r[:20].strip()
)
def test_the_sure_answers_answer(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many positions of one-deck games the quick answers apply to, each answer counted: a
    sure "no", a sure "yes", and a draw left to the listing."""
    variant = rulespec.loads(rules) if rules.startswith("\n") else rulespec.load(rules)
    said = {"no": 0, "yes": 0, "listed": 0}
    real_yes, real_laying = D.sure_yes, D.laying

    def yes(moment: Ctx, mask: int) -> bool:
        got = real_yes(moment, mask)
        said["yes"] += got
        return got

    def listed(c: Ctx, way_on: bool = True, one: bool = False, search: bool = False) -> list[Move]:
        said["listed"] += 1
        return real_laying(c, way_on, one, search)

    monkeypatch.setattr(D, "sure_yes", yes)
    monkeypatch.setattr(D, "laying", listed)
    assert _compare(variant, range(10), 400, monkeypatch, said) > 100
    assert said["no"] > 0 and said["yes"] > 0 and said["listed"] > 0, said


@pytest.mark.parametrize("rules", ["rummy500", FORTY, "michigan"], ids=lambda r: r[:20].strip())
def test_a_complete_listing_holds_every_natural_meld(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sure "yes" offers a natural meld of the hand only when `_complete` says the hand's
    listing holds every meld: then each naming of each natural meld of the hand is listed,
    and the listing says it is complete. Past the budget it says no."""
    variant = rulespec.loads(rules) if rules.startswith("\n") else rulespec.load(rules)
    t = tables(variant)
    deck = sorted({code for ms in t.natural_by_low for m in ms for code in mask_codes(m)})
    rng = random.Random(7)
    melds = 0
    for size in range(3, 22):
        for _ in range(6):
            hand = rng.sample(deck, size)
            if not U._complete(variant, t, hand):
                continue
            listed, every = candidate_listing(variant, hand)
            assert every, hand
            mask = sum(1 << code for code in hand)
            for ms in t.natural_by_low:
                for m in ms:
                    if m & mask == m:
                        for meld in name_wilds(variant, mask_codes(m)):
                            assert meld in listed, (hand, meld)
                            melds += 1
    assert melds > 200
    assert U._complete(variant, t, deck) == candidate_listing(variant, deck)[1]
    monkeypatch.setattr(U, "FULL_BUDGET", 5)
    assert not U._complete(variant, t, deck)
