import TemperCore

/// One reading of a trace other than a temperature: shown in a report's lanes, never classified.
public struct ChannelValue: Sendable, Hashable, Codable {
    /// What a channel measures; each quantity is one lane of a report, in its own unit.
    public enum Quantity: String, Sendable, Hashable, Codable, CaseIterable {
        case power, fan, voltage, current, utilization, frequency

        /// The unit of ``ChannelValue/value``.
        public var unit: String {
            switch self {
            case .power: "W"
            case .fan: "rpm"
            case .voltage: "V"
            case .current: "A"
            case .utilization: "%"
            case .frequency: "MHz"
            }
        }
    }

    public var quantity: Quantity
    /// The chip and label, as sensors are named (`nct6775-isa-0290/CPU fan`), or `battery`.
    public var channel: String
    public var value: Double

    public init(quantity: Quantity, channel: String, value: Double) {
        self.quantity = quantity
        self.channel = channel
        self.value = value
    }

    /// The power features (watts only: an energy counter is not a power), the battery's rate while it
    /// discharges, and the fans, voltages and currents of a snapshot that read fine.
    static func channels(of snapshot: HostSnapshot) -> [ChannelValue] {
        var channels: [ChannelValue] = []
        for reading in snapshot.powerReadings where reading.kind == .power && reading.health.isOK {
            guard let watts = reading.value, watts.isFinite else { continue }
            channels.append(.init(quantity: .power, channel: "\(reading.chipName)/\(reading.label)", value: watts))
        }
        if snapshot.battery.status == .available, let watts = snapshot.battery.energyRateWatts, watts.isFinite {
            channels.append(.init(quantity: .power, channel: "battery", value: watts))
        }
        for reading in snapshot.measurements where reading.health.isOK {
            guard let value = reading.value, value.isFinite else { continue }
            let quantity: Quantity =
                switch reading.kind {
                case .fan: .fan
                case .voltage: .voltage
                case .current: .current
                case .utilization: .utilization
                case .frequency: .frequency
                }
            channels.append(.init(quantity: quantity, channel: "\(reading.chipName)/\(reading.label)", value: value))
        }
        return channels
    }
}
