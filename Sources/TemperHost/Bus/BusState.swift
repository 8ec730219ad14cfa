public import TemperCore

/// What the system bus says about the host: UPower's battery and peripherals, and power-profiles-daemon's profile.
public struct BusState: Sendable, Hashable {
    public var battery: BatteryState
    public var powerProfile: PowerProfileState
    /// Every peripheral UPower lists (empty while UPower is unavailable), in UPower's order.
    public var peripherals: [Peripheral]

    public init(battery: BatteryState = .unavailable, powerProfile: PowerProfileState = .unknown, peripherals: [Peripheral] = []) {
        self.battery = battery
        self.powerProfile = powerProfile
        self.peripherals = peripherals
    }

    /// Before the bus thread has read anything.
    static let initial = BusState(battery: BatteryState(status: .unavailable, detail: "not read yet"))
}
