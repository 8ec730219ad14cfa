#!/usr/bin/env python3
"""Writes a synthetic host trace of a workstation, in the format `temper record` writes (version 3).

Sixteen temperature sensors by default: five coretemp sensors that share their limits (a package and four
cores), an NVMe drive's three, a GPU's three, the chipset, a Wi-Fi card, an ACPI zone that never moves, and a
board sensor with an absurd limit that the classifier ignores; with power, fan, voltage and current readings.
A build warms the CPU through fair and serious to critical for a while and it cools again. With --sensors N it
writes N temperature sensors (the extra ones plain board sensors), for timing reports on wide snapshots.

Usage: scripts/make-workstation-trace.py [--sensors N] [--snapshots M] > trace.jsonl
The output is deterministic. Examples/traces/workstation-16.jsonl is its default output.
"""
import argparse
import json
import math


def temperature(chip, label, celsius, high=None, critical=None, chip_path=None):
    return {"celsius": round(celsius, 1), "chip": chip_path or "/sys/class/hwmon/" + chip, "chipName": chip,
            "critical": critical, "criticalHysteresis": None, "high": high, "highHysteresis": None,
            "label": label, "source": "hwmon", "status": "ok"}


def load(t, duration):
    """The build's share of full load at time t: a ramp, a plateau at full load, a cool-down."""
    if t < duration * 0.15:
        return 0.1
    if t < duration * 0.75:
        return 1.0
    return 0.05


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sensors", type=int, default=16)
    parser.add_argument("--snapshots", type=int, default=61)
    parser.add_argument("--interval", type=float, default=10.0)
    args = parser.parse_args()
    print(json.dumps({"format": "temper-trace", "version": 3}, separators=(",", ":")))
    cpu = 42.0
    duration = (args.snapshots - 1) * args.interval
    for step in range(args.snapshots):
        t = step * args.interval
        # First-order heating toward a load-dependent target, so the curves bend as real ones do.
        target = 40 + 58 * load(t, duration)
        cpu += (target - cpu) * (1 - math.exp(-args.interval / 60))
        sensors = [temperature("coretemp-isa-0000", "Package id 0", cpu + 2, 80, 100)]
        for core in range(4):
            sensors.append(temperature("coretemp-isa-0000", "Core %d" % core, cpu + 1.5 * math.sin(step / 3 + core) - core * 0.8, 80, 100))
        sensors += [
            temperature("nvme-pci-0100", "Composite", 38 + (cpu - 40) * 0.35, 82, 89),
            temperature("nvme-pci-0100", "Sensor 1", 37 + (cpu - 40) * 0.3, 65000, 65000),
            temperature("nvme-pci-0100", "Sensor 2", 40 + (cpu - 40) * 0.38, 65000, 65000),
            temperature("amdgpu-pci-0300", "edge", 45 + (cpu - 40) * 0.2, 100, 110),
            temperature("amdgpu-pci-0300", "junction", 48 + (cpu - 40) * 0.25, 110, 115),
            temperature("amdgpu-pci-0300", "mem", 50 + (cpu - 40) * 0.1, 100, 105),
            temperature("pch_cannonlake-virtual-0", "temp1", 47 + (cpu - 40) * 0.3),
            temperature("iwlwifi_1-virtual-0", "temp1", 41 + (cpu - 40) * 0.15),
            temperature("acpitz-acpi-0", "temp1", 27.8, None, 119),
            temperature("nct6798-isa-0290", "SYSTIN", 33 + (cpu - 40) * 0.1, 80, 90),
            temperature("nct6798-isa-0290", "AUXTIN3", 105.0, 1000, 1000),
        ]
        for extra in range(max(0, args.sensors - len(sensors))):
            sensors.append(temperature("board-isa-%04d" % (extra // 8), "temp%d" % (extra % 8 + 1), 30 + (extra % 13) * 0.5 + (cpu - 40) * 0.05, 90, 105))
        sensors = sensors[: args.sensors]
        busy = load(t, duration)
        snapshot = {
            "battery": {"detail": "no battery", "status": "unavailable"},
            "currents": [{"amps": round(4 + 10 * busy, 2), "chip": "/sys/class/hwmon/hwmon3", "chipName": "nct6798-isa-0290", "kind": "current", "label": "CPU", "max": None, "min": None, "status": "ok"}],
            "fans": [
                {"chip": "/sys/class/hwmon/hwmon3", "chipName": "nct6798-isa-0290", "kind": "fan", "label": "CPU fan", "max": None, "min": 300, "rpm": round(700 + 1500 * max(0, (cpu - 45) / 50)), "status": "ok"},
                {"chip": "/sys/class/hwmon/hwmon3", "chipName": "nct6798-isa-0290", "kind": "fan", "label": "case fan", "max": None, "min": None, "rpm": round(500 + 600 * max(0, (cpu - 50) / 45)), "status": "ok"},
            ],
            "lowPower": False, "performanceDegraded": None,
            "power": [
                {"chip": "/sys/class/hwmon/hwmon4", "chipName": "amdgpu-pci-0300", "kind": "power", "label": "PPT", "status": "ok", "watts": round(9 + 6 * busy, 2)},
                {"chip": "/sys/class/powercap/intel-rapl:0", "chipName": "intel-rapl", "kind": "power", "label": "package-0", "status": "ok", "watts": round(8 + 117 * busy, 1)},
            ],
            "powerProfile": None, "profiles": [], "reasons": [], "sensorLibrary": {"status": "ok"},
            "sensors": sensors,
            "time": round(1000 + t, 3),
            "voltages": [
                {"chip": "/sys/class/hwmon/hwmon3", "chipName": "nct6798-isa-0290", "kind": "voltage", "label": "Vcore", "max": 1.5, "min": 0.6, "status": "ok", "volts": round(0.85 + 0.4 * busy, 3)},
                {"chip": "/sys/class/hwmon/hwmon3", "chipName": "nct6798-isa-0290", "kind": "voltage", "label": "+12V", "max": None, "min": None, "status": "ok", "volts": round(12.1 - 0.15 * busy, 3)},
            ],
        }
        print(json.dumps(snapshot, separators=(",", ":"), sort_keys=True))


main()
