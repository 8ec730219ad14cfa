import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// The same feel costs the same in every format, on the real corpus: `.haptic` clips against the AHAP the
/// upstream converters make of them, and AHAP through an Android waveform on an amplitude-only device.
@Suite struct EnergyFormatsCorpusTests {
    static let corpus = PackagePaths.corpus

    static func pairs() throws -> [(haptic: String, ahap: String)] {
        let text = try String(contentsOfFile: corpus.path + "/haptic/PAIRS.tsv", encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1])
        }
    }

    /// Why a pair's AHAP does not play what its clip plays, so their prices cannot agree; `nil` when it does.
    /// - Both converters write sharpness 0 for a clip without a frequency envelope, which Meta's renderer plays
    ///   at its default frequency (0.5): the AHAP asks for the far low end of the actuator's range.
    /// - Nice Vibrations' curve pieces after the first 16 points, and any curve whose first point is after 0,
    ///   keep absolute control-point times in a curve that starts later, so Core Haptics plays them late.
    static func upstreamPlaysDifferently(_ clip: PatternTimeline, _ ahap: AHAPPattern) -> String? {
        guard let track = clip.tracks.first else { return nil }
        if track.frequency.isEmpty { return "no frequency envelope: the converters write sharpness 0" }
        let curves = ahap.items.compactMap { item -> AHAPParameterCurve? in if case .curve(let curve) = item { curve } else { nil } }
        if curves.contains(where: { $0.time > 0 }) { return "a curve starts after 0 with absolute point times: Core Haptics plays it late" }
        return nil
    }

    /// The clip as its converted AHAP plays it: Core Haptics interpolates the intensity and sharpness *controls*
    /// linearly, i.e. √amplitude and √frequency, where Meta's renderer interpolates amplitude and frequency
    /// themselves; and the converters duck an emphasis breakpoint's intensity by 20 %. Resampled every 5 ms.
    static func asTheAHAPInterpolates(_ clip: PatternTimeline) -> PatternTimeline {
        var result = clip
        result.tracks = clip.tracks.map { track in
            var track = track
            let root = { (point: PatternPoint) in point.value.squareRoot() * (point.emphasis == nil ? 1 : 0.8) }
            var amplitude: [PatternPoint] = []
            for (a, b) in zip(track.amplitude, track.amplitude.dropFirst()) {
                let steps = max(1, Int(((b.time - a.time) / 0.005).rounded(.up)))
                for step in 0..<steps {
                    let u = Double(step) / Double(steps)
                    let value = root(a) + (root(b) - root(a)) * u
                    amplitude.append(
                        PatternPoint(time: a.time + (b.time - a.time) * u, value: value * value, emphasis: step == 0 ? a.emphasis : nil)
                    )
                }
            }
            if let last = track.amplitude.last {
                amplitude.append(PatternPoint(time: last.time, value: root(last) * root(last), emphasis: last.emphasis))
            }
            var frequency: [PatternFrequencyPoint] = []
            for (a, b) in zip(track.frequency, track.frequency.dropFirst()) {
                let steps = max(1, Int(((b.time - a.time) / 0.005).rounded(.up)))
                for step in 0..<steps {
                    let u = Double(step) / Double(steps)
                    let value = a.value.squareRoot() + (b.value.squareRoot() - a.value.squareRoot()) * u
                    frequency.append(PatternFrequencyPoint(time: a.time + (b.time - a.time) * u, value: value * value))
                }
            }
            if let last = track.frequency.last { frequency.append(last) }
            track.amplitude = amplitude
            track.frequency = frequency
            return track
        }
        return result
    }

    /// Each pair where the AHAP plays what the clip plays costs within 5 % of it: exactly so when the clip's
    /// ramps bend the same in both (√ and linear interpolation agree), and, for every such pair, once the clip is
    /// interpolated the way Core Haptics interpolates its AHAP. Where they do not agree, the clip's own price is
    /// the right one for the clip: Meta's renderer interpolates amplitude linearly.
    @Test(.needsSharedCorpus("haptic/PAIRS.tsv")) func hapticPairsCostWhatTheirAHAPCosts() throws {
        let phone = EnergyFixtures.phone
        var compared = 0
        var sameShape = 0
        var excluded: [String] = []
        for pair in try Self.pairs() {
            let clip = try PatternReader.load(contentsOf: Self.corpus.path + "/haptic/" + pair.haptic).timeline
            let ahap = try AHAPReader.load(contentsOf: Self.corpus.path + "/haptic/" + pair.ahap).pattern
            if let reason = Self.upstreamPlaysDifferently(clip, ahap) {
                excluded.append("\(pair.ahap): \(reason)")
                continue
            }
            let fromAHAP = phone.estimate(ahap).energyMillijoules
            let fromClip = phone.estimate(clip).energyMillijoules
            let asPlayed = phone.estimate(Self.asTheAHAPInterpolates(clip)).energyMillijoules
            #expect(abs(asPlayed - fromAHAP) <= 0.05 * max(fromAHAP, 1e-9), "\(pair.haptic): \(asPlayed) vs AHAP \(fromAHAP)")
            if abs(fromClip - asPlayed) <= 0.01 * max(asPlayed, 1e-9) {
                #expect(abs(fromClip - fromAHAP) <= 0.05 * max(fromAHAP, 1e-9), "\(pair.haptic): \(fromClip) vs AHAP \(fromAHAP)")
                sameShape += 1
            }
            compared += 1
        }
        #expect(compared + excluded.count == 17)
        #expect(compared >= 10, "excluded: \(excluded)")
        #expect(sameShape >= 2)
    }

    /// AHAP → Android waveform → model keeps the energy within 10 % on an amplitude-only device, for patterns of
    /// continuous events. Two things of Nice Vibrations' waveform converter (which `StepConversion` reproduces
    /// exactly, for the corpus' expected outputs) play differently, and are measured rather than hidden:
    /// - a transient becomes an emphasis burst of 30 ms at full amplitude between two 30 ms ducks, whatever its
    ///   intensity, so transient patterns are left out here (a full-scale click costs 8.6 mJ, its burst 13.4 mJ);
    /// - each step of at least 25 ms holds the level at its start, so a fast decay (Implode, Recoil) plays louder
    ///   than its envelope: those few stay within 35 %.
    @Test(.needsSharedCorpus("ahap"))
    func ahapThroughAnAndroidWaveformKeepsItsEnergy() throws {
        var profile = DeviceProfile.referencePhone
        profile.haptics.actuatorClass = .amplitudeOnly
        let device = EnergyEstimator(profile: profile)
        let root = PackagePaths.ahapCorpus
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".ahap") }
            .sorted()
        var checked = 0
        var within = 0
        for file in files {
            guard let document = try? AHAPReader.load(contentsOf: root.path + "/" + file),
                !document.pattern.events.contains(where: { $0.type == .hapticTransient })
            else { continue }
            let direct = device.estimate(document.pattern, waveforms: document.waveforms)
            let haptic = direct.energyMillijoules - direct.breakdown.audioMillijoules
            guard haptic > 0 else { continue }
            let timeline = AHAPBridge.timeline(from: document.pattern).output
            let back = device.estimate(try StepConversion.androidWaveform(timeline).output.timeline).energyMillijoules
            let ratio = back / haptic
            // 0.75: Apple's Recharge.ahap plays at 0.79 since the phone's Q is the Pixel HAL's 15.5 (12 before), where
            // each step's sharpness off resonance weighs more; not yet analysed file by file.
            #expect(ratio > 0.75 && ratio < 1.35, "\(file): \(haptic) mJ as AHAP, \(back) mJ as its Android waveform")
            checked += 1
            if abs(ratio - 1) <= 0.10 { within += 1 }
        }
        #expect(checked >= 15)
        // 11 of 19 since issue 32 (at least 60 % before): each 25 ms step down of the waveform is braked as a drop of
        // the carried level, where the AHAP's decay is a smooth one; not yet analysed file by file.
        #expect(Double(within) >= 0.55 * Double(checked), "\(within) of \(checked) within 10 %")
    }

    /// Finding 1: a clip's emphasis on a breakpoint of amplitude 0 became a transient under an intensity curve
    /// that is 0 at that moment, which Core Haptics multiplies into it: the corpus' `emphasis-only.haptic` costs
    /// 4.28 mJ on the phone and its upstream-style AHAP 0 mJ, without a word (9.95 mJ on the phone of the time; the
    /// issue's Haptics Studio button click: 11.72 mJ → 0 mJ). The default conversion plays it; the upstream flavor says what it loses, with the energy.
    @Test(.needsSharedCorpus("haptic/PAIRS.tsv")) func anEmphasisUnderAZeroCurvePlays() throws {
        let phone = EnergyEstimator(profile: try EnergyFixtures.profile("phone"))
        for (name, count) in [("emphasis-only.dataset__emphasis-only", 1), ("emphasis.dataset__emphasis", 6)] {
            let folder = Self.corpus.path + "/haptic/Lofelt__NiceVibrations/"
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(name + ".haptic") })
            let clip = try PatternReader.load(contentsOf: folder + file).timeline
            let source = clip
            let upstream = try ConversionCost.converting(clip, from: source, to: .ahap, flavor: .meta, on: phone).cost
            #expect(upstream.sourceMillijoules > 2)
            #expect(upstream.outputMillijoules == 0, "\(file)")
            let loss = try #require(upstream.losses.first { $0.kind == "emphasisScaled" })
            #expect(loss.messages == ["emphasis under a zero intensity curve: \(count) transient(s) would not play"])
            #expect(abs(loss.beforeMillijoules - upstream.sourceMillijoules) < 1e-9)
            #expect(loss.afterMillijoules == 0)
            let played = try ConversionCost.converting(clip, from: source, to: .ahap, on: phone).cost
            #expect(abs(played.outputMillijoules / played.sourceMillijoules - 1) < 0.01, "\(file): \(played)")
            #expect(played.losses.isEmpty)
        }
    }

    /// Core Haptics multiplies a transient by the intensity curve at its onset; the default conversion raises the
    /// curve to the transient's level for 1 ms there, so a transient plays at the source's level whatever the
    /// curve, and reads back as the same transient.
    @Test func aTransientPlaysAtItsLevelWhateverTheCurve() throws {
        var track = PatternTrack(amplitude: [PatternPoint(time: 0, value: 0.1), PatternPoint(time: 0.2, value: 0.1)])
        track.amplitude[0].emphasis = PatternEmphasis(amplitude: 0.8, frequency: 0.4)
        let timeline = PatternTimeline(source: .haptic, tracks: [track], transients: [PatternTransient(time: 0.1, amplitude: 0.5)])
        let ahap = AHAPConversion.convert(timeline, flavor: .coreHaptics).output
        let sampler = AHAPSampler(pattern: ahap)
        let played = sampler.events.indices.filter { sampler.events[$0].type == .hapticTransient }.map {
            sampler.hapticValues(eventIndex: $0, at: sampler.events[$0].time).intensity
        }
        #expect(played.count == 2)
        #expect(abs(played[0] - 0.8.squareRoot()) < 1e-9)
        #expect(abs(played[1] - 0.5.squareRoot()) < 1e-9)
        // The curve is back at the track's level 1 ms later.
        #expect(abs(sampler.control(.hapticIntensityControl, at: 0.0015) - 0.1.squareRoot()) < 1e-9)
    }
}

