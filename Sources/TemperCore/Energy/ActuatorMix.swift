/// The back half of every pricing run, whatever the pattern's format: the pieces of drive a front end asks for
/// (``PatternCosting``, for AHAP and every other format alike) are mixed into the one signal the
/// actuator plays, limited by its driver, given their rise and fall tails and the driver's power states, and
/// packed into an ``EnergyEstimate``. Keeping this in one place is what makes the same feel cost the same in
/// every format.
struct ActuatorMix {
    let estimator: EnergyEstimator
    var timeline = PowerTimeline()
    var breakdown = EnergyBreakdown()
    /// Each priced item's own energy (an AHAP event, a timeline track or transient), then its share of the burst
    /// overhead and tails.
    var ownMillijoules: [Double]
    var sharedMillijoules: [Double]
    /// Each item's driver clipping: how long, and the lowest fraction of its requested strength that plays.
    var clippedSeconds: [Double]
    var playedFraction: [Double]
    /// The pattern's clipping, over what the actuator actually plays.
    var patternClippedSeconds = 0.0
    var patternPlayedFraction = 1.0
    /// When the actuator plays clipped, as spans merged where they touch.
    var clippedSpans: [ClippedSpan] = []
    var hapticVoices: [VoiceMixer.Voice] = []
    var audioVoices: [VoiceMixer.Voice] = []
    /// How many items it prices: what the voices' event indices number.
    private(set) var itemCount: Int
    /// Whether only ``totals()`` is wanted (a marginal price): nothing is kept per item, nor the clipping.
    let totalsOnly: Bool

    init(estimator: EnergyEstimator, itemCount: Int, totalsOnly: Bool = false) {
        self.estimator = estimator
        self.itemCount = itemCount
        self.totalsOnly = totalsOnly
        timeline.isRecording = estimator.options.tracksPower && !totalsOnly
        let kept = totalsOnly ? 0 : itemCount
        ownMillijoules = Array(repeating: 0, count: kept)
        sharedMillijoules = Array(repeating: 0, count: kept)
        clippedSeconds = Array(repeating: 0, count: kept)
        playedFraction = Array(repeating: 1, count: kept)
    }

    /// Numbers `count` more items after these, keeping their figures unless only totals are wanted.
    mutating func appendItems(of other: ActuatorMix) {
        itemCount += other.itemCount
        guard !totalsOnly else { return }
        ownMillijoules += other.ownMillijoules
        sharedMillijoules += other.sharedMillijoules
        clippedSeconds += other.clippedSeconds
        playedFraction += other.playedFraction
    }

    var haptics: HapticActuatorFigures { estimator.profile.haptics }
    var audio: AudioFigures { estimator.profile.audio }
    var options: EnergyEstimator.Options { estimator.options }

    // MARK: Voices

    mutating func addHapticVoice(
        _ index: Int,
        from start: Double,
        to end: Double,
        _ drive: HapticDrive,
        isContinuous: Bool,
        output: Int = 0
    ) {
        if drive.playedFraction < 1, drive.milliwatts > 0, !totalsOnly {
            clippedSeconds[index] += end - start
            playedFraction[index] = min(playedFraction[index], drive.playedFraction)
        }
        hapticVoices.append(
            .init(
                start: start,
                end: end,
                milliwatts: drive.milliwatts,
                eventIndex: index,
                playedFraction: drive.playedFraction,
                limitMilliwatts: drive.limitMilliwatts,
                isContinuous: isContinuous,
                output: output,
                acceleration: drive.acceleration,
                hertz: drive.hertz
            )
        )
    }

    /// A sound playing from `start` to `end`: it keeps the audio path open, and `milliwatts` is its own draw on top
    /// of the path's (``AudioFigures/soundMilliwatts(volume:spatial:)``), 0 for a silent sound.
    mutating func addAudioVoice(_ index: Int, from start: Double, to end: Double, milliwatts: Double) {
        audioVoices.append(.init(start: start, end: end, milliwatts: milliwatts, eventIndex: index))
    }

