// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the main manifest carries no benchmark dependency.
// Run with: swift package --package-path Benchmarks benchmark
let benchmarkDependencies: [Target.Dependency] = [
    .product(name: "Benchmark", package: "benchmark"),
    .product(name: "TemperAHAP", package: "Temper"),
    .product(name: "TemperCore", package: "Temper"),
]

func benchmarkTarget(_ name: String, extra: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: benchmarkDependencies + extra,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "TemperBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the products resolve whatever the checkout folder is called (identity would be its name).
        .package(name: "Temper", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmarkTarget("ScoreBenchmarks"),
        // Whole processes only: it builds none of Temper, so a short run fits in scripts/test.sh.
        .executableTarget(
            name: "WholeCommandBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/WholeCommandBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        benchmarkTarget("ClassifierBenchmarks"),
        benchmarkTarget("HostBenchmarks", extra: [.product(name: "TemperHost", package: "Temper")]),
        benchmarkTarget("GovernorBenchmarks", extra: [.product(name: "TemperTestKit", package: "Temper")]),
        benchmarkTarget("SimulationBenchmarks", extra: [.product(name: "TemperSimulation", package: "Temper")]),
        benchmarkTarget("FormatsBenchmarks", extra: [.product(name: "TemperPatterns", package: "Temper")]),
        benchmarkTarget("ConvertBenchmarks", extra: [.product(name: "TemperPatterns", package: "Temper")]),
        .systemLibrary(name: "CTemper", path: "Benchmarks/CTemper"),
        benchmarkTarget("CAPIBenchmarks", extra: ["CTemper", .product(name: "TemperC", package: "Temper")]),
        benchmarkTarget(
            "ReportBenchmarks",
            extra: [.product(name: "TemperSimulation", package: "Temper"), .product(name: "TemperReports", package: "Temper")]
        ),
    ]
)
