import Foundation
import TemperTestSupport
import Testing

/// Issue 34's six crashes, each as the hostile run made it: one AHAP file of one or two transients whose time is
/// far past a day. Each must now end with exit 2 and one line naming the event's JSON path and the limit, under
/// the same 10 s and 4 GB bound as ``BoundsTests`` (1e18 s trapped `convert --to rumble`; 1e308 s trapped three
/// writers; 0 and 1e9 s asked for 4.4 GB; 0 and 1e7 s took 10.5 s and 3.2 GB; 1e15 s scored `ok` at 0 mJ; and
/// `rewrite` offered an impact at 1e308 s).
@Suite struct ExtremeTimeTests {
    static func pattern(times: [String]) -> String {
        let events = times.map { #"{"Event":{"Time":\#($0),"EventType":"HapticTransient","EventParameters":[]}}"# }
        return #"{"Version":1,"Pattern":[\#(events.joined(separator: ","))]}"#
    }

    struct Case: CustomStringConvertible, Sendable {
        var times: [String]
        var command: [String]
        var description: String { "\(times) \(command.joined(separator: " "))" }
    }

    static let cases: [Case] =
        [Case(times: ["1e18"], command: ["convert", "@", "--to", "rumble"])]
        + ["android-waveform", "android-xml", "rumble"].map { Case(times: ["1e308"], command: ["convert", "@", "--to", $0]) }
        + [
            Case(times: ["0", "1e9"], command: ["convert", "@", "--to", "android-xml"]),
            Case(times: ["0", "1e7"], command: ["convert", "@", "--to", "android-xml"]),
            Case(times: ["1e15"], command: ["score", "@", "--format", "json"]),
            Case(times: ["1e308"], command: ["rewrite", "@", "--condition", "serious"]),
        ]

    @Test(arguments: cases)
    func aTimePastADayIsOneLineNamingItsPath(_ hostile: Case) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("far.ahap", Self.pattern(times: hostile.times))
        let result = try BoundsTests.bounded(hostile.command.map { $0 == "@" ? path : $0 })
        #expect(result.status == 2, "exit \(result.status): \(result.stderr.suffix(300))")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        let index = hostile.times.count - 1
        #expect(lines.first?.contains("Pattern[\(index)].Event.Time") == true, "\(result.stderr)")
        #expect(lines.first?.contains("past the limit of 86400 s") == true, "\(result.stderr)")
        #expect(!result.stdout.contains(#""status" : "ok""#), "scored as fine: \(result.stdout.prefix(300))")
    }
}
