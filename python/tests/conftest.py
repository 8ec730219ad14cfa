"""What every test shares: the checkout, the `temper` the library is compared with, and a generated trace lake.

The library under test is $TEMPER_LIBRARY (scripts/test.sh points it at the debug build's libTemperC.so, beside
the `temper` it compares with); `temper` is $TEMPER_EXECUTABLE, else the debug build's.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPER = os.environ.get("TEMPER_EXECUTABLE", str(ROOT / ".build" / "debug" / "temper"))
os.environ.setdefault("TEMPER_LIBRARY", str(Path(TEMPER).with_name("libTemperC.so")))
# The package from this checkout, whether or not it is installed in the venv.
sys.path.insert(0, str(ROOT / "python" / "src"))

if not Path(TEMPER).exists() or not Path(os.environ["TEMPER_LIBRARY"]).exists():
    pytest.exit(f"no {TEMPER} or {os.environ['TEMPER_LIBRARY']}: build first (swift build)", returncode=2)


def temper_cli(*arguments: str, cwd: Path = ROOT) -> str:
    """`temper ARGUMENTS`'s stdout; a failure fails the test with its stderr."""
    done = subprocess.run([TEMPER, *arguments], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"temper {' '.join(arguments)}: {done.stderr}"
    return done.stdout


def temper_json(*arguments: str, cwd: Path = ROOT) -> object:
    return json.loads(temper_cli(*arguments, cwd=cwd))


# A short calibration protocol (the shape of Examples/scenarios/calibration-steps.yaml in 24 minutes at 1 s
# steps): steps in power that separate the two time constants, no feedback, so each run takes a fraction of a second.
SHORT_STEPS = """version: 1
name: short-steps
description: Idle, 3.5 W, idle, 2 W, idle; a short trace to calibrate from.
duration: 24 min
timeStep: 1 s
seed: {seed}
device: {device}
policy: default
ambient: {ambient} °C
workload:
  - {{ name: idle baseline, power: 400 mW, for: 3 min }}
  - {{ name: heavy workload, power: 3.5 W, for: 8 min }}
  - {{ name: idle, power: 400 mW, for: 5 min }}
  - {{ name: light workload, power: 2 W, for: 4 min }}
  - {{ name: idle again, power: 400 mW, for: 4 min }}
streams: []
initial:
  batteryPercentage: 90
  onBattery: true
  powerProfile: balanced
"""

# Each SKU's true thermal figures (the phone profile's with these changed), and the bad unit: sku-b's device 08
# with a skin-to-air resistance 40 % worse (a bad batch of thermal paste).
SKUS = {
    "sku-a": {"internalHeatCapacity": 15, "internalToSkinResistance": 3, "skinHeatCapacity": 150, "skinToAmbientResistance": 5},
    "sku-b": {"internalHeatCapacity": 20, "internalToSkinResistance": 2.5, "skinHeatCapacity": 220, "skinToAmbientResistance": 4},
    "sku-c": {"internalHeatCapacity": 10, "internalToSkinResistance": 4, "skinHeatCapacity": 110, "skinToAmbientResistance": 6.5},
}
DEVICES_PER_SKU = 8
BAD_UNIT = ("sku-b", "device-08", {"skinToAmbientResistance": 4 * 1.4})


def profile(name: str, figures: dict[str, float]) -> str:
    """Policies/devices/phone.yaml renamed, with these thermal figures in place of its own."""
    text = (ROOT / "Policies" / "devices" / "phone.yaml").read_text()
    text = re.sub(r"^name: .*$", f"name: {name}", text, count=1, flags=re.M)
    for key, value in figures.items():
        text, count = re.subn(rf"^(  {key}: \{{value: )[^,}}]+", rf"\g<1>{value}", text, count=1, flags=re.M)
        assert count == 1, key
    return text


def make_lake(folder: Path) -> Path:
    """3 SKUs × 8 devices (each its own seed and room), traces recorded by `temper simulate --record-trace`, laid
    out sku=NAME/device=ID/run.jsonl; the bad unit's profile has the worse resistance; plus one corrupt trace."""
    profiles = folder / "profiles"
    profiles.mkdir(parents=True)
    lake = folder / "lake"
    jobs = []
    for sku, figures in SKUS.items():
        for number in range(1, DEVICES_PER_SKU + 1):
            device = f"device-{number:02d}"
            unit_figures = dict(figures)
            if (sku, device) == BAD_UNIT[:2]:
                unit_figures.update(BAD_UNIT[2])
            path = profiles / f"{sku}-{device}.yaml"
            path.write_text(profile(f"{sku}-{device}", unit_figures))
            scenario = profiles / f"{sku}-{device}-steps.yaml"
            scenario.write_text(SHORT_STEPS.format(seed=number, device=path, ambient=22 + number % 5))
            trace = lake / f"sku={sku}" / f"device={device}" / "run.jsonl"
            trace.parent.mkdir(parents=True)
            jobs.append(("simulate", str(scenario), "--record-trace", str(trace), "--trace-interval", "5"))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(lambda job: temper_cli(*job), jobs))
    # A corrupt trace (a device whose upload broke): its fit fails and is reported, and the run goes on.
    corrupt = lake / "sku=sku-c" / "device=corrupt" / "run.jsonl"
    corrupt.parent.mkdir(parents=True)
    corrupt.write_text('{"format":"temper-trace","version":3}\n{"time": "soon"\n')
    return lake


@pytest.fixture(scope="session")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_lake(tmp_path_factory.mktemp("lake"))
