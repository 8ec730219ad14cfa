// swift-tools-version:6.1
// Fuzz targets for every Temper reader. Built only by scripts/fuzz.sh (with `-sanitize=fuzzer,address`), never by
// the main package: see Fuzz/README.md for why this is a library linked by a script rather than an executable.
import PackageDescription

let package = Package(
    name: "TemperFuzz",
    platforms: [.macOS(.v15)],
    // A dynamic library product only so SwiftPM writes the list of exactly the object files it needs
    // (TemperFuzz.product/Objects.LinkFileList), which scripts/fuzz.sh links into the fuzzer.
    products: [.library(name: "TemperFuzz", type: .dynamic, targets: ["TemperFuzz"])],
    // The identity of a path dependency is its folder name; naming it keeps this independent of the clone folder.
    dependencies: [.package(name: "Temper", path: "..")],
    targets: [
        .target(
            name: "TemperFuzz",
            dependencies: [
                .product(name: "TemperAHAP", package: "Temper"),
                .product(name: "TemperCore", package: "Temper"),
                .product(name: "TemperPatterns", package: "Temper"),
                .product(name: "TemperFiles", package: "Temper"),
                .product(name: "TemperSimulation", package: "Temper"),
                .product(name: "TemperReports", package: "Temper"),
                .product(name: "TemperService", package: "Temper"),
                .product(name: "TemperCalibration", package: "Temper"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
