import Foundation
import TemperCore

/// The policy `temper rewrite` decides with: a policy file, or the built-in default.
enum RewritePolicyLoading {
    static func load(_ path: String?) throws(TemperError) -> Policy {
        guard let path else { return .default }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemperError(code: .unreadableFile, message: "cannot read the policy file", file: path)
        }
        return try Policy.parse(yaml: String(decoding: data, as: UTF8.self), file: path)
    }
}
