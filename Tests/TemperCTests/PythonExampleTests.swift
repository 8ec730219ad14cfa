import Foundation
import TemperTestSupport
import Testing

/// The Python example (Examples/python/temper_example.py, shown in docs/c-api.md) run with Debian's python3
/// against the installed library through ctypes, and held to the command line's figures.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "no /usr/bin/python3"))
struct PythonExampleTests {
    static let python = "/usr/bin/python3"
    let library: InstalledLibrary
    let script = PackagePaths.root.appendingPathComponent("Examples/python/temper_example.py").path

    init() throws {
        library = try InstalledLibrary.shared.get()
    }

    func run(_ arguments: [String]) throws -> TemperRunner.Result {
        // The library by its path in the prefix: the ld.so cache does not know a temporary prefix.
        var environment = library.environment
        environment["TEMPER_LIBRARY"] = library.libdir + "/libtemper.so"
        return try InstalledLibrary.run(Self.python, [script] + arguments, environment: environment)
    }

    @Test func itScoresEveryExamplePatternAsTemperScoreDoes() throws {
        let bytes = InstalledLibrary.patterns.bytes
        let scored = try run(["score"] + bytes)
        #expect(scored.status == 0, "\(scored.stderr)")
        InstalledLibrary.expectSameEnergy(
            InstalledLibrary.figures(scored.stdout),
            try InstalledLibrary.scoredByTheCommandLine(bytes),
            bytes
        )
    }

    @Test(arguments: InstalledLibrary.decisions)
    func itDecidesUnderAForcedConditionAsTemperRewriteDoes(_ request: String, _ condition: String) throws {
        try InstalledLibrary.expectSameDecision(try run(["decide", condition, request]), request, condition)
    }

    @Test func aBrokenRequestRaisesWithTheRequestStatus() throws {
        let folder = try TemporaryFolder(prefix: "temper-python-broken")
        let request = try folder.write("request.json", #"{"id": "x", "usage": "ui", "audio": {"volume": "loud"}}"#)
        let result = try run(["decide", "serious", request])
        #expect(result.status == 1)
        #expect(result.stderr.contains("TEMPER_ERROR_REQUEST"), "\(result.stderr)")
        #expect(result.stderr.contains("audio"), "\(result.stderr)")
    }
}
