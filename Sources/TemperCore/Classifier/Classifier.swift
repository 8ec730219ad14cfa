import FoundationEssentials

/// Turns host snapshots into a condition: thresholds from each sensor's own limits, asymmetric hysteresis
/// with dwell, trend and forecast, low power from the battery and power profile, a fail-safe on sensor loss, and
/// each peripheral's own battery condition (``PeripheralCondition/assess(_:settings:)``).
/// Pure: time comes only from the snapshots' ``HostSnapshot/time``, the clock the governor's queue and budgets use.
///
/// Rules, in the order one update applies them:
/// - Each sensor gets thresholds from ``ClassifierSettings/role(for:)``; unhealthy, faulted or missing readings
///   are skipped this update, and the host's thermal tier is the highest over the counted sensors.
/// - A critical battery raises the tier to at least ``ClassifierSettings/criticalBatteryTier``.
/// - The tier escalates at once. It steps down one tier at a time, and only after every counted sensor stayed
///   below that tier's exit temperature (entry minus hysteresis) for ``ClassifierSettings/dwellSeconds``; a
///   sensor back at or above its exit restarts the dwell, and each further step needs a dwell of its own.
/// - With no valid temperature for longer than ``ClassifierSettings/sensorLossTimeoutSeconds`` the tier becomes
///   ``ClassifierSettings/failSafeTier`` (reason `sensors.unavailable`); before that the tier is held. A host
///   that has never listed a temperature sensor is not in loss: its tier comes from the battery alone (reason
///   `sensors.none`).
/// - With ``ClassifierSettings/preemptiveEscalationSeconds`` set, a forecast under it escalates one tier early.
/// - A time earlier than the previous one restarts the trend windows and the dwell.
public struct Classifier: Sendable {
    public let settings: ClassifierSettings
    public internal(set) var condition: Condition
    /// Every sensor of the last snapshot, in its order, as the last update saw it.
    public var sensors: [SensorAssessment] {
        tracks.indices.map { index in
            let state = states[index]
            let note: Reason? =
                switch (state.status, tracks[index].role) {
                case (.ignored, .ignored(let reason)): reason
                case (.unhealthy, _): tracks[index].lastNote
                default: nil
                }
            return SensorAssessment(
                chip: tracks[index].chip,
                chipName: tracks[index].chipName,
                label: tracks[index].label,
                celsius: state.celsius,
                status: state.status,
                thresholds: state.thresholds,
                tier: state.tier,
                slopeCelsiusPerSecond: state.slope,
                trendResidualCelsius: state.fitErrors?.residualCelsius,
                slopeErrorCelsiusPerSecond: state.fitErrors?.slopeError,
                note: note
            )
        }
    }
    /// The counted sensor that set the last update's thermal tier (highest tier, then nearest its next
    /// threshold), by display name; `nil` without a valid reading. What a report names as a tier's cause.
    public var leadSensor: String? { leadIndex.map { tracks[$0].displayName } }
    /// Seconds until the next tier at the current slopes; `nil` when nothing is rising or the tier is critical.
    public var forecast: ThermalForecast? {
        guard var forecast = forecastState else { return nil }
        forecast.sensor = tracks[forecastIndex].displayName
        return forecast
    }
    /// The battery and power-profile view of the last update.
    public internal(set) var power = PowerAssessment()

    /// Names, roles and trend windows per sensor, in the snapshot's order.
    var tracks: [SensorTrack] = []
    /// The numbers of the last update per sensor, kept apart from the strings so the hot loops copy no strings.
    var states: [SensorState] = []
    /// The last forecast without its sensor name, which ``forecast`` adds from ``forecastIndex`` on demand.
    var forecastState: ThermalForecast?
    var forecastIndex = 0
    /// The most urgent valid sensor of the last update.
    var leadIndex: Int?
    private var firstTime: Double?
    private var lastTime: Double?
    private var lastValidTime: Double?
    /// Whether any snapshot listed a temperature sensor (or the sensor library failed): until then an empty
    /// list means a host without sensors, not sensors lost.
    private var hasSeenSensors = false
    /// When every counted sensor first went below the current tier's exit temperature, for the dwell.
    var clearSince: Double?

    public init(settings: ClassifierSettings = .init()) {
        self.settings = settings
        self.condition = .nominal
    }

    /// A classifier with the policy's classifier settings.
    public init(policy: Policy) {
        self.init(settings: policy.classifier)
    }

