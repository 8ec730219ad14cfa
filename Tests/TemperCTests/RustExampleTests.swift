import Foundation
import TemperTestSupport
import Testing

extension LibtemperTests {
    /// The Rust example (docs/rust-example, `extern "C"` declarations of temper.h) built with cargo against the
    /// installed library, where cargo is installed; it needs no crate from the network.
    @Suite(.enabled(if: Cargo.path != nil, "no cargo on PATH or in ~/.cargo/bin"))
    struct RustExampleTests {
        @Test func itScoresAndDecidesAsTheCommandLineDoes() throws {
            let library = try InstalledLibrary.shared.get()
            let target = try TemporaryFolder(prefix: "temper-rust")
            var environment = library.environment
            environment["CARGO_TARGET_DIR"] = target.path
            let built = try InstalledLibrary.run(
                try #require(Cargo.path),
                [
                    "build", "--offline", "--quiet", "--manifest-path",
                    PackagePaths.root.appendingPathComponent("docs/rust-example/Cargo.toml").path,
                ],
                environment: environment
            )
            try #require(built.status == 0, "\(built.stderr)")
            let (pattern, condition, request) = (
                "Examples/patterns/heartbeat.ahap", "serious", "Examples/requests/ring-explosion-haptic.json"
            )
            let ran = try InstalledLibrary.run(
                target.path + "/debug/temper-example",
                [pattern, condition, request],
                environment: library.environment
            )
            #expect(ran.status == 0, "\(ran.stderr)")
            let lines = ran.stdout.split(separator: "\n").map(String.init)
            InstalledLibrary.expectSameEnergy(
                InstalledLibrary.figures(lines.first ?? ""),
                try InstalledLibrary.scoredByTheCommandLine([pattern]),
                [pattern]
            )
            #expect(lines.last == (try InstalledLibrary.decidedByTheCommandLine(request, condition)).outcome, "\(ran.stdout)")
        }
    }
}

/// Where cargo is: on PATH, or in ~/.cargo/bin as rustup installs it.
enum Cargo {
    static let path: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let home = ProcessInfo.processInfo.environment["HOME"].map { [$0 + "/.cargo/bin"] } ?? []
        return (path.split(separator: ":").map(String.init) + home).map { $0 + "/cargo" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}
