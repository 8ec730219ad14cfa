import ArgumentParser
import TemperCore
import TemperFiles

struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Check a policy file, or show the effective policy with every default filled in.",
        discussion: """
            A policy (YAML, `version: 1`) says how the host is classified into a condition (a tier nominal | \
            fair | serious | critical, plus low power) and what feedback may do under each condition: haptics \
            mode, audio, particles, energy budgets, and the usages that are never dropped. Every key is \
            optional; a key left out takes the built-in default's value. Policies/default.yaml is the built-in \
            default, annotated: every key is explained there.

            A policy is given as a file (a path with a `/` or ending in .yaml) or by name. A name is looked up \
            as policies/NAME.yaml in $TEMPER_HOME, then $XDG_CONFIG_HOME/temper (~/.config/temper), then \
            /etc/temper, then among the built-in policies (default, phone, handheld); the first found wins, and \
            `temper policy show NAME` says which file that was. Without a policy, commands use the name `default`.

            Examples:
              temper policy check Policies/phone.yaml
              temper policy show                      # the default policy
              temper policy show handheld > mine.yaml # a starting point for your own
            """,
        subcommands: [Check.self, Show.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every error in a policy file.",
            discussion: """
                Each error is one line on stderr: temper: FILE:LINE:COLUMN: KEY.PATH: what was expected and \
                what was found. Unknown keys are named, with the keys allowed there. All errors are reported, not \
                just the first, then counted. A valid file prints a one-line summary on stdout.

                Examples:
                  temper policy check Policies/phone.yaml
                  temper policy check handheld

                Exit codes: 0 the policy is valid; 1 it has errors; 2 the file cannot be read.
                """
        )

        @Argument(help: "The policy file (or a policy name) to check.", completion: .policyNames)
        var file: String

        func run() throws {
            let (text, name) = try PolicyCommand.read(file)
            let (policy, errors) = Policy.read(yaml: text, file: name)
            guard errors.isEmpty, let policy else { throw CLIFailure.reporting(errors, in: name, as: CLIFailure.checkFailed) }
            print(TerminalText.fit("\(name): ok: \(PolicyCommand.summary(of: policy))", width: TerminalWidth.current()))
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the effective policy as YAML, with every default filled in.",
            discussion: """
                The output is a complete version-1 policy that `temper policy check` accepts and that reads \
                back to the same policy. For a policy given by name, its second line says which file the name \
                was found in. Without FILE it prints the policy named `default`.

                Examples:
                  temper policy show handheld > mine.yaml

                Exit codes: 0 printed; 1 the policy has errors (listed on stderr); 2 the file cannot be read.
                """
        )

        @Argument(help: "The policy file (or a policy name); omit for the policy named `default`.", completion: .policyNames)
        var file: String?

        func run() throws {
            let (text, name) = try PolicyCommand.read(file)
            let (policy, errors) = Policy.read(yaml: text, file: name)
            guard errors.isEmpty, let policy else { throw CLIFailure.reporting(errors, in: name, as: CLIFailure.checkFailed) }
            var lines = policy.yamlDocument().split(separator: "\n", omittingEmptySubsequences: false)
            // A name could have come from any folder of the search; say which file it was.
            if file.map(ConfigurationSearch.isPath) != true { lines.insert("# Read from: \(name)", at: 1) }
            print(lines.joined(separator: "\n"), terminator: "")
        }
    }

    /// Finds and reads the policy; an unknown name or an unreadable file is bad input (exit 2).
    static func read(_ argument: String?) throws(CLIFailure) -> (text: String, file: String) {
        do {
            let located = try PolicyLibrary.standard().locate(argument)
            return (located.text, located.file)
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    /// `policy 'phone' (version 1): 1 sensor override, budgets at serious, critical; exempt: alarm, …`
    static func summary(of policy: Policy) -> String {
        let overrides = policy.classifier.sensorOverrides.count
        let budgeted = Tier.allCases.filter { policy.tiers[$0]?.budget != nil }.map(\.rawValue)
        let exempt = UsageClass.allCases.filter(policy.exemptUsages.contains).map(\.rawValue)
        return "policy '\(policy.name)' (version \(policy.version)): "
            + "\(overrides) sensor override\(overrides == 1 ? "" : "s"), "
            + "budgets at \(budgeted.isEmpty ? "no tier" : budgeted.joined(separator: ", ")); "
            + "exempt: \(exempt.isEmpty ? "none" : exempt.joined(separator: ", "))"
    }
}
