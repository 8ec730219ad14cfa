/// Anything that can tell the host's state: the live Linux host, a replayed trace, the simulator, a test fake.
/// A source never throws for what the outside world does: broken values carry their health instead.
///
/// Under `NonisolatedNonsendingByDefault` (Temper's modules enable it) a ``snapshot()`` runs on the caller's actor,
/// the ``Governor``'s in its run loop: a source that blocks on I/O marks it `@concurrent`, as `LinuxHost` does.
public protocol HostSource: Sendable {
    func snapshot() async -> HostSnapshot
}
