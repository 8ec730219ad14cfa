import Foundation
import Logging
import ServiceLifecycle
import TemperCore
import TemperHost
import TemperTestSupport
import Testing

/// ``LinuxHost`` as a swift-service-lifecycle `Service`: a group owns its life, and it runs once.
@Suite struct LinuxHostServiceTests {
    static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func host() -> LinuxHost {
        let root = TemporaryFolder.uniquePath(prefix: "temper-empty")
        return LinuxHost(configuration: .init(sysfsRoot: root.path, watchesBus: false), logger: quiet)
    }

    @Test func aGroupRunsTheHostUntilGracefulShutdownAndASecondRunThrows() async throws {
        let host = Self.host()
        let group = ServiceGroup(configuration: .init(services: [host], logger: Self.quiet))
        let running = Task { try await group.run() }
        #expect(host.state == .initial || host.state == .running)
        while host.state != .running { try await Task.sleep(for: .milliseconds(5)) }
        let second = await #expect(throws: TemperError.self) { try await host.run() }
        #expect(second?.code == .alreadyRunning)
        let snapshot = await host.snapshot()
        #expect(snapshot.battery.status == .unavailable)

        await group.triggerGracefulShutdown()
        try await running.value
        #expect(host.state == .finished)
        let again = await #expect(throws: TemperError.self) { try await host.run() }
        #expect(again?.code == .alreadyFinished)
    }
}
