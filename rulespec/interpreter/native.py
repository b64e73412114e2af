"""The compiled deadwood kernel, when there is one (interpreter, under runtable).

`_deadwood.c` is the C form of runtable's one-deck kernel; the build hook
(hatch_build.py) compiles it at install time when a C compiler and the Python
headers are there. This module loads it once and says why it is absent when it
is: not built (no compiler at install time), forced off by the environment
(`RULESPEC_NATIVE=0`), or stale (built for another interface: `VERSION` here
must equal the C file's `KERNEL_VERSION`; or from an older edit of the C file:
its digest, compiled in by the build hook, must match the file beside it, when
the file is there). In each case runtable
keeps its pure-Python kernel, which gives the same answers, only slower; no
traceback reaches the user.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from typing import Any

__all__ = ["ENV", "MODULE", "VERSION", "WHY", "compiled", "compiled_look", "load", "load_extension"]

VERSION = 2
"""The C kernel's interface version this code was written against (`KERNEL_VERSION`)."""

ENV = "RULESPEC_NATIVE"
"""`RULESPEC_NATIVE=0` forces the pure-Python kernel (the CI leg without the extension)."""


def load(environ: dict[str, str] | os._Environ[str] | None = None) -> tuple[Any, str]:
    """(the extension module or None, a one-line reason): why it is used or not."""
    return load_extension("_deadwood", VERSION, "kernel", environ)


def load_extension(
    stem: str, version: int, what: str, environ: dict[str, str] | os._Environ[str] | None = None
) -> tuple[Any, str]:
    """Load the extension `rulespec.interpreter.<stem>` built from `<stem>.c` beside this file
    (the deadwood kernel here, the counted search for gensearch.py): (the module or None,
    a one-line reason naming `what` it is). None when forced off, not built, or stale
    (another interface `version`, or a build from an older edit of the C file or its
    headers)."""
    env = os.environ if environ is None else environ
    if env.get(ENV, "").strip() == "0":
        return None, f"{ENV}=0: the pure-Python {what} is forced"
    name = f"rulespec.interpreter.{stem}"
    try:
        module = importlib.import_module(name)
    except (ImportError, OSError) as err:
        return None, f"not built (no C compiler at install time?): {err}"
    built = getattr(module, "VERSION", None)
    if built != version:
        return None, (
            f"stale build (version {built}, this code wants {version}): "
            "reinstall with pip install -e . to rebuild it"
        )
    source = Path(__file__).with_name(f"{stem}.c")
    if source.is_file() and getattr(module, "SOURCE", None) != source_digest(source):
        return None, (
            f"stale build ({stem}.c or its headers changed since it was compiled): "
            "run python hatch_build.py or pip install -e . to rebuild it"
        )
    return module, f"compiled {what} loaded from {getattr(module, '__file__', name)}"


def source_digest(source: Path) -> int:
    """The first 28 bits of the sha256 of the C file and of the local headers it includes,
    in order, line ends normalised (as hatch_build.py compiles it in): an edit of any of
    them makes the build stale. gensearch.py reads its extension's the same way."""
    return int(hashlib.sha256(source_text(source)).hexdigest()[:7], 16)


def source_text(source: Path) -> bytes:
    """The C file's text, then each header it includes by `#include "..."` (its own first)."""
    text = source.read_bytes().replace(b"\r\n", b"\n")
    heads = [line.split(b'"')[1] for line in text.splitlines() if line.startswith(b'#include "')]
    return text + b"".join(source_text(source.with_name(h.decode())) for h in heads)


MODULE, WHY = load()
"""The extension (None when absent) and why, decided once at import."""


def compiled(
    table: tuple[int, ...],
    gain: tuple[int, ...],
    arg: tuple[int, ...],
    options: tuple[tuple[int, ...], ...],
    set_min: int,
) -> Any:
    """The C kernel over runtable's tables (copied into C arrays once), or None when the
    extension is absent or refuses them (a value past 64 bits): the caller stays in Python.

    `table`, `gain` and `arg` have 8,192 entries (by a suit's rank mask); `options[held]`
    lists the non-empty 4-bit suit masks a rank held in the suits `held` may give to sets.
    """
    if MODULE is None:
        return None
    try:
        return MODULE.Kernel(table, gain, arg, options, set_min)
    except (ValueError, TypeError, OverflowError):
        return None


def compiled_look(kernel: Any, sets: bool, set_min: int, tables: dict[str, Any]) -> Any:
    """The C form of the smart bot's mask lookahead (`bots/masklook.py`'s MaskLook) over a
    C `kernel` (`compiled`'s answer), or None when the extension is absent or refuses the
    tables: the caller stays in Python.

    `tables` holds `values` (52 hand values by code), `cover` and `sums` (8,192 entries by
    a suit's rank mask: its run cover, its value sum), `melds` (52 rows: the natural melds
    by lowest card, in the solver's order), `near` (13 rank masks: the ranks near each)
    and `outs` (52 * 52 card masks: the cards that make a meld of three with a pair).
    """
    if MODULE is None or kernel is None:
        return None
    try:
        return MODULE.Look(kernel, sets, set_min, **tables)
    except (ValueError, TypeError, OverflowError):
        return None
