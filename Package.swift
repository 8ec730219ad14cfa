// swift-tools-version:6.1
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Temper",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TemperAHAP", targets: ["TemperAHAP"]),
        .library(name: "TemperCore", targets: ["TemperCore"]),
        .library(name: "TemperHost", targets: ["TemperHost"]),
        .library(name: "TemperSimulation", targets: ["TemperSimulation"]),
        .library(name: "TemperReports", targets: ["TemperReports"]),
        .library(name: "TemperCalibration", targets: ["TemperCalibration"]),
        .library(name: "TemperTestKit", targets: ["TemperTestKit"]),
        .executable(name: "temper", targets: ["temper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
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
        .target(name: "CTemperGObject", dependencies: ["CUPowerGlib"]),

        // The AHAP format alone.
        .target(name: "TemperAHAP", swiftSettings: upcoming),
        // The pure core: requests, profiles, energy, snapshots, classifier, policy, rewriter, governor.
        .target(
            name: "TemperCore",
            dependencies: [
                "TemperAHAP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: upcoming
        ),
        // The Linux edge: libsensors, thermal zones, UPower, power-profiles-daemon.
        .target(
            name: "TemperHost",
            dependencies: [
                "TemperCore", "CSensors", "CUPowerGlib", "CTemperGObject",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcoming
        ),
        .target(
            name: "TemperSimulation",
            dependencies: ["TemperCore", .product(name: "Yams", package: "Yams")],
            swiftSettings: upcoming
        ),
        .target(name: "TemperReports", dependencies: ["TemperCore", "TemperSimulation", "TemperCalibration"], swiftSettings: upcoming),
        // Least-squares fitting of device profiles to measurements; pure (the command line does the reading).
        .target(name: "TemperCalibration", dependencies: ["TemperAHAP", "TemperCore", "TemperSimulation"], swiftSettings: upcoming),
        .target(
            name: "TemperTestKit",
            dependencies: ["TemperCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: upcoming
        ),
        .target(
            name: "TemperCLI",
            dependencies: [
                "TemperAHAP", "TemperCore", "TemperHost", "TemperSimulation", "TemperReports", "TemperCalibration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(name: "temper", dependencies: ["TemperCLI"], swiftSettings: upcoming),

        .testTarget(name: "TemperAHAPTests", dependencies: ["TemperAHAP"], swiftSettings: upcoming),
        .testTarget(name: "TemperCoreTests", dependencies: ["TemperCore", "TemperTestKit"], swiftSettings: upcoming),
        .testTarget(
            name: "TemperHostTests",
            dependencies: ["TemperHost", "TemperCore", "temper"],
            // The Python testbed driver and the private bus's config, run by the tests, not compiled.
            exclude: ["Harness"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TemperSimulationTests",
            dependencies: ["TemperSimulation", "TemperReports", "TemperCore", "TemperTestKit"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TemperCalibrationTests",
            dependencies: ["TemperCalibration", "TemperSimulation", "TemperCore", "TemperAHAP"],
            swiftSettings: upcoming
        ),
        .testTarget(name: "TemperCLITests", dependencies: ["temper"], swiftSettings: upcoming),
    ]
)
