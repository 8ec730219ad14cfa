import Foundation
import TemperTestSupport
import Testing

/// Issue 24, item 1, offline: `temper rewrite --peripheral KIND=BATTERY` decides a request aimed at a peripheral as
/// if its battery were so, without UPower.
@Suite struct RewritePeripheralTests {
    static let request = "Examples/requests/gamepad-rumble.json"

    static func decision(_ extra: [String]) throws -> [String: Any] {
        let result = try TemperRunner.run(["rewrite", "--request", request, "--condition", "nominal", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func codes(_ decision: [String: Any]) -> [String] {
        (decision["rules"] as? [[String: Any]] ?? []).compactMap { ($0["reason"] as? [String: Any])?["code"] as? String }
    }

    @Test("gamepad=low halves and caps the rumble (420.6 → 27.0 mJ); critical drops it; another kind leaves it as asked")
    func forcedBatteries() throws {
        let asked = try Self.decision([])
        #expect(asked["outcome"] as? String == "pass")
        #expect(Self.codes(asked) == ["peripheral.notFound"])

        let low = try Self.decision(["--peripheral", "gamepad=low"])
        #expect(low["outcome"] as? String == "rewritten")
        #expect(Self.codes(low).first == "peripheral.low")
        let before = try #require(low["energyBeforeMillijoules"] as? Double)
        let after = try #require(low["energyAfterMillijoules"] as? Double)
        #expect(abs(before - (asked["energyAfterMillijoules"] as? Double ?? 0)) < 1e-9)
        #expect(after < before / 4, "\(before) → \(after) mJ")

        let critical = try Self.decision(["--peripheral", "controller=critical"])
        #expect(critical["outcome"] as? String == "dropped")
        #expect(Self.codes(critical).first == "peripheral.critical")

        let other = try Self.decision(["--peripheral", "mouse=low"])
        #expect(other["outcome"] as? String == "pass")
        #expect(Self.codes(other) == ["peripheral.notFound"])
    }

    @Test("a malformed --peripheral is a one-line usage error")
    func malformed() throws {
        for bad in ["gamepad", "gamepad=flat", "=low", "gamepad=unknown"] {
            let result = try TemperRunner.run(["rewrite", "--request", Self.request, "--condition", "nominal", "--peripheral", bad])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--peripheral: expected KIND=ok, KIND=low or KIND=critical"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}
