import Foundation
import Testing

/// A game controller's battery, as a Bluetooth controller's HID driver exports it: a `power_supply` of scope Device
/// beside a joystick input device, which the real upowerd lists as kind `gaming-input`.
extension HostTestbed {
    static let controllerName = "ps-controller-battery-00:11:22:33:44:55"

    /// Adds the controller; `uevent` plugs it in while upowerd runs (UPower's DeviceAdded). Returns the battery's path.
    @discardableResult
    func addController(percent: Int, status: String, uevent: Bool) throws -> String {
        let parent = try addDevice("bluetooth", "usb1/bluetooth/hci0/hci0:01", attributes: [:])
        try addDevice(
            "input",
            "usb1/bluetooth/hci0/hci0:01/input2/js0",
            parent: parent,
            attributes: [:],
            properties: ["DEVNAME": "input/js0", "ID_INPUT_JOYSTICK": "1"]
        )
        return try addDevice(
            "power_supply",
            "usb1/bluetooth/hci0/hci0:01/1/power_supply/\(Self.controllerName)",
            parent: parent,
            attributes: [
                "type": "Battery", "scope": "Device", "present": "1", "online": "1", "status": status, "capacity": "\(percent)",
                "model_name": "Wireless Controller", "serial_number": "00:11:22:33:44:55",
            ],
            uevent: uevent
        )
    }

    func setController(_ path: String, percent: Int, status: String) throws {
        try setAttributes(path, ["status": status, "capacity": "\(percent)"])
    }
}

extension RealDaemonTests {
    /// Issue 24, item 1: peripherals through the real upowerd, live, with hot-plug.
    @Suite struct PeripheralDaemonTests {
        static let wait = Duration.seconds(10)
        static let governor = ["/org/temper/Temper1", "org.temper.Temper1.Governor"]
        static let rumble =
            #"{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous","EventDuration":1.0,"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":0.8}]}}]}"#

        static func request(device: String?) -> String {
            let aimed = device.map { #","device":"\#($0)""# } ?? ""
            return #"{"id":"rumble","usage":"game"\#(aimed),"haptic":{"pattern":\#(rumble)}}"#
        }

        @Test("a controller plugged in charging is ok, discharging at 15 % low, at 3 % critical; unplugged it is gone")
        func controllerLifecycle() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 80, onAC: true)
                try testbed.startUPower()
                let watch = try testbed.startTemper(BatteryTests.watch)
                #expect(watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "available", peripheralCount: 0)) != nil)

                let controller = try testbed.addController(percent: 40, status: "Charging", uevent: true)
                let charging = watch.nextStatus(
                    timeout: Self.wait,
                    matching: StatusMatch(peripheralKind: "gaming-input", peripheralBattery: "ok", peripheralPercentage: 40)
                )
                let device = try #require(charging?.peripherals?.first, "hot-plugged controller listed")
                #expect(device.state == "charging")
                #expect(device.model == "Wireless Controller")
                #expect(device.serial == "00:11:22:33:44:55")
                #expect(device.objectPath.hasPrefix("/org/freedesktop/UPower/devices/"))
                #expect(charging?.battery.percentage == 80, "the laptop battery is not the controller's")

                try testbed.setController(controller, percent: 15, status: "Discharging")
                let low = watch.nextStatus(
                    timeout: Self.wait,
                    matching: StatusMatch(peripheralKind: "gaming-input", peripheralBattery: "low", peripheralPercentage: 15)
                )
                #expect(low?.peripherals?.first?.warningLevel == "low")
                #expect(low?.peripherals?.first?.reasons?.map(\.code) == ["peripheral.low"])
                #expect(low?.lowPower == false && low?.tier == "nominal", "a controller's battery leaves the host alone")

                try testbed.setController(controller, percent: 3, status: "Discharging")
                let critical = watch.nextStatus(
                    timeout: Self.wait,
                    matching: StatusMatch(peripheralKind: "gaming-input", peripheralBattery: "critical")
                )
                #expect(critical != nil)

                try testbed.removeDevice(controller)
                #expect(watch.nextStatus(timeout: Self.wait, matching: StatusMatch(peripheralCount: 0)) != nil, "unplugged: gone")

