import Foundation
import TemperTestSupport
import Testing

/// The shell completions come from the argument parser and complete the built-in names (issue 22, item 7: the
/// completion script completed nothing for `--device`, `--policy` and `--condition`).
@Suite struct CompletionTests {
    static let names = ["gamepad", "headphones", "handheld", "default", "critical,low-power", "serious"]

    @Test("bash, zsh and fish complete device, policy and condition names", arguments: ["bash", "zsh", "fish"])
    func completesBuiltInNames(shell: String) throws {
        let result = try TemperRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        for name in Self.names {
            #expect(result.stdout.contains(name), "\(shell) completes \(name)")
        }
    }

    @Test("fish offers the device names for --device, the policies for --policy, the conditions for --condition")
    func namesBelongToTheirOptions() throws {
        let fish = try TemperRunner.run(["--generate-completion-script", "fish"]).stdout.split(separator: "\n")
        /// The words each `complete` line of `option` offers (its `-rfka '…'` list).
        func offered(_ option: String) -> [String] {
            fish.filter { $0.contains("-l '\(option)'") }.map { line in
                String(line.split(separator: "-rfka '").last?.split(separator: "'").first ?? "")
            }
        }
        #expect(offered("device").count >= 5)
        #expect(Set(offered("device")) == ["gamepad headphones phone"])
        #expect(Set(offered("policy")) == ["default handheld phone"])
        #expect(
            offered("condition") == ["nominal nominal,low-power fair fair,low-power serious serious,low-power critical critical,low-power"]
        )
    }
}
