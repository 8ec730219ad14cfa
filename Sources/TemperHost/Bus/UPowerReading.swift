import CTemperGObject
import TemperCore

/// Turns UPower's objects into a ``BatteryState``: one `g_object_get` per object through the C shim.
enum UPowerReading {
    static func battery(
        client: UnsafeMutableRawPointer, displayDevice: UnsafeMutableRawPointer?, batteries: [UnsafeMutableRawPointer]
    ) -> BatteryState {
        var clientInfo = TemperUpClientInfo()
        temper_up_client_read(client, &clientInfo)
        defer { temper_up_client_info_clear(&clientInfo) }

        var state = BatteryState(
            status: .available,
            onBattery: clientInfo.on_battery,
            lidClosed: clientInfo.lid_is_present ? clientInfo.lid_is_closed : nil
        )
        state.batteries = batteries.map(device).filter { $0.present || $0.percentage != nil }
        guard let displayDevice else {
            state.detail = "no display device"
            return state
        }
        var info = TemperUpDeviceInfo()
        temper_up_device_read(displayDevice, &info)
        defer { temper_up_device_info_clear(&info) }
        state.present = info.is_present
        state.warningLevel = BatteryWarningLevel(upowerValue: Int(info.warning_level))
        if info.is_present {
            state.percentage = info.percentage
            state.state = stateName(info.state)
            state.energyRateWatts = info.energy_rate
            state.timeToEmptySeconds = info.time_to_empty > 0 ? Double(info.time_to_empty) : nil
            state.timeToFullSeconds = info.time_to_full > 0 ? Double(info.time_to_full) : nil
        }
        return state
    }

    static func device(_ object: UnsafeMutableRawPointer) -> BatteryDevice {
        var info = TemperUpDeviceInfo()
        temper_up_device_read(object, &info)
        defer { temper_up_device_info_clear(&info) }
        return BatteryDevice(
            nativePath: info.native_path.map { String(cString: $0) } ?? "",
            present: info.is_present,
            percentage: info.is_present ? info.percentage : nil,
            state: stateName(info.state),
            energyRateWatts: info.is_present ? info.energy_rate : nil
        )
    }

    /// UPower's own spelling: `charging`, `discharging`, `fully-charged`, `pending-charge`, …
    static func stateName(_ state: UInt32) -> String {
        temper_up_device_state_name(state).map { String(cString: $0) } ?? "unknown"
    }
}
