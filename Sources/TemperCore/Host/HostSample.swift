/// One sample the ``Governor``'s run loop took: the snapshot, the condition the classifier made of it, and how it
/// saw each sensor.
public struct HostSample: Sendable, Hashable {
    public var snapshot: HostSnapshot
    /// The condition after this snapshot.
    public var condition: Condition
    /// Each sensor of ``snapshot``, in its order, with its thresholds and own tier.
    public var sensors: [SensorAssessment]
    /// The classifier's forecast after this snapshot: when the next tier is due at the current slopes.
    public var forecast: ThermalForecast?

    public init(snapshot: HostSnapshot, condition: Condition, sensors: [SensorAssessment] = [], forecast: ThermalForecast? = nil) {
        self.snapshot = snapshot
        self.condition = condition
        self.sensors = sensors
        self.forecast = forecast
    }
}