                try testbed.stopUPower()
                let lost = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "unavailable"))
                #expect(lost?.peripherals?.isEmpty == true, "a dead upowerd lists no peripherals and crashes nothing")
            }
        }

        @Test("status lists a low controller at 80 columns with its condition and why")
        func statusTable() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 80, onAC: true)
                try testbed.addController(percent: 15, status: "Discharging", uevent: false)
                try testbed.startUPower()
                let result = try testbed.runTemper(["status"], environment: ["COLUMNS": "80"])
                #expect(result.status == 0, "\(result.stderr)")
                let lines = result.stdout.split(separator: "\n").map(String.init)
                #expect(lines.allSatisfy { $0.count <= 80 }, "\(result.stdout)")
                let heading = try #require(lines.firstIndex { $0.hasPrefix("Peripherals") }, "\(result.stdout)")
                #expect(lines[heading + 1].contains("DEVICE") && lines[heading + 1].contains("BATTERY"))
                let row = lines[heading + 2]
                #expect(
                    row.contains("gaming-input") && row.contains("15 %") && row.contains("discharging") && row.contains("low"),
                    "\(row)"
                )
                #expect(lines[heading + 3].contains("battery low at 15 %"), "the reason beneath: \(result.stdout)")
                #expect(!result.stdout.contains(HostTestbed.controllerName), "a controller's battery is no power reading of the host's")
            }
        }

        @Test("serve: a rumble aimed at a low controller degrades, one on the phone does not; Peripherals and hot-unplug")
        func serveGovernsTheController() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 80, onAC: true)
                let controller = try testbed.addController(percent: 15, status: "Discharging", uevent: false)
                try testbed.startUPower()
                _ = try testbed.startTemper(["serve", "--interval", "0.2"])
                let address = testbed.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? ""
                try BusClient.waitForService(address)

                let property = try Self.poll { () -> TemperProcess.Result? in
                    let result = try BusClient.gdbus(
                        address,
                        [
                            "call", "--dest", "org.temper.Temper1", "--object-path", Self.governor[0], "--method",
                            "org.freedesktop.DBus.Properties.Get", Self.governor[1], "Peripherals",
                        ]
                    )
                    return result.stdout.contains("'battery': <'low'>") ? result : nil
                }
                #expect(property?.stdout.contains("'kind': <'gaming-input'>") == true, "\(property?.stdout ?? "")")
                #expect(property?.stdout.contains("'serial': <'00:11:22:33:44:55'>") == true)

                let live = try BusClient.gdbus(
                    address,
                    [
                        "call", "--dest", "org.temper.Temper1", "--object-path", Self.governor[0], "--method",
                        "org.temper.Temper1.Governor.GetCondition",
                    ]
                )
                #expect(live.stdout.contains("'peripherals': <[{"), "GetCondition carries them too: \(live.stdout)")

                let aimed = try Self.decide(address, device: "gamepad")
                #expect(aimed.contains(#""outcome":"rewritten""#), "\(aimed)")
                #expect(aimed.contains(#""code":"peripheral.low""#))
                let phone = try Self.decide(address, device: nil)
                #expect(phone.contains(#""outcome":"pass""#), "the phone's own rumble is the host's: \(phone)")
                #expect(!phone.contains("peripheral."))

                let (watcher, lines) = try ServeEventTests.startWatcher(address)
                defer { watcher.terminate() }
                try testbed.removeDevice(controller)
                let signalled = ServeEventTests.nextChange(lines, property: "Peripherals")
                #expect((signalled?.value as? [Any])?.isEmpty == true, "PropertiesChanged carries the empty list")
                let gone = try Self.poll { () -> String? in
                    let decision = try Self.decide(address, device: "gamepad")
                    return decision.contains("peripheral.notFound") ? decision : nil
                }
                #expect(gone?.contains(#""outcome":"pass""#) == true, "an unplugged controller leaves the host's rules: \(gone ?? "")")
                let empty = try BusClient.busctl(address, ["get-property", "org.temper.Temper1"] + Self.governor + ["Peripherals"])
                #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "aa{sv} 0", "\(empty.stdout) \(empty.stderr)")
            }
        }

        /// The decision's JSON as gdbus prints it, without the escapes it adds when the text holds a quote.
        static func decide(_ address: String, device: String?) throws -> String {
            try BusClient.gdbus(
                address,
                [
                    "call", "--dest", "org.temper.Temper1", "--object-path", governor[0], "--method", "org.temper.Temper1.Governor.Decide",
                    request(device: device),
                ]
            ).stdout.replacing(#"\""#, with: #"""#)
        }

        /// Calls `body` every 100 ms until it gives a value, for up to 10 s.
        static func poll<T>(_ body: () throws -> T?) throws -> T? {
            let clock = ContinuousClock()
            let deadline = clock.now + wait
            while clock.now < deadline {
                if let value = try body() { return value }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return nil
        }
    }
}
