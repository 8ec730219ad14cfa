import Foundation
import TemperCore

/// The policy `temper rewrite` decides with.
enum RewritePolicyLoading {
    static func load(_ path: String?) throws(TemperError) -> Policy {
        guard let path else { return builtIn }
        // Policy files are read by the policy module; until it is merged only the built-in policy exists.
        throw TemperError(code: .invalidPolicy, message: "policy files are not supported by this build; omit --policy", file: path)
    }

    /// The design brief's rules, until `Policy.default` is available.
    static let builtIn = Policy(
        name: "default",
        tiers: [
            .nominal: FeedbackRules(),
            .fair: FeedbackRules(particleScale: 0.5),
            .serious: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, particleScale: 0.25),
            .critical: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, nonEssentialAudio: false, particleScale: 0, exemptOnly: true),
        ],
        lowPower: [
            .nominal: FeedbackRules(haptics: .simpleImpact(.medium)),
            .fair: FeedbackRules(haptics: .simpleImpact(.medium), particleScale: 0.5),
            .serious: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, particleScale: 0.25),
            .critical: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false, nonEssentialAudio: false, particleScale: 0, exemptOnly: true),
        ]
    )
}