    /// Equal steps across `length`, each with its midpoint to sample at: one when nothing changes, else one
    /// every `sampleStep` up to `maxSamplesPerEvent`. Neighbouring steps share their boundary exactly, so the
    /// mixer sees one unbroken drive rather than slivers of silence between samples.
    func sampleSteps(from start: Double, length: Double, varying: Bool) -> [(start: Double, end: Double, time: Double)] {
        let count: Int
        if varying {
            let wanted = (length / max(options.sampleStep, 1e-6)).rounded(.up)
            count = Int(min(max(wanted, 2), Double(max(options.maxSamplesPerEvent, 2))))
        } else {
            count = 1
        }
        let step = length / Double(count)
        let bounds = (0...count).map { $0 == count ? start + length : start + Double($0) * step }
        return (0..<count).map { (bounds[$0], bounds[$0 + 1], start + (Double($0) + 0.5) * step) }
    }

    // MARK: Mixing

    /// Mixes the haptic and audio voices and packs the estimate; `items` names each priced item in order.
    mutating func finish(items: [(type: String, timeSeconds: Double)], durationSeconds: Double) -> EnergyEstimate {
        mixHaptics()
        mixAudio()
        let energies = items.enumerated().map { index, item in
            EventEnergy(
                index: index,
                type: item.type,
                timeSeconds: item.timeSeconds,
                energyMillijoules: ownMillijoules[index] + sharedMillijoules[index],
                overheadMillijoules: sharedMillijoules[index],
                clippedSeconds: clippedSeconds[index],
                playedFraction: playedFraction[index]
            )
        }
        return estimator.finish(
            timeline: timeline,
            breakdown: breakdown,
            events: energies,
            durationSeconds: durationSeconds,
            clipping: (patternClippedSeconds, patternPlayedFraction, clippedSpans)
        )
    }

    /// What the voices cost mixed, by kind, without any item's share or the power series: what a marginal price
    /// compares.
    mutating func totals() -> EnergyBreakdown {
        mixHaptics()
        mixAudio()
        return breakdown
    }

    /// The actuator plays the mix of its voices; the driver overdrives and brakes the level its continuous drive
    /// carries (``LevelTails``) and its states fill the rest.
    private mutating func mixHaptics() {
        var busy: [BusyStretch] = []
        if let first = hapticVoices.first?.output, hapticVoices.allSatisfy({ $0.output == first }) {
            busy = mixHaptics(hapticVoices)
        } else {
            for output in Set(hapticVoices.map(\.output)).sorted() {
                busy += mixHaptics(hapticVoices.filter { $0.output == output })
            }
        }
        let schedule = HapticDriverSchedule(busy: busy, driver: haptics.driver, keepsPieces: timeline.isRecording)
        for piece in schedule.pieces { timeline.add(from: piece.start, to: piece.end, milliwatts: piece.milliwatts) }
        for burst in schedule.bursts { share(burst.millijoules, among: burst.eventIndices, into: .overhead) }
    }

