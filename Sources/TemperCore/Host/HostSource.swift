/// Anything that can tell the host's state: the live Linux host, a replayed trace, the simulator, a test fake.
/// A source never throws for what the outside world does: broken values carry their health instead.
public protocol HostSource: Sendable {
    func snapshot() async -> HostSnapshot
}
