"""``python -m temper.fleet``: sweeps, fits and scores across a fleet on Dask, written as Parquet.

    python -m temper.fleet sweep --scenarios Examples/scenarios --devices phone,gamepad --policies default,phone \\
        --out sweep.parquet
    python -m temper.fleet fit LAKE --out fitted/
    python -m temper.fleet score Examples/patterns --devices phone,gamepad --out scores.parquet

``--scheduler tcp://HOST:PORT`` runs on a cluster already started (``dask scheduler`` and ``dask worker``); by
default a local cluster of one single-threaded worker process per core is started for the run. A cell that fails
(a corrupt trace, a broken scenario) is a row with its ``error`` and does not stop the run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from . import pooling, runner, tasks


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m temper.fleet", description=__doc__.split("\n\n")[0])
    parser.add_argument("--scheduler", help="tcp://HOST:PORT of a running Dask scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=int, help="worker processes of the local cluster (default: one per core)")
    commands = parser.add_subparsers(dest="command", required=True)
    sweep = commands.add_parser("sweep", help="every scenario × device × policy, simulated")
    sweep.add_argument("--scenarios", required=True, nargs="+", help="scenario files, or folders of *.yaml")
    sweep.add_argument("--devices", required=True, help="device profiles, comma-separated (names or files)")
    sweep.add_argument("--policies", required=True, help="policies, comma-separated (names or files)")
    sweep.add_argument("--sensitivity", action="store_true", help="also each assumed thermal figure ±30 %%")
    sweep.add_argument("--out", required=True)
    fit = commands.add_parser("fit", help="each device's thermal figures, pooled per SKU, outliers named")
    fit.add_argument("lake", help="a folder or fsspec URL laid out sku=NAME/device=ID/*.jsonl")
    fit.add_argument("--device", help="the profile each fit starts from and each SKU profile copies (default: phone)")
    fit.add_argument("--out", required=True, help="a folder: devices.parquet, skus.parquet, outliers.parquet, skus/")
    score = commands.add_parser("score", help="every pattern of a library on every device")
    score.add_argument("library", help="a folder of patterns (or one pattern)")
    score.add_argument("--devices", required=True, help="device profiles, comma-separated")
    score.add_argument("--out", required=True)
    arguments = parser.parse_args(argv)
    with runner.client(arguments.scheduler, arguments.workers) as connected:
        if arguments.command == "sweep":
            run_sweep(connected, arguments)
        elif arguments.command == "fit":
            run_fit(connected, arguments)
        else:
            run_score(connected, arguments)
    return 0


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise SystemExit(f"temper.fleet: no names in '{text}'")
    return [os.path.abspath(name) if os.path.isfile(name) else name for name in names]


def _files(given: Sequence[str], suffixes: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[str]:
    found: list[str] = []
    for path in given:
        if os.path.isdir(path):
            found += sorted(
                str(entry)
                for entry in Path(path).iterdir()
                if entry.is_file() and entry.name.endswith(suffixes) and not entry.name.endswith(skip)
            )
        elif os.path.exists(path):
            found.append(path)
        else:
            raise SystemExit(f"temper.fleet: {path}: no such file or folder")
    if not found:
        raise SystemExit(f"temper.fleet: no files in {', '.join(given)}")
    return found


def run_sweep(connected: Any, arguments: argparse.Namespace) -> None:
    scenarios = [os.path.abspath(path) for path in _files(arguments.scenarios, (".yaml", ".yml"))]
    cells = [
        {"scenario": scenario, "device": device, "policy": policy, "sensitivity": arguments.sensitivity}
        for scenario in scenarios
        for device in _names(arguments.devices)
        for policy in _names(arguments.policies)
    ]
    rows = runner.run(connected, tasks.sweep_cell, cells, "sweep")
    for row in rows:
        del row["sensitivity"]
    write(rows, SWEEP, arguments.out)
    print(sweep_summary(rows))
    print(f"sweep: {arguments.out} ({len(rows)} rows, {sum(row['error'] is not None for row in rows)} failed)")


def sweep_summary(rows: list[dict[str, Any]]) -> str:
    """Per device, the policy with the fewest seconds in serious or worse over every scenario (ties: the one that
    withholds the least feedback energy)."""
    totals: dict[str, dict[str, list[float]]] = {}
    for row in rows:
        if row["error"] is None and row["variant"] == "nominal":
            total = totals.setdefault(row["device"], {}).setdefault(row["policy"], [0.0, 0.0])
            total[0] += row["hot_seconds"]
            total[1] += row["feedback_saved_millijoules"]
    lines = []
    for device, policies in sorted(totals.items()):
        best, (hot, saved) = min(policies.items(), key=lambda item: (item[1][0], item[1][1], item[0]))
        lines.append(
            f"{Path(device).stem}: best policy {Path(best).stem} ({hot:.0f} s in serious or worse over every "
            f"scenario, {saved / 1000:.3g} J of feedback withheld)"
        )
    return "\n".join(lines)


def run_fit(connected: Any, arguments: argparse.Namespace) -> None:
    from . import lake

    cells = [dict(cell, base=arguments.device) for cell in lake.devices(arguments.lake)]
    rows = runner.run(connected, tasks.fit_device, cells, "fit")
    profiles: dict[str, str] = {}
    for row in rows:
        del row["base"]
        profile = row.pop("_profile", None)
        if profile is not None:
            profiles.setdefault(row["sku"], profile)
        row["traces"] = row["traces"] if isinstance(row["traces"], int) else len(row["traces"])
    out = Path(arguments.out)
    (out / "skus").mkdir(parents=True, exist_ok=True)
    write(rows, DEVICES, str(out / "devices.parquet"))
    pooled, outliers = pool_skus(rows)
    write(pooled, SKUS, str(out / "skus.parquet"))
    write(outliers, OUTLIERS, str(out / "outliers.parquet"))
    from .profiles import sku_profile

    for sku, profile in sorted(profiles.items()):
        figures = {row["figure"]: row for row in pooled if row["sku"] == sku}
        rooms = [row["ambient_celsius"] for row in rows if row["sku"] == sku and row["error"] is None]
        (out / "skus" / f"{sku}.yaml").write_text(sku_profile(profile, sku, figures, rooms))
    for outlier in outliers:
        print(
            f"outlier: {outlier['sku']}/{outlier['device']}: {outlier['figure']} {outlier['value']:.4g} against "
            f"{outlier['sku_value']:.4g} ({outlier['sigmas']:+.1f} σ)"
        )
    failed = sum(row["error"] is not None for row in rows)
    print(f"fit: {out}/devices.parquet ({len(rows)} devices, {failed} failed), {len(profiles)} SKU profiles, {len(outliers)} outliers")


def pool_skus(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each SKU's pooled figures (without its outliers) and every outlier, as ``pooling`` describes."""
    pooled: list[dict[str, Any]] = []
    outliers: list[dict[str, Any]] = []
    fitted = [row for row in rows if row["error"] is None]
    for sku in sorted({row["sku"] for row in fitted}):
        members = [row for row in fitted if row["sku"] == sku]
        for figure in tasks.FIGURES:
            values = [row[figure] for row in members]
            errors = [pooling.standard_error(row[f"{figure}_low"], row[f"{figure}_high"]) for row in members]
            kept = []
            for at, row in enumerate(members):
                sigmas = pooling.outlier_sigmas(values, errors, at)
                if sigmas is not None and abs(sigmas) > pooling.OUTLIER_SIGMAS:
                    others = [i for i in range(len(members)) if i != at]
                    rest = pooling.pool([values[i] for i in others], [errors[i] for i in others])
                    outliers.append(
                        {"sku": sku, "device": row["device"], "figure": figure, "value": values[at],
                         "sku_value": rest.value, "sigmas": sigmas}
                    )
                else:
                    kept.append(at)
            result = pooling.pool([values[i] for i in kept], [errors[i] for i in kept])
            pooled.append(
                {"sku": sku, "figure": figure, "value": result.value, "low": result.low, "high": result.high,
                 "standard_error": result.standard_error, "tau": result.tau, "devices": result.devices,
                 "outliers": len(members) - len(kept)}
            )
    return pooled, outliers


