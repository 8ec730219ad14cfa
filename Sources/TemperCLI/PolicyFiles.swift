import Foundation
import TemperCore

/// Finds and reads policy files for every command that takes `--policy NAME|FILE`. Reading files belongs
/// here at the edge; parsing is TemperCore's ``Policy/parse(yaml:file:)``.
enum PolicyFiles {
    /// The built-in policies: the `.yaml` files in `Policies/` (device profiles live in `Policies/devices/`).
    static var builtInNames: [String] {
        guard let folder = ProjectPaths.policies,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Where `argument` points: an existing file, else a built-in policy of that name.
    static func locate(_ argument: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory.boolValue { return argument }
        guard !argument.contains("/"), let folder = ProjectPaths.policies else { return nil }
        let name = argument.hasSuffix(".yaml") ? argument : argument + ".yaml"
        let path = folder.appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The text of the policy `argument` names, and the file name errors should show.
    static func text(of argument: String) throws(TemperError) -> (text: String, file: String) {
        guard let path = locate(argument) else {
            let known = builtInNames.isEmpty ? "" : " (built-in policies: \(builtInNames.joined(separator: ", ")))"
            throw TemperError(code: .unreadableFile, message: "no such policy file or built-in policy\(known)", file: argument)
        }
        do {
            return (try String(contentsOfFile: path, encoding: .utf8), path == argument ? argument : path)
        } catch {
            throw TemperError(code: .unreadableFile, message: "cannot read the file: \(error.localizedDescription)", file: argument)
        }
    }

    /// The policy `argument` names (a file, or a built-in name such as `phone`); `nil` = the built-in default.
    static func load(_ argument: String?) throws(TemperError) -> Policy {
        guard let argument else { return .default }
        let (text, file) = try text(of: argument)
        return try Policy.parse(yaml: text, file: file)
    }

    /// `load` for callers that hold a path.
    static func load(path: String) throws(TemperError) -> Policy { try load(Optional(path)) }
}
