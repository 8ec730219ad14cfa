"""A SKU's device profile: one device's fitted profile (what ``temper calibrate thermal --out`` writes) with the
SKU's pooled figures and notes put in place of that device's."""

from __future__ import annotations

import re
from typing import Any

_FIGURE = re.compile(r"^(  (\w+): \{value: )([^,}]+)(.*?)(fitted: )\"(?:[^\"\\]|\\.)*\"\}$")


def sku_profile(device_profile: str, sku: str, figures: dict[str, dict[str, Any]], rooms: list[float]) -> str:
    """``device_profile`` renamed ``sku``, its fit's header comments replaced by the pooling's, each pooled figure's
    value and ``fitted:`` note replaced by the SKU's (interval, τ, device count, method), and the ambient by the
    mean of the rooms the devices were fitted in (``rooms``)."""
    lines = []
    in_fit_header = False
    for line in device_profile.splitlines():
        if line.startswith("# Fitted by 'temper calibrate thermal'"):
            in_fit_header = True
            devices = max(int(row["devices"]) + int(row["outliers"]) for row in figures.values())
            lines.append(
                f"# Pooled by 'python -m temper.fleet fit' from the thermal fits of {devices} devices of {sku}; "
                "each figure says how (docs/fleet.md)."
            )
            continue
        if in_fit_header and line.startswith("#"):
            continue
        in_fit_header = False
        if line.startswith("name:"):
            line = f"name: {sku}"
        match = _FIGURE.match(line)
        if match and match.group(2) in figures:
            pooled = figures[match.group(2)]
            note = (
                f"temper.fleet fit: pooled over {pooled['devices']} devices of {sku} (DerSimonian-Laird random effects, "
                f"inverse-variance weights), 95 % interval {pooled['low']:.6g} – {pooled['high']:.6g}, "
                f"between-device spread τ {pooled['tau']:.3g}, {pooled['outliers']} outlier(s) left out"
            )
            line = f"{match.group(1)}{pooled['value']:.6g}{match.group(4)}{match.group(5)}\"{note}\"}}"
        elif match and match.group(2) == "ambient" and rooms:
            note = f"the mean of the {len(rooms)} rooms the devices' traces were fitted in: a room's, not the SKU's"
            line = f"{match.group(1)}{sum(rooms) / len(rooms):.4g}{match.group(4)}{match.group(5)}\"{note}\"}}"
        lines.append(line)
    return "\n".join(lines) + "\n"
