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
        var status: String
        var errorCode: Int?
        var error: String?
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

    var event: String?
    var tier: String
    var lowPower: Bool
    var reasons: [Reason]
    var sensors: [Sensor]
    var battery: Battery
    var powerProfile: String?

    func sensor(_ label: String) -> Sensor? { sensors.first { $0.label == label } }
    var reasonCodes: [String] { reasons.map(\.code) }
}
