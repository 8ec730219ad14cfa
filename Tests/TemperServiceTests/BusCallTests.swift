import Foundation
@_spi(Fuzzing) import TemperService
import TemperTestSupport
import Testing

/// A method call's bytes along the service's own path (parsed as the connection does, type-checked as GDBus does,
/// read and decoded as `serve` does): what the `dbus` fuzz target runs, here on messages GLib's writer made.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs the system python3 with python3-gi"))
struct BusCallTests {
    /// Messages from `scripts/dbus-fuzz-seeds.py`, by file name (`decide-NAME.json.dbus`, …).
    static func messages(for files: [String]) throws -> [String: [UInt8]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "temper-bus-call-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PackagePaths.root.appendingPathComponent("scripts/dbus-fuzz-seeds.py").path, folder.path] + files
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var messages: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            messages[name] = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return messages
    }

    static func file(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("temper-bus-call-\(getpid())-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func wellFormedCallsReachTheirMethod() throws {
        let request = PackagePaths.root.appendingPathComponent("Examples/requests/button-impact.json").path
        let pattern = PackagePaths.root.appendingPathComponent("Examples/patterns/ui-tap.ahap").path
        let messages = try Self.messages(for: [request, pattern])
        #expect(messages.count == 10)
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["decide-button-impact.json.dbus"])) == "Decide")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["schedule-button-impact.json.dbus"])) == "Schedule")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["score-ui-tap.ahap.dbus"])) == "Score")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["cancel.dbus"])) == "Cancel")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["get-condition.dbus"])) == "GetCondition")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["get-headroom.dbus"])) == "GetHeadroom")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["reserve.dbus"])) == "Reserve")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["start-player.dbus"])) == "StartPlayer")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["update-player.dbus"])) == "UpdatePlayer")
        #expect(BusCallFuzzing.outcome(ofMessage: try #require(messages["stop-player.dbus"])) == "StopPlayer")
    }

    @Test func badMessagesGetTheErrorACallerWouldGet() throws {
        let malformed = try Self.file("malformed.json", #"{"id": "x", "usage": "notification", "haptic": {"intensity": "loud"}}"#)
        let huge = try Self.file("huge.json", #"{"id": ""# + String(repeating: "x", count: 70_000) + #""}"#)
        defer {
            try? FileManager.default.removeItem(atPath: malformed)
            try? FileManager.default.removeItem(atPath: huge)
        }
        let messages = try Self.messages(for: [malformed, huge])
        let decideMalformed = try #require(messages.first { $0.key.hasPrefix("decide-") && $0.key.contains("malformed") }?.value)
        let invalid = BusCallFuzzing.outcome(ofMessage: decideMalformed)
        #expect(invalid.hasPrefix("org.temper.Temper1.Error.InvalidRequest: request_json"), "\(invalid)")
        let decideHuge = try #require(messages.first { $0.key.hasPrefix("decide-") && $0.key.contains("huge") }?.value)
        #expect(BusCallFuzzing.outcome(ofMessage: decideHuge).hasPrefix("org.temper.Temper1.Error.TooLarge: request_json is 700"))
        // "Decide" renamed "Cancel" (the same length): a string where Cancel takes a ticket number.
        let renamed = Self.replacing(Array("Decide".utf8), with: Array("Cancel".utf8), in: decideMalformed)
        #expect(
            BusCallFuzzing.outcome(ofMessage: renamed)
                == "org.freedesktop.DBus.Error.InvalidArgs: the arguments of Cancel have the wrong types"
        )
        let cut = BusCallFuzzing.outcome(ofMessage: Array(decideMalformed.dropLast(3)))
        #expect(cut.hasPrefix("org.freedesktop.DBus.Error.InvalidArgs: "), "\(cut)")
        #expect(BusCallFuzzing.outcome(ofMessage: []).hasPrefix("org.freedesktop.DBus.Error.InvalidArgs: "))
    }

    static func replacing(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for start in 0...(bytes.count - old.count) where Array(bytes[start..<start + old.count]) == old {
            bytes.replaceSubrange(start..<start + old.count, with: new)
        }
        return bytes
    }
}