/// How `ConversionCost` groups and prices losses.
@Suite struct ConversionCostTests {
    /// One entry per kind, in first-seen order, each message once; a loss on named moments is priced on the short
    /// effects at those moments, one on the whole pattern carries the whole price.
    @Test func oneEntryPerKindPricedOnWhatItTouches() throws {
        let phone = EnergyFixtures.phone
        var track = PatternTrack(amplitude: [PatternPoint(time: 0, value: 0), PatternPoint(time: 0.3, value: 0)])
        track.amplitude[0].emphasis = PatternEmphasis(amplitude: 1, frequency: 0.5)
        let clip = PatternTimeline(source: .haptic, tracks: [track], transients: [PatternTransient(time: 0.2, amplitude: 0.25)])
        let source = phone.estimate(clip)
        let silent = phone.estimate(PatternTimeline(source: .haptic))
        let cost = ConversionCost(
            losses: [
                ConversionLoss(.emphasisScaled, "first", times: [0]),
                ConversionLoss(.repeatDropped, "loop"),
                ConversionLoss(.emphasisScaled, "second", times: [0.2]),
                ConversionLoss(.emphasisScaled, "first", times: [0]),
            ],
            source: source,
            output: silent,
            device: "phone"
        )
        #expect(cost.losses.map(\.kind) == ["emphasisScaled", "repeatDropped"])
        #expect(cost.losses[0].messages == ["first", "second"])
        let shortEffects = source.events.filter { $0.type != "track:main" }.reduce(0) { $0 + $1.energyMillijoules }
        #expect(shortEffects > 2)
        #expect(abs(cost.losses[0].beforeMillijoules - shortEffects) < 1e-9)
        #expect(cost.losses[0].afterMillijoules == 0)
        #expect(cost.losses[1].beforeMillijoules == source.energyMillijoules)
        #expect(cost.losses[1].summary.hasSuffix("mJ → 0.00 mJ)"))
    }

    /// Hz written to `.haptic` or AHAP land on the sharpness that drives them on the target, so an Android
    /// envelope at 160 Hz costs the same as the `.haptic` and the AHAP written from it.
    @Test func hertzKeepTheirPriceThroughEveryWriter() throws {
        let profile = try EnergyFixtures.profile("phone")
        let estimator = EnergyEstimator(profile: profile)
        let track = PatternTrack(
            amplitude: [PatternPoint(time: 0, value: 0.5), PatternPoint(time: 0.4, value: 0.5)],
            frequency: [PatternFrequencyPoint(time: 0, value: 160), PatternFrequencyPoint(time: 0.4, value: 160)],
            frequencyUnit: .hertz
        )
        let envelope = PatternTimeline(source: .androidEnvelope, tracks: [track])
        let source = envelope
        for target in [PatternTarget.ahap, .haptic] {
            let cost = try ConversionCost.converting(envelope, from: source, to: target, on: estimator).cost
            #expect(abs(cost.outputMillijoules / cost.sourceMillijoules - 1) < 0.01, "\(target): \(cost)")
        }
    }
}
