import Testing
import TemperTestSupport

@Suite struct HelpTests {
    @Test func helpListsEveryJob() throws {
        let result = try TemperRunner.run(["--help"])
        #expect(result.status == 0)
        for command in ["score", "rewrite", "status", "watch", "record", "simulate", "policy", "report"] {
            #expect(result.stdout.contains(command), "help should mention \(command)")
        }
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try TemperRunner.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }
}
