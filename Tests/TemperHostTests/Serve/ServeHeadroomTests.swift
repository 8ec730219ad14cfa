import Foundation
import Testing

extension RealDaemonTests {
    /// Headroom on the private bus, with the real upowerd and a umockdev coretemp whose package sensor enters fair
    /// at 70 °C, serious at 80 and critical at 95: headroom 0 at 50 °C, 1.0 at 80 (Android's scale).
    @Suite struct ServeHeadroomTests {
        static func getHeadroom(_ address: String, _ seconds: Double) throws -> TemperProcess.Result {
            try BusClient.gdbus(
                address,
                [
                    "call", "--dest", "org.temper.Temper1", "--object-path", ServeTests.governor[0], "--method",
                    "org.temper.Temper1.Governor.GetHeadroom", "\(seconds)",
                ]
            )
        }

        /// Calls GetHeadroom until its answer contains every one of `parts`, for up to ten seconds.
        static func waitForHeadroom(_ address: String, _ seconds: Double, containing parts: [String]) throws -> String {
            var last = ""
            for _ in 0..<100 {
                let answer = try getHeadroom(address, seconds)
                last = answer.stdout + answer.stderr
                if parts.allSatisfy(last.contains) { return last }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return last
        }

        @Test("GetHeadroom answers now and ahead with its band, method and sensor; Thresholds gives each tier's entry")
        func headroomAndThresholds() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, chip) = try ServeTests.serving(testbed, ["--interval", "0.2"])
                let thresholds = try BusClient.gdbus(
                    address,
                    [
                        "call", "--dest", "org.temper.Temper1", "--object-path", ServeTests.governor[0], "--method",
                        "org.freedesktop.DBus.Properties.Get", ServeTests.governor[1], "Thresholds",
                    ]
                )
                #expect(thresholds.stdout.contains("'serious': 1.0"), "\(thresholds.stdout) \(thresholds.stderr)")
                #expect(thresholds.stdout.contains("'critical': 1.5"), "\(thresholds.stdout)")
                #expect(thresholds.stdout.contains("'fair': 0.666"), "\(thresholds.stdout)")

                try testbed.setTemperature(chip, index: 1, celsius: 65)
                let now = try Self.waitForHeadroom(address, 0, containing: ["'headroom': <0.5>", "'method': <'current'>"])
                #expect(now.contains("'headroom': <0.5>"), "\(now)")
                #expect(now.contains("Package id 0"), "the sensor nearest serious: \(now)")

                let ahead = try Self.waitForHeadroom(address, 30, containing: ["'method': <'trend'>", "'forecastSeconds': <30.0>"])
                #expect(ahead.contains("'method': <'trend'>"), "\(ahead)")
                #expect(ahead.contains("'low'") && ahead.contains("'high'"), "\(ahead)")

                let bad = try Self.getHeadroom(address, 601)
                #expect(bad.status != 0)
                #expect(bad.stderr.contains("forecast_seconds must be 0 to 600 seconds; got 601"), "\(bad.stderr)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        /// The ThresholdCrossed signals that arrive within `seconds`, as (tier, rising).
        static func crossings(_ lines: LineCollector, within seconds: Double) -> [String] {
            let clock = ContinuousClock()
            let deadline = clock.now + .milliseconds(Int(seconds * 1000))
            var seen: [String] = []
            while clock.now < deadline, let line = lines.nextLine(timeout: deadline - clock.now) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let crossed = object["crossed"] as? [Any], let tier = crossed.first as? String,
                    let rising = crossed.dropFirst().first as? Bool
                else { continue }
                seen.append("\(tier) \(rising ? "rising" : "falling")")
            }
            return seen
        }

        @Test("ThresholdCrossed fires once per crossing: up through fair and serious, then down through both")
        func crossingSignalOncePerCrossing() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, chip) = try ServeTests.serving(testbed, ["--interval", "0.2"])
                let (watcher, lines) = try ServeEventTests.startWatcher(address)
                defer { watcher.terminate() }
                #expect(Self.crossings(lines, within: 1).isEmpty, "no crossing before the temperature moves")

                try testbed.setTemperature(chip, index: 1, celsius: 72)
                #expect(Self.crossings(lines, within: 2) == ["fair rising"])
                // Staying above fair, sampled ten times more, crosses nothing.
                try testbed.setTemperature(chip, index: 1, celsius: 74)
                #expect(Self.crossings(lines, within: 2).isEmpty)

                try testbed.setTemperature(chip, index: 1, celsius: 82)
                #expect(Self.crossings(lines, within: 2) == ["serious rising"])

                try testbed.setTemperature(chip, index: 1, celsius: 55)
                #expect(Self.crossings(lines, within: 2) == ["serious falling", "fair falling"])
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
