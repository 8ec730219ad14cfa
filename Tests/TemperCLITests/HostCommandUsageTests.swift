import Foundation
import TemperTestSupport
import Testing

/// `status`, `watch` and `record` with bad options: every case fails before the host is read, and the bus
/// address points nowhere anyway, so these never touch a system bus. The real-daemon runs live in
/// TemperHostTests.
@Suite struct HostCommandUsageTests {
    static let noBus = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/temper-no-bus"]

    @Test(arguments: [
        (["watch", "--interval", "0"], "--interval must be from 0.1 s to 3600 s, found 0"),
        (["watch", "--interval", "-1"], "--interval must be from 0.1 s to 3600 s, found -1"),
        (["watch", "--interval", "nan"], "--interval must be from 0.1 s to 3600 s, found nan"),
        (["watch", "--interval", "soon"], "temper: --interval: 'soon' is not valid; expected seconds between samples, 0.1 to 3600 (see"),
        (["record", "--out", "/nonexistent/t.jsonl", "--interval", "0"], "--interval must be from 0.1 s to 3600 s, found 0"),
        (["record", "--out", "/nonexistent/t.jsonl", "--duration", "-1"], "--duration must be from 0 s to 604800 s, found -1"),
        (["record", "--out", "/nonexistent/t.jsonl", "--duration", "inf"], "--duration must be from 0 s to 604800 s, found inf"),
        (
            ["record", "--out", "/nonexistent/t.jsonl", "--duration", "604800", "--interval", "0.1"],
            "--duration ÷ --interval must be at most 1000000 snapshots"
        ),
        (
            ["record", "--out", "/nonexistent/t.jsonl", "--duration", "a minute"],
            "temper: --duration: 'a minute' is not valid; expected seconds to record, 0 to 604800 (7 days); until"
        ),
        (["record"], "temper: missing --out <out>: the trace file to write (replaced if it exists) (see"),
        (["status", "--colour"], "temper: unknown option '--colour' (see"),
    ])
    func badOptionsAreOneLineUsageErrors(arguments: [String], message: String) throws {
        let result = try TemperRunner.run(arguments, environment: Self.noBus)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("(see 'temper \(arguments[0]) --help')"), "stderr: \(result.stderr)")
    }

    @Test(arguments: [
        ("/nonexistent/dir/trace.jsonl", "the folder /nonexistent/dir does not exist"),
        ("/", "it is a folder, not a file"),
    ])
    func anUnwritableOutIsAClearUsageError(out: String, cause: String) throws {
        let result = try TemperRunner.run(["record", "--out", out, "--duration", "0"], environment: Self.noBus)
        #expect(result.status == 2)
        #expect(result.stderr == "temper: \(out): cannot create the trace file: \(cause)\n")
    }

    @Test(arguments: [
        ("status", ["critical limit minus 5", "70/85/95", "absurd limit", "exits 0", "sensors[]", "TEMPER_SENSORS_CONFIG", "Examples:"]),
        ("watch", ["steps down one tier at a time", "--verbose", "`event`", "Ctrl-C", "Examples:"]),
        ("record", ["shape of 'temper status --json'", "torn last line", "temper report", "Examples:"]),
    ])
    func helpTeaches(command: String, phrases: [String]) throws {
        let result = try TemperRunner.run([command, "--help"])
        #expect(result.status == 0)
        // ArgumentParser wraps to the terminal width; join the lines so phrases can span them.
        let text = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for phrase in phrases {
            #expect(text.contains(phrase), "\(command) --help should mention \(phrase)")
        }
    }

    @Test func aSensorLibraryThatCannotStartIsShownNotHidden() throws {
        let environment = Self.noBus.merging(["TEMPER_SENSORS_CONFIG": "/nonexistent/sensors3.conf"]) { $1 }
        let json = try TemperRunner.run(["status", "--json"], environment: environment)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let library = try #require(object["sensorLibrary"] as? [String: Any])
        #expect(library["status"] as? String == "error")
        #expect((library["message"] as? String)?.contains("/nonexistent/sensors3.conf") == true)

        let table = try TemperRunner.run(["status"], environment: environment)
        #expect(table.status == 0)
        #expect(table.stdout.contains("libsensors could not start"))
    }
}
