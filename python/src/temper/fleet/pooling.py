"""Pooling each SKU's per-device thermal figures, and finding the devices that do not belong.

Each device's fit gives a figure x_i with a 95 % interval; its standard error is taken as the interval's half-width
over 1.96 (the fit's Student-t quantile is within 1 % of that for the thousands of readings a trace holds).

The SKU's figure is the DerSimonian–Laird random-effects estimate: an inverse-variance weighted mean whose weights
1 / (s_i² + τ²) add τ², the spread between units beyond their own fit errors (estimated from Cochran's Q by the
method of moments). With τ² = 0 it is the fixed-effect inverse-variance mean. Source: R. DerSimonian and N. Laird,
"Meta-analysis in clinical trials", Controlled Clinical Trials 7 (1986) 177–188; the Cochrane Handbook for
Systematic Reviews of Interventions, §10.3 and §10.10.4 (inverse-variance and random-effects methods).

A device is an outlier in a figure when it lies more than 3 σ from its SKU pooled without it (leave-one-out, so a
bad unit does not widen the yardstick it is measured with): σ² = s_i² + τ²₋ᵢ + SE(pooled₋ᵢ)². Outliers are left
out of the SKU's pooled figures, which are then made from the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

Z95 = 1.959963984540054
OUTLIER_SIGMAS = 3.0


@dataclass(frozen=True)
class Pooled:
    """A SKU's pooled figure: the estimate, its standard error, the 95 % interval, τ and the device count."""

    value: float
    standard_error: float
    tau: float
    devices: int

    @property
    def low(self) -> float:
        return self.value - Z95 * self.standard_error

    @property
    def high(self) -> float:
        return self.value + Z95 * self.standard_error


def standard_error(low: float, high: float) -> float:
    """A 95 % interval's half-width in standard errors."""
    return (high - low) / (2 * Z95)


def pool(values: Sequence[float], errors: Sequence[float]) -> Pooled:
    """DerSimonian–Laird random-effects pooling of ``values`` with standard errors ``errors``."""
    if not values:
        raise ValueError("no devices to pool")
    variances = [max(error, 1e-300) ** 2 for error in errors]
    weights = [1 / variance for variance in variances]
    fixed = sum(w * x for w, x in zip(weights, values)) / sum(weights)
    q = sum(w * (x - fixed) ** 2 for w, x in zip(weights, values))
    c = sum(weights) - sum(w * w for w in weights) / sum(weights)
    tau2 = max(0.0, (q - (len(values) - 1)) / c) if c > 0 else 0.0
    random_weights = [1 / (variance + tau2) for variance in variances]
    mean = sum(w * x for w, x in zip(random_weights, values)) / sum(random_weights)
    return Pooled(mean, math.sqrt(1 / sum(random_weights)), math.sqrt(tau2), len(values))


def outlier_sigmas(values: Sequence[float], errors: Sequence[float], index: int) -> float | None:
    """How many σ device ``index`` lies from the SKU pooled without it; ``None`` with fewer than 3 other devices."""
    others = [i for i in range(len(values)) if i != index]
    if len(others) < 3:
        return None
    rest = pool([values[i] for i in others], [errors[i] for i in others])
    sigma = math.sqrt(errors[index] ** 2 + rest.tau**2 + rest.standard_error**2)
    return (values[index] - rest.value) / sigma if sigma > 0 else math.inf
