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


def run(
    connected: Any, function: Callable[..., list[dict[str, Any]]], cells: Sequence[dict[str, Any]], label: str
) -> list[dict[str, Any]]:
    """Every cell's rows, in the cells' order whatever order they finish in, with a progress bar on stderr."""
    from dask.distributed import as_completed

    futures = connected.map(guarded, [function] * len(cells), cells, pure=False)
    index = {future.key: at for at, future in enumerate(futures)}
    rows: list[list[dict[str, Any]]] = [[] for _ in cells]
    bar = Progress(label, len(cells))
    for future in as_completed(futures):
        at = index[future.key]
        try:
            rows[at] = future.result()
        except Exception as error:  # a worker lost mid-task: the cell still gets its row
            rows[at] = [dict(cells[at], error=f"{type(error).__name__}: {error}".splitlines()[0])]
        bar.advance()
    bar.finish()
    return [row for cell in rows for row in cell]


class Progress:
    """``label [#####     ] 12/40  0:07`` on stderr, redrawn in place on a terminal, every tenth otherwise."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done, self.start = label, total, 0, time.monotonic()
        self.terminal = sys.stderr.isatty()

    def advance(self) -> None:
        self.done += 1
        if self.terminal or self.done == self.total or self.done % max(1, self.total // 10) == 0:
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
