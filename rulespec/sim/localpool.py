"""The local processes of a --jobs N run: the parent plays too, results in order (stage: sim).

A run of ``--jobs N`` forks ``N - 1`` workers and the parent plays as the N-th: it
starts at once (a worker starts only once the fork is done and the pool has handed
it a task), and its results need no round trip through a pipe. Work is taken from
one stream in order, so whichever process plays an item, the results come out in
the order of the items, exactly as one process would give them.

The pool is handed *tasks* of several consecutive items, guided: large while much
is left (few round trips), down to one item at the end (the processes finish close
together). Each worker keeps one task queued behind the one it plays, so it never
waits for the parent, which looks at the pool only between its own items.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterator
from itertools import islice
from multiprocessing.pool import AsyncResult
from typing import Any, TypeVar, Union

Item = TypeVar("Item")
Result = TypeVar("Result")

MAX_TASK = 8
"""Items in one pool task at most (32 hands: the first records of a long run come soon)."""

GUIDE = 4
"""A task is at most 1/(GUIDE x processes) of what is left (guided scheduling)."""

QUEUED = 2
"""Tasks each worker holds at once: the one it plays and the next."""


def task_size(left: int, processes: int) -> int:
    """Items in the next pool task when ``left`` items remain for ``processes`` processes."""
    return max(1, min(MAX_TASK, left // (processes * GUIDE)))


class _Failed:
    """An exception raised by an item the parent played, kept until its turn in the order
    (the results before it are still delivered first, as with one process)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


_Pending = Union["AsyncResult[tuple[list[Any], Exception | None]]", list[Any], _Failed]


def ordered_map(
    run: Callable[[list[Item]], list[Result]],
    items: Iterator[Item],
    total: int,
    processes: int,
) -> Iterator[Result]:
    """``run`` over ``total`` items in order, ``processes`` processes in all (this one and
    ``processes - 1`` forked or spawned workers). ``run`` takes a list of consecutive items
    and gives their results in order; it must be a module-level function (workers get it
    by name). Closing the iterator early stops the workers."""
    if processes <= 1:
        for item in items:
            yield from run([item])
        return
    ctx = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    left = total
    pending: deque[_Pending] = deque()  # every item's results to come, in order
    running: list[AsyncResult[Any]] = []  # the pool's tasks not yet finished
    with ctx.Pool(processes - 1) as pool:
        while True:
            running = [task for task in running if not task.ready()]
            while left > 0 and len(running) < (processes - 1) * QUEUED:  # keep workers fed
                task = list(islice(items, task_size(left, processes)))
                if not task:
                    left = 0
                    break
                left -= len(task)
                running.append(pool.apply_async(_guarded, (run, task)))
                pending.append(running[-1])
            while pending and _ready(pending[0]):  # deliver what is done, in order
                yield from _results(pending.popleft())
            if left > 0:  # play the next item here
                one = list(islice(items, 1))
                if not one:
                    left = 0
                    continue
                left -= 1
                try:
                    pending.append(run(one))
                except Exception as exc:  # raised in its turn, after the results before it
                    pending.append(_Failed(exc))
            elif pending:  # nothing left to play: wait for the workers
                yield from _results(pending.popleft())
            else:
                return


def _guarded(
    run: Callable[[list[Item]], list[Result]], task: list[Item]
) -> tuple[list[Result], Exception | None]:
    """A worker's task, item by item: the results before a failing item come back with
    its exception, so they are delivered first, as with one process."""
    results: list[Result] = []
    for item in task:
        try:
            results.extend(run([item]))
        except Exception as exc:
            return results, exc
    return results, None


def _ready(entry: _Pending) -> bool:
    return not isinstance(entry, AsyncResult) or entry.ready()


def _results(entry: _Pending) -> Iterator[Any]:
    if isinstance(entry, _Failed):
        raise entry.error
    if isinstance(entry, AsyncResult):
        results, error = entry.get()
        yield from results
        if error is not None:
            raise error
        return
    yield from entry
