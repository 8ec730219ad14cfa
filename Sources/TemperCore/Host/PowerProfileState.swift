/// power-profiles-daemon's view: `nil` profile means unknown (daemon absent).
public struct PowerProfileState: Sendable, Hashable {
    /// One profile the daemon offers, as its `Profiles` property lists it.
    public struct Profile: Sendable, Hashable, Codable {
        /// `power-saver`, `balanced` or `performance`.
        public var name: String
        /// The driver that implements it (`intel_pstate`, `platform_profile`, `placeholder`, …), where given.
        public var driver: String?

        public init(name: String, driver: String? = nil) {
            self.name = name
            self.driver = driver
        }
    }

    /// `power-saver`, `balanced` or `performance`; `nil` when unknown.
    public var activeProfile: String?
    /// The `PerformanceDegraded` reason (`lap-detected`, `high-operating-temperature`): empty when not degraded,
    /// `nil` only when the profile is unknown.
    public var performanceDegraded: String?
    /// Every profile the daemon offers, in its order; empty when unknown.
    public var profiles: [Profile]

    /// A known profile without a degradation reason is "not degraded" (`""`), so `nil` means unknown only.
    public init(activeProfile: String? = nil, performanceDegraded: String? = nil, profiles: [Profile] = []) {
        self.activeProfile = activeProfile
        self.performanceDegraded = activeProfile == nil ? nil : performanceDegraded ?? ""
        self.profiles = profiles
    }

    public static let unknown = PowerProfileState()
    public var isPowerSaver: Bool { activeProfile == "power-saver" }
}
