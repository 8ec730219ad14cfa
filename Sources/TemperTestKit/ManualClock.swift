public import TemperCore

/// The manual clock for tests: time moves only on `advance(by:)` or `advance(to:)`, and every sleeper whose
/// deadline has come wakes. It is TemperCore's ``VirtualClock`` (the simulator's clock too), named for tests.
public typealias ManualClock = VirtualClock
