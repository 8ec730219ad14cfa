import Foundation
import TemperCore
import TemperTestSupport
import Testing

@testable import TemperFiles

/// The generated built-in files are the project's files, byte for byte; when this fails, run
/// scripts/generate-builtins.py.
@Suite struct BuiltInFilesTests {

    /// The files the generator should have copied, by the generator's rules.
    static func filesOnDisk() throws -> [String] {
        var files: [String] = []
        for folder in BuiltInFiles.includedFolders {
            let base = PackagePaths.root.appendingPathComponent(folder)
            let recursive = folder == "Examples/scenarios"
            var pending = [base]
            while let directory = pending.popLast() {
                for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasPrefix(".") {
                    let url = directory.appendingPathComponent(name)
                    var isDirectory: ObjCBool = false
                    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                    if isDirectory.boolValue {
                        if recursive { pending.append(url) }
                        continue
                    }
                    guard name != "README.md", folder != "Policies" || name.hasSuffix(".yaml") else { continue }
                    files.append(String(url.path.dropFirst(PackagePaths.root.path.count + 1)))
                }
            }
        }
        return files.sorted()
    }

    @Test func theBuiltInFilesAreExactlyTheProjectFiles() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(BuiltInFiles.paths == onDisk, "run scripts/generate-builtins.py")
        for path in onDisk {
            let file = try Data(contentsOf: PackagePaths.root.appendingPathComponent(path))
            #expect(BuiltInFiles.data(at: path) == file, "\(path) differs from its built-in copy: run scripts/generate-builtins.py")
        }
    }

    @Test func theDefaultsAreBuiltIn() throws {
        for path in [
            "Policies/default.yaml", "Policies/devices/phone.yaml", "Examples/scenarios/heat-soak.yaml", "Examples/patterns/shockwave.wav",
        ] {
            #expect(BuiltInFiles.data(at: path)?.isEmpty == false, "\(path)")
        }
        #expect(BuiltInFiles.data(at: "Policies/nothing.yaml") == nil)
        // The WAV is binary, so it is not offered as a text file.
        #expect(BuiltInFiles.texts(under: "Examples/patterns")["Examples/patterns/shockwave.wav"] == nil)
        #expect(BuiltInFiles.texts(under: "Policies").keys.contains("Policies/devices/gamepad.yaml"))
    }

    @Test func theBuiltInDefaultPolicyIsTheCoreDefault() throws {
        let (policy, source) = try PolicyLibrary(
            search: ConfigurationSearch(
                folders: [],
                builtIn: BuiltInFiles.texts(under: "Policies"),
                readText: { _ in nil },
                listDirectory: { _ in [] }
            )
        ).resolve()
        #expect(policy == .default)
        #expect(source == .builtIn("Policies/default.yaml"))
    }

    @Test func unpackedExamplesExistDuringTheCallAndAreGoneAfter() async throws {
        let root = try await BuiltInExamples.withUnpacked { root in
            let scenario = root.appendingPathComponent("Examples/scenarios/heat-soak.yaml")
            #expect(try Data(contentsOf: scenario) == BuiltInFiles.data(at: "Examples/scenarios/heat-soak.yaml"))
            let wav = root.appendingPathComponent("Examples/patterns/shockwave.wav")
            #expect(try Data(contentsOf: wav) == BuiltInFiles.data(at: "Examples/patterns/shockwave.wav"))
            let permissions = try FileManager.default.attributesOfItem(atPath: root.path)[.posixPermissions] as? Int
            #expect(permissions == 0o700)
            return root
        }
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }
}
