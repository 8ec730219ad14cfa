import Foundation
import TemperTestSupport
import Testing

extension LibtemperTests {
    /// The Python example (Examples/python/temper_example.py, shown in docs/c-api.md) run with Debian's python3
    /// against the installed library through ctypes, and held to the command line's figures.
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "no /usr/bin/python3"))
    struct PythonExampleTests {
        static let python = "/usr/bin/python3"
        let library: InstalledLibrary
        let script = PackagePaths.root.appendingPathComponent("Examples/python/temper_example.py").path

        init() throws {
            library = try InstalledLibrary.shared.get()
        }

        func run(_ arguments: [String]) throws -> TemperRunner.Result {
            // The library by its path in the prefix: the ld.so cache does not know a temporary prefix.
            var environment = library.environment
            environment["TEMPER_LIBRARY"] = library.libdir + "/libtemper.so"
            return try InstalledLibrary.run(Self.python, [script] + arguments, environment: environment)
        }

        @Test func itScoresEveryExamplePatternAsTemperScoreDoes() throws {
            let bytes = InstalledLibrary.patterns.bytes
            let scored = try run(["score"] + bytes)
            #expect(scored.status == 0, "\(scored.stderr)")
            InstalledLibrary.expectSameEnergy(
                InstalledLibrary.figures(scored.stdout),
                try InstalledLibrary.scoredByTheCommandLine(bytes),
                bytes
            )
        }

        @Test(arguments: InstalledLibrary.decisions)
        func itDecidesUnderAForcedConditionAsTemperRewriteDoes(_ request: String, _ condition: String) throws {
            try InstalledLibrary.expectSameDecision(try run(["decide", condition, request]), request, condition)
        }

        @Test func aBrokenRequestRaisesWithTheRequestStatus() throws {
            let folder = try TemporaryFolder(prefix: "temper-python-broken")
            let request = try folder.write("request.json", #"{"id": "x", "usage": "ui", "audio": {"volume": "loud"}}"#)
            let result = try run(["decide", "serious", request])
            #expect(result.status == 1)
            #expect(result.stderr.contains("TEMPER_ERROR_REQUEST"), "\(result.stderr)")
            #expect(result.stderr.contains("audio"), "\(result.stderr)")
        }

        /// A governor from YAML text (`temper_governor_new_from_yaml`) with the handheld policy on the gamepad decides
        /// as `temper rewrite --policy handheld --device gamepad` does; broken YAML fails with its line:column.
        @Test func aGovernorFromYAMLTextDecidesAsTheNamedFilesDo() throws {
            let program = """
                import ctypes, sys
                sys.path.insert(0, sys.argv[1])
                import temper_example as t
                lib = t.load()
                lib.temper_governor_new_from_yaml.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
                policy, device, request = (open(path, "rb").read() for path in sys.argv[2:5])
                governor = t.Governor.__new__(t.Governor)
                governor.lib, governor.handle = lib, ctypes.c_void_p()
                t.check(lib, lib.temper_governor_new_from_yaml(policy, device, ctypes.byref(governor.handle)))
                print("%s\t%r" % governor.decide("serious", request))
                governor.close()
                broken = ctypes.c_void_p()
                status = lib.temper_governor_new_from_yaml(b"rules: [", None, ctypes.byref(broken))
                print(lib.temper_status_name(status).decode(), lib.temper_last_error().decode(), broken.value, file=sys.stderr)
                """
            var environment = library.environment
            environment["TEMPER_LIBRARY"] = library.libdir + "/libtemper.so"
            let request = "Examples/requests/alarm-rumble.json"
            let result = try InstalledLibrary.run(
                Self.python,
                [
                    "-c", program, PackagePaths.root.appendingPathComponent("Examples/python").path, "Policies/handheld.yaml",
                    "Policies/devices/gamepad.yaml", request,
                ],
                environment: environment
            )
            let expected = try TemperRunner.run([
                "rewrite", "--request", request, "--condition", "serious", "--policy", "handheld", "--device", "gamepad", "--json",
            ])
            let decision = try #require(try JSONSerialization.jsonObject(with: Data(expected.stdout.utf8)) as? [String: Any])
            let fields = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t")
            #expect(fields.first.map(String.init) == decision["outcome"] as? String, "\(result.stdout)\(result.stderr)")
            let energy = fields.count == 2 ? Double(fields[1]) ?? .nan : .nan
            let handheld = try #require(decision["energyAfterMillijoules"] as? Double)
            #expect(abs(energy - handheld) <= 1e-9 * handheld, "\(energy) mJ from YAML text, \(handheld) from temper rewrite")
            #expect(result.stderr.hasPrefix("TEMPER_ERROR_POLICY policy:2:1: expected a value here"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix(" None\n"), "the out-parameter is NULL after a failure: \(result.stderr)")
        }
    }
}
