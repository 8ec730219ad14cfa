import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// Patterns, policies and the energy model the rewriter, budget and governor tests share.
enum RewriterFixtures {
    /// `<root>`, from this file at `<root>/Tests/TemperCoreTests/`.
    static let corpusFolder = PackagePaths.ahapCorpus.path

    /// Every `.ahap` in the shared corpus (empty when it is absent) and in `Examples/patterns`.
    static let patternFiles: [String] = {
        var files: [String] = []
        for folder in [corpusFolder, PackagePaths.root.appendingPathComponent("Examples/patterns").path] {
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
            files += found.filter { $0.hasSuffix(".ahap") }.sorted().map { "\(folder)/\($0)" }
        }
        return files
    }()

    /// The patterns of ``patternFiles`` that read, with their file names.
    static let patterns: [(file: String, request: HapticPatternRequest)] = patternFiles.compactMap { file in
        guard let document = try? AHAPReader.load(contentsOf: file) else { return nil }
        return (file, HapticPatternRequest(document: document, sourceFile: file))
    }

    /// The brief's ring explosion: a crack at 0, a 0.6 s rumble from 0.02 s with falling intensity and sharpness curves.
    static let explosion = AHAPPattern(items: [
        .event(
            AHAPEvent(
                type: .hapticTransient,
                time: 0,
                parameters: [.init(id: .hapticIntensity, value: 1), .init(id: .hapticSharpness, value: 1)]
            )
        ),
        .event(
            AHAPEvent(
                type: .hapticContinuous,
                time: 0.02,
                duration: 0.6,
                parameters: [.init(id: .hapticIntensity, value: 1), .init(id: .hapticSharpness, value: 0.6)]
            )
        ),
        .curve(
            AHAPParameterCurve(
                id: .hapticIntensityControl,
                time: 0.02,
                controlPoints: [.init(time: 0, value: 1), .init(time: 0.1, value: 0.4), .init(time: 0.5, value: 0)]
            )
        ),
        .curve(
            AHAPParameterCurve(
                id: .hapticSharpnessControl,
                time: 0.02,
                controlPoints: [.init(time: 0, value: 0), .init(time: 0.1, value: -0.2), .init(time: 0.5, value: -0.4)]
            )
        ),
    ])

    /// A click, then a long rumble 100 ms later (its onset is not covered by the click), with a curve that runs 3 s.
    static let alarm = AHAPPattern(items: [
        .event(
            AHAPEvent(
                type: .hapticTransient,
                time: 0,
                parameters: [.init(id: .hapticIntensity, value: 0.9), .init(id: .hapticSharpness, value: 0.8)]
            )
        ),
        .event(
            AHAPEvent(
                type: .hapticContinuous,
                time: 0.1,
                duration: 2.5,
                parameters: [.init(id: .hapticIntensity, value: 0.8), .init(id: .hapticSharpness, value: 0.3)]
            )
        ),
        .curve(
            AHAPParameterCurve(
                id: .hapticIntensityControl,
                time: 0.1,
                controlPoints: [.init(time: 0, value: 1), .init(time: 1, value: 0.8), .init(time: 3, value: 0.2)]
            )
        ),
    ])

    static let phoneProfile: DeviceProfile = {
        let path = PackagePaths.root.appendingPathComponent("Policies/devices/phone.yaml").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return try! DeviceProfile.parse(yaml: text, file: path)
    }()

    static let estimator = EnergyEstimator(profile: phoneProfile)

