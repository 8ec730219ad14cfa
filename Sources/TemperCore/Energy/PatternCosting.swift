public import TemperAHAP
public import TemperPatterns

/// The one front end of the energy model (see ``EnergyEstimator``): a pattern in any format is lowered into
/// pieces of drive (clicks, continuous drive sampled in steps, sounds) and handed to the ``ActuatorMix``.
///
/// A format only says what plays when: AHAP's events through `AHAPSampler` (``lowerAHAP(_:)``), a timeline's
/// tracks, transients and emphases (``lowerTimeline(_:)``). How a click, a step of drive or a sound is priced,
/// how a stretch is cut into samples and how long the pattern is active live here once, so the same feel costs
/// the same in every format.
struct PatternCosting {
    /// What is being lowered: an AHAP pattern with what its sampler needs, or a timeline as this device plays it.
    enum Content {
        case ahap(AHAPControls)
        case timeline(PatternTimeline)
    }

    let content: Content
    var mix: ActuatorMix
    var activityEnd = 0.0

    /// An AHAP pattern, with the waveforms its audio events name (keyed by event index).
    init(estimator: EnergyEstimator, pattern: AHAPPattern, waveforms: [Int: AHAPWaveform]) {
        content = .ahap(AHAPControls(pattern: pattern, waveforms: waveforms, sampleStep: estimator.options.sampleStep))
        mix = ActuatorMix(estimator: estimator, itemCount: pattern.events.count)
    }

    /// A timeline in any other format, with its Android primitives as long as the device plays them.
    init(estimator: EnergyEstimator, timeline: PatternTimeline) {
        content = .timeline(timeline.primitivesPlayed(on: estimator.profile))
        let emphases = timeline.tracks.reduce(0) { $0 + $1.amplitude.count { $0.emphasis != nil } }
        mix = ActuatorMix(estimator: estimator, itemCount: timeline.tracks.count + timeline.transients.count + emphases)
    }

    var haptics: HapticActuatorFigures { mix.haptics }

    mutating func run() -> EnergyEstimate {
        lower().estimate()
    }

    /// The pattern's voices, not yet mixed: what the playback ledger mixes with other requests.
    mutating func lower() -> PlaybackSignal {
        switch content {
        case .ahap(let controls): lowerAHAP(controls)
        case .timeline(let timeline): lowerTimeline(timeline)
        }
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
    /// What a format-neutral pattern costs: tracks, transients and emphases, priced through the same mixing, driver
    /// limits and power states as an AHAP pattern.
    public func estimate(_ timeline: PatternTimeline) -> EnergyEstimate {
        var costing = PatternCosting(estimator: self, timeline: timeline)
        return costing.run()
    }

    /// What this device plays differently from what `timeline` asks (frequency ignored on an amplitude-only
    /// actuator, Hz clamped to its range, motor tracks sharing one actuator), one line each; empty when it plays
    /// everything.
    public func playbackNotes(for timeline: PatternTimeline) -> [String] {
        PatternCosting.notes(for: timeline, on: profile.haptics)
    }
}
