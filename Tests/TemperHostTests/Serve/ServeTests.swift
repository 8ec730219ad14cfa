import Foundation
import Testing

extension RealDaemonTests {
    /// `temper serve` on the private buses, with real clients: gdbus, busctl and a Gio client in Python.
    @Suite struct ServeTests {
        static let governor = ["/org/temper/Temper1", "org.temper.Temper1.Governor"]

        /// `gdbus call … Decide` with a one-transient UI tap whose id is `press`.
        static func decideTap(_ address: String) throws -> TemperProcess.Result {
            try BusClient.gdbus(
                address,
                [
                    "call", "--dest", "org.temper.Temper1", "--object-path", governor[0], "--method",
                    "org.temper.Temper1.Governor.Decide",
                    #"{"id":"press","usage":"ui","haptic":{"pattern":{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[]}}]}}}"#,
                ]
            )
        }

        /// A laptop on battery under upowerd, and `temper serve` on the private system bus.
        static func serving(
            _ testbed: HostTestbed,
            _ arguments: [String] = [],
            environment: [String: String] = [:],
            waitOn busAddress: String? = nil
        ) throws -> (TemperProcess, String, (ac: String, battery: String), chip: String) {
            let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
            let supplies = try testbed.addPowerSupplies(percent: 80, onAC: false)
            try testbed.startUPower()
            let serve = try testbed.startTemper(["serve"] + arguments, environment: environment)
            let address = testbed.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? ""
            try BusClient.waitForService(busAddress ?? address)
            return (serve, address, supplies, chip)
        }

        @Test("system bus: busctl and gdbus read properties and call Decide, Score; introspection lists the API")
        func commandLineClients() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try Self.serving(testbed)
                let tier = try BusClient.busctl(
                    address,
                    ["get-property", "org.temper.Temper1"] + Self.governor + ["Tier", "LowPower", "HeadroomSeconds", "Policy"]
                )
                #expect(tier.stdout.split(separator: "\n") == ["s \"nominal\"", "b false", "d -1", "s \"default\""], "\(tier.stderr)")

                let decide = try Self.decideTap(address)
                #expect(decide.stdout.contains(#""requestID":"press""#), "\(decide.stderr)")
                #expect(decide.stdout.contains(#""outcome":"pass""#))

                let score = try BusClient.busctl(
                    address,
                    ["call", "org.temper.Temper1"] + Self.governor + [
                        "Score", "ss",
                        #"{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[]}}]}"#, "gamepad",
                    ]
                )
                #expect(score.stdout.contains(#"\"status\":\"ok\""#), "\(score.stdout) \(score.stderr)")

                let bad = try BusClient.busctl(address, ["call", "org.temper.Temper1"] + Self.governor + ["Decide", "s", "{"])
                #expect(bad.status != 0)
                #expect(
                    bad.stderr.contains("request_json:1:2: invalid JSON: input ends"),
                    "a one-line error naming the argument and the place: \(bad.stderr)"
                )

