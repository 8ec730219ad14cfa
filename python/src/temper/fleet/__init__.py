"""Fleet-scale Temper on Dask: ``python -m temper.fleet sweep|fit|score``.

Each cell (a scenario on a device under a policy, one device's traces, a pattern on a device) is one Dask task
calling libtemper in the worker's process; results are Parquet files that DuckDB, Spark or ClickHouse read as
they are. See docs/fleet.md.
"""

from .tasks import fit_device, score_pattern, sweep_cell

__all__ = ["fit_device", "score_pattern", "sweep_cell"]
