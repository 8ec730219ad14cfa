import Foundation
import TemperAHAP
import TemperCore
import TemperFiles
import TemperPatterns
import TemperTestSupport
import Testing

/// Requests in every format go through the same rewriter ladder and the Governor as AHAP, on the timeline their
/// reader returned, and come back in their own format.
@Suite struct RewriterFormatsTests {
    static let formats = PackagePaths.root.appendingPathComponent("Examples/formats").path
    static let files = [
        "door-knock.haptic", "notify-waveform.json", "confirm-composition.json", "pulse.xml", "engine-rumble.json",
        "vibrate-steps.json", "hum-waveform-envelope.json", "swell-basic-envelope.json",
    ]

    static func request(_ file: String, usage: UsageClass = .game) throws -> SensoryRequest {
        let json = #"{"id": "\#(file)", "usage": "\#(usage.rawValue)", "haptic": {"file": "\#(file)"}}"#
        return try RequestDecoder(fileName: "request.json", baseDirectory: formats, patterns: .patternFiles).decode(Array(json.utf8))
    }

    static func timeline(_ decision: Decision) -> PatternTimeline? {
        if case .haptic(let haptic)? = decision.request?.kind { haptic.content } else { nil }
    }

    @Test(arguments: files)
    func everyRungKeepsTheFormatAndNeverCostsMore(file: String) throws {
        let request = try Self.request(file)
        let format = try #require(
            Self.timeline(
                Decision(
                    requestID: "",
                    usage: .game,
                    outcome: .pass,
                    request: request,
                    rules: [],
                    energyBeforeMillijoules: 0,
                    energyAfterMillijoules: 0,
                    condition: .nominal
                )
            )
        ).source
        for rules in RewriterFixtures.ruleVariants {
            let decision = RewriterFixtures.rewriter(RewriterFixtures.uniform(rules)).decide(request, condition: .nominal)
            #expect(decision.energyAfterMillijoules <= decision.energyBeforeMillijoules + 1e-9, "\(file) under \(rules.haptics)")
            if let timeline = Self.timeline(decision) { #expect(timeline.source == format, "\(file): a rewrite changed the format") }
            if decision.outcome == .rewritten { #expect(!decision.rules.isEmpty, "\(file): rewritten without a reason") }
        }
    }

    /// Finding 7 on a timeline: the simple impact stands at the first haptic onset, in the pattern's own format,
    /// and costs what the system impact costs. Was: a system impact at 0 s, 0.2 s before the clip's first onset.
    @Test func aFallbackKeepsTheFirstOnsetAndTheFormat() throws {
        let late = PatternTimeline(
            source: .haptic,
            tracks: [PatternTrack(amplitude: [.init(time: 0.2, value: 0.6), .init(time: 0.6, value: 0.6), .init(time: 0.6, value: 0)])]
        )
        let request = SensoryRequest(id: "late", usage: .game, kind: .haptic(HapticPatternRequest(content: late)))
        let decision = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(haptics: .simpleImpact(.medium))))
            .decide(request, condition: .nominal)
        let timeline = try #require(Self.timeline(decision), "a system impact would move the onset to 0 s")
        #expect(timeline.source == .haptic && timeline.tracks.isEmpty)
        let impact = try #require(timeline.transients.first)
        #expect(timeline.transients.count == 1 && abs(impact.time - 0.2) <= 0.001)
        // The system's medium impact at the clip's peak intensity (√0.6), its own AHAP moved to the same onset, as
        // an AHAP pattern's fallback prices it (the driver waits 0.2 s for it either way).
        var standIn = SystemFeedbackPatterns.impact(.medium, intensity: 0.6.squareRoot())
        standIn.items = standIn.events.map { event in
            var event = event
            event.time += 0.2
            return .event(event)
        }
        let expected = RewriterFixtures.estimator.estimate(standIn).energyMillijoules
        #expect(abs(decision.energyAfterMillijoules - expected) < 1e-6, "\(decision.energyAfterMillijoules) vs \(expected)")
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules)
    }

    @Test func aCappedRunEndsAtTheCapWithARampToSilence() throws {
        // 0.8 s of steady drive, then silence.
        let long = PatternTimeline(
            source: .haptic,
            tracks: [
                PatternTrack(amplitude: [
                    .init(time: 0, value: 0.5), .init(time: 0.8, value: 0.5), .init(time: 0.8, value: 0), .init(time: 1, value: 0),
                ])
            ]
        )
        let request = SensoryRequest(id: "long", usage: .game, kind: .haptic(HapticPatternRequest(content: long)))
        let decision = RewriterFixtures.rewriter(
            RewriterFixtures.uniform(FeedbackRules(haptics: .capRumble(maxSeconds: 0.3, fadeSeconds: 0.1)))
        ).decide(request, condition: .nominal)
        let track = try #require(Self.timeline(decision)?.tracks.first)
        #expect(decision.outcome == .rewritten)
        #expect(decision.rules.map(\.reason.code) == ["haptics.rumbleCapped"])
        #expect(track.amplitude(at: 0.15) == 0.5)
        #expect(abs(track.amplitude(at: 0.25) - 0.25) < 1e-9, "halfway down the 0.1 s ramp")
        #expect(track.amplitude(at: 0.31) == 0)
        #expect(track.amplitude(at: 0.9) == 0)
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules * 0.6)
    }

    @Test func transientsOnlyKeepsEmphasesAndOnsetsAsTransients() throws {
        guard case .haptic(let haptic) = try Self.request("door-knock.haptic").kind else { throw CancellationError() }
        let clip = haptic.content
        let emphases = clip.tracks.flatMap(\.amplitude).compactMap(\.emphasis)
        try #require(!emphases.isEmpty)
        let request = SensoryRequest(id: "knock", usage: .game, kind: .haptic(haptic))
        let decision = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(haptics: .transientsOnly))).decide(
            request,
            condition: .nominal
        )
        let timeline = try #require(Self.timeline(decision))
        #expect(timeline.tracks.isEmpty)
        #expect(
            timeline.transients.map(\.amplitude) == emphases.map(\.amplitude),
            "each knock is kept, and the onset under the first is not doubled"
        )
        #expect(timeline.metadata == clip.metadata)
    }

    @Test func anIntensityScaleScalesAmplitudeBySquare() throws {
        guard case .haptic(let haptic) = try Self.request("notify-waveform.json").kind else { throw CancellationError() }
        let clip = haptic.content
        let request = SensoryRequest(id: "notify", usage: .game, kind: .haptic(haptic))
        let decision = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(intensityScale: 0.5))).decide(
            request,
            condition: .nominal
        )
        let scaled = try #require(Self.timeline(decision))
        #expect(scaled.tracks[0].amplitude.map(\.value) == clip.tracks[0].amplitude.map { $0.value * 0.25 })
    }

    /// request → decision JSON → request keeps what the format carries: `.haptic` metadata and emphases, and both
    /// rumble motors.
    @Test(arguments: ["door-knock.haptic", "engine-rumble.json", "notify-waveform.json", "confirm-composition.json"])
    func aDecisionReadsBackAsTheSamePattern(file: String) throws {
        let request = try Self.request(file)
        let decision = RewriterFixtures.rewriter().decide(request, condition: .nominal)
        let json = try TemperJSON.encoder().encode(decision)
        let read = try TemperJSON.decoder().decode(Decision.self, from: json)
        let original = try #require(Self.timeline(decision))
        let back = try #require(Self.timeline(read))
        #expect(back.metadata == original.metadata)
        #expect(Set(back.tracks.map(\.motor)) == Set(original.tracks.map(\.motor)))
        #expect(back.tracks.map { $0.amplitude.map(\.value).max() } == original.tracks.map { $0.amplitude.map(\.value).max() })
        #expect(back.transients.map(\.effect) == original.transients.map(\.effect))
        #expect(
            abs(RewriterFixtures.estimator.energyMillijoules(of: read.request!) - decision.energyAfterMillijoules) <= 0.02
                * decision.energyAfterMillijoules
        )
    }

    @Test func theHapticFilesMetadataSurvivesTheRoundTrip() throws {
        let decision = RewriterFixtures.rewriter().decide(try Self.request("door-knock.haptic"), condition: .nominal)
        let read = try TemperJSON.decoder().decode(Decision.self, from: try TemperJSON.encoder().encode(decision))
        let metadata = try #require(Self.timeline(read)?.metadata)
        #expect(metadata.contains(PatternMetadataEntry(key: "editor", value: "Temper examples")))
        #expect(metadata.contains { $0.key == "tag" })
    }

    @Test func theGovernorDecidesEveryFormatAtTheRequestsOwnPrice() async throws {
        let governor = GovernorTestSupport.governor()
        for file in Self.files {
            let request = try Self.request(file)
            guard case .haptic(let haptic) = request.kind else { throw CancellationError() }
            let read = try PatternReader.load(contentsOf: Self.formats + "/" + file)
            let decision = await governor.submit(request)
            #expect(decision.outcome == .pass, "\(file)")
            let expected = RewriterFixtures.estimator.estimate(read.timeline).energyMillijoules
            #expect(abs(decision.energyBeforeMillijoules - expected) <= 1e-9 * max(1, expected), "\(file)")
            #expect(haptic.content == read.timeline)
        }
        await governor.setCondition(Condition(tier: .serious))
        let serious = await governor.submit(try Self.request("engine-rumble.json"))
        #expect(serious.outcome == .fallback)
        #expect(serious.energyAfterMillijoules < serious.energyBeforeMillijoules)
    }
}
