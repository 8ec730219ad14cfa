import Foundation
import TemperTestSupport
import Testing

/// A trace as Perfetto's own proto reads it (Decoder/summarize.py, through the perfetto Python package).
struct DecodedTrace: Decodable {
    struct Track: Decodable {
        var uuid: UInt64
        var name: String
        var parent: UInt64?
        var unit: String?
    }

    struct Event: Decodable {
        var type: String
        var time: UInt64
        var name: String
        var value: Double?
        var args: [String: Argument]?
    }

    /// A debug annotation's value: a string, number, flag or list of strings.
    enum Argument: Decodable, Equatable {
        case string(String)
        case number(Double)
        case flag(Bool)
        case list([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                self = .list(try container.decode([String].self))
            }
        }
    }

    var packets: Int
    var firstSequenceFlags: Int
    var sequences: [UInt32]
    var timesInOrder: Bool
    var unknownFields: Bool
    var tracks: [Track]
    var events: [String: [Event]]

    /// The tracks directly under the track named `group`.
    func children(of group: String) -> [Track] {
        guard let parent = tracks.first(where: { $0.name == group }) else { return [] }
        return tracks.filter { $0.parent == parent.uuid }
    }

    /// The events on `track`.
    func events(on track: Track) -> [Event] { events[String(track.uuid)] ?? [] }
}

enum PerfettoDecoder {
    static let script = PackagePaths.root.appendingPathComponent("Tests/TemperPerfettoTests/Decoder/summarize.py")

    /// Whether python3 and the perfetto package are here (scripts/setup.sh installs the package).
    static let isAvailable: Bool = {
        guard let result = try? run(["-c", "import perfetto.protos.perfetto.trace.perfetto_trace_pb2"]) else { return false }
        return result.status == 0
    }()

    /// Decodes `bytes` with Perfetto's own proto.
    static func decode(_ bytes: [UInt8]) throws -> DecodedTrace {
        let folder = try TemporaryFolder(prefix: "temper-perfetto")
        let file = try folder.write("run.pftrace", bytes)
        let result = try run([script.path, file])
        guard result.status == 0 else {
            throw DecodeFailure(message: "summarize.py exited \(result.status): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return try JSONDecoder().decode(DecodedTrace.self, from: result.stdout)
    }

    struct DecodeFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where the perfetto Python package is installed (scripts/setup.sh); skipped elsewhere.
    static var needsPerfettoPython: Self {
        .enabled(if: PerfettoDecoder.isAvailable, "the perfetto Python package is missing (pip install perfetto)")
    }
}
