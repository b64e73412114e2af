"""What the profile_*.py scripts share: a cProfile summary written to a file or stdout."""

from __future__ import annotations

import cProfile
import io
import pstats
import sys


def write_report(prof: cProfile.Profile, header: str, top: int, out: str | None) -> None:
    """`header`, then the `top` rows by cumulative and by own time, to `out` (or stdout)."""
    text = io.StringIO()
    text.write(header)
    for key in ("cumulative", "tottime"):
        stats = pstats.Stats(prof, stream=text)
        stats.sort_stats(key).print_stats(top)
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text.getvalue())
    else:
        sys.stdout.write(text.getvalue())
