/// Finds device profiles: by name in a folder of `NAME.yaml` files, or by file path.
///
/// The core does no I/O, so the library is given the two file operations it needs; the command line passes
/// real ones, tests pass a dictionary.
public struct DeviceProfileLibrary: Sendable {
    /// The profile used when none is named.
    public static let defaultName = "phone"

    /// The folder of `NAME.yaml` profiles (`Policies/devices`), when there is one.
    public var directory: String?
    /// The text of a file, or `nil` when it does not exist or cannot be read.
    public var readText: @Sendable (String) -> String?
    /// The file names (not paths) in a folder; empty when there is none.
    public var listDirectory: @Sendable (String) -> [String]

    public init(
        directory: String?, readText: @escaping @Sendable (String) -> String?,
        listDirectory: @escaping @Sendable (String) -> [String]
    ) {
        self.directory = directory
        self.readText = readText
        self.listDirectory = listDirectory
    }

    /// Whether a command-line argument names a file rather than a profile.
    public static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
    }

    /// The names of the profiles in ``directory``, sorted.
    public func availableNames() -> [String] {
        guard let directory else { return [] }
        return listDirectory(directory).compactMap { file in
            for suffix in [".yaml", ".yml"] where file.hasSuffix(suffix) { return String(file.dropLast(suffix.count)) }
            return nil
        }.sorted()
    }

    /// The profile a command line names: a file path, a name in ``directory``, or the default when `nil`.
    ///
    /// - Throws: `unknownDevice` naming the available profiles, `unreadableFile`, or the file's first problem.
    public func profile(_ argument: String? = nil) throws(TemperError) -> DeviceProfile {
        try file(argument).profile
    }

    /// The profile a command line names with the file it came from and that file's text, for a command that
    /// writes a changed copy of it (`temper calibrate --out`).
    public func file(_ argument: String? = nil) throws(TemperError) -> (profile: DeviceProfile, path: String, text: String) {
        let argument = argument ?? Self.defaultName
        if Self.isPath(argument) {
            guard let text = readText(argument) else {
                throw TemperError(code: .unreadableFile, message: "cannot read device profile", file: argument)
            }
            return (try DeviceProfile.parse(yaml: text, file: argument), argument, text)
        }
        guard let directory else {
            throw TemperError(
                code: .unknownDevice,
                message: "no device profile folder (Policies/devices) was found to look up '\(argument)'; pass a file path instead"
            )
        }
        for suffix in [".yaml", ".yml"] {
            let path = directory.hasSuffix("/") ? "\(directory)\(argument)\(suffix)" : "\(directory)/\(argument)\(suffix)"
            if let text = readText(path) {
                let profile = try DeviceProfile.parse(yaml: text, file: path)
                guard profile.name == argument else {
                    throw TemperError(
                        code: .invalidValue, message: "the file is named '\(argument)' but its profile is named '\(profile.name)'",
                        file: path, path: "name"
                    )
                }
                return (profile, path, text)
            }
        }
        let names = availableNames()
        let known = names.isEmpty ? "none found in \(directory)" : names.joined(separator: ", ")
        throw TemperError(code: .unknownDevice, message: "unknown device profile '\(argument)' (available: \(known))")
    }

    /// Every profile in ``directory``, in name order; the first problem of any file is thrown.
    public func allProfiles() throws(TemperError) -> [DeviceProfile] {
        var profiles: [DeviceProfile] = []
        for name in availableNames() { profiles.append(try profile(name)) }
        return profiles
    }
}
