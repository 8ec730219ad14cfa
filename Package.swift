// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Temper",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TemperAHAP", targets: ["TemperAHAP"]),
        .library(name: "TemperPatterns", targets: ["TemperPatterns"]),
        .library(name: "TemperCore", targets: ["TemperCore"]),
        .library(name: "TemperLifecycle", targets: ["TemperLifecycle"]),
        .library(name: "TemperHost", targets: ["TemperHost"]),
        .library(name: "TemperFiles", targets: ["TemperFiles"]),
        .library(name: "TemperMetrics", targets: ["TemperMetrics"]),
        .library(name: "TemperService", targets: ["TemperService"]),
        .library(name: "TemperSimulation", targets: ["TemperSimulation"]),
        .library(name: "TemperScoring", targets: ["TemperScoring"]),
        .library(name: "TemperReports", targets: ["TemperReports"]),
        .library(name: "TemperPerfetto", targets: ["TemperPerfetto"]),
        .library(name: "TemperCalibration", targets: ["TemperCalibration"]),
        .library(name: "TemperTestKit", targets: ["TemperTestKit"]),
        .executable(name: "temper", targets: ["temper"]),
        // libtemper for C, C++, Rust and Python programs: the TemperC target behind the hand-written
        // Sources/TemperC/include/temper.h. scripts/build-library.sh links it with the Swift runtime inside.
        .library(name: "TemperC", type: .dynamic, targets: ["TemperC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Without its default traits: BinaryDelimitedStreams imports all of Foundation (and so ICU, 45 MB of the
        // binary); Temper writes whole traces, never delimited streams.
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0", traits: []),
    ],
    targets: [
        // C bridges: one system library per C library, and one tiny C target for GObject calls Swift cannot make.
        .systemLibrary(
            name: "CSensors",
            providers: [.apt(["libsensors-dev"])]
        ),
        .systemLibrary(
            name: "CUPowerGlib",
            pkgConfig: "upower-glib",
            providers: [.apt(["libupower-glib-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CGUdev",
            pkgConfig: "gudev-1.0",
            providers: [.apt(["libgudev-1.0-dev"])]
        ),
        // libseccomp, and the typed wrappers of the calls `temper serve` makes to give up privileges when started as
        // root (prctl and seccomp_rule_add are variadic, capset has no libc wrapper).
        .systemLibrary(
            name: "CSeccomp",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]
        ),
        // The calls `temper serve` makes about its own process: giving up privileges, and giving back the pages of
        // code only its start-up ran.
        .target(name: "CTemperProcess", dependencies: ["CSeccomp"]),
        // The one C shim of the GLib edge: UPower and power profiles, the GDBus service side, GUdev uevents and
        // thermal netlink events; one unref, one bus opener.
        .target(name: "CTemperGLib", dependencies: ["CUPowerGlib", "CGUdev"]),
        // The GLib edge's one Swift home (internal, not a product): the GLib thread and its clock, the typed owners
        // and the text conversion; TemperHost (UPower, thermal netlink) and TemperService (D-Bus, udev) are its clients.
        .target(name: "TemperGLib", dependencies: ["TemperCore", "CTemperGLib", "CUPowerGlib"]),

        // The AHAP format alone.
        .target(name: "TemperAHAP"),
        // Every other pattern format, read into and written from one format-neutral timeline.
        .target(name: "TemperPatterns", dependencies: ["TemperAHAP"]),
        // The pure core: requests, profiles, energy, snapshots, classifier, policy, rewriter, governor.
        .target(
            name: "TemperCore",
            dependencies: [
                "TemperAHAP",
                "TemperPatterns",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                "CYAML",
            ]
        ),
        // The Governor as a swift-service-lifecycle Service, apart so the estimator alone does not link the lifecycle.
        .target(
            name: "TemperLifecycle",
            dependencies: [
                "TemperCore", "TemperAHAP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // The Linux edge: libsensors, thermal zones, UPower, power-profiles-daemon.
        .target(
            name: "TemperHost",
            dependencies: [
                "TemperCore", "TemperLifecycle", "TemperGLib", "CSensors", "CUPowerGlib", "CTemperGLib",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // What ships built in (policies, device profiles, examples) and the folders whose files override it.
        .target(name: "TemperFiles", dependencies: ["TemperCore", "TemperPatterns"]),
        // Prometheus for fleets: the governor's swift-metrics at /metrics over HTTP, and as a node_exporter textfile.
        .target(
            name: "TemperMetrics",
            dependencies: [
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `temper serve`: the governor on a message bus, woken by host events.
        .target(
            name: "TemperService",
            dependencies: [
                "TemperAHAP", "TemperCore", "TemperLifecycle", "TemperHost", "TemperGLib", "CTemperGLib", "CUPowerGlib", "TemperScoring",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "TemperSimulation",
            // TemperLifecycle: the simulator runs the Governor's own run() loop.
            dependencies: ["TemperCore", "TemperFiles", "TemperLifecycle"]
        ),
        // Scoring pattern files on a device: what `temper score` prints, with its JSON document.
        .target(name: "TemperScoring", dependencies: ["TemperAHAP", "TemperPatterns", "TemperCore"]),
        .target(
            name: "TemperReports",
            dependencies: [
                "TemperAHAP", "TemperPatterns", "TemperCore", "TemperFiles", "TemperScoring", "TemperSimulation", "TemperCalibration",
            ]
        ),
        // Simulations and replayed traces in Perfetto's protobuf trace format, through swift-protobuf's runtime; the
        // messages are generated once from Generated/perfetto_trace.proto (scripts/generate-perfetto-proto.sh), never
        // by the build.
        .target(
            name: "TemperPerfetto",
            dependencies: ["TemperCore", "TemperSimulation", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["Generated/perfetto_trace.proto"]
        ),
        // Least-squares fitting of device profiles to measurements; pure (the command line does the reading).
        .target(name: "TemperCalibration", dependencies: ["TemperAHAP", "TemperCore", "TemperSimulation"]),
        .target(
            name: "TemperTestKit",
            dependencies: ["TemperCore", "TemperPatterns", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "TemperCLI",
            dependencies: [
                "TemperAHAP", "TemperPatterns", "TemperCore", "TemperLifecycle", "TemperFiles", "TemperHost", "TemperService",
                "TemperMetrics",
                "TemperSimulation", "TemperScoring", "TemperReports", "TemperCalibration", "TemperPerfetto",
                "CSeccomp", "CTemperProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(name: "temper", dependencies: ["TemperCLI"]),
        // The C API's one Swift layer: every `temper_*` entry point, its handles and its status codes. The header
        // and the pkg-config template are hand-written beside it (include/), installed, not compiled.
        .target(
            name: "TemperC",
            dependencies: [
                "TemperAHAP", "TemperPatterns", "TemperCore", "TemperFiles", "TemperScoring", "TemperSimulation",
                "TemperCalibration",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            exclude: ["include"]
        ),

        // Helpers every test target shares: the package root, the shared corpus, temporary folders, running the
        // built `temper`. Internal to the package's tests, not a product.
        .target(name: "TemperTestSupport", path: "Tests/TemperTestSupport"),
        // The simulation and report tests' shared inputs: scenarios, the default policy, stand-in patterns.
        .target(
            name: "TemperSimulationTestSupport",
            dependencies: ["TemperSimulation", "TemperCore", "TemperAHAP", "TemperTestSupport"],
            path: "Tests/TemperSimulationTestSupport"
        ),

        .testTarget(name: "TemperAHAPTests", dependencies: ["TemperAHAP", "TemperTestSupport"]),
        .testTarget(name: "TemperPatternsTests", dependencies: ["TemperPatterns", "TemperAHAP", "TemperTestSupport"]),
        .testTarget(
            name: "TemperCoreTests",
            dependencies: [
                "TemperCore", "TemperPatterns", "TemperAHAP", "TemperFiles", "TemperLifecycle", "TemperTestKit", "TemperTestSupport",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "TemperHostTests",
            dependencies: ["TemperHost", "TemperGLib", "TemperCore", "TemperLifecycle", "TemperTestSupport", "temper"],
            // The Python testbed driver and the private bus's config, run by the tests, not compiled.
            exclude: ["Harness"]
        ),
        .testTarget(
            name: "TemperSimulationTests",
            dependencies: [
                "TemperSimulation", "TemperCore", "TemperLifecycle", "TemperTestKit", "TemperTestSupport", "TemperSimulationTestSupport",
            ]
        ),
        .testTarget(
            name: "TemperReportsTests",
            // The reports draw simulated runs and replayed traces.
            dependencies: ["TemperReports", "TemperSimulation", "TemperCore", "TemperTestSupport", "TemperSimulationTestSupport"]
        ),
        .testTarget(
            name: "TemperPerfettoTests",
            dependencies: [
                "TemperPerfetto", "TemperSimulation", "TemperCore", "TemperTestSupport", "TemperSimulationTestSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            // The Python script that decodes a trace with Perfetto's own proto, run by the tests, not compiled.
            exclude: ["Decoder"]
        ),
        .testTarget(
            name: "TemperCalibrationTests",
            dependencies: ["TemperCalibration", "TemperSimulation", "TemperCore", "TemperAHAP", "TemperTestSupport"]
        ),
        .testTarget(name: "TemperScoringTests", dependencies: ["TemperScoring", "TemperCore", "TemperTestSupport"]),
        .testTarget(name: "TemperFilesTests", dependencies: ["TemperFiles", "TemperCore", "TemperTestSupport"]),
        .testTarget(
            name: "TemperMetricsTests",
            dependencies: [
                "TemperMetrics", "TemperCore", "TemperLifecycle", "TemperTestKit", "TemperTestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "TemperLifecycleTests",
            dependencies: ["TemperLifecycle", "TemperCore", "TemperTestKit", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "TemperTestKitTests", dependencies: ["TemperTestKit", "TemperCore"]),
        .testTarget(name: "TemperCLITests", dependencies: ["temper", "TemperTestSupport"]),
        // The C API from outside: the C and Python examples built and run against an installed libtemper.
        .testTarget(name: "TemperCTests", dependencies: ["temper", "TemperCore", "TemperFiles", "TemperTestKit", "TemperTestSupport"]),
        // The service's own parts without a bus; its tests on real buses live with the host harness (TemperHostTests).
        .testTarget(
            name: "TemperServiceTests",
            dependencies: [
                "TemperService", "TemperCore", "TemperHost", "TemperLifecycle", "TemperTestKit", "TemperTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
    ]
)

let optimizedInDebugBuilds: Set = [
    "TemperAHAP", "TemperPatterns", "TemperCore", "TemperScoring", "TemperSimulation", "TemperCalibration",
]

// The language settings every Swift target shares, as swift-log's manifest sets them.
for target in package.targets where [.executable, .test, .regular].contains(target.type) {
    var settings = target.swiftSettings ?? []

    // https://github.com/apple/swift-evolution/blob/main/proposals/0335-existential-any.md
    // Require `any` for existential types.
    settings.append(.enableUpcomingFeature("ExistentialAny"))

    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))

    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))

    // https://docs.swift.org/compiler/documentation/diagnostics/nonisolated-nonsending-by-default/
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))

    // Ensure all public types are explicitly annotated as Sendable or not Sendable. An unsafe flag, as swift-log
    // has it: SwiftPM accepts it where this package is a dependency too (Fuzz/ and Benchmarks/ use it by path,
    // swift-log itself arrives by URL with the same flag), so the tools version need not rise to 6.2 for
    // `.treatWarning("ExplicitSendable", as: .warning)`.
    settings.append(.unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]))

    // The modules where the tests spend their CPU (pricing and mixing, the simulator's steps, scoring, the fits,
    // the pattern readers) are optimized in debug builds too: unoptimized, they made the suite several times slower
    // (scripts/test.sh must finish within CI's 20 minutes on 2 cores), and their tests run through `@testable`
    // all the same. The command line and the rest stay unoptimized, for the debugger.
    if optimizedInDebugBuilds.contains(target.name) {
        settings.append(.unsafeFlags(["-O"], .when(configuration: .debug)))
    }

    target.swiftSettings = settings
}
