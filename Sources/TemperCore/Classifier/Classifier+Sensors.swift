/// One update's view of the sensors, before hysteresis.
struct SensorSweep {
    var validCount = 0
    /// The highest tier over the counted sensors with a valid temperature.
    var thermalTier: Tier = .nominal
    /// The most urgent valid sensor: highest tier, then nearest its next threshold.
    var lead: Int?
}

extension Classifier {
    /// Keeps one track per reading, in the snapshot's order, carrying trend windows across updates by
    /// chip and label; decides a sensor's role again only when its limits change.
    mutating func syncTracks(with readings: [TemperatureReading]) {
        var aligned = tracks.count == readings.count
        if aligned {
            for index in readings.indices where tracks[index].chip != readings[index].chip || tracks[index].label != readings[index].label {
                aligned = false
                break
            }
        }
        if !aligned {
            var previous: [String: SensorTrack] = [:]
            for track in tracks where previous[track.chip + "\u{0}" + track.label] == nil {
                previous[track.chip + "\u{0}" + track.label] = track
            }
            tracks = readings.map { reading in
                previous[reading.chip + "\u{0}" + reading.label] ?? SensorTrack(
                    chip: reading.chip, label: reading.label, limits: SensorLimits(reading),
                    role: settings.role(for: reading), window: TrendWindow(windowSeconds: settings.trendWindowSeconds)
                )
            }
            sensors = readings.map { SensorAssessment(chip: $0.chip, chipName: $0.chipName, label: $0.label, status: .counted) }
        }
        for index in readings.indices {
            let limits = SensorLimits(readings[index])
            if limits != tracks[index].limits {
                tracks[index].limits = limits
                tracks[index].role = settings.role(for: readings[index])
            }
        }
    }

    /// Classifies each sensor on its own and feeds its trend window; notes say which were skipped and why.
    mutating func sweepSensors(_ readings: [TemperatureReading], at now: Double, notes: inout [Reason]) -> SensorSweep {
        var sweep = SensorSweep()
        var leadRank = -1
        var leadMargin = -Double.infinity
        for index in readings.indices {
            let reading = readings[index]
            sensors[index].celsius = reading.celsius
            sensors[index].tier = nil
            sensors[index].slopeCelsiusPerSecond = nil
            let thresholds: SensorThresholds
            switch tracks[index].role {
            case .ignored(let reason):
                sensors[index].status = .ignored
                sensors[index].thresholds = nil
                sensors[index].note = reason
                notes.append(reason)
                continue
            case .counted(let counted):
                thresholds = counted
            }
            sensors[index].thresholds = thresholds
            guard let celsius = validCelsius(reading) else {
                let note = unhealthyNote(for: reading)
                sensors[index].status = .unhealthy
                sensors[index].note = note
                notes.append(note)
                continue
            }
            tracks[index].window.add(time: now, celsius: celsius)
            let tier = thresholds.tier(at: celsius)
            sensors[index].status = .counted
            sensors[index].note = nil
            sensors[index].tier = tier
            sensors[index].slopeCelsiusPerSecond = tracks[index].window.slope
            sweep.validCount += 1
            if tier > sweep.thermalTier { sweep.thermalTier = tier }
            let margin = celsius - (thresholds.entry.entry(of: tier.next ?? .critical) ?? 0)
            if tier.rank > leadRank || (tier.rank == leadRank && margin > leadMargin) {
                leadRank = tier.rank
                leadMargin = margin
                sweep.lead = index
            }
        }
        leadIndex = sweep.lead
        return sweep
    }

    /// A usable temperature: healthy, not faulted, finite and physically plausible.
    private func validCelsius(_ reading: TemperatureReading) -> Double? {
        guard reading.health.isOK, reading.fault != true, let celsius = reading.celsius, celsius.isFinite,
              celsius >= -273.15, celsius <= settings.absurdLimitCelsius
        else { return nil }
        return celsius
    }

    private func unhealthyNote(for reading: TemperatureReading) -> Reason {
        let name = reading.displayName
        if case .error = reading.health {
            return Reason(code: "sensor.unhealthy", message: "sensor \(name) skipped: \(reading.health)")
        }
        if reading.fault == true {
            return Reason(code: "sensor.fault", message: "sensor \(name) skipped: it reports a fault")
        }
        guard let celsius = reading.celsius else {
            return Reason(code: "sensor.noReading", message: "sensor \(name) skipped: no temperature")
        }
        return Reason(
            code: "sensor.absurdReading",
            message: "sensor \(name) skipped: reads \(ReasonFormat.celsius(celsius)), outside -273.15 °C to \(ReasonFormat.celsius(settings.absurdLimitCelsius))"
        )
    }

