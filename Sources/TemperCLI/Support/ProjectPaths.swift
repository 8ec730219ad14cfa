import Foundation

/// Where the built-in policies, device profiles and examples live: `$TEMPER_HOME`, else the nearest folder
/// holding `Policies/` found upward from the working directory or from the executable.
enum ProjectPaths {
    static let home: URL? = {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["TEMPER_HOME"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        let starts = [
            URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true),
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
        ]
        for start in starts {
            var directory = start.standardizedFileURL
            while directory.path != "/" {
                var isDirectory: ObjCBool = false
                let policies = directory.appendingPathComponent("Policies").path
                if fileManager.fileExists(atPath: policies, isDirectory: &isDirectory), isDirectory.boolValue {
                    return directory
                }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }()

    static var policies: URL? { home?.appendingPathComponent("Policies", isDirectory: true) }
    static var devices: URL? { policies?.appendingPathComponent("devices", isDirectory: true) }
    static var examples: URL? { home?.appendingPathComponent("Examples", isDirectory: true) }
}
