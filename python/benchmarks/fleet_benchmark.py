"""The fleet's costs on this machine: a sweep's cells called directly in one process against the same cells as
Dask tasks on a local cluster of one and of two workers, each worker's peak memory, and fits per second.

    TEMPER_LIBRARY=.build-library/libtemper.so.1 python python/benchmarks/fleet_benchmark.py --cells 1000

Each cell is one scenario (SCENARIO below: a simulated hour with taps, its seed the cell's number) on the
phone under the default policy, simulated with its baseline as `temper simulate` does. Prints one line per
figure; docs/performance.md ("Fleet on Dask") records them.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "src"))

from temper.fleet import runner, tasks  # noqa: E402

SCENARIO = """version: 1
name: bench-{seed}
description: A simulated hour of a workload step with taps, for timing the fleet's per-cell overhead.
duration: 60 min
timeStep: 200 ms
seed: {seed}
device: phone
policy: default
ambient: 24 °C
workload:
  - {{ name: idle, power: 400 mW, for: 10 min }}
  - {{ name: heavy, power: 3.5 W, for: 40 min }}
  - {{ name: idle again, power: 400 mW, for: 10 min }}
streams:
  - {{ name: taps, kind: poisson, rate: 0.5/s, usage: ui, patterns: [{root}/Examples/patterns/ui-tap.ahap] }}
initial:
  batteryPercentage: 90
  onBattery: true
  powerProfile: balanced
"""


def peak_rss_megabytes() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> float:
    """This process's CPU time, user and system: unlike wall time, what other work on the machine leaves alone."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cells", type=int, default=1000)
    parser.add_argument("--lake", help="a lake to time fits over (python/tests/conftest.py's make_lake makes one)")
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="temper-bench-"))
    cells = []
    for seed in range(arguments.cells):
        path = folder / f"cell-{seed}.yaml"
        path.write_text(SCENARIO.format(seed=seed, root=ROOT))
        cells.append({"scenario": str(path), "device": "phone", "policy": "default", "sensitivity": False})
    import temper

    print(f"library: {temper.library_path()}; cells: {len(cells)}; cores: {os.cpu_count()}; load: {os.getloadavg()}")
    start, start_cpu = time.perf_counter(), cpu_seconds()
    direct = [row for cell in cells for row in runner.guarded(tasks.sweep_cell, cell)]
    direct_seconds, direct_cpu = time.perf_counter() - start, cpu_seconds() - start_cpu
    print(
        f"direct, one process: {direct_seconds:.2f} s wall, {direct_cpu:.2f} s CPU "
        f"({direct_cpu / len(cells) * 1000:.1f} ms CPU a cell)"
    )
    for workers in (1, 2):
        with runner.client(None, workers) as client:
            client.run(lambda: __import__("temper").version())  # every worker loads the library before the clock
            before = client.run(cpu_seconds)
            start, start_cpu = time.perf_counter(), cpu_seconds()
            rows = runner.run(client, tasks.sweep_cell, cells, f"sweep on {workers}")
            seconds, client_cpu = time.perf_counter() - start, cpu_seconds() - start_cpu
            after = client.run(cpu_seconds)
            memory = client.run(peak_rss_megabytes)
        assert rows == direct, "the cluster's rows differ from the direct calls'"
        # The scheduler of a local cluster runs in this process: its CPU is in client_cpu.
        cluster_cpu = sum(after[worker] - before[worker] for worker in after) + client_cpu
        print(
            f"local cluster, {workers} worker(s): {seconds:.2f} s wall ({seconds / direct_seconds - 1:+.1%} against "
            f"direct), {cluster_cpu:.2f} s CPU ({cluster_cpu / direct_cpu - 1:+.1%} against direct: workers "
            f"{sum(after[w] - before[w] for w in after):.2f} s, client and scheduler {client_cpu:.2f} s); "
            f"peak RSS per worker {', '.join(f'{value:.0f}' for value in memory.values())} MB"
        )
        if workers == 1:
            one_worker = seconds
        else:
            print(f"two workers against one: {one_worker / seconds:.2f}x")
    if arguments.lake:
        from temper.fleet import lake

        devices = [dict(cell, base=None) for cell in lake.devices(arguments.lake)]
        with runner.client(None, 2) as client:
            client.run(lambda: __import__("temper").version())
            start = time.perf_counter()
            fitted = runner.run(client, tasks.fit_device, devices, "fit")
            seconds = time.perf_counter() - start
        ok = sum(row["error"] is None for row in fitted)
        print(f"fits on 2 workers: {ok} devices in {seconds:.2f} s = {ok / seconds:.2f} fits/s")


if __name__ == "__main__":
    main()
