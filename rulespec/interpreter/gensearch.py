"""The compiled general counted search, when there is one (interpreter, under search).

`_gensearch.c` is the C form of search.GeneralSearch's state value and
roomsearch.RoomSearch's pivot; the build hook (hatch_build.py) compiles it at
install time beside the one-deck kernel, when a C compiler and the Python headers
are there. This module loads it once and says why it is absent when it is, as
native.py does for the one-deck kernel: not built, forced off (`RULESPEC_NATIVE=0`),
or stale (`VERSION` must equal the C file's `KERNEL_VERSION`, and the digest compiled
in must match the C file beside it, when the file is there). Then search.py keeps
its pure-Python search, which gives the same answers, only slower.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

from rulespec.interpreter.native import ENV, source_digest

__all__ = ["MODULE", "VERSION", "WHY", "layout", "load", "parts", "rests"]

VERSION = 1
"""The C search's interface version this code was written against (`KERNEL_VERSION`)."""

_NAME = "rulespec.interpreter._gensearch"


def load(environ: dict[str, str] | os._Environ[str] | None = None) -> tuple[Any, str]:
    """(the extension module or None, a one-line reason): why it is used or not."""
    env = os.environ if environ is None else environ
    if env.get(ENV, "").strip() == "0":
        return None, f"{ENV}=0: the pure-Python counted search is forced"
    try:
        module = importlib.import_module(_NAME)
    except (ImportError, OSError) as err:
        return None, f"not built (no C compiler at install time?): {err}"
    built = getattr(module, "VERSION", None)
    if built != VERSION:
        return None, (
            f"stale build (version {built}, this code wants {VERSION}): "
            "reinstall with pip install -e . to rebuild it"
        )
    source = Path(__file__).with_name("_gensearch.c")
    if source.is_file() and getattr(module, "SOURCE", None) != source_digest(source):
        return None, (
            "stale build (_gensearch.c changed since it was compiled): "
            "run python hatch_build.py or pip install -e . to rebuild it"
        )
    return module, f"compiled counted search loaded from {getattr(module, '__file__', _NAME)}"


MODULE, WHY = load()
"""The extension (None when absent) and why, decided once at import."""


def layout(
    vals: tuple[int, ...], is_flex: tuple[bool, ...], jokers: int, base: list[int], limit: int
) -> Any:
    """The C memo and card facts of one shared layout (search._Shared), or None when the
    extension is absent or refuses them: the search then stays in Python.

    `base[b + 512]`: the jokers' least deadwood once every card is placed with b wild cards
    owed or spare (search.INF: impossible), for b in -512..511."""
    if MODULE is None:
        return None
    try:
        return MODULE.Layout(vals, is_flex, jokers, base, min(vals) >= 0, limit)
    except (ValueError, TypeError, OverflowError):
        return None


def parts(
    native_layout: Any, by_low: list[list[tuple[int, int, int, tuple[int, ...], int]]]
) -> Any:
    """One hand's parts by lowest card in C (value and pivot), or None when refused."""
    try:
        return MODULE.Parts(native_layout, by_low)
    except (ValueError, TypeError, OverflowError):
        return None


def rests(got: list[tuple[int, int, int, int]]) -> Any:
    """roomsearch's parts holding one code, less that code, in C (for pivot)."""
    return MODULE.Rests(got)
