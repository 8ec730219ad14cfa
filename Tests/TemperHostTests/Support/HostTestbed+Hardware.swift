import Foundation

/// Fake devices shaped like a laptop's, in sysfs units (millidegrees, µWh, µW).
extension HostTestbed {
    /// One hwmon temperature: `temp<index>_*` with optional label and limits (°C).
    struct FakeTemperature {
        var index: Int
        var label: String?
        var celsius: Double
        var high: Double?
        var critical: Double?

        var attributes: [String: String] {
            var result = ["temp\(index)_input": HostTestbed.millidegrees(celsius)]
            if let label { result["temp\(index)_label"] = label + "\n" }
            if let high { result["temp\(index)_max"] = HostTestbed.millidegrees(high) }
            if let critical { result["temp\(index)_crit"] = HostTestbed.millidegrees(critical) }
            return result
        }
    }

    /// Values need the trailing newline: without it libsensors cuts the last character of names.
    static func millidegrees(_ celsius: Double) -> String { "\(Int((celsius * 1000).rounded()))\n" }

    /// Adds an hwmon chip named `name` under a platform device; returns the hwmon device's path.
    @discardableResult
    func addHwmonChip(_ name: String, instance: Int = 0, temperatures: [FakeTemperature], uevent: Bool = false) throws -> String {
        let platform = try addDevice("platform", "\(name).\(instance)", attributes: [:])
        var attributes = ["name": name + "\n"]
        for temperature in temperatures { attributes.merge(temperature.attributes) { $1 } }
        return try addDevice("hwmon", "hwmon\(instance)", parent: platform, attributes: attributes, uevent: uevent)
    }

    func setTemperature(_ chip: String, index: Int, celsius: Double) throws {
        try setAttributes(chip, ["temp\(index)_input": Self.millidegrees(celsius)])
    }

    /// Adds a thermal zone with a passive and a critical trip point (°C).
    @discardableResult
    func addThermalZone(_ index: Int, type: String, celsius: Double, passive: Double?, critical: Double?) throws -> String {
        var attributes = ["type": type + "\n", "temp": Self.millidegrees(celsius)]
        var trip = 0
        if let passive {
            attributes["trip_point_\(trip)_type"] = "passive\n"
            attributes["trip_point_\(trip)_temp"] = Self.millidegrees(passive)
            attributes["trip_point_\(trip)_hyst"] = Self.millidegrees(2)
            trip += 1
        }
        if let critical {
            attributes["trip_point_\(trip)_type"] = "critical\n"
            attributes["trip_point_\(trip)_temp"] = Self.millidegrees(critical)
        }
        return try addDevice("thermal", "thermal_zone\(index)", attributes: attributes)
    }

    /// Adds an hwmon chip with a power (µW) and a cumulative energy (µJ) feature, as a smart battery or an
    /// accelerator's hwmon exports them; returns its path.
    @discardableResult
    func addHwmonPowerChip(_ name: String, instance: Int, microwatts: Int, microjoules: Int) throws -> String {
        let platform = try addDevice("platform", "\(name).\(instance)", attributes: [:])
        return try addDevice(
            "hwmon",
            "hwmon\(instance)",
            parent: platform,
            attributes: [
                "name": name + "\n", "power1_input": "\(microwatts)\n", "power1_label": "total\n",
                "energy1_input": "\(microjoules)\n", "energy1_label": "total\n",
            ]
        )
    }

    /// Adds a Super I/O-like hwmon chip with a fan (rpm), two voltages (mV) and a current (mA), as `sensors`
    /// shows them on a desktop board, and a power feature (µW); returns its path.
    @discardableResult
    func addHwmonBoardChip(_ name: String, instance: Int) throws -> String {
        let platform = try addDevice("platform", "\(name).\(instance)", attributes: [:])
        return try addDevice(
            "hwmon",
            "hwmon\(instance)",
            parent: platform,
            attributes: [
                "name": name + "\n",
                "fan1_input": "1200\n", "fan1_min": "300\n", "fan1_label": "CPU fan\n",
                "in0_input": "1050\n", "in0_min": "800\n", "in0_max": "1200\n", "in0_label": "Vcore\n",
                "in1_input": "12100\n", "in1_label": "+12V\n",
                "curr1_input": "2500\n",
                "power1_input": "12500000\n", "power1_label": "CPU\n",
            ]
        )
    }

    /// Adds a RAPL zone `intel-rapl:<index>` under the powercap class; returns its path.
    @discardableResult
    func addRAPLZone(_ index: Int, name: String, microjoules: Int64, rangeMicrojoules: Int64) throws -> String {
        try addDevice(
            "powercap",
            "intel-rapl:\(index)",
            attributes: [
                "name": name + "\n", "energy_uj": "\(microjoules)\n", "max_energy_range_uj": "\(rangeMicrojoules)\n",
            ]
        )
    }

    static let batteryFullMicrowattHours = 60_000_000.0

    /// Adds `AC` (mains) and `BAT0`; returns their paths.
    func addPowerSupplies(percent: Double, onAC: Bool) throws -> (ac: String, battery: String) {
        let ac = try addDevice("power_supply", "AC", attributes: ["type": "Mains\n", "online": onAC ? "1\n" : "0\n"])
        let battery = try addDevice(
            "power_supply",
            "BAT0",
            attributes: [
                "type": "Battery\n", "present": "1\n", "status": onAC ? "Charging\n" : "Discharging\n",
                "energy_full": "\(Int(Self.batteryFullMicrowattHours))\n", "energy_full_design": "80000000\n",
                "energy_now": "\(Int(Self.batteryFullMicrowattHours * percent / 100))\n",
                "voltage_now": "12000000\n", "power_now": "10000000\n",
                "model_name": "Fake 5000\n", "manufacturer": "Temper\n", "technology": "Li-ion\n",
            ]
        )
        return (ac, battery)
    }

    /// Sets the battery's charge and emits a uevent, as the kernel would.
    func setBattery(_ path: String, percent: Double) throws {
        try setAttributes(path, ["energy_now": "\(Int(Self.batteryFullMicrowattHours * percent / 100))\n"])
    }

    /// Plugs or unplugs the charger: AC online and the battery's status, each with its uevent.
    func setOnAC(_ onAC: Bool, ac: String, battery: String) throws {
        try setAttributes(ac, ["online": onAC ? "1\n" : "0\n"])
        try setAttributes(battery, ["status": onAC ? "Charging\n" : "Discharging\n"])
    }
}
