/// One sample the ``Governor``'s run loop took: the snapshot and the condition the classifier made of it.
public struct HostSample: Sendable, Hashable {
    public var snapshot: HostSnapshot
    /// The condition after this snapshot.
    public var condition: Condition

    public init(snapshot: HostSnapshot, condition: Condition) {
        self.snapshot = snapshot
        self.condition = condition
    }
}
