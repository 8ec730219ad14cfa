/// A handle to a scheduled request: cancel it, or look at the decision it would get now.
public struct ScheduledRequest: Sendable, Hashable {
    /// Unique for the governor's life.
    public let ticket: UInt64
    public let requestID: String
    /// When it fires, in seconds on the governor's clock.
    public let targetTime: Double
    let governor: Governor

    /// Cancels the request if it still waits; returns its final (dropped) decision, or `nil` if already decided.
    @discardableResult
    public func cancel() async -> Decision? { await governor.cancel(self) }

    /// The decision it would get under the current condition, or `nil` once decided.
    public func provisionalDecision() async -> Decision? { await governor.provisionalDecision(for: self) }

    public static func == (lhs: ScheduledRequest, rhs: ScheduledRequest) -> Bool {
        lhs.ticket == rhs.ticket && lhs.governor === rhs.governor
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(ticket) }
}
