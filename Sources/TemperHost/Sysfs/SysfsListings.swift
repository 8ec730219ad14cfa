import TemperCore

/// The entries of the sysfs class folders a sample walks (`hwmon`, `thermal`, `powercap`, `power_supply`),
/// listed afresh on every sample, or, while someone who hears every device come and go keeps them
/// (``keep(forSeconds:)``), kept until ``forget()`` or until they are that old. ``beginSample(at:)`` says when a
/// sample lists afresh, which is when the host also checks that its open sensor files are still the ones there.
///
/// Devices of these classes come and go with hardware, drivers and docks, rarely; listing four folders on every
/// sample is a fifth of an idle service's system calls.
final class SysfsListings: Sendable {
    private struct State {
        /// `0`: list on every sample.
        var keepSeconds = 0.0
        var listedAt = 0.0
        var entries: [String: [String]] = [:]
    }

    private let state = Locked(State())

    /// Keeps listings for up to `seconds` (`0` lists on every sample): only for a caller that calls
    /// ``forget()`` whenever a device of these classes may have come or gone.
    func keep(forSeconds seconds: Double) {
        state.withLock { state in
            state.keepSeconds = seconds.isFinite ? max(seconds, 0) : 0
            state.entries = [:]
        }
    }

    /// The next ``entries(of:)`` lists its folder again.
    func forget() {
        state.withLock { $0.entries = [:] }
    }

    /// Starts a sample at `now` (the host clock's seconds): forgets listings that are too old to keep. Whether
    /// this sample lists afresh, so that whatever else may have changed with the devices is checked too.
    @discardableResult
    func beginSample(at now: Double) -> Bool {
        state.withLock { state in
            let age = now - state.listedAt
            guard state.entries.isEmpty || !(state.keepSeconds > 0 && age >= 0 && age < state.keepSeconds) else { return false }
            state.entries = [:]
            state.listedAt = now
            return true
        }
    }

    /// The entries of `path` (``Sysfs/entries(of:)``), kept or listed now.
    func entries(of path: String) -> [String] {
        if let kept = state.withLock({ $0.entries[path] }) { return kept }
        let listed = Sysfs.entries(of: path)
        state.withLock { state in
            if state.keepSeconds > 0 { state.entries[path] = listed }
        }
        return listed
    }
}
