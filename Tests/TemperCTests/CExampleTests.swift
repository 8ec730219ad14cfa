import Foundation
import TemperTestSupport
import Testing

extension LibtemperTests {
    /// The C example (Examples/c/temper-example.c, shown in docs/c-api.md) built against the installed header and
    /// library with pkg-config, run, and held to the command line's figures.
    @Suite struct CExampleTests {
        let library: InstalledLibrary

        init() throws {
            library = try InstalledLibrary.shared.get()
        }

        func run(_ arguments: [String]) throws -> TemperRunner.Result {
            try InstalledLibrary.run(library.example, arguments, environment: library.environment)
        }

        @Test func itScoresEveryExamplePatternAsTemperScoreDoes() throws {
            let (bytes, files) = InstalledLibrary.patterns
            #expect(bytes.count >= 15, "patterns in every format: \(bytes)")
            let fromBytes = try run(["score"] + bytes)
            #expect(fromBytes.status == 0, "\(fromBytes.stderr)")
            let fromFiles = try run(["score-file"] + files)
            #expect(fromFiles.status == 0, "\(fromFiles.stderr)")
            let commandLine = try InstalledLibrary.scoredByTheCommandLine(bytes + files)
            InstalledLibrary.expectSameEnergy(InstalledLibrary.figures(fromBytes.stdout), commandLine, bytes)
            InstalledLibrary.expectSameEnergy(InstalledLibrary.figures(fromFiles.stdout), commandLine, files)
        }

        @Test(arguments: InstalledLibrary.decisions)
        func itDecidesUnderAForcedConditionAsTemperRewriteDoes(_ request: String, _ condition: String) throws {
            try InstalledLibrary.expectSameDecision(try run(["decide", condition, request]), request, condition)
        }

        @Test func itRunsAScenarioAsTemperSimulateDoes() throws {
            let scenario = "Examples/scenarios/commute-battery.yaml"
            let ran = try run(["simulate", scenario])
            #expect(ran.status == 0, "\(ran.stderr)")
            let simulated = try TemperRunner.run(["simulate", scenario, "--json"])
            #expect(simulated.status == 0, "\(simulated.stderr)")
            let mine = try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: Data(simulated.stdout.utf8)) as? NSDictionary
            #expect(mine != nil && mine == theirs, "the library's summary differs from temper simulate --json's")
        }

        @Test func aBadConditionFailsWithItsStatusAndMessage() throws {
            let result = try run(["decide", "warm", "Examples/requests/button-impact.json"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("condition: expected TIER[,low-power]"), "\(result.stderr)")
            #expect(result.stderr.contains("found 'warm'"), "\(result.stderr)")
        }

        @Test func aBrokenPatternFailsNamingItsPlace() throws {
            let folder = try TemporaryFolder(prefix: "temper-c-broken")
            let broken = try folder.write("broken.ahap", #"{"Version": 1, "Pattern": [{"Event": {"Time": "soon"}}]}"#)
            let result = try run(["score", broken])
            #expect(result.status == 1)
            #expect(result.stderr.contains("broken.ahap"), "\(result.stderr)")
            #expect(result.stderr.contains("broken.ahap:1:38: Pattern[0].Event:"), "\(result.stderr)")
        }

        @Test func theHeaderCompilesAsCPlusPlus() throws {
            let folder = try TemporaryFolder(prefix: "temper-cxx")
            let source = try folder.write(
                "abi.cpp",
                "#include <temper.h>\nint main() { return temper_abi_version() == TEMPER_ABI_VERSION ? 0 : 1; }\n"
            )
            let output = folder.path + "/abi"
            let built = try InstalledLibrary.run(
                "/bin/sh",
                [
                    "-c", "c++ -std=c++17 -Wall -Wextra -Werror -pedantic \"$1\" -o \"$2\" $(pkg-config --cflags --libs temper)", "sh",
                    source,
                    output,
                ],
                environment: library.environment
            )
            #expect(built.status == 0, "\(built.stderr)")
            #expect(try InstalledLibrary.run(output, [], environment: library.environment).status == 0)
        }
    }
}
