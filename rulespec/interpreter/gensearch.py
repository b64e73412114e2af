"""The compiled general counted search, when there is one (interpreter, under search).

`_gensearch.c` (with its headers) is the C form of the counted search: a hand's
parts, state values, the best arrangement's walk, roomsearch's grown hands and
plusone's natural cards in one call (ARCHITECTURE.md, "Compiled counted search");
the build hook (hatch_build.py) compiles it at install time beside the one-deck
kernel, when a C compiler and the Python headers are there. This module loads it
once and says why it is absent when it is, as native.py does for the one-deck
kernel: not built, forced off (`RULESPEC_NATIVE=0`), or stale (`VERSION` must
equal the C file's `KERNEL_VERSION`, and the digest compiled in must match the C
file and its headers beside it, when they are there). Then search.py keeps its
pure-Python search, which gives the same answers, only slower.
"""

from __future__ import annotations

import os
from typing import Any

from rulespec.interpreter.meldrules import span
from rulespec.interpreter.native import load_extension, source_digest

__all__ = ["MAX_NATURALS", "MODULE", "VERSION", "WHY", "layout", "load", "source_digest"]

MAX_NATURALS = 63
"""Natural cards a part may hold, as the C search's tables go (its `MAX_NATURALS`)."""

VERSION = 3
"""The C search's interface version this code was written against (`KERNEL_VERSION`)."""


def load(environ: dict[str, str] | os._Environ[str] | None = None) -> tuple[Any, str]:
    """(the extension module or None, a one-line reason): why it is used or not."""
    return load_extension("_gensearch", VERSION, "counted search", environ)


MODULE, WHY = load()
"""The extension (None when absent) and why, decided once at import."""


_SPANS: dict[str, list[int]] = {}
"""By run order (`Tables.line`): the span of each 13-bit rank mask, as the C search reads it."""


def layout(shared: Any, offset: int, inf: int, limit: int) -> Any:
    """The C memos, card facts and part rules (meldgen's) of one shared layout (a
    searchshare.Shared), or None when the extension is absent or refuses them: the search then
    stays in Python. Its `search(full, wilds)` makes a hand's parts (as meldgen does).

    `base` and `used`, by b + offset for b wild cards owed or spare (|b| < offset / 2): the
    jokers' least deadwood once every card is placed (`inf`: impossible) and the jokers
    melded then (`Shared.base_of`, `Shared.finish`)."""
    if MODULE is None:
        return None
    base = [inf] * (2 * offset)
    used = [0] * (2 * offset)
    for b in range(1 - offset // 2, offset // 2):
        got = shared.base_of(b)
        if got is not None:
            base[b + offset] = got
            used[b + offset] = shared.finish(b)[0]
    t = shared.t
    rules = (t.has_sets, t.set_min, t.set_max, t.set_distinct, t.has_runs, t.run_min, t.run_max)
    floor_zero = min(t.hand_values) >= 0  # a value of 0 cannot be beaten
    spans = _SPANS.get(t.line)
    if spans is None:  # (a layout per number of jokers: each run order's spans made once)
        spans = _SPANS[t.line] = [span(t.line, m) for m in range(8192)]
    max_wilds = [t.max_wilds(n) for n in range(MAX_NATURALS + 1)]
    is_flex = [bool(f) for f in shared.is_flex]
    try:
        return MODULE.Layout(
            shared.vals,
            is_flex,
            shared.jokers,
            base,
            used,
            (*rules, floor_zero),
            max_wilds,
            spans,
            limit,
        )
    except (ValueError, TypeError, OverflowError):
        return None
