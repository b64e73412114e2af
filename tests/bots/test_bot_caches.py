"""The bots' caches keyed by a variant's id forget its answers when it dies (bots layer).

An id names another object once its owner is gone, so an answer kept by id alone could
be handed to a different variant with other rules. `hands.cached` drops a variant's
answers when it is collected; the per-variant tables live in `model.derived.Derived`.
"""

from __future__ import annotations

import copy
import gc

from rulespec.bots import hands
from rulespec.compiler.load import load_variant


def test_solver_answers_leave_with_their_variant() -> None:
    variant = copy.copy(load_variant("gin"))  # a variant of its own (loads are cached)
    vid = id(variant)
    dw, _, _ = hands.arrangement(variant, [0, 1, 2, 16, 29, 42, 10, 23])
    assert dw == 20  # A 2 3 of clubs and three 4s melded, JC JD dead
    assert vid in hands._LIVE
    assert any(key[0] == vid for key in hands._CACHE)
    del variant
    gc.collect()
    assert vid not in hands._LIVE
    assert not any(key[0] == vid for key in hands._CACHE)