    /// The design brief's rules: nominal passes, fair thins particles, serious gives a simple impact and 2D audio,
    /// critical keeps exempt usages only; low power caps rumbles at 0.5 s.
    static let briefPolicy = Policy(
        name: "brief",
        tiers: [
            .nominal: FeedbackRules(),
            .fair: FeedbackRules(particleScale: 0.5),
            .serious: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, particleScale: 0.25),
            .critical: FeedbackRules(
                haptics: .simpleImpact(.medium),
                spatialAudioAllowed: false,
                nonEssentialAudio: false,
                particleScale: 0,
                exemptOnly: true
            ),
        ],
        lowPower: [
            .nominal: FeedbackRules(haptics: .capRumble(maxSeconds: 0.5, fadeSeconds: 0.1)),
            .fair: FeedbackRules(haptics: .capRumble(maxSeconds: 0.5, fadeSeconds: 0.1), particleScale: 0.5),
            .serious: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, particleScale: 0.25),
            .critical: FeedbackRules(
                haptics: .simpleImpact(.medium),
                spatialAudioAllowed: false,
                nonEssentialAudio: false,
                particleScale: 0,
                exemptOnly: true
            ),
        ]
    )

    /// The brief's policy, `Policy.default` and every policy file in `Policies/`.
    static let shippedPolicies: [Policy] = {
        let folder = PackagePaths.root.appendingPathComponent("Policies").path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        let loaded = files.compactMap { file -> Policy? in
            guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { return nil }
            return try? Policy.parse(yaml: text, file: file)
        }
        return [briefPolicy, .default] + loaded
    }()

    /// A policy whose every condition has `rules`.
    static func uniform(_ rules: FeedbackRules) -> Policy {
        let all = Dictionary(uniqueKeysWithValues: Tier.allCases.map { ($0, rules) })
        return Policy(name: "uniform", tiers: all, lowPower: all)
    }

    /// Every haptics mode, with and without an intensity scale, and the critical tier's exempt-only rules.
    static let ruleVariants: [FeedbackRules] = {
        let modes: [HapticsMode] = [.full, .capRumble(maxSeconds: 0.5, fadeSeconds: 0.1), .transientsOnly, .simpleImpact(.medium), .off]
        var variants = modes.flatMap { mode in
            [
                FeedbackRules(haptics: mode),
                FeedbackRules(haptics: mode, intensityScale: 0.6, audioVolumeScale: 0.5, nonEssentialAudio: false),
            ]
        }
        variants.append(FeedbackRules(haptics: .simpleImpact(.light), spatialAudioAllowed: false, exemptOnly: true))
        return variants
    }()

    static let allConditions: [Condition] = Tier.allCases.flatMap { [Condition(tier: $0), Condition(tier: $0, lowPower: true)] }

    static func haptic(_ pattern: AHAPPattern, usage: UsageClass = .game, id: String = "pattern") -> SensoryRequest {
        SensoryRequest(id: id, usage: usage, kind: .haptic(HapticPatternRequest(pattern: pattern)))
    }

    static func audio(at position: Vector3, usage: UsageClass = .game, rendering: AudioRendering = .spatial) -> SensoryRequest {
        SensoryRequest(
            id: "cue",
            usage: usage,
            kind: .audio(AudioCue(position: position, rendering: rendering, volume: 0.9, durationSeconds: 1.2))
        )
    }

    static func rewriter(_ policy: Policy = briefPolicy) -> Rewriter {
        Rewriter(policy: policy, energyModel: estimator)
    }
}

extension HapticPatternRequest {
    /// The AHAP pattern these tests build requests from; a request carrying anything else is a failure.
    var pattern: AHAPPattern {
        guard content.source == .ahap else {
            Issue.record("expected an AHAP pattern, found a \(content.format.rawValue) timeline")
            return AHAPPattern(items: [])
        }
        return content.ahapPattern
    }

    var waveforms: [Int: AHAPWaveform] {
        content.waveformsByEvent
    }
}

extension Decision {
    /// The resulting pattern, when the result is one.
    var pattern: AHAPPattern? {
        if case .haptic(let haptic)? = request?.kind { haptic.pattern } else { nil }
    }

    var systemFeedback: SystemFeedback? {
        if case .system(let feedback)? = request?.kind { feedback } else { nil }
    }

    var audioCue: AudioCue? {
        if case .audio(let cue)? = request?.kind { cue } else { nil }
    }

    func fired(_ code: Reason.Code) -> Bool { rules.contains { $0.reason.code == code } }
}
