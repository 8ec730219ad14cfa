import Foundation
import TemperCore

/// Snapshots on a virtual clock: `t` is the snapshot's time in seconds, so tests never read the real time.
enum ClassifierFixtures {

    static func cpu(
        _ celsius: Double?,
        high: Double? = 80,
        highHysteresis: Double? = nil,
        critical: Double? = 100,
        criticalHysteresis: Double? = nil,
        label: String = "Package id 0",
        health: ReadingHealth = .ok,
        fault: Bool? = nil
    ) -> TemperatureReading {
        TemperatureReading(
            chip: "/sys/devices/platform/coretemp.0/hwmon/hwmon0",
            chipName: "coretemp-isa-0000",
            label: label,
            celsius: celsius,
            high: high,
            highHysteresis: highHysteresis,
            critical: critical,
            criticalHysteresis: criticalHysteresis,
            fault: fault,
            health: health
        )
    }

    /// A sensor with no limits of its own, e.g. an ACPI zone without trip points.
    static func bare(_ celsius: Double?, label: String = "temp1", chipName: String = "acpitz-acpi-0") -> TemperatureReading {
        TemperatureReading(chip: "/sys/devices/virtual/thermal/thermal_zone0/hwmon1", chipName: chipName, label: label, celsius: celsius)
    }

    /// The nvme composite's companion that reports an absurd high limit on real hardware.
    static func nvmeSensor1(_ celsius: Double) -> TemperatureReading {
        TemperatureReading(
            chip: "/sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/hwmon2",
            chipName: "nvme-pci-3d00",
            label: "Sensor 1",
            celsius: celsius,
            high: 65261.8,
            critical: nil
        )
    }

    static func snapshot(
        at seconds: Double,
        _ temperatures: [TemperatureReading],
        battery: BatteryState = .init(present: true, onBattery: false, percentage: 100, state: "fully-charged", warningLevel: .none),
        profile: PowerProfileState = .init(activeProfile: "balanced")
    ) -> HostSnapshot {
        HostSnapshot(time: seconds, temperatures: temperatures, battery: battery, powerProfile: profile)
    }

    static func onBattery(_ percentage: Double, level: BatteryWarningLevel = .discharging) -> BatteryState {
        BatteryState(present: true, onBattery: true, percentage: percentage, state: "discharging", warningLevel: level)
    }

    /// Feeds `cpu` at each (time, °C) and returns the tiers after each update.
    static func tiers(_ classifier: inout Classifier, _ samples: [(Double, Double)], high: Double? = 80, critical: Double? = 100) -> [Tier]
    {
        samples.map { time, celsius in
            classifier.update(with: snapshot(at: time, [cpu(celsius, high: high, critical: critical)])).tier
        }
    }
}

extension Condition {
    func hasReason(_ code: Reason.Code) -> Bool { reasons.contains { $0.code == code } }
    func reason(_ code: Reason.Code) -> Reason? { reasons.first { $0.code == code } }
}
