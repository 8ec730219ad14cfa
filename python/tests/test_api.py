"""temper.score, simulate, calibrate_thermal and Governor against the command line's JSON on the examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import temper
from conftest import ROOT, SHORT_STEPS, temper_json

PATTERNS = sorted(
    str(path.relative_to(ROOT))
    for folder in ("Examples/patterns", "Examples/formats")
    for path in (ROOT / folder).iterdir()
    if path.suffix not in (".md", ".wav")
)


@pytest.mark.parametrize("device", ["phone", "gamepad"])
def test_score_equals_temper_score_on_every_example_pattern(device: str) -> None:
    document = temper_json("score", "--format", "json", "--device", device, *PATTERNS)
    by_path = {entry["path"]: entry for entry in document["patterns"]}
    for pattern in PATTERNS:
        assert temper.score(ROOT / pattern, device=device) == by_path[pattern] | {"path": str(ROOT / pattern)}


def test_score_of_bytes_equals_the_file_for_a_pattern_without_waveforms() -> None:
    path = ROOT / "Examples/formats/door-knock.haptic"
    from_file = temper.score(path)
    from_bytes = temper.score(path.read_bytes(), name="door-knock.haptic")
    assert from_bytes["energyMillijoules"] == from_file["energyMillijoules"] > 0
    assert from_bytes["events"] == from_file["events"]


def test_simulate_equals_temper_simulate_json() -> None:
    scenario = "Examples/scenarios/calibration-steps.yaml"
    assert temper.simulate(ROOT / scenario) == temper_json("simulate", scenario, "--json")


def test_simulate_with_device_policy_and_seed_equals_the_options(tmp_path: Path) -> None:
    scenario = tmp_path / "taps.yaml"
    scenario.write_text(
        SHORT_STEPS.format(seed=1, device="phone", ambient=30).replace(
            "streams: []",
            f"streams:\n  - {{name: taps, kind: poisson, rate: 0.3/s, usage: ui, patterns: [{ROOT}/Examples/patterns/ui-tap.ahap]}}",
        )
    )
    options = {"device": "gamepad", "policy": "handheld", "seed": 9}
    expected = temper_json("simulate", str(scenario), *(f"--{key}={value}" for key, value in options.items()), "--json")
    assert expected["device"] == "gamepad" and expected["seed"] == 9 and expected["withPolicy"]["policy"] == "handheld"
    assert temper.simulate(scenario, **options) == expected
    # From YAML text the scenario has no file; the figures are the same.
    from_text = temper.simulate(scenario.read_text(), **options)
    assert from_text["withPolicy"] == expected["withPolicy"] and from_text["baseline"] == expected["baseline"]
    # Another seed gives other request times.
    assert temper.simulate(scenario, **dict(options, seed=10))["withPolicy"] != expected["withPolicy"]


def test_calibrate_thermal_equals_temper_calibrate_thermal_json(lake: Path, tmp_path: Path) -> None:
    trace = str(lake / "sku=sku-a" / "device=device-01" / "run.jsonl")
    out = tmp_path / "fitted.yaml"
    expected = temper_json("calibrate", "thermal", trace, "--ambient", "24±0.5", "--out", str(out), "--json")
    got = temper.calibrate_thermal(trace, ambient="24±0.5", profile=True)
    # The library names no file, so its profile keeps the base's name and calls itself "This profile".
    library = got.pop("profile").replace("name: phone", "name: fitted", 1).replace("# This profile:", "# fitted:", 1)
    assert library == out.read_text()
    assert got == expected
    assert got["skinToAmbientResistance"]["low"] <= 5 <= got["skinToAmbientResistance"]["high"]


@pytest.mark.parametrize(
    ("call", "status", "words"),
    [
        (lambda: temper.simulate("version: 1\nname: x\n"), "TEMPER_ERROR_SCENARIO", "1:1: missing key 'duration'"),
        (lambda: temper.calibrate_thermal("/nonexistent/run.jsonl"), "TEMPER_ERROR_FILE", "/nonexistent/run.jsonl"),
        (lambda: temper.simulate("Examples/scenarios/no-such.yaml"), "TEMPER_ERROR_FILE", "no-such.yaml: cannot read"),
        (lambda: temper.calibrate_thermal(str(ROOT / "Examples/traces/version-1.jsonl"), ambient="hot"), "TEMPER_ERROR_ARGUMENT", "not 'hot'"),
        (lambda: temper.score(b"{", device="no-such-device"), "TEMPER_ERROR_UNKNOWN_NAME", "no-such-device"),
        (lambda: temper.Governor("default", "phone").decide('{"id": "x", "usage": "ui", "audio": {"volume": "loud"}}'), "TEMPER_ERROR_REQUEST", "request: audio"),
    ],
)
def test_errors_raise_temper_error_with_the_library_line(call, status: str, words: str) -> None:
    with pytest.raises(temper.TemperError) as raised:
        call()
    assert raised.value.status == status
    assert words in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize("request_file", ["Examples/requests/alarm-rumble.json", "Examples/requests/ring-explosion-haptic.json"])
def test_governor_decides_as_temper_rewrite(request_file: str) -> None:
    expected = temper_json("rewrite", "--request", request_file, "--condition", "serious", "--json")
    with temper.Governor("default", "phone") as governor:
        governor.condition = "serious"
        assert governor.condition["tier"] == "serious"
        got = governor.decide(json.loads((ROOT / request_file).read_text()), base_directory=str(ROOT / "Examples"))
    assert got == expected
