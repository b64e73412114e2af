"""One writer per save: an advisory lock held while a play session writes a file (stage: cli).

Two `rulespec play --save same.json` sessions would overwrite each other's game.
A session therefore holds ``fcntl.flock`` on ``FILE.lock`` (beside the save; the
save itself is replaced atomically on every write, so it cannot carry the lock)
for as long as it may write FILE. The kernel drops the lock when the process
ends, however it ends (kill -9 included), so a stale lock file never blocks
anyone. The file is removed on a clean release; a second session that opened
the old file notices the path now names another file and tries again. Where
``fcntl`` does not exist (Windows) no lock is taken.
"""

from __future__ import annotations

import contextlib
import os
from types import TracebackType

from rulespec.sim.savefile import SaveFileError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]


def lock_path(save: str) -> str:
    """The lock file of a save: ``FILE.lock`` beside it."""
    return f"{save}.lock"


class SaveLock:
    """The advisory lock on one save file; ``acquire`` raises ``SaveFileError`` when it is held."""

    def __init__(self, save: str) -> None:
        self.save = save
        self.path = lock_path(save)
        self.fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock: True when held, False when no lock can be made here (no fcntl, or
        the directory cannot be written: the save itself will then fail and say so)."""
        if fcntl is None or self.fd is not None:
            return self.fd is not None
        for _ in range(100):  # each retry means another session released in between
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return False
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = _read_pid(fd)
                os.close(fd)
                who = f" (pid {holder})" if holder else ""
                raise SaveFileError(
                    f"{self.save}: another rulespec play session{who} is writing this save; "
                    "finish or quit it first, or choose another file"
                ) from None
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except OSError:
                same = False
            if not same:  # released and removed between our open and our lock
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            self.fd = fd
            return True
        return False

    def release(self) -> None:
        """Remove the lock file, then drop the lock (in that order: see the module docstring)."""
        if self.fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> SaveLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None
