import ArgumentParser

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper report is not built yet")
    }
}
