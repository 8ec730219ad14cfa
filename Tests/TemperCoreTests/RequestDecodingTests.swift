import Foundation
import TemperAHAP
import TemperCore
import TemperFiles
import TemperTestSupport
import Testing

@Suite struct RequestDecodingTests {
    /// Every example request: `Examples/requests`, and beside `Examples/patterns` the ones that name a pattern file
    /// (a request's `file` stays inside its folder).
    static let examples: [String] = ["Examples/requests", "Examples"].flatMap { name in
        let folder = PackagePaths.root.appendingPathComponent(name).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted().map {
            "\(folder)/\($0)"
        }
    }

    /// Reads a request file as the command line does: its bytes, and the patterns it names from disk.
    static func load(contentsOf path: String) throws -> [SensoryRequest] {
        let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        return try RequestDecoder.forFile(path, patterns: .ahapFiles).decodeList(data)
    }

    /// A `../` path made the command line read any file it could and print its first character.
    @Test(arguments: ["../../etc/passwd", "/etc/hostname", "patterns/../../x.ahap"])
    func aPatternFileOutsideTheRequestsFolderIsRefused(file: String) throws {
        let request = Data(#"{"id": "a", "usage": "game", "haptic": {"file": "\#(file)"}}"#.utf8)
        let loader = PatternLoader { reference throws(AHAPError) in
            Issue.record("read \(reference.path)")
            throw AHAPError(code: .unreadableFile, file: reference.path, message: "not read")
        }
        #expect {
            try RequestDecoder(fileName: "r.json", baseDirectory: "/tmp/requests", patterns: loader).decode(request)
        } throws: { error in
            let text = (error as? TemperError)?.description ?? ""
            return text.hasPrefix("r.json: haptic.file: '\(file)'")
                && text.hasSuffix("inside the request's folder (--allow-outside reads it anyway)")
        }
        let allowed = RequestDecoder(fileName: "r.json", baseDirectory: "/tmp/requests", patterns: .refusing, allowsFilesOutside: true)
        #expect {
            try allowed.decode(request)
        } throws: { error in
            (error as? TemperError)?.description.contains("pattern files are not read here") ?? false
        }
    }

    /// A pattern file that does not parse was blamed on the request alone: the error names the pattern file and
    /// its line:column too.
    @Test func aBadPatternFileIsNamedWithItsLineAndColumn() throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-request")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pattern = folder.appendingPathComponent("bad.ahap")
        try Data(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": "x"}]}}]}"#
                .utf8
        )
        .write(to: pattern)
        let request = folder.appendingPathComponent("r.json")
        try Data(#"{"id": "a", "usage": "game", "haptic": {"file": "bad.ahap"}}"#.utf8).write(to: request)
        #expect {
            try Self.load(contentsOf: request.path)
        } throws: { error in
            let text = (error as? TemperError)?.description ?? ""
            return text.hasPrefix("\(request.path): haptic.file: \(pattern.path):1:") && text.contains("ParameterValue")
        }
    }

    @Test func everyExampleKindIsThere() throws {
        let requests = try Self.examples.flatMap { try Self.load(contentsOf: $0) }
        let kinds = Set(requests.map(\.kind.name))
        #expect(kinds == ["haptic", "audio", "system", "visual"])
    }

    @Test(arguments: examples)
    func examplesRoundTripThroughJSON(file: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for request in try Self.load(contentsOf: file) {
            let encoded = try encoder.encode(request)
            let decoded = try RequestDecoder().decode(Array(encoded))
            // A pattern read from a file keeps its file name and metadata order, which inline JSON does not carry.
            #expect(decoded.id == request.id && decoded.usage == request.usage && decoded.targetTime == request.targetTime)
            if case .haptic(let original) = request.kind, case .haptic(let read) = decoded.kind {
                #expect(read.pattern.items == original.pattern.items)
                #expect(Set(read.pattern.metadata.map(\.key)) == Set(original.pattern.metadata.map(\.key)))
            } else {
                #expect(decoded == request)
            }
            #expect(try encoder.encode(decoded) == encoded)
        }
    }

    @Test func theInlineExplosionReadsAsTheBriefDescribesIt() throws {
        let file = PackagePaths.root.appendingPathComponent("Examples/requests/ring-explosion-haptic.json").path
        let request = try #require(try Self.load(contentsOf: file).first)
        #expect(request.usage == .game)
        #expect(request.targetTime == 0.05)
        guard case .haptic(let haptic) = request.kind else {
            Issue.record("expected a haptic pattern")
            return
        }
        #expect(haptic.pattern.events.map(\.type) == [.hapticTransient, .hapticContinuous])
        #expect(haptic.pattern.events.last?.duration == 0.6)
    }

    @Test func aPatternFileIsReadRelativeToTheRequest() throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-request")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(AHAPWriter.write(RewriterFixtures.explosion)).write(to: folder.appendingPathComponent("boom.ahap"))
        let requestFile = folder.appendingPathComponent("boom.json")
        try Data(#"{"id": "boom", "usage": "game", "haptic": {"file": "boom.ahap"}}"#.utf8).write(to: requestFile)
        let request = try #require(try Self.load(contentsOf: requestFile.path).first)
        #expect(request.kind == .haptic(HapticPatternRequest(pattern: RewriterFixtures.explosion, sourceFile: "boom.ahap")))
    }

    @Test func aPatternFileIsReadOnlyThroughTheInjectedLoader() throws {
        let calls = Locked<[PatternReference]>([])
        let loader = PatternLoader { reference in
            calls.withLock { $0.append(reference) }
            return LoadedPattern(AHAPDocument(pattern: RewriterFixtures.explosion))
        }
        let json =
            #"[{"id": "a", "usage": "game", "haptic": {"file": "boom.ahap"}}, {"id": "b", "usage": "game", "haptic": {"file": "/abs/bang.ahap"}}]"#
        let requests = try RequestDecoder(fileName: "in.json", baseDirectory: "/requests", patterns: loader, allowsFilesOutside: true)
            .decodeList(Array(json.utf8))
        #expect(
            calls.withLock { $0 } == [
                PatternReference(file: "boom.ahap", path: "/requests/boom.ahap"),
                PatternReference(file: "/abs/bang.ahap", path: "/abs/bang.ahap"),
            ]
        )
        #expect(
            requests.map(\.kind) == [
                .haptic(HapticPatternRequest(pattern: RewriterFixtures.explosion, sourceFile: "boom.ahap")),
                .haptic(HapticPatternRequest(pattern: RewriterFixtures.explosion, sourceFile: "/abs/bang.ahap")),
            ]
        )
    }

    @Test func aLoaderErrorIsPlacedAtTheFileKeyAndTheDefaultLoaderRefusesFiles() {
        let json = #"{"id": "a", "usage": "game", "haptic": {"file": "boom.ahap"}}"#
        let error = #expect(throws: TemperError.self) {
            _ = try RequestDecoder(fileName: "in.json").decode(Array(json.utf8))
        }
        #expect(error?.path == "haptic.file")
        #expect(error?.message.contains("inline") == true)
    }

    @Test(
        arguments: [
            (#"{"id": "a", "usage": "toy", "system": {"type": "selection"}}"#, "usage", "expected one of ui, game"),
            (#"{"id": "a", "usage": "ui"}"#, nil, "expected exactly one of haptic, audio, system, visual; found none"),
            (
                #"{"id": "a", "usage": "ui", "system": {"type": "selection"}, "visual": {"particleCount": 1}}"#, nil,
                "found system and visual"
            ),
            (
                #"{"id": "a", "usage": "game", "audio": {"position": [1, 2], "durationSeconds": 1}}"#, "audio.position",
                "expected [x, y, z], found 2 numbers"
            ),
            (
                #"{"id": "a", "usage": "game", "audio": {"position": [1, 2, 3], "volume": 1.5, "durationSeconds": 1}}"#, "audio.volume",
                "expected a number from 0 to 1, found 1.5"
            ),
            (#"{"id": "a", "usage": "game", "audio": {"position": [1, 2, 3]}}"#, "audio", "expected durationSeconds or waveform"),
            (
                #"{"id": "a", "usage": "game", "audio": {"position": [1, 2, 3], "durationSeconds": 1, "listener": {"forward": [0, 0, 0]}}}"#,
                "audio.listener.forward", "non-zero forward"
            ),
            (
                #"{"id": "a", "usage": "ui", "system": {"type": "impact", "style": "wobbly"}}"#, "system.style",
                "expected one of light, medium"
            ),
            (#"{"id": "a", "usage": "ui", "system": {"type": "selection", "colour": 3}}"#, "system.colour", "unknown key 'colour'"),
            (
                #"{"id": "a", "usage": "ui", "visual": {"particleCount": -4}}"#, "visual.particleCount",
                "expected a whole number from 0 to 10000000, found -4"
            ),
            (#"{"id": "a", "usage": "ui", "visual": {"particleCount": "many"}}"#, "visual.particleCount", "expected a number"),
            (
                #"{"id": "a", "usage": "game", "haptic": {"pattern": {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous"}}]}}}"#,
                "haptic.pattern.Pattern[0]", "EventDuration"
            ),
            (#"{"id": "a", "usage": "ui", "#, nil, "invalid JSON"),
        ] as [(String, String?, String)]
    )
    func malformedRequestsGetOneLineWithTheirJSONPath(json: String, path: String?, message: String) {
        let error = #expect(throws: TemperError.self, "expected an error for \(json)") {
            try RequestDecoder(fileName: "bad.json").decode(Array(json.utf8))
        }
        #expect(error?.code == .invalidRequest)
        #expect(error?.file == "bad.json")
        if let path { #expect(error?.path?.hasPrefix(path) == true, "path \(String(describing: error?.path)) for \(json)") }
        #expect(error?.message.contains(message) == true, "message '\(error?.message ?? "")'")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aJSONSyntaxErrorIsPlacedByLineAndColumn() {
        let json = "{\n  \"id\": \"a\",\n  \"usage\": ui\n}"
        #expect {
            _ = try RequestDecoder(fileName: "broken.json").decode(Array(json.utf8))
        } throws: { error in
            guard let error = error as? TemperError else { return false }
            return error.line == 3 && error.column == 12
                && error.description == "broken.json:3:12: usage: invalid JSON: expected a value, found 'u'"
        }
    }

    /// Syntax errors in Temper's words, never the platform parser's ("Invalid value around character 0.").
    @Test(
        arguments: [
            ([0x00, 0x81, 0xC3, 0x28], "invalid JSON: not UTF-8 (looks like UTF-16 or UTF-32)", 1, 1),
            (Array("{\"id\": \"a\", // why\n \"usage\": \"ui\"}".utf8), "invalid JSON: a comment, which JSON does not allow", 1, 13),
            (Array("{\"id\": \"a\", \"usage\": \"ui\",}".utf8), "invalid JSON: a trailing comma, which JSON does not allow", 1, 26),
            (Array("{\"id\": \"a\"} x".utf8), "invalid JSON: expected end of input after the top-level value, found 'x'", 1, 13),
        ] as [([UInt8], String, Int, Int)]
    )
    func aSyntaxErrorIsInTempersWords(bytes: [UInt8], message: String, line: Int, column: Int) {
        #expect {
            _ = try RequestDecoder(fileName: "bad.json").decode(bytes)
        } throws: { error in
            guard let error = error as? TemperError else { return false }
            return error.message == message && error.line == line && error.column == column
        }
    }

    @Test func anArrayGivesEveryRequest() throws {
        let json =
            #"[{"id": "a", "usage": "ui", "system": {"type": "selection"}}, {"id": "b", "usage": "ui", "visual": {"particleCount": 3}}]"#
        let requests = try RequestDecoder().decodeList(Array(json.utf8))
        #expect(requests.map(\.id) == ["a", "b"])
    }
}
