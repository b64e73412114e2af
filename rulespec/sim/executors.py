"""Where a simulation's seeded chunks run: Ray tasks, or one shard of the run (stage: sim).

The runner (``runner.py``) cuts a run into chunks of hand indices; every record
depends on its index and the run seed alone, so the chunks may run anywhere in
any order. ``RayExecutor`` maps them to Ray tasks (a local Ray, or a cluster by
``address``; extra ``rulespec[ray]``) and yields the results in index order, so
the records are those of ``--jobs 1``, byte for byte. ``shard_span`` picks the
indices of shard i of N, for schedulers that split a run themselves (Slurm
arrays, Kubernetes jobs, GNU parallel); ``parts.py`` writes and merges them.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from typing import Any

from rulespec.core.errors import RulespecError
from rulespec.sim.runner import IN_FLIGHT, HandRecord, Job, run_chunk

Work = tuple[Job, int, int]


def _run_batch(items: list[Work]) -> list[list[HandRecord]]:
    """One Ray task: a few consecutive chunks, run in the worker process."""
    return [run_chunk(item) for item in items]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RulespecError("--executor ray needs Ray: pip install 'rulespec[ray]'") from None
    return ray


class RayExecutor:
    """Runs chunks as Ray tasks, ``batch`` chunks a task, a few tasks per CPU in flight.

    Joins the Ray already initialised in this process if there is one; else starts
    (``address=None``: a local Ray with ``cpus`` CPUs) or joins one (``"auto"``, or
    ``ray://host:10001``), and shuts down only what it started."""

    def __init__(self, address: str | None = None, cpus: int | None = None, batch: int = 1):
        if batch < 1:
            raise RulespecError(f"batch: at least 1 chunk a task, not {batch}")
        self.address = address
        self.cpus = cpus
        self.batch = batch

    def _start(self, ray: Any) -> bool:
        if ray.is_initialized():
            return False
        try:
            ray.init(
                address=self.address,
                num_cpus=None if self.address else self.cpus,
                include_dashboard=False,
                log_to_driver=False,
                logging_level="WARNING",
                configure_logging=False,
            )
        except ConnectionError as exc:
            raise RulespecError(f"--address {self.address}: no Ray cluster there ({exc})") from None
        return True

    def __call__(self, work: Iterator[Work]) -> Iterator[list[HandRecord]]:
        ray = _ray()
        started = self._start(ray)
        try:
            task = ray.remote(_run_batch)
            width = max(1, int(ray.cluster_resources().get("CPU", 1))) * IN_FLIGHT
            pending: deque[Any] = deque()
            for batch in _batches(work, self.batch):
                pending.append(task.remote(batch))
                if len(pending) >= width:
                    yield from ray.get(pending.popleft())
            while pending:
                yield from ray.get(pending.popleft())
        finally:
            if started:
                ray.shutdown()


def _batches(work: Iterator[Work], size: int) -> Iterator[list[Work]]:
    batch: list[Work] = []
    for item in work:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


_SHARD = re.compile(r"^\s*(\d{1,6})\s*/\s*(\d{1,6})\s*$")


def parse_shard(text: str) -> tuple[int, int]:
    """``"i/N"`` -> (i, N), shards numbered 1..N; RulespecError naming the form otherwise."""
    found = _SHARD.match(text)
    if not found:
        raise RulespecError(f"--shard {text!r}: write i/N, e.g. 1/4 (shard 1 of 4)")
    i, n = int(found.group(1)), int(found.group(2))
    if not 1 <= i <= n:
        raise RulespecError(f"--shard {text!r}: i runs from 1 to N, so 1/{n} .. {n}/{n}")
    return i, n


def shard_span(count: int, i: int, n: int) -> tuple[int, int]:
    """The indices (start, stop) of shard i of N: N near-equal consecutive blocks."""
    return count * (i - 1) // n, count * i // n
