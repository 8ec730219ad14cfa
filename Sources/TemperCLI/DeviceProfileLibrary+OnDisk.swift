import Foundation
import TemperCore

extension DeviceProfileLibrary {
    /// The built-in profiles in `Policies/devices` (found through ``ProjectPaths``), read from disk.
    static var onDisk: DeviceProfileLibrary {
        DeviceProfileLibrary(
            directory: ProjectPaths.devices?.path,
            readText: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
                return try? String(contentsOfFile: path, encoding: .utf8)
            },
            listDirectory: { path in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
        )
    }
}
