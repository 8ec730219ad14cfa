import Foundation
import TemperCore

extension ConfigurationSearch {
    /// The standard search, in this order: `$TEMPER_HOME`, `$XDG_CONFIG_HOME/temper` (`~/.config/temper` when
    /// unset), `/etc/temper`, then the files built into the program. Each folder holds `policies/NAME.yaml` and
    /// `devices/NAME.yaml`; folders that do not exist are passed over.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigurationSearch {
        ConfigurationSearch(
            folders: standardFolders(environment: environment),
            builtIn: BuiltInFiles.texts(under: "Policies"),
            readText: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
                return try? String(contentsOfFile: path, encoding: .utf8)
            },
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
