import ArgumentParser
import TemperCore
import TemperFiles

/// What the shell completions offer for `--device`, `--policy` and `--condition`: the built-in names, from the
/// files compiled into Temper, so the completion scripts `temper --generate-completion-script` writes list them.
extension CompletionKind {
    /// The built-in device profiles' names (phone, gamepad, …); a file path is typed out.
    static var deviceNames: CompletionKind { .list(BuiltInNames.names(in: "Policies/devices")) }
    /// The built-in policies' names (default, phone, handheld, …).
    static var policyNames: CompletionKind { .list(BuiltInNames.names(in: "Policies")) }
    /// Every condition `rewrite --condition` reads: a tier, with or without `,low-power`.
    static var conditionNames: CompletionKind {
        .list(Tier.allCases.flatMap { [$0.rawValue, $0.rawValue + ",low-power"] })
    }
}

/// The names of the built-in YAML files directly in one project folder.
enum BuiltInNames {
    static func names(in folder: String) -> [String] {
        BuiltInFiles.paths.compactMap { path in
            guard path.hasPrefix(folder + "/"), path.hasSuffix(".yaml") else { return nil }
            let name = path.dropFirst(folder.count + 1).dropLast(".yaml".count)
            return name.contains("/") ? nil : String(name)
        }
    }
}
