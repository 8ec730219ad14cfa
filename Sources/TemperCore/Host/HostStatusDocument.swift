public import FoundationEssentials

/// A host snapshot with what was made of it: the one JSON shape of `temper status --json`, of each
/// `temper watch --json` line and of each line of a trace `temper record` writes, for people, dashboards and
/// replays alike.
///
/// It is the snapshot's own shape (see ``HostSnapshot``'s `Codable` conformance: sensors with their limits and
/// flat health, `power`, `fans`, `voltages`, `currents`, the battery and every power profile) with, beside each
/// sensor, the tier and thresholds the classifier gave it, and at the top the condition (`tier`, `lowPower`,
/// `reasons`), the `event` of a watch line and the `policy` of a status document. Decoding it gives back the
/// snapshot exactly, so a service embedding Temper can publish the same document and read it again.
public struct HostStatusDocument: Sendable, Codable {
    /// What a `watch` line reports.
    public enum Event: String, Sendable, Codable {
        /// The tier or low power changed (and the first sample).
        case change
        /// A sample without a change (`watch --verbose`).
        case sample
    }

    /// `watch` only.
    public var event: Event?
    /// The condition the snapshot gave; `nil` in a trace line written without a classifier (a simulator's).
    public var condition: Condition?
    public var snapshot: HostSnapshot
    /// `status` only: the policy classified with and the file it was read from.
    public var policy: PolicyEntry?
    /// How the classifier saw each sensor of ``snapshot``, in its order; empty when not known (then each sensor's
    /// `status` is its reading's health alone and `tier` and `thresholds` are `null`).
    public var assessments: [SensorAssessment]

    /// The snapshot's wall-clock time; `nil` (written as `null`) where its source read none.
    public var timestamp: Date? { snapshot.timestamp }

    /// A policy's name and where it was read from.
    public struct PolicyEntry: Sendable, Codable {
        public var name: String
        /// The file's path, or `built-in Policies/NAME.yaml`.
        public var source: String

        public init(name: String, source: String) {
            self.name = name
            self.source = source
        }
    }

    public init(
        event: Event? = nil,
        condition: Condition?,
        snapshot: HostSnapshot,
        policy: PolicyEntry? = nil,
        assessments: [SensorAssessment] = []
    ) {
        self.assessments = assessments
        self.event = event
        self.condition = condition
        self.snapshot = snapshot
        self.policy = policy
    }

    /// One sample of a governor's loop: its snapshot, condition and sensors.
    public init(event: Event? = nil, sample: HostSample) {
        self.init(event: event, condition: sample.condition, snapshot: sample.snapshot, assessments: sample.sensors)
    }

    private enum Keys: String, CodingKey {
        case event, tier, lowPower, reasons, policy, sensors
    }

    public func encode(to encoder: any Encoder) throws {
        try snapshot.encode(to: encoder, assessments: assessments, peripheralConditions: condition?.peripherals ?? [])
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(event, forKey: .event)
        if let condition {
            try container.encode(condition.tier, forKey: .tier)
            try container.encode(condition.lowPower, forKey: .lowPower)
            try container.encode(condition.reasons, forKey: .reasons)
        }
        try container.encodeIfPresent(policy, forKey: .policy)
    }

    public init(from decoder: any Decoder) throws {
        snapshot = try HostSnapshot(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        event = try container.decodeIfPresent(Event.self, forKey: .event)
        condition = try container.decodeIfPresent(Tier.self, forKey: .tier).map { tier in
            Condition(
                tier: tier,
                lowPower: try container.decodeIfPresent(Bool.self, forKey: .lowPower) ?? false,
                reasons: try container.decodeIfPresent([Reason].self, forKey: .reasons) ?? [],
                peripherals: try Self.peripheralConditions(decoder)
            )
        }
        policy = try container.decodeIfPresent(PolicyEntry.self, forKey: .policy)
        let entries = try container.decodeIfPresent([SensorEntry].self, forKey: .sensors) ?? []
        let found = entries.compactMap(\.assessment)
        // All or nothing, so the assessments stay in the sensors' order.
        assessments = found.count == entries.count ? found : []
    }

    /// The peripherals' conditions written beside them; all or nothing, as the sensors' assessments.
    private static func peripheralConditions(_ decoder: any Decoder) throws -> [PeripheralCondition] {
        let container = try decoder.container(keyedBy: HostSnapshot.Keys.self)
        let entries = try container.decodeIfPresent([HostSnapshot.PeripheralEntry].self, forKey: .peripherals) ?? []
        let found = entries.compactMap(\.condition)
        return found.count == entries.count ? found : []
    }

    /// One line of JSON, keys sorted.
    public func jsonLine() throws -> String {
        try TemperJSON.string(self, .line)
    }

    /// Pretty JSON, keys sorted.
    public func prettyJSON() throws -> String {
        try TemperJSON.string(self)
    }
}
