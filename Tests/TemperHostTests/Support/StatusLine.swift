/// What the tests read from `temper status --json` and each `temper watch --json` line.
struct StatusLine: Decodable {
    struct Reason: Decodable {
        var code: String
        var message: String
    }

    struct Sensor: Decodable {
        var chip: String
        var chipName: String
        var label: String
        var source: String
        var celsius: Double?
        var high: Double?
        var critical: Double?
        var highHysteresis: Double?
        var criticalHysteresis: Double?
        var emergency: Double?
        var alarm: Bool?
        var fault: Bool?
        var status: String
        var errorCode: Int?
        var errorDomain: String?
        var error: String?
        var limitError: String?
        var tier: String?
        var thresholds: Thresholds?
        var note: String?
    }

    struct Thresholds: Decodable {
        var fair: Double
        var serious: Double
        var critical: Double
    }

    struct Battery: Decodable {
        var status: String
        var detail: String?
        var present: Bool?
        var onBattery: Bool?
        var percentage: Double?
        var warningLevel: String?
        var state: String?
    }

    struct Power: Decodable {
        var label: String
        var kind: String
        var watts: Double?
        var joules: Double?
        var status: String
    }

    /// A peripheral UPower lists, with the battery condition the classifier gave it.
    struct Peripheral: Decodable {
        var objectPath: String
        var kind: String
        var model: String?
        var serial: String?
        var percentage: Double?
        var state: String
        var warningLevel: String
        var battery: String?
        var reasons: [Reason]?
    }

    var event: String?
    var power: [Power]
    var tier: String
    var lowPower: Bool
    var reasons: [Reason]
    var sensors: [Sensor]
    var battery: Battery
    var powerProfile: String?
    var performanceDegraded: String?
    var peripherals: [Peripheral]?

    func sensor(_ label: String) -> Sensor? { sensors.first { $0.label == label } }
    var reasonCodes: [String] { reasons.map(\.code) }
}

/// What a test waits for in a status line; every field set must hold.
struct StatusMatch: Sendable {
    var tier: String?
    var tierIsNot: String?
    var lowPower: Bool?
    /// A sensor with this label is present …
    var sensorLabel: String?
    /// … reading this temperature …
    var sensorCelsius: Double?
    /// … with this status (`ok` or `error`); all listed labels must have it.
    var sensorsWithStatus: (labels: [String], status: String)?
    var sensorCount: Int?
    var batteryStatus: String?
    var onBattery: Bool?
    /// Within half a percent.
    var percentage: Double?
    var warningLevels: [String]?
    var powerProfile: String?
    /// This many peripherals are listed.
    var peripheralCount: Int?
    /// The first peripheral of kind `peripheralKind` is listed …
    var peripheralKind: String?
    /// … with this battery condition …
    var peripheralBattery: String?
    /// … at this percentage (within half a percent).
    var peripheralPercentage: Double?

    static let any = StatusMatch()

    func matches(_ line: StatusLine) -> Bool {
        if let tier, line.tier != tier { return false }
        if let tierIsNot, line.tier == tierIsNot { return false }
        if let lowPower, line.lowPower != lowPower { return false }
        if let sensorLabel {
            guard let sensor = line.sensor(sensorLabel) else { return false }
            if let sensorCelsius, sensor.celsius != sensorCelsius { return false }
        }
        if let sensorsWithStatus {
            for label in sensorsWithStatus.labels where line.sensor(label)?.status != sensorsWithStatus.status { return false }
        }
        if let sensorCount, line.sensors.count != sensorCount { return false }
        if let batteryStatus, line.battery.status != batteryStatus { return false }
        if let onBattery, line.battery.onBattery != onBattery { return false }
        if let percentage {
            guard let actual = line.battery.percentage, abs(actual - percentage) < 0.5 else { return false }
        }
        if let warningLevels {
            guard let level = line.battery.warningLevel, warningLevels.contains(level) else { return false }
        }
        if let powerProfile, line.powerProfile != powerProfile { return false }
        if let peripheralCount, line.peripherals?.count != peripheralCount { return false }
        if let peripheralKind {
            guard let device = line.peripherals?.first(where: { $0.kind == peripheralKind }) else { return false }
            if let peripheralBattery, device.battery != peripheralBattery { return false }
            if let peripheralPercentage {
                guard let actual = device.percentage, abs(actual - peripheralPercentage) < 0.5 else { return false }
            }
        }
        return true
    }
}
