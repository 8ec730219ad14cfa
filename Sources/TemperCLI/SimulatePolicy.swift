import Foundation
import TemperCore
import TemperSimulation

/// The policy a simulation enforces: `--policy FILE`, else the scenario's `policy:` (a name in Policies/ or a path
/// relative to the scenario), else the default.
enum SimulatePolicy {
    static func resolve(option: String?, scenario: Scenario) throws(TemperError) -> Policy {
        if let option { return try load(path: option) }
        guard let named = scenario.policy, named != "default" else { return builtInDefault }
        if named.contains("/") || named.hasSuffix(".yaml") { return try load(path: scenario.resolve(named).path) }
        guard let folder = ProjectPaths.policies else { return builtInDefault }
        return try load(path: folder.appendingPathComponent("\(named).yaml").path)
    }

    static func load(path: String) throws(TemperError) -> Policy {
        throw TemperError(code: .invalidPolicy, message: "policy files cannot be read by this build yet", file: path)
    }

    /// The design brief's defaults: nominal passes; fair keeps haptics and audio and trims particles; serious plays
    /// haptics as a simple impact and audio in 2D; critical keeps only exempt usages; low power replaces custom
    /// patterns with a medium impact.
    static let builtInDefault = Policy(
        name: "default",
        tiers: [
            .nominal: FeedbackRules(),
            .fair: FeedbackRules(particleScale: 0.5),
            .serious: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, particleScale: 0.25),
            .critical: FeedbackRules(haptics: .off, spatialAudioAllowed: false, nonEssentialAudio: false, particleScale: 0, exemptOnly: true),
        ],
        lowPower: [
            .nominal: FeedbackRules(haptics: .simpleImpact(.medium)),
            .fair: FeedbackRules(haptics: .simpleImpact(.medium), particleScale: 0.5),
        ]
    )
}
