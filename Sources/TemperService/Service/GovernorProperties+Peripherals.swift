import TemperCore

extension GovernorProperties {
    /// The peripherals as the `Peripherals` property signals them: percentages to whole percent (UPower's own
    /// step), so a reading that wobbles by a fraction sends no signal; what else changes (a device plugged in or
    /// out, its state, its battery condition) does.
    static func quietPeripherals(_ condition: Condition) -> [PeripheralCondition] {
        condition.peripherals.map { judged in
            var quiet = judged
            quiet.peripheral.percentage = judged.peripheral.percentage.map { $0.rounded() }
            return quiet
        }
    }

    /// `aa{sv}`: per device `objectPath`, `kind`, `model`, `serial`, `nativePath` (s, empty when unknown),
    /// `percentage` (d, -1 when unknown), `state`, `warningLevel`, `battery` (`ok`, `low`, `critical`, `unknown`)
    /// and `reasons` (a(ss): code, message).
    static func peripheralsValue(_ peripherals: [PeripheralCondition]) -> DBusValue {
        .dictionaries(
            peripherals.map { judged in
                let device = judged.peripheral
                return .dictionary([
                    ("objectPath", .string(device.objectPath)),
                    ("kind", .string(device.kind)),
                    ("model", .string(device.model ?? "")),
                    ("serial", .string(device.serial ?? "")),
                    ("nativePath", .string(device.nativePath)),
                    ("percentage", .double(device.percentage ?? -1)),
                    ("state", .string(device.state)),
                    ("warningLevel", .string(device.warningLevel.rawValue)),
                    ("battery", .string(judged.battery.rawValue)),
                    ("reasons", .pairs(judged.reasons.map { ($0.code.name, $0.message) })),
                ])
            }
        )
    }
}
