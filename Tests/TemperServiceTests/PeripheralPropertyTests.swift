import TemperCore
import Testing

@testable import TemperService

/// The `Peripherals` property signals what a client acts on (a device plugged in or out, its state, its battery
/// condition, a whole percent) and not a reading that wobbles by a fraction.
@Suite struct PeripheralPropertyTests {
    static func condition(_ percentage: Double?, state: String = "discharging") -> Condition {
        let peripherals = percentage.map { value in
            [Peripheral(objectPath: "/org/freedesktop/UPower/devices/pad", kind: "gaming-input", percentage: value, state: state)]
        }
        var classifier = Classifier()
        return classifier.update(with: HostSnapshot(time: 0, peripherals: peripherals ?? []))
    }

    static func changed(_ changes: [(String, DBusValue)]) -> Bool { changes.contains { $0.0 == "Peripherals" } }

    @Test("plugged in, a whole percent, low, charging and unplugged signal; 40.2 → 40.4 % does not")
    func signalledChanges() {
        let properties = GovernorProperties(policy: "default", condition: .nominal)
        #expect(Self.changed(properties.update(condition: Self.condition(40.2), forecast: nil)), "plugged in")
        #expect(!Self.changed(properties.update(condition: Self.condition(40.4), forecast: nil)), "the same whole percent")
        #expect(Self.changed(properties.update(condition: Self.condition(39), forecast: nil)), "a whole percent less")
        #expect(Self.changed(properties.update(condition: Self.condition(15), forecast: nil)), "low")
        #expect(properties.current.peripherals.first?.battery == .low)
        #expect(Self.changed(properties.update(condition: Self.condition(15, state: "charging"), forecast: nil)), "charging")
        #expect(Self.changed(properties.update(condition: Self.condition(nil), forecast: nil)), "unplugged")
        #expect(properties.current.peripherals.isEmpty)
    }

    @Test("the Condition property's JSON stays {lowPower, reasons, tier}: peripherals are their own property")
    func conditionJSONWithoutPeripherals() {
        let json = GovernorProperties.conditionJSON(Self.condition(15))
        #expect(!json.contains("peripherals"))
        #expect(json.hasPrefix(#"{"lowPower":false,"reasons":"#))
    }
}
