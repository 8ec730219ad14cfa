import CTemperGLib
import TemperCore

/// Turns UPower's objects into a ``BatteryState``: one `g_object_get` per object through the C shim.
enum UPowerReading {
    static func battery(
        client: UnsafeMutableRawPointer,
        displayDevice: UnsafeMutableRawPointer?,
        batteries: [UnsafeMutableRawPointer]
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
            state.energyWh = info.energy_full > 0 ? info.energy : nil
            state.energyFullWh = info.energy_full > 0 ? info.energy_full : nil
            state.timeToEmptySeconds = info.time_to_empty > 0 ? Double(info.time_to_empty) : nil
            state.timeToFullSeconds = info.time_to_full > 0 ? Double(info.time_to_full) : nil
        }
        return state
    }

    static func device(_ object: UnsafeMutableRawPointer) -> BatteryDevice {
        var info = TemperUpDeviceInfo()
        temper_up_device_read(object, &info)
        defer { temper_up_device_info_clear(&info) }
        // UPower leaves what the kernel does not give at 0 (or an empty string): unknown, not zero.
        let present = info.is_present
        func energy(_ watthours: Double) -> Double? { present && watthours > 0 ? watthours : nil }
        func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
            pointer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let technology = temper_up_device_technology_name(info.technology).map { String(cString: $0) }
        return BatteryDevice(
            nativePath: text(info.native_path) ?? "",
            present: present,
            percentage: present ? info.percentage : nil,
            state: stateName(info.state),
            energyRateWatts: present ? info.energy_rate : nil,
            energyWh: present && info.energy_full > 0 ? info.energy : nil,
            energyFullWh: energy(info.energy_full),
            energyFullDesignWh: energy(info.energy_full_design),
            capacityPercent: present && info.capacity > 0 ? info.capacity : nil,
            model: text(info.model),
            vendor: text(info.vendor),
            technology: technology == "unknown" ? nil : technology
        )
    }

    /// One peripheral; `nil` for a device that is gone (UPower left it not present, with no percentage) or that
    /// has no object path to key it by.
    static func peripheral(_ object: UnsafeMutableRawPointer) -> Peripheral? {
        var info = TemperUpDeviceInfo()
        temper_up_device_read(object, &info)
        defer { temper_up_device_info_clear(&info) }
        func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
            pointer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let objectPath = text(info.object_path), info.is_present || info.percentage > 0 else { return nil }
        // A percentage outside 0…100 is UPower passing on a broken report: unknown, not believed.
        let percentage = (0...100).contains(info.percentage) ? info.percentage : nil
        return Peripheral(
            objectPath: objectPath,
            kind: temper_up_device_kind_name(info.kind).map { String(cString: $0) } ?? "unknown",
            nativePath: text(info.native_path) ?? "",
            model: text(info.model),
            vendor: text(info.vendor),
            serial: text(info.serial),
            percentage: percentage,
            state: stateName(info.state),
            warningLevel: BatteryWarningLevel(upowerValue: Int(info.warning_level))
        )
    }

    /// UPower's own spelling: `charging`, `discharging`, `fully-charged`, `pending-charge`, …
    static func stateName(_ state: UInt32) -> String {
        temper_up_device_state_name(state).map { String(cString: $0) } ?? "unknown"
    }
}
