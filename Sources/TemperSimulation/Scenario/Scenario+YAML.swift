public import FoundationEssentials
public import TemperCore
import TemperFiles

extension Scenario {
    static let topKeys: Set<String> = [
        "version", "name", "description", "duration", "timeStep", "seed", "device", "policy", "ambient", "workload",
        "insulation", "charging", "streams", "initial", "audioPathAlreadyOpen",
    ]

    /// Reads a scenario file, throwing its first problem. Use ``read(contentsOf:)`` to see them all.
    /// - Throws: ``TemperError`` naming the file, the key path and line:column for a malformed or unknown entry.
    public static func load(contentsOf url: URL) throws(TemperError) -> Scenario {
        try load(yaml: try text(of: url), file: url.path)
    }

    /// Reads a scenario from YAML text, throwing its first problem. `file` names it in errors and anchors
    /// relative paths.
    public static func load(yaml text: String, file: String? = nil) throws(TemperError) -> Scenario {
        let (scenario, errors) = read(yaml: text, file: file)
        if let first = errors.first { throw first }
        guard let scenario else { throw TemperError(code: .invalidScenario, message: "not a scenario", file: file) }
        return scenario
    }

    /// The scenario in a file and every problem in it, in document order, as ``read(yaml:file:)``.
    /// - Throws: ``TemperError`` only when the file cannot be read at all.
    public static func read(contentsOf url: URL) throws(TemperError) -> (scenario: Scenario?, errors: [TemperError]) {
        read(yaml: try text(of: url), file: url.path)
    }

    /// The scenario (when the document is a scenario mapping at all) and every problem found, in document order.
    /// With problems, the scenario holds what could be read: each section or item with a problem is left out.
    public static func read(yaml text: String, file: String? = nil) -> (scenario: Scenario?, errors: [TemperError]) {
        let root: YAMLValue
        do {
            root = try YAMLValue.parse(text, file: file)
        } catch {
            return (nil, [error])
        }
        var reader = ScenarioReader()
        let scenario = reader.read(root, file: file)
        // Sorting is stable, so problems at one place keep the order they were found in.
        let errors = reader.problems.errors.sorted { first, second in
            (first.line ?? 0, first.column ?? 0) < (second.line ?? 0, second.column ?? 0)
        }
        return (scenario, errors)
    }

    private static func text(of url: URL) throws(TemperError) -> String {
        try InputFile.text(url.path, kind: .scenario)
    }

    /// The most time steps one run may take (duration ÷ timeStep): a week at 1 s, or a day at 0.1 s.
    public static let maxSteps = 1_000_000
    /// The most requests all streams together may make in one run (rate × window, count × repetitions).
    public static let maxRequests = 200_000
    static let ambientCelsius: ClosedRange<Double> = -40...80
    static let poissonRates: ClosedRange<Double> = 0.0001...1000
    static let burstCounts: ClosedRange<Int> = 1...10_000
}

extension Scenario {
    /// Resolves a path written in the scenario against the scenario file's folder.
    public func resolve(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        let base =
            file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return base.appendingPathComponent(path).standardizedFileURL
    }
}