def run_score(connected: Any, arguments: argparse.Namespace) -> None:
    patterns = [os.path.abspath(path) for path in _files([arguments.library], ("",), skip=(".md", ".wav"))]
    cells = [{"pattern": pattern, "device": device} for pattern in patterns for device in _names(arguments.devices)]
    rows = runner.run(connected, tasks.score_pattern, cells, "score")
    write(rows, SCORES, arguments.out)
    print(f"score: {arguments.out} ({len(rows)} rows, {sum(row['error'] is not None for row in rows)} failed)")


def _schema(columns: list[tuple[str, str]]) -> Any:
    import pyarrow as pa

    types: dict[str, Any] = {"string": pa.string(), "double": pa.float64(), "int": pa.int64()}
    return pa.schema([(name, types[kind]) for name, kind in columns])


_TIERS = [(f"{tier}_seconds", "double") for tier in tasks.TIERS]
SWEEP = [("scenario", "string"), ("device", "string"), ("policy", "string"), ("variant", "string")] + _TIERS + [
    ("hot_seconds", "double"), ("baseline_hot_seconds", "double"), ("peak_hotspot_celsius", "double"),
    ("feedback_played_millijoules", "double"), ("feedback_saved_millijoules", "double"),
    ("battery_used_percent", "double"), ("error", "string"),
]
_FIGURE_COLUMNS = [(f"{key}{part}", "double") for key in tasks.FIGURES for part in ("", "_low", "_high")]
DEVICES = [("sku", "string"), ("device", "string"), ("traces", "int")] + _FIGURE_COLUMNS + [
    ("ambient_celsius", "double"), ("rmse_celsius", "double"), ("reduced_chi_square", "double"), ("warnings", "string"),
    ("error", "string"),
]
SKUS = [("sku", "string"), ("figure", "string"), ("value", "double"), ("low", "double"), ("high", "double"),
        ("standard_error", "double"), ("tau", "double"), ("devices", "int"), ("outliers", "int")]
OUTLIERS = [("sku", "string"), ("device", "string"), ("figure", "string"), ("value", "double"),
            ("sku_value", "double"), ("sigmas", "double")]
SCORES = [("pattern", "string"), ("device", "string"), ("energy_millijoules", "double"), ("duration_seconds", "double"),
          ("peak_milliwatts", "double"), ("warnings", "string"), ("error", "string")]


def write(rows: list[dict[str, Any]], columns: list[tuple[str, str]], path: str) -> None:
    """The rows as one Parquet file, every column present (missing values null) in the order ``columns`` gives."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = _schema(columns)
    table = pa.Table.from_pylist([{name: row.get(name) for name, _ in columns} for row in rows], schema=schema)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path)


if __name__ == "__main__":
    sys.exit(main())
