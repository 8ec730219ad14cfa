import Foundation
import Testing

extension RealDaemonTests {
    /// `temper serve` gives back the pages of code only its start-up ran, once it is up, and keeps serving.
    @Suite struct ServeStartupPagesTests {
        @Test("after its third sample serve pages out its start-up code, then still answers Decide")
        func startupCodeIsPagedOutAndServeStillAnswers() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(
                    testbed,
                    ["--interval", "0.2"],
                    environment: ["TEMPER_LOG_LEVEL": "debug"]
                )
                var released: String?
                while released == nil, let line = serve.errors.nextLine(timeout: .seconds(20)) {
                    if line.contains("pages of code start-up ran") { released = line }
                }
                // Before: no such step; "kept the pages" would name a kernel without MADV_PAGEOUT (before Linux 5.4).
                #expect(released?.contains("gave back the pages of code start-up ran") == true, "\(released ?? "no line")")

                let decide = try ServeTests.decideTap(address)
                #expect(decide.stdout.contains(#""outcome":"pass""#), "\(decide.stderr)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
