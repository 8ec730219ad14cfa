import Foundation
import Glibc
import TemperTestSupport
import Testing

extension RealDaemonTests {
    /// The polkit action `org.temper.Temper1.exempt` (issue 21, item 2): where polkitd runs, a user the policy's
    /// `exemptCallers` does not name may still be allowed exempt usages, by the real polkitd reading the packaged
    /// action and a rule the test writes.
    @Suite(
        .enabled(if: getuid() == 0, "runs clients as other users and polkitd in a mount namespace, which needs root"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/lib/polkit-1/polkitd"), "needs polkitd (Debian's polkitd)")
    )
    struct ServePolkitTests {
        static let action = PackagePaths.root.appendingPathComponent("packaging/polkit/org.temper.Temper1.policy")

        /// Grants the action to `nobody` only; anyone else gets the action's defaults (no, outside an active session).
        static let rule = """
            polkit.addRule(function(action, subject) {
                if (action.id == "org.temper.Temper1.exempt" && subject.user == "nobody") return polkit.Result.YES;
            });

            """

        @Test("polkit grants nobody exempt usages the policy does not; daemon, without the grant, is ordinary")
        func polkitGrantsExemption() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed)
                ServeFairnessTests.openToOthers(testbed)
                try testbed.startPolkit(
                    actions: ["org.temper.Temper1.policy": try String(contentsOf: Self.action, encoding: .utf8)],
                    rules: ["50-temper-test.rules": Self.rule]
                )
                let incomingCall = ServeFairnessTests.example("incoming-call-audio.json")

                let granted = try BusClient.python(address, ["decide", incomingCall], as: "nobody")
                let grantedCodes = ServeFairnessTests.codes(try #require(granted["decision"] as? [String: Any], "\(granted)"))
                #expect(!grantedCodes.contains("exempt.notAllowed"), "polkit's grant holds: \(grantedCodes)")

                let refused = try BusClient.python(address, ["decide", incomingCall], as: "daemon")
                let refusedCodes = ServeFairnessTests.codes(try #require(refused["decision"] as? [String: Any], "\(refused)"))
                #expect(refusedCodes.contains("exempt.notAllowed"), "no grant, no exemption: \(refusedCodes)")
                serve.interrupt()
                let ended = serve.waitForExit(timeout: .seconds(10))
                #expect(ended.status == 0, "\(ended.stderr)")
            }
        }
    }
}
