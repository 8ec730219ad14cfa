import Logging
public import ServiceLifecycle
public import TemperCore

extension LinuxHost: Service {
    /// Where the host is in its life as a `Service`.
    public var state: LifecycleState { gate.state }

    /// Watches the bus until graceful shutdown or cancellation, then stops the bus thread and waits, without
    /// blocking a thread, for it to release its GLib objects.
    ///
    /// List the host before the ``Governor`` in the `ServiceGroup`: the bus thread starts at once, and the
    /// governor's first snapshot carries the battery as soon as the first reading is in. Without a bus
    /// (``Configuration/watchesBus`` off) it only waits for shutdown: sensors are read on each snapshot.
    ///
    /// - Throws: ``TemperError/Code/alreadyRunning`` or ``TemperError/Code/alreadyFinished``: a host runs once.
    public func run() async throws {
        try gate.begin()
        defer { gate.finish() }
        bus?.start()
        logger.debug("Linux host running", metadata: ["bus": "\(bus != nil)"])
        // Returns on graceful shutdown, throws on cancellation: both end the host the same way.
        try? await gracefulShutdown()
        await bus?.stop()
        logger.debug("Linux host stopped")
    }
}
