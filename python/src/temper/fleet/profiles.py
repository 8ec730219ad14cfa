"""A SKU's device profile: one device's fitted profile (what ``temper calibrate thermal --out`` writes) with the
SKU's pooled figures and notes put in place of that device's."""

from __future__ import annotations

import re
from typing import Any

_FIGURE = re.compile(r"^(  (\w+): \{value: )([^,}]+)(.*?)(fitted: )\"(?:[^\"\\]|\\.)*\"\}$")


def sku_profile(device_profile: str, sku: str, figures: dict[str, dict[str, Any]]) -> str:
    """``device_profile`` renamed ``sku``, its header comments replaced by the pooling's and each pooled figure's
    value and ``fitted:`` note replaced by the SKU's (interval, τ, device count, method)."""
    lines = []
    for line in device_profile.splitlines():
        if line.startswith("# Fitted by 'temper calibrate thermal'") or line.startswith("# Goodness of fit:"):
            continue
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
        lines.append(line)
    return "\n".join(lines) + "\n"
