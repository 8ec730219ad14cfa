"""Running tasks on a Dask cluster: the client, a progress bar on stderr, and failures kept as rows."""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence


@contextmanager
def client(scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """A client of the cluster at ``scheduler`` (``tcp://HOST:PORT``), else of a local cluster: ``workers``
    processes of one thread each (default: one per core), each loading libtemper once."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler, timeout="30s") as connected:
            yield connected
        return
    count = workers or os.cpu_count() or 1
    with LocalCluster(
        n_workers=count, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    ) as cluster, Client(cluster) as local:
        yield local


def guarded(function: Callable[..., list[dict[str, Any]]], cell: dict[str, Any]) -> list[dict[str, Any]]:
    """Runs one cell: its rows, each with the cell's keys; an exception becomes the cell's one row with ``error``
    set to its first line, so one corrupt input never stops a run. Runs on a worker."""
    try:
        return [{**cell, **row, "error": None} for row in function(**cell)]
    except Exception as error:  # every failure is the cell's result, reported, not raised
        message = getattr(error, "message", None) or f"{type(error).__name__}: {error}"
        return [{**cell, "error": message.splitlines()[0]}]


def guarded_batch(function: Callable[..., list[dict[str, Any]]], cells: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each cell's rows, one cell after another in one task (each cell still guarded on its own)."""
    return [guarded(function, cell) for cell in cells]


def batch_size(cells: int, workers: int) -> int:
    """Cells per task: about 16 tasks per worker, at most 32 cells each. A task costs the client and scheduler some
    5 ms (measured: docs/performance.md), as much as a tenth of a simulated hour, so cells go in batches; 16 tasks
    a worker keep the workers evenly loaded to the end and the progress bar moving."""
    return max(1, min(32, cells // (max(1, workers) * 16)))


def run(
    connected: Any, function: Callable[..., list[dict[str, Any]]], cells: Sequence[dict[str, Any]], label: str
) -> list[dict[str, Any]]:
    """Every cell's rows, in the cells' order whatever order they finish in, with a progress bar on stderr."""
    from dask.distributed import as_completed

    size = batch_size(len(cells), len(connected.scheduler_info().get("workers", {})))
    batches = [list(cells[at : at + size]) for at in range(0, len(cells), size)]
    futures = connected.map(guarded_batch, [function] * len(batches), batches, pure=False)
    index = {future.key: at for at, future in enumerate(futures)}
    rows: list[list[list[dict[str, Any]]]] = [[] for _ in batches]
    bar = Progress(label, len(cells))
    for future in as_completed(futures):
        at = index[future.key]
        try:
            rows[at] = future.result()
        except Exception as error:  # a worker lost mid-task: each of its cells still gets its row
            message = f"{type(error).__name__}: {error}".splitlines()[0]
            rows[at] = [[dict(cell, error=message)] for cell in batches[at]]
        bar.advance(len(batches[at]))
    bar.finish()
    return [row for batch in rows for cell in batch for row in cell]


class Progress:
    """``label [#####     ] 12/40  0:07`` on stderr, redrawn in place on a terminal, every tenth otherwise."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done, self.start = label, total, 0, time.monotonic()
        self.terminal = sys.stderr.isatty()

    def advance(self, cells: int = 1) -> None:
        step = max(1, self.total // 10)
        crossed = (self.done + cells) // step > self.done // step
        self.done += cells
        if self.terminal or self.done == self.total or crossed:
            self.draw()

    def draw(self) -> None:
        width = 30
        filled = width * self.done // max(1, self.total)
        seconds = int(time.monotonic() - self.start)
        line = f"{self.label} [{'#' * filled}{' ' * (width - filled)}] {self.done}/{self.total} {seconds // 60}:{seconds % 60:02d}"
        sys.stderr.write(("\r" + line) if self.terminal else (line + "\n"))
        sys.stderr.flush()

    def finish(self) -> None:
        if self.terminal:
            sys.stderr.write("\n")
            sys.stderr.flush()
