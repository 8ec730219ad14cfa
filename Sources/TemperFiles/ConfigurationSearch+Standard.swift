public import FoundationEssentials
public import TemperCore

#if canImport(Glibc)
import Glibc
#endif

/// A configuration file's text: `nil` when nothing is there (or a folder on the way cannot be entered); an error
/// naming the file when something is there that is not a regular file, is too large, or cannot be read. `stat`
/// follows symlinks, so a link to a file is the file, and a FIFO is refused before anything blocks on it.
func readConfigurationFile(_ path: String) throws(TemperError) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
        let code = errno
        if code == ENOENT || code == ENOTDIR || code == EACCES { return nil }
        throw TemperError(code: .unreadableFile, message: "cannot read: \(String(cString: strerror(code)))", file: path)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
        throw TemperError(code: .unreadableFile, message: "not a regular file", file: path)
    }
    let limit = InputKind.configuration.maxBytes
    guard info.st_size <= limit else {
        throw TemperError(code: .unreadableFile, message: "\(info.st_size) bytes, more than the limit of \(limit) bytes", file: path)
    }
    do {
        return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        throw TemperError(code: .unreadableFile, message: "cannot read: \(FileErrorText.describe(error, path: path))", file: path)
    }
}

extension ConfigurationSearch {
    /// The standard search, in this order: `$TEMPER_HOME`, `$XDG_CONFIG_HOME/temper` (`~/.config/temper` when
    /// unset), `/etc/temper`, then the files built into the program. Each folder holds `policies/NAME.yaml` and
    /// `devices/NAME.yaml`; folders that do not exist are passed over.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigurationSearch {
        ConfigurationSearch(
            folders: standardFolders(environment: environment),
            builtIn: BuiltInFiles.texts(under: "Policies"),
            readText: { path throws(TemperError) in try readConfigurationFile(path) },
            listDirectory: { path in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
        )
    }

    /// The folders of ``standard(environment:)``, in order. Relative values are ignored, as the XDG
    /// specification asks, so the working directory never changes what a name means.
    public static func standardFolders(environment: [String: String]) -> [String] {
        func absolute(_ key: String) -> String? {
            guard let value = environment[key], value.hasPrefix("/") else { return nil }
            return value
        }
        var folders: [String] = []
        if let home = absolute("TEMPER_HOME") { folders.append(home) }
        if let config = absolute("XDG_CONFIG_HOME") {
            folders.append(config + "/temper")
        } else if let home = absolute("HOME") {
            folders.append(home + "/.config/temper")
        }
        folders.append("/etc/temper")
        return folders
    }
}

extension PolicyLibrary {
    /// The policies of the standard search (see ``TemperCore/ConfigurationSearch/standard(environment:)``).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PolicyLibrary {
        PolicyLibrary(search: .standard(environment: environment))
    }
}

extension DeviceProfileLibrary {
    /// The device profiles of the standard search (see ``TemperCore/ConfigurationSearch/standard(environment:)``).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DeviceProfileLibrary {
        DeviceProfileLibrary(search: .standard(environment: environment))
    }
}