                let introspection = try BusClient.gdbus(
                    address,
                    ["introspect", "--dest", "org.temper.Temper1", "--object-path", Self.governor[0]]
                )
                for member in [
                    "Decide(", "Schedule(", "Cancel(", "Score(", "Released(", "readonly s Condition", "readonly d HeadroomSeconds",
                ] {
                    #expect(introspection.stdout.contains(member), "introspection lists \(member)")
                }
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        @Test("system bus: a Gio client calls every method, gets each Released once, and every bad request a named error")
        func gioClientSystemBus() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try Self.serving(testbed)
                try Self.exercise(address)
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        @Test("session bus: --session serves the same API")
        func gioClientSessionBus() async throws {
            try await HostTestbed.with { testbed in
                let session = try testbed.startSessionBus()
                let (serve, _, _, _) = try Self.serving(
                    testbed,
                    ["--session"],
                    environment: ["DBUS_SESSION_BUS_ADDRESS": session],
                    waitOn: session
                )
                try Self.exercise(session)
                let tier = try BusClient.busctl(session, ["get-property", "org.temper.Temper1"] + Self.governor + ["Tier"])
                #expect(tier.stdout == "s \"nominal\"")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        /// The Gio client's `exercise`, checked.
        static func exercise(_ address: String) throws {
            let out = try BusClient.python(address, ["exercise"])
            let properties = out["properties"] as? [String: Any]
            #expect(properties?["Tier"] as? String == "nominal")
            #expect(properties?["LowPower"] as? Bool == false)
            #expect(properties?["Policy"] as? String == "default")
            let condition =
                (properties?["Condition"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [String: Any]
            #expect(condition?["tier"] as? String == "nominal", "Condition is the status JSON's condition")
            #expect((out["decide"] as? [String: Any])?["requestID"] as? String == "decided")
            let typed = out["getCondition"] as? [String: Any]
            #expect(typed?["tier"] as? String == "nominal", "GetCondition answers a{sv}: \(out["getCondition"] ?? "")")
            #expect(typed?["lowPower"] as? Bool == false)
            #expect(typed?["headroomSeconds"] is Double)
            #expect((typed?["reasons"] as? [Any]) != nil && (typed?["temperatures"] as? [String: Any]) != nil, "\(typed ?? [:])")

            let tickets = out["tickets"] as? [Int] ?? []
            #expect(tickets.count == 2 && Set(tickets).count == 2, "\(out)")
            #expect(out["cancelByOther"] as? Bool == false, "another client may not cancel a ticket")
            #expect(out["cancel"] as? Bool == true)
            #expect(out["cancelAgain"] as? Bool == false)
            let released = out["released"] as? [[String: Any]] ?? []
            #expect(released.count == 2, "one Released per scheduled request: \(released)")
            for entry in released {
                let decision = entry["decision"] as? [String: Any]
                let ticket = entry["ticket"] as? Int
                if ticket == tickets.first {
                    #expect(decision?["requestID"] as? String == "soon")
                    #expect(decision?["outcome"] as? String == "pass")
                } else {
                    #expect(ticket == tickets.last)
                    #expect(decision?["requestID"] as? String == "far")
                    #expect((decision?["rules"] as? [[String: Any]])?.first?["rule"] as? String == "request.cancelled")
                }
            }
            #expect((out["score"] as? [String: Any])?["status"] as? String == "ok")
            #expect(out["scoreGamepad"] as? String == "ok")

            let errors = out["errors"] as? [String: String] ?? [:]
            let expected: [String: String] = [
                "malformed": "org.temper.Temper1.Error.InvalidRequest: request_json:1:13: invalid JSON: input ends",
                "wrongKey": "org.temper.Temper1.Error.InvalidRequest: request_json: colour: unknown key",
                "file": "org.temper.Temper1.Error.InvalidRequest: request_json: haptic.file: pattern files are not read here",
                "huge": "org.temper.Temper1.Error.TooLarge: request_json is 1048576 bytes; the limit is 65536",
                "hugePattern": "org.temper.Temper1.Error.TooLarge: Score's arguments are 2097165 bytes; the limit is 1052672",
                "badTime": "org.temper.Temper1.Error.InvalidRequest: target_time must be CLOCK_MONOTONIC seconds",
                "pastTime": "org.temper.Temper1.Error.InvalidRequest: target_time must be",
                "deviceFile": "org.temper.Temper1.Error.InvalidRequest: device must be a built-in profile's name",
                "unknownDevice": "org.temper.Temper1.Error.InvalidRequest: device: unknown device profile 'toaster'",
                "badPattern": "org.temper.Temper1.Error.InvalidRequest: ahap_json",
                "notUTF8": "org.freedesktop.DBus.Error.InvalidArgs",
                "setProperty": "org.freedesktop.DBus.Error.InvalidArgs",
            ]
            for (name, prefix) in expected {
                let message = errors[name] ?? "no error"
                #expect(message.hasPrefix(prefix), "\(name): \(message)")
                #expect(!message.contains("\n"), "\(name): one line")
            }
            #expect(out["tierAfter"] as? [String] == ["nominal"], "the service still answers")
        }
    }
}
