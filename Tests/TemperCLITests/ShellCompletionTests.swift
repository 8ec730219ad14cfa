import Foundation
import TemperTestSupport
import Testing

/// The bash completion, sourced in a real bash on a pseudo-terminal, completes what a user types (issue 38, item
/// 3: after sourcing it, `temper simulate Examples/scen<TAB>` offered nothing: no path completed anywhere).
@Suite(.enabled(if: TemperRunner.hasTerminal && FileManager.default.isExecutableFile(atPath: "/bin/bash")))
struct ShellCompletionTests {
    /// What bash's completion function offers for `line` (the cursor at its end), as `complete -F` would call it.
    static func offered(_ lines: [String]) throws -> [String: [String]] {
        let folder = try TemporaryFolder(prefix: "temper-completion")
        let script = try TemperRunner.run(["--generate-completion-script", "bash"]).stdout
        let completion = try folder.write("temper.bash", Array(script.utf8))
        // Each line: the words as bash splits them (an empty last word after a trailing space), then the function
        // `complete -p temper` names, called as bash calls it; its COMPREPLY printed between markers.
        let probe = """
            set -u
            source '\(completion)'
            [[ "$(complete -p temper)" == *"-F "* ]] || { echo "no complete -F for temper"; exit 3; }
            function=$(complete -p temper | sed -E 's/.*-F ([^ ]+) .*/\\1/')
            while IFS= read -r line; do
                read -ra COMP_WORDS <<< "$line"
                [[ "$line" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$line"; COMP_POINT=${#line}; COMPREPLY=()
                "$function" temper "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '@@%s\\n' "$line"; printf '%s\\n' "${COMPREPLY[@]}"
            done < '\(try folder.write("lines", Array(lines.joined(separator: "\n").appending("\n").utf8)))'
            """
        let probeFile = try folder.write("probe.bash", Array(probe.utf8))
        let result = try TemperRunner.run(
            ["-qec", "bash --norc --noprofile -i '\(probeFile)'", "/dev/null"],
            environment: ["PATH": TemperRunner.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"],
            executable: TemperRunner.terminalWrapper
        )
        var answers: [String: [String]] = [:]
        var current: String?
        for line in result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n") {
            if line.hasPrefix("@@") {
                current = String(line.dropFirst(2))
                answers[current!] = []
            } else if let current {
                answers[current, default: []].append(String(line))
            }
        }
        #expect(answers.count == lines.count, "bash printed: \(result.stdout)")
        return answers
    }

    @Test func pathsAndNamesComplete() throws {
        let cases: [(line: String, expected: String)] = [
            ("temper simulate Examples/scen", "Examples/scenarios"),
            ("temper simulate --report Exa", "Examples"),
            ("temper simulate --record-trace Examples/scenarios/heat", "Examples/scenarios/heat-soak.yaml"),
            ("temper simulate --perfetto Exa", "Examples"),
            ("temper score Examples/patterns/", "Examples/patterns/heartbeat.ahap"),
            ("temper convert Examples/pat", "Examples/patterns"),
            ("temper convert Examples/patterns/heartbeat.ahap --to haptic --out Exa", "Examples"),
            ("temper report Examples/", "Examples/scenarios"),
            ("temper compare Examples/scen", "Examples/scenarios"),
            ("temper calibrate thermal Examp", "Examples"),
            ("temper policy check de", "default"),
            ("temper simulate --policy hand", "handheld"),
            ("temper score --device game", "gamepad"),
            ("temper rewrite --condition ser", "serious"),
            ("temper pol", "policy"),
        ]
        let answers = try Self.offered(cases.map(\.line))
        for (line, expected) in cases {
            #expect(answers[line]?.contains(expected) == true, "\(line)<TAB> offered \(answers[line] ?? [])")
        }
    }

    /// zsh and fish are not installed here to run; their scripts are checked for the same completions: files for
    /// a positional file and `--perfetto`, folders for `--report`.
    @Test func zshAndFishCompleteFilesAndFolders() throws {
        let zsh = try TemperRunner.run(["--generate-completion-script", "zsh"]).stdout
        #expect(zsh.contains("':scenario:_files'"))
        #expect(zsh.contains(":report:_files -/'"))
        #expect(zsh.contains(":file:_files'"))
        let fish = try TemperRunner.run(["--generate-completion-script", "fish"]).stdout.split(separator: "\n")
        #expect(fish.contains { $0.contains("positional \"temper simulate\" -eq 1") && $0.hasSuffix(" -F") })
        #expect(fish.contains { $0.contains("\"temper simulate\" report") && $0.contains("__temper_complete_directories") })
        #expect(fish.contains { $0.contains("\"temper convert\" out") && $0.hasSuffix(" -rF") })
    }
}
