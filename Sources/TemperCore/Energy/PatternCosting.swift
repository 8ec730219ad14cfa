public import TemperAHAP
public import TemperPatterns

/// The one front end of the energy model (see ``EnergyEstimator``): a pattern in any format is lowered into
/// pieces of drive (clicks, continuous drive sampled in steps, sounds) and handed to the ``ActuatorMix``.
///
/// A pattern is one ``PatternTimeline``: AHAP's events as written, sampled with `AHAPSampler`
/// (``lowerEvents(_:)``), and the tracks, transients and emphases of every other format
/// (``lowerTracks(_:numberedFrom:)``), in one lowering. How a click, a step of drive or a sound is priced, how a
/// stretch is cut into samples and how long the pattern is active live here once, so the same feel costs the same
/// in every format.
struct PatternCosting {
    /// The pattern as this device plays it (its Android primitives as long as the device plays them).
    let pattern: PatternTimeline
    /// What the AHAP events' sampler needs; `nil` when the pattern has no AHAP items.
    let controls: AHAPControls?
    var mix: ActuatorMix
    var activityEnd = 0.0

    init(estimator: EnergyEstimator, pattern: PatternTimeline) {
        self.pattern = pattern.primitivesPlayed(on: estimator.profile)
        let events = pattern.ahapEvents.count
        controls =
            pattern.items.isEmpty
            ? nil : AHAPControls(pattern: pattern, sampleStep: estimator.options.sampleStep)
        let emphases = pattern.tracks.reduce(0) { $0 + $1.amplitude.count { $0.emphasis != nil } }
        mix = ActuatorMix(estimator: estimator, itemCount: events + pattern.tracks.count + pattern.transients.count + emphases)
    }

    var haptics: HapticActuatorFigures { mix.haptics }

    mutating func run() -> EnergyEstimate {
        lower().estimate()
    }

    /// The pattern's voices, not yet mixed: what the playback ledger mixes with other requests. AHAP events are
    /// items 0…, then tracks, transients and emphases.
    mutating func lower() -> PlaybackSignal {
        var items: [(type: String, timeSeconds: Double)] = []
        var duration = 0.0
        if let controls {
            items += lowerEvents(controls)
            if !controls.events.isEmpty { duration = controls.sampler.duration }
        }
        items += lowerTracks(pattern, numberedFrom: items.count)
        duration = max(duration, pattern.duration, activityEnd)
        return PlaybackSignal(mix: mix, items: items, durationSeconds: items.isEmpty ? 0 : duration)
    }

    // MARK: Pieces of drive

    /// Which output a piece of drive plays on, and on how many actuators (every one when `nil`).
    struct Route {
        var output = 0
        var actuators: Int?

        static let everyActuator = Route()
    }

    /// A click at `time`: the profile's click energy at `intensity`, driven at `hertz`.
    mutating func addClick(_ index: Int, at time: Double, intensity: Double, hertz: Double, route: Route = .everyActuator) {
        let click = haptics.clickSeconds
        let drive = haptics.drive(
            intensity: intensity,
            hertz: hertz,
            fullScaleMilliwatts: haptics.clickEnergyMillijoules / click,
            actuators: route.actuators
        )
        mix.addHapticVoice(index, from: time, to: time + click, drive, isContinuous: false, output: route.output)
        activityEnd = max(activityEnd, time + click)
    }

    /// Continuous drive over `steps`, each at the intensity and frequency `sample` gives at its sample time.
    mutating func addDrive(
        _ index: Int,
        _ steps: [(start: Double, end: Double, time: Double)],
        route: Route = .everyActuator,
        sample: (Double) -> (intensity: Double, hertz: Double)
    ) {
        for step in steps {
            let value = sample(step.time)
            let drive = haptics.drive(
                intensity: value.intensity,
                hertz: value.hertz,
                fullScaleMilliwatts: haptics.continuousMilliwatts,
                actuators: route.actuators
            )
            mix.addHapticVoice(index, from: step.start, to: step.end, drive, isContinuous: true, output: route.output)
        }
    }

    /// A sound over `steps`, each at the volume `volume` gives at its sample time.
    mutating func addSound(_ index: Int, _ steps: [(start: Double, end: Double, time: Double)], volume: (Double) -> Double) {
        for step in steps {
            let power = mix.audio.soundMilliwatts(volume: volume(step.time), spatial: mix.options.spatialAudio)
            mix.addAudioVoice(index, from: step.start, to: step.end, milliwatts: power)
        }
    }

    /// The sample steps from `start` to `end`: one when nothing changes; else cut at every one of `cuts` inside
    /// (an AHAP curve's control points, a timeline's breakpoints), each piece on the mix's grid, and a piece
    /// shorter than ``PatternTimeline/shortestRampSeconds`` one step at its end value, as it plays.
    func steps(from start: Double, to end: Double, varying: Bool, cuts: [Double] = []) -> [(start: Double, end: Double, time: Double)] {
        guard varying else { return mix.sampleSteps(from: start, length: end - start, varying: false) }
        var low = 0
        var high = cuts.count
        while low < high {
            let middle = (low + high) / 2
            if cuts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        var bounds = [start]
        while low < cuts.count, cuts[low] < end {
            bounds.append(cuts[low])
            low += 1
        }
        bounds.append(end)
        return zip(bounds, bounds.dropFirst()).flatMap { piece in
            let length = piece.1 - piece.0
            guard length < PatternTimeline.shortestRampSeconds else {
                return mix.sampleSteps(from: piece.0, length: length, varying: true)
            }
            return [(piece.0, piece.0 + length, piece.0 + length * (1 - 1e-6))]
        }
    }
}

extension EnergyEstimator {
    /// What this device plays differently from what `timeline` asks (frequency ignored on an amplitude-only
    /// actuator, Hz clamped to its range, motor tracks sharing one actuator), one line each; empty when it plays
    /// everything.
    public func playbackNotes(for timeline: PatternTimeline) -> [String] {
        PatternCosting.notes(for: timeline, on: profile.haptics)
    }
}
