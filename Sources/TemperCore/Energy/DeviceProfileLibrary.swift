/// Finds device profiles: by name through a ``ConfigurationSearch`` (folders, then the built-in profiles), or by
/// file path.
public struct DeviceProfileLibrary: Sendable {
    /// The profile used when none is named.
    public static let defaultName = "phone"

    /// Where names are looked up.
    public var search: ConfigurationSearch

    public init(search: ConfigurationSearch) {
        self.search = search
    }

    /// The names of every profile the search finds, sorted.
    public func availableNames() -> [String] {
        search.names(of: .device)
    }

    /// The profile a command line names (a file path, a name, or the default when `nil`), and where it came from.
    /// The text comes along for a command that writes a changed copy of the file (`temper calibrate --out`).
    ///
    /// - Throws: `unknownDevice` naming the available profiles, `unreadableFile`, or the file's first problem.
    public func resolve(
        _ argument: String? = nil
    ) throws(TemperError) -> (
        profile: DeviceProfile, source: ConfigurationSearch.Source, text: String
    ) {
        let argument = argument ?? Self.defaultName
        if ConfigurationSearch.isPath(argument) {
            guard let text = try search.readText(argument) else {
                throw TemperError(code: .unreadableFile, message: "cannot read the device profile: there is no such file", file: argument)
            }
            return (try DeviceProfile.parse(yaml: text, file: argument), .file(argument), text)
        }
        guard let found = try search.find(.device, named: argument) else {
            let names = availableNames()
            let known = names.isEmpty ? "none found" : names.joined(separator: ", ")
            throw TemperError(
                code: .unknownDevice,
                message: "unknown device profile '\(argument)' (available: \(known)); searched \(search.describeOrder(of: .device))"
            )
        }
        let file = found.source.description
        let profile = try DeviceProfile.parse(yaml: found.text, file: file)
        guard profile.name == argument else {
            throw TemperError(
                code: .invalidValue,
                message: "the file is named '\(argument)' but its profile is named '\(profile.name)'",
                file: file,
                path: "name"
            )
        }
        return (profile, found.source, found.text)
    }

    /// The profile a command line names: a file path, a name, or the default when `nil`.
    public func profile(_ argument: String? = nil) throws(TemperError) -> DeviceProfile {
        try resolve(argument).profile
    }

    /// Every profile the search finds, in name order; the first problem of any file is thrown.
    public func allProfiles() throws(TemperError) -> [DeviceProfile] {
        var profiles: [DeviceProfile] = []
        for name in availableNames() { profiles.append(try profile(name)) }
        return profiles
    }
}
