public import TemperAHAP

/// Estimates what haptic and audio feedback costs on a device profile.
///
/// The model (the `EnergyModel` article has its formulas and sources):
/// - a transient costs the full-scale click energy × the off-resonance factor of its sharpness × (intensity ×
///   what intensity 1 plays at that frequency)^γ;
/// - a continuous event costs the integral of actuator power over its sampled timeline (the same scaling),
///   plus half its start power over the rise time (overdrive) and half its end power over the fall time (braking),
///   both times the square of the amplitude the drive reached;
/// - an audio event costs its own part, the amplifier above idle at its volume squared, while it plays; the audio
///   path's fixed cost (on while sounds play, the amplifier idling through gaps and the standby tail, then off) is
///   paid once per opening and shared by the sounds that keep it open, or not at all when other playback holds
///   the path open;
/// - one actuator plays one signal: overlapping haptic events mix (the strongest plays), and the driver's
///   headroom bounds every drive (intensity is read against what the actuator plays at each frequency, so a
///   request never asks beyond it);
/// - the haptic driver's own draw is overhead, by power state: waking up, active while playing, then idle,
///   standby and off through silences; the events of one wake-up share it. Audio events play through one path,
///   their own parts mixed the same way.
public struct EnergyEstimator: Sendable {
    /// How finely to sample and what to return.
    public struct Options: Sendable, Hashable {
        /// Longest time between samples of a continuous event whose values change.
        public var sampleStep: Double
        /// At most this many samples per continuous event (a long event is sampled more coarsely).
        public var maxSamplesPerEvent: Int
        /// Narrowest bin of the power series.
        public var seriesStep: Double
        /// At most this many points in the power series (a long pattern gets wider bins); 0 leaves it out.
        public var maxSeriesPoints: Int
        /// Whether audio events are rendered spatially (HRTF or panning) rather than in 2D.
        public var spatialAudio: Bool
        /// Whether other playback (music, a game's soundtrack) holds the audio path open, so a sound pays only its
        /// own volume-dependent part: no path, no idle gaps, no standby tail. The profile can say so too
        /// (``AudioFigures/pathAlreadyOpen``).
        public var audioPathAlreadyOpen: Bool
        /// Whether to follow power over time. Off, an estimate has its energy, charge, duration and breakdown but
        /// no peak power (0) and no power series: for callers that need only the energy, such as the rewriter.
        public var tracksPower: Bool

        public init(
            sampleStep: Double = 0.005,
            maxSamplesPerEvent: Int = 400,
            seriesStep: Double = 0.005,
            maxSeriesPoints: Int = 1000,
            spatialAudio: Bool = false,
            audioPathAlreadyOpen: Bool = false,
            tracksPower: Bool = true
        ) {
            self.sampleStep = sampleStep
            self.maxSamplesPerEvent = maxSamplesPerEvent
            self.seriesStep = seriesStep
            self.maxSeriesPoints = maxSeriesPoints
            self.spatialAudio = spatialAudio
            self.audioPathAlreadyOpen = audioPathAlreadyOpen
            self.tracksPower = tracksPower
        }
    }

    /// The device the estimates are for.
    public var profile: DeviceProfile { box.profile }
    public var options: Options

    /// The profile, held once: an estimator is copied into every mix that prices a request (twice for a marginal
    /// price), and an inline profile is a kilobyte of figures and several references to copy each time.
    private let box: ProfileBox

    private final class ProfileBox: Sendable {
        let profile: DeviceProfile

        init(_ profile: DeviceProfile) { self.profile = profile }
    }

    public init(profile: DeviceProfile, options: Options = .init()) {
        self.box = ProfileBox(profile)
        self.options = options
    }

    /// Whether the audio path is open for other playback, by the options or the profile.
    public var audioPathIsOpen: Bool { options.audioPathAlreadyOpen || profile.audio.pathAlreadyOpen }

    /// What `pattern` costs.
    ///
    /// - Parameters:
    ///   - pattern: the pattern as read (see `AHAPReader`).
    ///   - waveforms: resolved `AudioCustom` waveforms by event index, for their real length.
    /// - Returns: energy, charge, peak power, duration, breakdown, each event's share and the power series.
    public func estimate(_ pattern: AHAPPattern, waveforms: [Int: AHAPWaveform] = [:]) -> EnergyEstimate {
        estimate(.ahap(pattern, waveforms: waveforms))
    }

    /// Packs a finished costing into an estimate.
    func finish(
        timeline: PowerTimeline,
        breakdown: EnergyBreakdown,
        events: [EventEnergy],
        durationSeconds: Double,
        clipping: (seconds: Double, playedFraction: Double, spans: [ClippedSpan])
    ) -> EnergyEstimate {
        let total = breakdown.totalMillijoules
        let span = timeline.end - timeline.start
        return EnergyEstimate(
            energyMillijoules: total,
            microampHours: profile.battery.microampHours(millijoules: total),
            peakMilliwatts: timeline.peakMilliwatts,
            averageMilliwatts: span > 0 ? total / span : 0,
            durationSeconds: durationSeconds,
            clippedSeconds: clipping.seconds,
            playedFraction: clipping.playedFraction,
            clippedSpans: clipping.spans,
            breakdown: breakdown,
            events: events,
            powerSeries: options.maxSeriesPoints > 0 ? timeline.series(minStep: options.seriesStep, maxPoints: options.maxSeriesPoints) : []
        )
    }
}
