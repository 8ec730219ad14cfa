import Foundation
import Testing

extension RealDaemonTests {
    /// Reserve on the private bus, under the default policy: no budget at nominal, 2 J a minute at serious (the
    /// umockdev package sensor enters serious at 80 °C).
    @Suite struct ServeReserveTests {
        static func reserve(_ address: String, _ usage: String, _ joules: Double, _ seconds: Double) throws -> TemperProcess.Result {
            try BusClient.gdbus(
                address,
                [
                    "call", "--dest", "org.temper.Temper1", "--object-path", ServeTests.governor[0], "--method",
                    "org.temper.Temper1.Governor.Reserve", usage, "\(joules)", "\(seconds)",
                ]
            )
        }

        @Test("Reserve answers the plan: nothing held without a budget, held from the caller's share under one, refused out of range")
        func planOnTheBus() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, chip) = try ServeTests.serving(testbed, ["--interval", "0.2"])
                let free = try Self.reserve(address, "game", 0.5, 10)
                #expect(free.stdout.contains("'held': <false>"), "\(free.stdout) \(free.stderr)")
                #expect(free.stdout.contains("reserve.noBudget"), "\(free.stdout)")

                try testbed.setTemperature(chip, index: 1, celsius: 82)
                var tier = ""
                for _ in 0..<100 where !tier.contains("serious") {
                    tier = try BusClient.busctl(address, ["get-property", "org.temper.Temper1"] + ServeTests.governor + ["Tier"]).stdout
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(tier.contains("serious"))
                let held = try Self.reserve(address, "game", 0.5, 10)
                #expect(held.stdout.contains("'granted': <0.5>"), "\(held.stdout) \(held.stderr)")
                #expect(held.stdout.contains("'held': <true>"), "\(held.stdout)")
                #expect(held.stdout.contains("reserve.held"), "\(held.stdout)")
                // The first hold comes back before the second is planned: the whole 2 J share, and no more.
                let greedy = try Self.reserve(address, "game", 5, 10)
                #expect(greedy.stdout.contains("'granted': <2.0>"), "\(greedy.stdout) \(greedy.stderr)")
                #expect(greedy.stdout.contains("reserve.partial"), "\(greedy.stdout)")

                let unknown = try Self.reserve(address, "fireworks", 1, 10)
                #expect(unknown.status != 0)
                #expect(unknown.stderr.contains("usage must be one of ui, game"), "\(unknown.stderr)")
                let tooLong = try Self.reserve(address, "game", 1, 61)
                #expect(tooLong.stderr.contains("seconds must be more than 0 and at most 60; got 61"), "\(tooLong.stderr)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
