"""python -m temper.fleet on a local cluster (the default, and one worker) and on a cluster started as separate
`dask scheduler` and `dask worker` processes: the same rows every time, failures as rows, DuckDB reads each file,
and the fit of a generated lake recovers each SKU's figures and names the bad unit."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from conftest import BAD_UNIT, ROOT, SHORT_STEPS, SKUS

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
duckdb = pytest.importorskip("duckdb")
pytest.importorskip("distributed")

ENVIRONMENT = dict(os.environ, PYTHONPATH=str(ROOT / "python" / "src"))


def fleet(*arguments: str, cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "temper.fleet", *arguments], cwd=cwd, env=ENVIRONMENT, capture_output=True, text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "[##############################]" in done.stderr  # the progress bar reached its end
    return done.stdout


def rows(path: Path) -> list[dict]:
    table = pq.read_table(path)
    count = duckdb.sql(f"SELECT count(*) FROM read_parquet('{path}')").fetchall()[0][0]
    assert count == table.num_rows  # DuckDB reads the file as it is
    return table.to_pylist()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float) -> None:
    """Until the scheduler accepts connections on ``port``; fails at once if it exits."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read() if process.stderr else "the scheduler exited"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail(f"the scheduler did not listen on {port} within {seconds} s")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`dask scheduler` and two single-threaded `dask worker` processes on 127.0.0.1, ports of their own."""
    from distributed import Client

    logs = tmp_path_factory.mktemp("dask")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = str(Path(sys.executable).with_name("dask"))
    processes = [
        subprocess.Popen(
            [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            env=ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=open(logs / "scheduler.log", "w"),
        )
    ]
    try:
        wait_for_port(port, processes[0], 60)
        for number in range(2):
            processes.append(
                subprocess.Popen(
                    [dask, "worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny", "--no-dashboard",
                     "--name", f"worker-{number}"],
                    env=ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=open(logs / f"worker-{number}.log", "w"),
                )
            )
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in reversed(processes):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


RUNS = ["default", "one-worker", "cluster"]


def placement(run: str, cluster: str) -> list[str]:
    return {"default": [], "one-worker": ["--workers", "1"], "cluster": ["--scheduler", cluster]}[run]


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two short scenarios and a broken one."""
    folder = tmp_path_factory.mktemp("scenarios")
    (folder / "steps.yaml").write_text(SHORT_STEPS.format(seed=1, device="phone", ambient=24))
    with_taps = SHORT_STEPS.format(seed=2, device="phone", ambient=30).replace(
        "streams: []",
        f"streams:\n  - {{name: taps, kind: periodic, every: 6 s, usage: ui, patterns: [{ROOT}/Examples/patterns/ui-tap.ahap]}}",
    )
    (folder / "taps.yaml").write_text(with_taps.replace("name: short-steps", "name: taps"))
    (folder / "broken.yaml").write_text("version: 1\nname: broken\nduration: soon\n")
    return folder


def test_sweep_gives_the_same_rows_on_every_cluster(scenarios: Path, cluster: str, tmp_path: Path) -> None:
    results = {}
    for run in RUNS:
        out = tmp_path / f"{run}.parquet"
        printed = fleet(*placement(run, cluster), "sweep", "--scenarios", str(scenarios), "--devices", "phone,gamepad",
                        "--policies", "default,handheld", "--sensitivity", "--out", str(out), cwd=tmp_path)
        assert "phone: best policy" in printed and "gamepad: best policy" in printed
        results[run] = rows(out)
    assert results["default"] == results["one-worker"] == results["cluster"]
    swept = results["default"]
    broken = [row for row in swept if row["scenario"].endswith("broken.yaml")]
    assert len(broken) == 4 and all("duration" in row["error"] for row in broken)
    nominal = [row for row in swept if row["error"] is None and row["variant"] == "nominal"]
    assert len(nominal) == 8
    taps = [row for row in nominal if row["scenario"].endswith("taps.yaml")]
    assert all(row["feedback_played_millijoules"] > 0 for row in taps)
    # The phone's assumed thermal figures, each -30 % and +30 %, rerun for every phone cell.
    assert any(row["variant"] == "skinToAmbientResistance+30%" for row in swept if row["device"] == "phone")


def test_fit_recovers_each_sku_and_names_the_bad_unit_on_every_cluster(lake: Path, cluster: str, tmp_path: Path) -> None:
    results = {}
    for run in RUNS:
        out = tmp_path / run
        printed = fleet(*placement(run, cluster), "fit", str(lake), "--out", str(out), cwd=tmp_path)
        assert f"outlier: {BAD_UNIT[0]}/{BAD_UNIT[1]}: skinToAmbientResistance" in printed
        results[run] = [rows(out / name) for name in ("devices.parquet", "skus.parquet", "outliers.parquet")]
    assert results["default"] == results["one-worker"] == results["cluster"]
    devices, skus, outliers = results["default"]
    assert len(devices) == 25
    assert [row["device"] for row in devices if row["error"]] == ["corrupt"]
    assert [(row["sku"], row["device"], row["figure"]) for row in outliers] == [(*BAD_UNIT[:2], "skinToAmbientResistance")]
    for row in skus:
        truth = dict(SKUS[row["sku"]], hotspotWeight=0.5)[row["figure"]]
        assert row["low"] <= truth <= row["high"], row
    profile = (tmp_path / "default" / "skus" / "sku-b.yaml").read_text()
    assert "name: sku-b" in profile and "pooled over 7 devices of sku-b" in profile
    import temper

    # The SKU's profile is a device profile the library takes at once.
    temper.Governor(None, str(tmp_path / "default" / "skus" / "sku-b.yaml")).close()


def test_score_gives_every_pattern_on_every_device_on_every_cluster(cluster: str, tmp_path: Path) -> None:
    import temper

    results = {}
    for run in RUNS:
        out = tmp_path / f"{run}.parquet"
        fleet(*placement(run, cluster), "score", str(ROOT / "Examples/patterns"), "--devices", "phone,gamepad",
              "--out", str(out), cwd=tmp_path)
        results[run] = rows(out)
    assert results["default"] == results["one-worker"] == results["cluster"]
    scored = results["default"]
    assert len(scored) == 2 * 7 and all(row["error"] is None for row in scored)
    tap = next(row for row in scored if row["pattern"].endswith("ui-tap.ahap") and row["device"] == "phone")
    assert tap["energy_millijoules"] == temper.score(ROOT / "Examples/patterns/ui-tap.ahap")["energyMillijoules"]