    /// Applies the thresholds and the asymmetric hysteresis: escalate at once; step down one tier after the dwell.
    mutating func resolveThermal(sweep: SensorSweep, floor: Tier, current: Tier, now: Double, reasons: inout [Reason]) -> Tier {
        reasons.append(thresholdReason(sweep: sweep))
        let target = max(sweep.thermalTier, floor)
        guard target < current, let lower = current.previous else {
            clearSince = nil
            return target
        }
        if let blocker = warmestAboveExit(of: current) {
            clearSince = nil
            let exit = sensors[blocker].thresholds?.exit.entry(of: current) ?? 0
            reasons.append(Reason(
                code: "hysteresis.hold",
                message: "holding \(current): \(sensors[blocker].displayName) at \(ReasonFormat.celsius(sensors[blocker].celsius ?? 0)) "
                    + "is not below its exit temperature \(ReasonFormat.celsius(exit))"
            ))
            return current
        }
        let since = clearSince ?? now
        clearSince = since
        let below = now - since
        guard below >= settings.dwellSeconds else {
            reasons.append(Reason(
                code: "hysteresis.dwell",
                message: "holding \(current): every counted sensor below its exit temperature for \(ReasonFormat.seconds(below)) "
                    + "of the \(ReasonFormat.seconds(settings.dwellSeconds)) dwell"
            ))
            return current
        }
        reasons.append(Reason(
            code: "hysteresis.stepDown",
            message: "stepped down from \(current) to \(lower): every counted sensor below its exit temperature for "
                + "\(ReasonFormat.seconds(below)) (dwell \(ReasonFormat.seconds(settings.dwellSeconds)))"
        ))
        clearSince = target < lower && warmestAboveExit(of: lower) == nil ? now : nil
        return lower
    }

    /// The valid sensor furthest at or above its exit temperature for `tier`, or `nil` when all are below.
    private func warmestAboveExit(of tier: Tier) -> Int? {
        var warmest: Int?
        var warmestExcess = -Double.infinity
        for index in sensors.indices where sensors[index].tier != nil {
            guard let celsius = sensors[index].celsius, let exit = sensors[index].thresholds?.exit.entry(of: tier) else { continue }
            let excess = celsius - exit
            if excess >= 0, excess > warmestExcess {
                warmest = index
                warmestExcess = excess
            }
        }
        return warmest
    }

    private func thresholdReason(sweep: SensorSweep) -> Reason {
        guard let lead = sweep.lead, let celsius = sensors[lead].celsius, let thresholds = sensors[lead].thresholds else {
            return Reason(code: "sensor.nominal", message: "no counted sensor")
        }
        let name = sensors[lead].displayName
        let source = switch thresholds.source {
        case .ownLimits: "its own limits"
        case .defaults: "default thresholds"
        case .override: "policy override"
        }
        if sweep.thermalTier > .nominal, let entry = thresholds.entry.entry(of: sweep.thermalTier) {
            return Reason(
                code: "sensor.threshold",
                message: "sensor \(name) at \(ReasonFormat.celsius(celsius)) ≥ \(sweep.thermalTier) \(ReasonFormat.celsius(entry)) (\(source))"
            )
        }
        return Reason(
            code: "sensor.nominal",
            message: "\(sweep.validCount) counted sensor(s) below fair; nearest \(name) at \(ReasonFormat.celsius(celsius)) "
                + "(fair at \(ReasonFormat.celsius(thresholds.entry.fair)), \(source))"
        )
    }

    /// The soonest any rising counted sensor reaches its entry temperature for the tier above `tier`.
    func computeForecast(from tier: Tier) -> ThermalForecast? {
        guard let next = tier.next else { return nil }
        var best: ThermalForecast?
        var bestIndex: Int?
        for index in sensors.indices where sensors[index].tier != nil {
            guard let slope = sensors[index].slopeCelsiusPerSecond, slope > 1e-9, let celsius = sensors[index].celsius,
                  let threshold = sensors[index].thresholds?.entry.entry(of: next), celsius < threshold
            else { continue }
            let seconds = (threshold - celsius) / slope
            if let best, best.seconds <= seconds { continue }
            best = ThermalForecast(
                tier: next, seconds: seconds, sensor: "", celsius: celsius, thresholdCelsius: threshold, slopeCelsiusPerSecond: slope
            )
            bestIndex = index
        }
        if let bestIndex { best?.sensor = sensors[bestIndex].displayName }
        return best
    }
}
