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
                previous[reading.chip + "\u{0}" + reading.label]
                    ?? SensorTrack(
                        chip: reading.chip,
                        chipName: reading.chipName,
                        label: reading.label,
                        displayName: reading.displayName,
                        limits: .of(reading),
                        role: settings.role(for: reading),
                        window: TrendWindow(windowSeconds: settings.trendWindowSeconds)
                    )
            }
            states = tracks.map { SensorState(thresholds: $0.role.thresholds) }
        }
        for index in readings.indices {
            let limits = ReadingLimits.of(readings[index])
            if limits != tracks[index].limits {
                tracks[index].limits = limits
                tracks[index].role = settings.role(for: readings[index])
                states[index].thresholds = tracks[index].role.thresholds
            }
        }
    }

    /// Classifies each sensor on its own and feeds its trend window; notes say which were skipped and why.
    mutating func sweepSensors(_ readings: [TemperatureReading], at now: Double, notes: inout [Reason]) -> SensorSweep {
        var sweep = SensorSweep()
        var leadRank = -1
        var leadMargin = -Double.infinity
        for index in readings.indices {
            // Fields are read through the array rather than copying the reading, which would retain its strings.
            let reported = readings[index].celsius
            states[index].celsius = reported
            states[index].tier = nil
            states[index].slope = nil
            states[index].fitErrors = nil
            // Counted sensors carry their thresholds in the state (set when the role was decided).
            guard let thresholds = states[index].thresholds else {
                states[index].status = .ignored
                if case .ignored(let reason) = tracks[index].role { notes.append(reason) }
                continue
            }
            guard let celsius = reported, isValid(celsius, health: readings[index].health, fault: readings[index].fault) else {
                let note = unhealthyNote(for: readings[index])
                states[index].status = .unhealthy
                tracks[index].lastNote = note
                notes.append(note)
                continue
            }
            tracks[index].window.add(time: now, celsius: celsius)
            let tier = thresholds.tier(at: celsius)
            states[index].status = .counted
            states[index].tier = tier
            states[index].slope = tracks[index].window.slope
            states[index].fitErrors = tracks[index].window.fitErrors
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
    private func isValid(_ celsius: Double, health: ReadingHealth, fault: Bool?) -> Bool {
        guard case .ok = health, fault != true else { return false }
        return celsius.isFinite && celsius >= -273.15 && celsius <= settings.absurdLimitCelsius
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
            message:
                "sensor \(name) skipped: reads \(ReasonFormat.celsius(celsius)), outside -273.15 °C to \(ReasonFormat.celsius(settings.absurdLimitCelsius))"
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
            let exit = states[blocker].thresholds?.exit.entry(of: current) ?? 0
            reasons.append(
                Reason(
                    code: "hysteresis.hold",
                    message: "holding \(current): \(tracks[blocker].displayName) at \(ReasonFormat.celsius(states[blocker].celsius ?? 0)) "
                        + "is not below its exit temperature \(ReasonFormat.celsius(exit))"
                )
            )
            return current
        }
        let since = clearSince ?? now
        clearSince = since
        let below = now - since
        guard below >= settings.dwellSeconds else {
            reasons.append(
                Reason(
                    code: "hysteresis.dwell",
                    message: "holding \(current): every counted sensor below its exit temperature for \(ReasonFormat.seconds(below)) "
                        + "of the \(ReasonFormat.seconds(settings.dwellSeconds)) dwell"
                )
            )
            return current
        }
        reasons.append(
            Reason(
                code: "hysteresis.stepDown",
                message: "stepped down from \(current) to \(lower): every counted sensor below its exit temperature for "
                    + "\(ReasonFormat.seconds(below)) (dwell \(ReasonFormat.seconds(settings.dwellSeconds)))"
            )
        )
        clearSince = target < lower && warmestAboveExit(of: lower) == nil ? now : nil
        return lower
    }

    /// The valid sensor furthest at or above its exit temperature for `tier`, or `nil` when all are below.
    private func warmestAboveExit(of tier: Tier) -> Int? {
        var warmest: Int?
        var warmestExcess = -Double.infinity
        for index in states.indices where states[index].tier != nil {
            guard let celsius = states[index].celsius, let exit = states[index].thresholds?.exit.entry(of: tier) else { continue }
            let excess = celsius - exit
            if excess >= 0, excess > warmestExcess {
                warmest = index
                warmestExcess = excess
            }
        }
        return warmest
    }

    /// The fact behind the thermal tier. Built on every update, so it is assembled in one reserved string.
    private func thresholdReason(sweep: SensorSweep) -> Reason {
        guard let lead = sweep.lead, let celsius = states[lead].celsius, let thresholds = states[lead].thresholds else {
            return Reason(code: "sensor.nominal", message: "no counted sensor")
        }
        let source =
            switch thresholds.source {
            case .ownLimits: "its own limits"
            case .defaults: "default thresholds"
            case .override: "policy override"
            }
        var message = ""
        message.reserveCapacity(120)
        if sweep.thermalTier > .nominal, let entry = thresholds.entry.entry(of: sweep.thermalTier) {
            message += "sensor "
            message += tracks[lead].displayName
            message += " at "
            message += ReasonFormat.celsius(celsius)
            message += " ≥ "
            message += sweep.thermalTier.rawValue
            message += " "
            message += ReasonFormat.celsius(entry)
            message += " ("
            message += source
            message += ")"
            return Reason(code: "sensor.threshold", message: message)
        }
        message += String(sweep.validCount)
        message += " counted sensor(s) below fair; nearest "
        message += tracks[lead].displayName
        message += " at "
        message += ReasonFormat.celsius(celsius)
        message += " (fair at "
        message += ReasonFormat.celsius(thresholds.entry.fair)
        message += ", "
        message += source
        message += ")"
        return Reason(code: "sensor.nominal", message: message)
    }

    /// The sensor's name is left empty here and added by ``forecast`` from ``forecastIndex``.
    mutating func computeForecast(from tier: Tier) -> ThermalForecast? {
        guard let next = tier.next else { return nil }
        var best: ThermalForecast?
        for index in states.indices where states[index].tier != nil {
            guard let slope = states[index].slope, slope > 1e-9, let celsius = states[index].celsius,
                let threshold = states[index].thresholds?.entry.entry(of: next), celsius < threshold
            else { continue }
            let seconds = (threshold - celsius) / slope
            if let best, best.seconds <= seconds { continue }
            best = ThermalForecast(
                tier: next,
                seconds: seconds,
                sensor: "",
                celsius: celsius,
                thresholdCelsius: threshold,
                slopeCelsiusPerSecond: slope
            )
            forecastIndex = index
        }
        return best
    }
}
