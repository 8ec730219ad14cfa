import TemperPatterns

/// The tracks and transients of every format but AHAP, in the one lowering. Their levels are mapped the way the upstream `.haptic` → AHAP converters map them, so the same feel costs
/// the same in either format:
/// - an amplitude `a` plays as AHAP intensity √a, a normalised frequency `f` as sharpness √f (then onto the
///   profile's sharpness range); a frequency in Hz is priced at that frequency against the resonance, within the
///   profile's playable range;
/// - a track without frequency plays at the actuator's resonance (its default);
/// - a transient (or `.haptic` emphasis) is a click at intensity √a and sharpness `f`; one that says it lasts
///   longer than a click (an Android `slow_rise`) is priced as continuous drive for that long;
/// - an Android primitive plays as long as the device's `primitives:` table says (``PrimitiveFigures``, a
///   documented default without one), later primitives of a composition moving with it, at its scale times the
///   table's drive.
/// What the device cannot play (see ``ActuatorClass``) is priced as what it plays, with a note
/// (``notes(for:on:)``).
extension PatternCosting {
    /// The tracks, transients and emphases, numbered from `first` (after the AHAP events). Returns the items.
    mutating func lowerTracks(_ timeline: PatternTimeline, numberedFrom first: Int) -> [(type: String, timeSeconds: Double)] {
        var items: [(type: String, timeSeconds: Double)] = []
        for track in timeline.tracks {
            costTrack(first + items.count, track)
            items.append(("track:\(track.motor.rawValue)", track.amplitude.first?.time ?? 0))
        }
        for transient in timeline.transients {
            costTransient(first + items.count, transient)
            items.append((transient.effect ?? "transient", transient.time))
        }
        for track in timeline.tracks {
            for point in track.amplitude {
                guard let emphasis = point.emphasis else { continue }
                costTransient(
                    first + items.count,
                    PatternTransient(time: point.time, amplitude: emphasis.amplitude, frequency: emphasis.frequency, motor: track.motor)
                )
                items.append(("emphasis", point.time))
            }
        }
        return items
    }

    /// The output a motor's drive plays on and how many actuators play it: on a gamepad each motor track drives
    /// its own ERM and a pattern's one track both (``GamepadMotors``); everywhere else every track plays on every
    /// actuator.
    private func route(_ motor: PatternMotor) -> Route {
        guard haptics.actuatorClass == .dualERM, haptics.actuatorCount >= 2 else { return .everyActuator }
        let motors = GamepadMotors.motors(for: motor)
        guard motors.count == 1, let only = motors.first else { return .everyActuator }
        return Route(output: only == .lowFrequency ? 1 : 2, actuators: 1)
    }

    /// What this device plays differently from what the timeline asks.
    static func notes(for timeline: PatternTimeline, on haptics: HapticActuatorFigures) -> [String] {
        var notes: [String] = []
        let kind = haptics.actuatorClass
        let asksFrequency =
            timeline.tracks.contains { !$0.frequency.isEmpty }
            || timeline.transients.contains { $0.frequency != nil }
        if asksFrequency, !kind.hasFrequencyControl {
            notes.append("frequency ignored: this device's actuator (\(kind.rawValue)) plays amplitude only, at its one rate")
        }
        if !kind.hasAmplitudeControl {
            notes.append("amplitude ignored: this device's actuator (\(kind.rawValue)) is on or off; anything above 0 plays at full scale")
        }
        let outside = timeline.tracks.contains { track in
            track.frequencyUnit == .hertz
                && track.frequency.contains { $0.value < haptics.sharpnessLowHertz || $0.value > haptics.sharpnessHighHertz }
        }
        if outside, kind.hasFrequencyControl {
            notes.append(
                "frequencies outside this device's \(Int(haptics.sharpnessLowHertz))–\(Int(haptics.sharpnessHighHertz)) Hz priced at the nearest end, as the platform clamps them"
            )
        }
        let motors = Set(timeline.tracks.map(\.motor))
        if motors.count > 1, kind != .dualERM {
            notes.append("\(motors.count) motor tracks play on one actuator: the strongest plays at each moment")
        }
        if let start = timeline.repeatStart {
            notes.append("priced for one pass; the pattern repeats from \(start) s")
        }
        return notes
    }

    /// The drive frequency a track or transient asks for, brought into the playable range.
    private static func hertz(
        _ value: Double?,
        unit: PatternFrequencyUnit,
        sharpnessIsLinear: Bool = false,
        on haptics: HapticActuatorFigures
    ) -> Double {
        guard let value, value.isFinite else { return haptics.resonanceHertz }
        switch unit {
        case .normalized:
            let clamped = min(max(value, 0), 1)
            return haptics.driveHertz(sharpness: sharpnessIsLinear ? clamped : clamped.squareRoot())
        case .hertz:
            return min(max(value, haptics.sharpnessLowHertz), haptics.sharpnessHighHertz)
        }
    }

    private mutating func costTrack(_ index: Int, _ track: PatternTrack) {
        let route = route(track.motor)
        let times = Set(track.amplitude.map(\.time) + track.frequency.map(\.time)).filter { $0.isFinite && $0 >= 0 }.sorted()
        for (start, end) in zip(times, times.dropFirst()) where end > start {
            let length = end - start
            let quarter = start + length / 4
            let threeQuarters = start + 3 * length / 4
            let varying =
                track.amplitude(at: quarter) != track.amplitude(at: threeQuarters)
                || track.frequency(at: quarter) != track.frequency(at: threeQuarters)
            let haptics = haptics
            addDrive(index, steps(from: start, to: end, varying: varying), route: route) { time in
                (
                    min(max(track.amplitude(at: time), 0), 1).squareRoot(),
                    Self.hertz(track.frequency(at: time), unit: track.frequencyUnit, on: haptics)
                )
            }
            activityEnd = max(activityEnd, end)
        }
    }

    private mutating func costTransient(_ index: Int, _ transient: PatternTransient) {
        guard transient.time.isFinite, transient.time >= 0 else { return }
        let route = route(transient.motor)
        let drive = transient.effect.flatMap(AndroidPrimitive.init(rawValue:)).map { mix.estimator.profile.primitive($0).drive } ?? 1
        let intensity = (min(max(transient.amplitude, 0), 1) * drive).squareRoot()
        // An Android primitive or predefined effect is a waveform from the vibrator HAL's own table, tuned to the
        // actuator's calibrated resonance (the Pixel CS40L26 HAL plays them from the DSP at its f0): priced there,
        // whatever pitch the file suggests for other targets.
        let playsHALWaveform =
            transient.effect.map { AndroidPrimitive(rawValue: $0) != nil || AndroidPredefinedEffect(transientTag: $0) != nil } ?? false
        let hertz = Self.hertz(playsHALWaveform ? nil : transient.frequency, unit: .normalized, sharpnessIsLinear: true, on: haptics)
        let click = haptics.clickSeconds
        let length = transient.duration.map { $0.isFinite ? max($0, 0) : 0 } ?? click
        guard length > click else {
            addClick(index, at: transient.time, intensity: intensity, hertz: hertz, route: route)
            return
        }
        let step = (start: transient.time, end: transient.time + length, time: transient.time)
        addDrive(index, [step], route: route) { _ in (intensity, hertz) }
        activityEnd = max(activityEnd, transient.time + length)
    }
}
