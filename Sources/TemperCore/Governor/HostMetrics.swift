import CoreMetrics

/// What a dashboard needs beside the tier to explain it, recorded from each host snapshot the governor classifies.
/// Names and units follow Prometheus' conventions (base units):
/// - `temper_temperature_celsius{sensor}`: each temperature sensor's reading, by `chip/label`;
/// - `temper_power_watts{reading}`: each power reading (RAPL, hwmon), by `chip/label`;
/// - `temper_battery_charge_ratio` (0 to 1) and `temper_battery_energy_rate_watts` (UPower's EnergyRate, the
///   battery's charge or discharge power), where the host has a battery;
/// - `temper_power_profile{profile}`: 1 for power-profiles-daemon's active profile, 0 for the others it offers.
///
/// A gauge is made when its first value arrives, so a desktop without a battery exports no battery series; a
/// reading that fails later records NaN rather than keeping its last good value. At most ``maxSeries`` sensors and
/// readings each: a host cannot make the export grow without bound.
struct HostMetrics {
    static let maxSeries = 64

    private let factory: any MetricsFactory
    private var temperatures: [String: Gauge] = [:]
    private var powers: [String: Gauge] = [:]
    private var profiles: [String: Gauge] = [:]
    private var batteryCharge: Gauge?
    private var batteryRate: Gauge?

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    mutating func record(_ snapshot: HostSnapshot) {
        for reading in snapshot.temperatures {
            Self.gauge(in: &temperatures, "temper_temperature_celsius", "sensor", reading.displayName, factory)?
                .record(Self.finite(reading.celsius))
        }
        for reading in snapshot.powerReadings where reading.kind == .power {
            Self.gauge(in: &powers, "temper_power_watts", "reading", "\(reading.chipName)/\(reading.label)", factory)?
                .record(Self.finite(reading.value))
        }
        if let percentage = snapshot.battery.percentage ?? (batteryCharge == nil ? nil : .nan) {
            batteryCharge = batteryCharge ?? Gauge(label: "temper_battery_charge_ratio", factory: factory)
            batteryCharge?.record(percentage / 100)
        }
        if let rate = snapshot.battery.energyRateWatts ?? (batteryRate == nil ? nil : .nan) {
            batteryRate = batteryRate ?? Gauge(label: "temper_battery_energy_rate_watts", factory: factory)
            batteryRate?.record(rate)
        }
        if let active = snapshot.powerProfile.activeProfile {
            let offered = snapshot.powerProfile.profiles.map(\.name)
            for name in offered.contains(active) ? offered : offered + [active] {
                Self.gauge(in: &profiles, "temper_power_profile", "profile", name, factory)?.record(name == active ? 1 : 0)
            }
        }
    }

    /// The gauge for `value` of `dimension`, made on first use; `nil` once ``maxSeries`` are made.
    private static func gauge(
        in gauges: inout [String: Gauge],
        _ label: String,
        _ dimension: String,
        _ value: String,
        _ factory: any MetricsFactory
    ) -> Gauge? {
        if let gauge = gauges[value] { return gauge }
        guard gauges.count < maxSeries else { return nil }
        let made = Gauge(label: label, dimensions: [(dimension, value)], factory: factory)
        gauges[value] = made
        return made
    }

    private static func finite(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return .nan }
        return value
    }
}
