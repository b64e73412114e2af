"""The names contract: in every expression context the engine provides exactly the declared names.

`rulespec.model.names.names_for` declares each context's names once (the
checker types expressions against it). Here every expression compiled while
loading every bundled variant and every valid test-data file is wrapped to
record the environment it is called with; seeded random play of each variant
then calls them (turn conditions, knock limits, scores per reason and role,
the multiplier, match rounds; card values as the variant is built), and each
recorded key set must be exactly the declared names of its context: nothing
missing, nothing extra.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from rulespec.compiler import load as load_module
from rulespec.compiler.load import bundled_names, load_variant
from rulespec.grammar import expr as expr_module
from rulespec.interpreter.game import Game
from rulespec.model.names import names_for
from rulespec.model.variant import Variant

VALID = Path(__file__).resolve().parents[1] / "data/valid"
SLOW = {"wild-eight-decks-continental.rules"}  # a stress test: a second a hand, no new context
SOURCES = [
    *bundled_names(),
    *sorted(str(p) for p in VALID.iterdir() if p.suffix != ".md" and p.name not in SLOW),
]
HANDS = 3  # hands played per variant
MOVES = 400  # moves per hand at most (a random hand that runs on is left)

Seen = list[tuple[str, str, str | None, frozenset[str]]]


def _recording(playing: list[Seen | None], values: Seen) -> Callable[..., Any]:
    """compile_expression whose closures record their environments into `playing[0]`, the
    list of the variant being played (None while loading: the compiler's own checks evaluate
    some expressions too, and a compiled expression may be shared by several variants).
    Card values are worked out once, as the variant is built: those calls go to `values`."""
    compile_expression = expr_module.compile_expression

    def compile_recorded(
        source: Any, context: str, expected: str, path: str = "", **kw: Any
    ) -> Any:
        fn = compile_expression(source, context, expected, path, **kw)

        def recorded(env: Mapping[str, Any]) -> Any:
            seen = playing[0] if context != "card_value" else values
            if seen is not None:
                reason = env["reason"] if context == "score" else None
                seen.append((context, path, reason, frozenset(env)))
            return fn(env)

        return recorded

    return compile_recorded


def _upcard(variant: Variant) -> bool:
    """Does the variant turn an upcard (so `upcard.*` is declared)? As names.upcard_available."""
    deal = variant.deal
    return deal.upcard or (deal.dealer_extra_to == "discard" and deal.dealer_extra > 0)


def _play(variant: Variant, rng: random.Random) -> None:
    """A few hands, laying down and knocking when it can (so hands end, and every reason's
    score is reached), else a random move."""
    game = Game.new(variant, variant.min_players, seed=rng.randrange(1 << 30))
    for _ in range(HANDS):
        moves = 0
        while not game.hand_over and moves < MOVES:
            legal = game.legal_moves()
            eager = [m for m in legal if m.kind in ("meld", "layoff", "knock")]
            game.play(rng.choice(eager if eager and rng.random() < 0.8 else legal))
            moves += 1
        if not game.hand_over or game.match_over:
            return
        game.next_hand()


def _recorded() -> dict[str, tuple[Variant, Seen]]:
    """Per rule source: the variant and every environment its expressions were called with."""
    out: dict[str, tuple[Variant, Seen]] = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(load_module, "_cache", {})
        playing: list[Seen | None] = [None]
        values: Seen = []
        mp.setattr(expr_module, "compile_expression", _recording(playing, values))
        for source in SOURCES:
            values.clear()
            variant = load_variant(source)
            seen: Seen = list(values)
            playing[0] = seen
            _play(variant, random.Random(f"names:{Path(source).name}"))  # not the checkout path
            playing[0] = None
            out[source] = (variant, seen)
    return out


def test_each_context_gets_exactly_its_declared_names() -> None:
    """One test (the recording is costly, and one worker does it once): every environment
    of every source against its context's declared names, and every context exercised."""
    recorded = _recorded()
    wrong = []
    for source, (variant, seen) in recorded.items():
        for context, path, reason, keys in seen:
            declared = set(names_for(context, upcard=_upcard(variant), reason=reason))
            if keys != declared:
                wrong.append(
                    f"{Path(source).name}: {path} ({context}{', ' + reason if reason else ''}):"
                    f" missing {sorted(declared - keys)}, undeclared {sorted(keys - declared)}"
                )
    assert not wrong, "\n".join(sorted(set(wrong))[:20])
    contexts = {c for _, seen in recorded.values() for c, *_ in seen}
    assert contexts == {"turn", "knock", "score", "match", "card_value", "deal"}
    reasons = {r for _, seen in recorded.values() for c, _, r, _ in seen if c == "score"}
    assert {"out", "knock", "stock"} <= reasons, reasons