    /// Feeds one snapshot and returns the condition after it.
    public mutating func update(with snapshot: HostSnapshot) -> Condition {
        let now = snapshot.time
        if let lastTime, now < lastTime { restartClock() }
        if firstTime == nil { firstTime = now }
        lastTime = now
        syncTracks(with: snapshot.temperatures)

        var reasons: [Reason] = []
        var notes: [Reason] = []
        let sweep = sweepSensors(snapshot.temperatures, at: now, notes: &notes)
        var lowPower = false
        var criticalBattery = false
        var powerReasons: [Reason] = []
        settings.assessPower(
            battery: snapshot.battery,
            profile: snapshot.powerProfile,
            into: &lowPower,
            &criticalBattery,
            reasons: &powerReasons
        )
        power = PowerAssessment(lowPower: lowPower, criticalBattery: criticalBattery, reasons: powerReasons)
        let batteryFloor: Tier = criticalBattery ? (settings.criticalBatteryTier ?? .nominal) : .nominal

        var tier = condition.tier
        if !snapshot.temperatures.isEmpty || snapshot.sensorLibrary.map({ !$0.isOK }) == true { hasSeenSensors = true }
        if sweep.validCount > 0 {
            lastValidTime = now
            tier = resolveThermal(sweep: sweep, floor: batteryFloor, current: tier, now: now, reasons: &reasons)
        } else if !hasSeenSensors {
            // A host that never had a temperature sensor (a VM, a desktop without drivers) is not a host that
            // lost them: nothing can warm it past what the battery and power profile say.
            clearSince = nil
            tier = batteryFloor
            reasons.append(
                Reason(
                    code: "sensors.none",
                    message: "no temperature sensors on this host: classified from the battery and power profile alone"
                )
            )
        } else {
            let missingSeconds = now - (lastValidTime ?? firstTime ?? now)
            clearSince = nil
            if missingSeconds > settings.sensorLossTimeoutSeconds {
                tier = max(settings.failSafeTier, batteryFloor)
                reasons.append(
                    Reason(
                        code: "sensors.unavailable",
                        message: "sensors unavailable: no valid temperature for \(ReasonFormat.seconds(missingSeconds)) "
                            + "(timeout \(ReasonFormat.seconds(settings.sensorLossTimeoutSeconds))); fail-safe tier \(settings.failSafeTier)"
                    )
                )
            } else {
                tier = max(tier, batteryFloor)
                reasons.append(
                    Reason(
                        code: "sensors.missing",
                        message: "no valid temperature for \(ReasonFormat.seconds(missingSeconds)); holding \(tier) until the "
                            + "fail-safe after \(ReasonFormat.seconds(settings.sensorLossTimeoutSeconds))"
                    )
                )
            }
        }
        forecastState = sweep.validCount > 0 ? computeForecast(from: tier) : nil
        if let limit = settings.preemptiveEscalationSeconds, let seconds = forecastState?.seconds, seconds < limit, let early = forecast {
            tier = early.tier
            clearSince = nil
            // First: the forecast, not the threshold already crossed, is why the tier is what it is, and a tier
            // change is told by its first reason.
            reasons.insert(
                Reason(
                    code: "forecast.preemptive",
                    message: "escalated early to \(early.tier): \(early.sensor) at \(ReasonFormat.celsius(early.celsius)) rising "
                        + "\(ReasonFormat.twoDecimals(early.slopeCelsiusPerSecond)) °C/s reaches \(ReasonFormat.celsius(early.thresholdCelsius)) "
                        + "in \(ReasonFormat.seconds(early.seconds)) (< \(ReasonFormat.seconds(limit)))"
                ),
                at: 0
            )
            forecastState = computeForecast(from: tier)
        }
        reasons.append(contentsOf: powerReasons)
        reasons.append(contentsOf: notes)
        condition = Condition(
            tier: tier,
            lowPower: lowPower,
            reasons: reasons,
            peripherals: snapshot.peripherals.map { PeripheralCondition.assess($0, settings: settings) }
        )
        return condition
    }

    /// The slope of the most urgent counted sensor (highest tier, then nearest its next threshold); `nil`
    /// without a valid reading or before its window holds two samples apart in time.
    public var trend: ThermalTrend? {
        guard let leadIndex, let slope = states[leadIndex].slope, let celsius = states[leadIndex].celsius else { return nil }
        return ThermalTrend(
            sensor: tracks[leadIndex].displayName,
            celsius: celsius,
            slopeCelsiusPerSecond: slope,
            spanSeconds: tracks[leadIndex].window.spanSeconds
        )
    }

    /// Forgets the dwell and trends when time runs backwards (a replay restarted, a clock stepped).
    private mutating func restartClock() {
        clearSince = nil
        leadIndex = nil
        forecastState = nil
        firstTime = nil
        lastValidTime = nil
        for index in tracks.indices { tracks[index].window.removeAll() }
    }
}

/// The classifier's memory of one sensor between updates.
struct SensorTrack: Sendable {
    var chip: String
    var chipName: String
    var label: String
    /// `chipName/label`, made once rather than on every update.
    var displayName: String
    var limits: ReadingLimits
    var role: SensorRole
    var window: TrendWindow
    /// Why the sensor was skipped, the last time it was.
    var lastNote: Reason?
}

/// One sensor's numbers from the last update.
struct SensorState: Sendable {
    var celsius: Double?
    var status: SensorAssessment.Status = .counted
    var tier: Tier?
    var slope: Double?
    /// The trend fit's residual (°C) and slope standard error (°C/s), for a forecast's error band.
    var fitErrors: (residualCelsius: Double, slopeError: Double)?
    var thresholds: SensorThresholds?
}

/// The limits a role was decided from, to notice when a sensor's limits change.
struct ReadingLimits: Sendable, Hashable {
    var high, highHysteresis, critical, criticalHysteresis, emergency: Double?

    /// A static function rather than an initialiser: it borrows the reading instead of copying its strings.
    static func of(_ reading: TemperatureReading) -> ReadingLimits {
        ReadingLimits(
            high: reading.high,
            highHysteresis: reading.highHysteresis,
            critical: reading.critical,
            criticalHysteresis: reading.criticalHysteresis,
            emergency: reading.emergency
        )
    }
}
