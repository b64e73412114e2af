"""Files written whole or not at all (core): the one atomic write that saves and tables use.

A reader (or a crash) never sees half a file: the text goes to a temporary file
beside the target, is flushed and fsynced, then `os.replace`d over the target,
and the directory is fsynced where the platform allows it so the rename itself
is durable. On failure the temporary file is removed and the `OSError` raised;
the target is left as it was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, text: str) -> None:
    """Replace `target` with `text` in one step (see the module docstring); OSError on failure."""
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
