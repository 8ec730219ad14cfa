public import TemperCore

/// What the system bus says about the host: UPower's battery and power-profiles-daemon's profile.
public struct BusState: Sendable, Hashable {
    public var battery: BatteryState
    public var powerProfile: PowerProfileState

    public init(battery: BatteryState = .unavailable, powerProfile: PowerProfileState = .unknown) {
        self.battery = battery
        self.powerProfile = powerProfile
    }

    /// Before the bus thread has read anything.
    static let initial = BusState(battery: BatteryState(status: .unavailable, detail: "not read yet"))
}
