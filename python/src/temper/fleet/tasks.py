"""The work of one cell, run on a Dask worker: each returns the cell's rows (a dict per row)."""

from __future__ import annotations

from typing import Any

import temper

from . import lake

FIGURES = ["internalHeatCapacity", "internalToSkinResistance", "skinHeatCapacity", "skinToAmbientResistance", "hotspotWeight"]
TIERS = ["nominal", "fair", "serious", "critical"]


def sweep_cell(scenario: str, device: str, policy: str, sensitivity: bool) -> list[dict[str, Any]]:
    """The scenario on the device under the policy: one row as simulated and, with ``sensitivity``, one per
    assumed thermal figure moved -30 % and +30 % (those rows hold what the reruns measure: peak hotspot and time
    in serious or worse)."""
    result = temper.simulate(scenario, device=device, policy=policy, sensitivity=sensitivity)
    run, baseline = result["withPolicy"], result["baseline"]
    played, requested = run["playedEnergy"], run["requestedEnergy"]
    row: dict[str, Any] = {"variant": "nominal"}
    for tier in TIERS:
        row[f"{tier}_seconds"] = float(run["tierSeconds"].get(tier, 0.0))
    row["hot_seconds"] = row["serious_seconds"] + row["critical_seconds"]
    row["baseline_hot_seconds"] = float(baseline["tierSeconds"].get("serious", 0.0) + baseline["tierSeconds"].get("critical", 0.0))
    row["peak_hotspot_celsius"] = float(run["peakHotspotCelsius"])
    row["feedback_played_millijoules"] = float(_total(played))
    row["feedback_saved_millijoules"] = float(_total(requested) - _total(played))
    row["battery_used_percent"] = float(run["batteryStartPercentage"] - run["batteryEndPercentage"])
    rows = [row]
    for figure in (result.get("sensitivity") or {}).get("rows", []):
        for side, scale in (("lower", "-30%"), ("upper", "+30%")):
            outcome = figure[side]
            rows.append(
                {
                    "variant": f"{figure['figure']}{scale}",
                    "hot_seconds": float(outcome["hotSeconds"]),
                    "baseline_hot_seconds": float(outcome["baselineHotSeconds"]),
                    "peak_hotspot_celsius": float(outcome["peakHotspotCelsius"]),
                }
            )
    return rows


def _total(energy: dict[str, Any]) -> float:
    return sum(float(value) for key, value in energy.items() if key.endswith("Millijoules"))


def fit_device(sku: str, device: str, traces: list[str], base: str | None) -> list[dict[str, Any]]:
    """One device's thermal figures fitted to its traces, as ``temper calibrate thermal --json`` fits them, with
    each figure's 95 % interval and the goodness of fit; ``_profile`` carries the fitted profile's YAML for the
    SKU's profile (not written to Parquet)."""
    with lake.temporary_folder() as folder:
        fit = temper.calibrate_thermal(lake.local_copies(traces, folder), device=base, profile=True)
    row: dict[str, Any] = {"traces": len(traces)}
    for key in FIGURES:
        row[key], row[f"{key}_low"], row[f"{key}_high"] = (float(fit[key][part]) for part in ("value", "low", "high"))
    row["ambient_celsius"] = float(fit["ambient"]["value"])
    row["rmse_celsius"] = float(fit["rmseCelsius"])
    row["reduced_chi_square"] = _optional(fit["goodnessOfFit"].get("reducedChiSquare"))
    row["warnings"] = " | ".join(fit["warnings"]) or None
    row["_profile"] = fit["profile"]
    return [row]


def score_pattern(pattern: str, device: str) -> list[dict[str, Any]]:
    """One pattern scored on one device, as ``temper score --device DEVICE --format json`` scores it."""
    scored = temper.score(pattern, device=device)
    return [
        {
            "energy_millijoules": float(scored["energyMillijoules"]),
            "duration_seconds": float(scored["durationSeconds"]),
            "peak_milliwatts": float(scored["peakMilliwatts"]),
            "warnings": " | ".join(str(w) for w in scored.get("warnings", [])) or None,
        }
    ]


def _optional(value: Any) -> float | None:
    return None if value is None else float(value)
