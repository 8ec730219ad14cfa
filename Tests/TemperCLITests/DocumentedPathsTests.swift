import Foundation
import TemperTestSupport
import Testing

/// The paths README.md, the guides in docs/ and every command's `--help` show exist, so a reader who copies an example gets the file it
/// names. Outputs (`--report DIR`, `--out FILE`), the corpus beside the project and build products are not inputs.
@Suite struct DocumentedPathsTests {
    /// A project path, starting a line or after a space, quote, backquote or parenthesis.
    static let pattern = #"(?:^|[\s`'"(])((?:Examples|Policies|Reports/examples|Benchmarks|scripts|packaging)/[\w./+-]*\w)"#

    /// Every project path in `text` that is not written by the command it appears in.
    static func inputPaths(in text: String) throws -> [String] {
        let pattern = try Regex(Self.pattern)
        return text.split(separator: "\n").flatMap { line in
            line.matches(of: pattern).compactMap { match -> String? in
                guard let range = match.output[1].range else { return nil }
                let before = line[..<range.lowerBound]
                // An output: the folder or file the command writes.
                if ["--report ", "--out ", "--record-trace ", "> "].contains(where: before.hasSuffix) { return nil }
                let path = String(line[range])
                // A placeholder such as Policies/NAME.yaml.
                let placeholder = path.split(separator: "/").contains { part in
                    let stem = part.prefix { $0 != "." }
                    return stem.count > 1 && stem != "README" && stem.allSatisfy(\.isUppercase)
                }
                return placeholder ? nil : path
            }
        }
    }

    @Test func everyPathTheReadmeNamesExists() throws {
        let docs = PackagePaths.root.appendingPathComponent("docs")
        let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let files = [PackagePaths.root.appendingPathComponent("README.md")] + guides.map { docs.appendingPathComponent($0) }
        let text = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let paths = Set(try Self.inputPaths(in: text))
        #expect(paths.count > 20, "the README and docs/ name the examples they use: \(paths.sorted())")
        let missing = paths.filter { !FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test func everyPathAHelpExampleNamesExists() throws {
        let commands = [
            ["score"], ["simulate"], ["rewrite"], ["convert"], ["policy"], ["profile"], ["status"], ["watch"], ["record"], ["report"],
            ["serve"], ["calibrate", "thermal"], ["calibrate", "energy"],
        ]
        var named: Set<String> = []
        for command in commands {
            let help = try TemperRunner.run(command + ["--help"])
            #expect(help.status == 0, "\(command): \(help.stderr)")
            named.formUnion(try Self.inputPaths(in: help.stdout))
        }
        #expect(named.count > 5, "\(named.sorted())")
        let missing = named.filter { !FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }
}
