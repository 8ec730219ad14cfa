import ArgumentParser
import Foundation
import TemperCore
import TemperHost

/// `temper status [--json]`: one reading of the live host, classified.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the host's sensors, battery, power profile and the condition they give.",
        discussion: """
            Reads temperatures through libsensors and the kernel's thermal zones, the battery through UPower and
            the profile through power-profiles-daemon. Broken sensors are listed with their error; the command
            still exits 0.
            """
    )

    @Option(name: .long, help: "A policy file, or a built-in policy's name, whose classifier settings to use.")
    var policy: String?

    @Flag(name: .long, help: "Print JSON: tier, lowPower, reasons, sensors[], battery, powerProfile.")
    var json = false

    func run() async throws {
        let settings = try HostSession.classifierSettings(policy: policy)
        let logger = HostSession.makeLogger()
        let host = HostSession.makeHost(logger: logger)
        await host.start()
        defer { host.stop() }
        let snapshot = await host.snapshot()
        var classifier = Classifier(settings: settings)
        let condition = classifier.update(with: snapshot)
        if json {
            let report = HostStatusReport(timestamp: snapshot.timestamp, condition: condition, snapshot: snapshot)
            print(try report.prettyJSON())
        } else {
            print(HostStatusTable.render(condition: condition, snapshot: snapshot))
        }
    }
}
