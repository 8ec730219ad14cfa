"""The SKU pooling's arithmetic (DerSimonian–Laird) on cases worked by hand."""

from __future__ import annotations

import math

import pytest

from temper.fleet import pooling


def test_agreeing_devices_pool_to_the_inverse_variance_mean_with_no_spread() -> None:
    pooled = pooling.pool([1.0, 2.0, 3.0], [1.0, 1.0, 1.0])
    # Q = 2 with 2 degrees of freedom: no spread beyond the fits' own errors.
    assert (pooled.value, pooled.tau, pooled.devices) == (2.0, 0.0, 3)
    assert pooled.standard_error == pytest.approx(1 / math.sqrt(3))
    weighted = pooling.pool([1.0, 3.0], [1.0, 2.0])
    assert weighted.value == pytest.approx((1 / 1 + 3 / 4) / (1 + 1 / 4))  # Q = 0.8 < 1: still fixed-effect


def test_disagreeing_devices_add_their_spread_to_the_interval() -> None:
    # Q = 50, C = 1: tau^2 = 49, each weight 1/50, SE = 5.
    pooled = pooling.pool([0.0, 10.0], [1.0, 1.0])
    assert (pooled.value, pooled.tau, pooled.standard_error) == (5.0, 7.0, 5.0)
    assert pooled.low == pytest.approx(5 - 1.959963984540054 * 5)


def test_an_outlier_is_measured_against_the_others_alone() -> None:
    values, errors = [4.0, 4.01, 3.99, 4.0, 5.6], [0.01] * 5
    assert pooling.outlier_sigmas(values, errors, 4) > 3
    assert abs(pooling.outlier_sigmas(values, errors, 1)) < 3
    assert pooling.outlier_sigmas(values[:3], errors[:3], 0) is None  # too few others to judge by
    assert pooling.standard_error(1.0, 1.0 + 2 * 1.959963984540054) == pytest.approx(1.0)
