/// What a feedback request is for. Some usages may be degraded but never dropped (the policy's exempt set).
public enum UsageClass: String, Sendable, Hashable, Codable, CaseIterable {
    case ui, game, media, notification, alarm, communication, accessibility
}

/// The system impact styles (the cheap, system-tuned fallback).
public enum ImpactStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case light, medium, heavy, rigid, soft
}