    /// One output's voices mixed; returns when it is busy, for the driver's schedule. (A marginal price's view,
    /// which may cut a run that plays on, is priced by ``HapticRunTotals``.)
    private mutating func mixHaptics(_ hapticVoices: [VoiceMixer.Voice]) -> [BusyStretch] {
        // Read once: each read of the profile's figures copies them.
        let haptics = self.haptics
        let segments = VoiceMixer.mix(hapticVoices)
        var tails = LevelTails(haptics: haptics, keepsPieces: !totalsOnly || timeline.isRecording)
        var busy: [BusyStretch] = []
        for run in VoiceMixer.runs(segments) {
            var played: [Int] = []
            var continuous = false
            for segment in segments[run] {
                let voice = hapticVoices[segment.voice]
                let length = segment.end - segment.start
                timeline.add(from: segment.start, to: segment.end, milliwatts: voice.milliwatts)
                record(
                    voice.eventIndex,
                    voice.milliwatts * length,
                    into: voice.isContinuous ? .continuous : .transients
                )
                tails.add(from: segment.start, to: segment.end, voice)
                continuous = continuous || voice.isContinuous || segment.overContinuous
                guard !totalsOnly else { continue }
                if voice.playedFraction < 1 {
                    patternClippedSeconds += length
                    patternPlayedFraction = min(patternPlayedFraction, voice.playedFraction)
                    if let last = clippedSpans.last, segment.start <= last.endSeconds {
                        clippedSpans[clippedSpans.count - 1].endSeconds = max(last.endSeconds, segment.end)
                    } else {
                        clippedSpans.append(ClippedSpan(startSeconds: segment.start, endSeconds: segment.end))
                    }
                }
                if played.last != voice.eventIndex { played.append(voice.eventIndex) }
            }
            // A run of continuous drive (or a click that masks some) keeps the actuator busy while it is braked; the
            // braking always completes: an effect that starts during it adds its own drive on top rather than saving
            // the rest of the tail, and a click over the drive does not end the run's braking either.
            let end = segments[run.upperBound - 1].end + (continuous ? haptics.fallSeconds : 0)
            busy.append(.init(start: segments[run.lowerBound].start, end: end, eventIndices: played))
        }
        tails.finish()
        if let pieces = tails.pieces {
            for piece in pieces {
                timeline.add(from: piece.start, to: piece.end, milliwatts: piece.milliwatts)
                record(piece.eventIndex, piece.milliwatts * (piece.end - piece.start), into: .continuous)
            }
        } else {
            add(tails.millijoules, to: .continuous)
        }
        return busy
    }

    /// One audio path: its sounds' own parts mix (the loudest plays), and the path's fixed cost follows its
    /// states (``AudioPathSchedule``), shared by the sounds that keep it open; nothing of it when the path is
    /// already open for other playback.
    private mutating func mixAudio() {
        for segment in VoiceMixer.mix(audioVoices) {
            let voice = audioVoices[segment.voice]
            timeline.add(from: segment.start, to: segment.end, milliwatts: voice.milliwatts)
            record(voice.eventIndex, voice.milliwatts * (segment.end - segment.start), into: .audio)
        }
        guard !estimator.audioPathIsOpen else { return }
        let playing = audioVoices.map { BusyStretch(start: $0.start, end: $0.end, eventIndices: [$0.eventIndex]) }
        let schedule = AudioPathSchedule(playing: playing, audio: audio)
        for piece in schedule.pieces { timeline.add(from: piece.start, to: piece.end, milliwatts: piece.milliwatts) }
        for opening in schedule.openings { share(opening.millijoules, among: opening.eventIndices, into: .audio) }
    }

    /// The kinds an estimate's breakdown adds up; a switch, where a key path would cost a retain and release on
    /// every piece of the mix.
    enum Kind {
        case transients, continuous, audio, overhead
    }

    private mutating func record(_ index: Int, _ millijoules: Double, into kind: Kind) {
        add(millijoules, to: kind)
        if !totalsOnly { ownMillijoules[index] += millijoules }
    }

    private mutating func add(_ millijoules: Double, to kind: Kind) {
        switch kind {
        case .transients: breakdown.transientsMillijoules += millijoules
        case .continuous: breakdown.continuousMillijoules += millijoules
        case .audio: breakdown.audioMillijoules += millijoules
        case .overhead: breakdown.overheadMillijoules += millijoules
        }
    }

    /// Splits `millijoules` among the items in `all`; for totals only it is counted, with no item named.
    private mutating func share(_ millijoules: Double, among all: [Int], into kind: Kind) {
        guard millijoules > 0, totalsOnly || !all.isEmpty else { return }
        add(millijoules, to: kind)
        guard !totalsOnly else { return }
        var seen = Set<Int>()
        let indices = all.filter { seen.insert($0).inserted }
        let each = millijoules / Double(indices.count)
        for index in indices { sharedMillijoules[index] += each }
    }
}
