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

    /// The actuator plays the mix of its voices; continuous drive that starts from rest is overdriven over the rise
    /// time and braked over the fall time when it stops, each at half the power it drives over its first and its
    /// last rise time, times the square of the amplitude the run reached; the driver's states fill the rest.
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
        var busy: [BusyStretch] = []
        let runs = VoiceMixer.runs(segments)
        for (number, run) in runs.enumerated() {
            var played: [Int] = []
            for segment in segments[run] {
                let voice = hapticVoices[segment.voice]
                let length = segment.end - segment.start
                timeline.add(from: segment.start, to: segment.end, milliwatts: voice.milliwatts)
                record(
                    voice.eventIndex,
                    voice.milliwatts * length,
                    into: voice.isContinuous ? .continuous : .transients
                )
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
            let first = segments[run.lowerBound]
            let last = segments[run.upperBound - 1]
            // The tails move the mass's kinetic energy, which goes with the square of the amplitude it reaches:
            // a drive shorter than the ring-up is overdriven and braked only as far as it got.
            let reached = haptics.ringUpFraction(afterSeconds: last.end - first.start)
            let stored = reached * reached
            // Overdrive: about half the power the run's continuous drive has over the rise, within what the driver
            // has left at each moment of it. A click that opens the run (an emphasis at a track's first point, an
            // AHAP transient just before its continuous event) leaves the drive after it overdriven all the same.
            let riseEnd = first.start + haptics.riseSeconds
            let target = Self.meanContinuousMilliwatts(segments[run], hapticVoices, from: first.start, to: riseEnd)
            // Only the segments that start within the rise: a long run is not read to its end.
            let rising = segments[run.lowerBound..<Self.firstIndex(in: segments, run, startingFrom: riseEnd)]
            if target > 0,
                let opening = rising.first(where: { hapticVoices[$0.voice].isContinuous }).map({ hapticVoices[$0.voice] })
            {
                for segment in rising {
                    let voice = hapticVoices[segment.voice]
                    let extra = max(0, min(0.5 * target * stored, voice.limitMilliwatts - voice.milliwatts))
                    let end = min(segment.end, riseEnd)
                    timeline.add(from: segment.start, to: end, milliwatts: extra)
                    record(opening.eventIndex, extra * (end - segment.start), into: .continuous)
                }
            }
            var end = last.end
            let closing = hapticVoices[last.voice]
            if closing.isContinuous {
                // Braking: about half the power the run drove over its last rise time (as long as the mass takes to
                // follow the drive) over the fall, cut short by the next effect.
                let next = number + 1 < runs.count ? segments[runs[number + 1].lowerBound].start : Double.infinity
                let window = min(haptics.fallSeconds, next - last.end)
                let driven = Self.meanContinuousMilliwatts(segments[run], hapticVoices, from: last.end - haptics.riseSeconds, to: last.end)
                let brake = 0.5 * driven * stored
                timeline.add(from: last.end, to: last.end + window, milliwatts: brake)
                record(closing.eventIndex, brake * window, into: .continuous)
                end += window
            }
            busy.append(.init(start: first.start, end: end, eventIndices: played))
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
