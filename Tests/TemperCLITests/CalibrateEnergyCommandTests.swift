import Foundation
import TemperTestSupport
import Testing

/// `temper calibrate energy` end to end: measure patterns on a device whose actuator we know (its `temper score`
/// energies with noise), fit, and use the fitted profile at once.
@Suite struct CalibrateEnergyCommandTests {
    /// The phone with a weaker click and buzz: the "real device" the fit must find (1.8 mJ and 40 mW).
    static let trueClickMillijoules = 1.8
    static let trueBuzzMilliwatts = 40.0

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A folder with the true device, a dozen patterns and their measurements (`m.csv`).
    func measuredFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("temper-calibrate-energy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var device = try String(contentsOf: PackagePaths.root.appendingPathComponent("Policies/devices/phone.yaml"), encoding: .utf8)
        device = device.replacingOccurrences(of: "clickEnergy: {value: 2.1,", with: "clickEnergy: {value: 1.8,")
            .replacingOccurrences(of: "continuousPower: {value: 45.6,", with: "continuousPower: {value: 40,")
            .replacingOccurrences(of: "name: phone", with: "name: true-device")
        try Data(device.utf8).write(to: folder.appendingPathComponent("true-device.yaml"))
        var names: [String] = []
        for (index, (type, intensity, sharpness)) in [
            ("HapticTransient", 1.0, 0.5), ("HapticTransient", 0.6, 0.4), ("HapticTransient", 0.8, 0.6), ("HapticTransient", 0.4, 0.5),
            ("HapticContinuous", 1.0, 0.5), ("HapticContinuous", 0.5, 0.45), ("HapticContinuous", 0.7, 0.55),
            ("HapticContinuous", 0.3, 0.5),
        ].enumerated() {
            let duration = type == "HapticContinuous" ? #", "EventDuration": 0.4"# : ""
            let text =
                #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "\#(type)"\#(duration), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \#(intensity)}, {"ParameterID": "HapticSharpness", "ParameterValue": \#(sharpness)}]}}]}"#
            let name = "p\(index).ahap"
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            names.append(name)
        }
        let scored = try TemperRunner.run(
            ["score"] + names.map { folder.appendingPathComponent($0).path } + [
                "--format", "json", "--device", folder.appendingPathComponent("true-device.yaml").path,
            ]
        )
        let patterns = try #require(try json(scored.stdout)["patterns"] as? [[String: Any]])
        var csv = "pattern,millijoules,repetitions,sd\n# synthetic: the true device's estimate x 20, with +-1 % noise\n"
        for (index, pattern) in patterns.enumerated() {
            let energy = try #require(pattern["energyMillijoules"] as? Double) * 20
            let noise = [0.6, -0.9, 0.3, 1.1, -0.4, -1.2, 0.8, -0.2][index] * 0.01
            csv += "\(names[index]),\(energy * (1 + noise)),20,\(energy * 0.01)\n"
        }
        try Data(csv.utf8).write(to: folder.appendingPathComponent("m.csv"))
        return folder
    }

    @Test func itRecoversTheTrueDevicesFiguresWithinTheirIntervalsAndWritesAUsableProfile() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let measurements = folder.appendingPathComponent("m.csv").path
        let fitted = folder.appendingPathComponent("fitted-phone.yaml").path
        let result = try TemperRunner.run([
            "calibrate", "energy", measurements, "--fit", "clickEnergy,continuousPower", "--json", "--out", fitted,
            "--report", folder.appendingPathComponent("report").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let fit = try json(result.stdout)
        for (key, truth) in [("clickEnergy", Self.trueClickMillijoules), ("continuousPower", Self.trueBuzzMilliwatts)] {
            let figure = try #require(fit[key] as? [String: Double], "\(key)")
            #expect(figure["low"]! <= truth && truth <= figure["high"]!, "\(key): \(truth) not in \(figure)")
            #expect(figure["low"]! < figure["value"]! && figure["value"]! < figure["high"]!)
        }
        #expect((fit["rmseMillijoules"] as? Double ?? -1) > 0)
        #expect((fit["residuals"] as? [[String: Any]])?.count == 8)
        let goodness = try #require(fit["goodnessOfFit"] as? [String: Any])
        #expect(goodness["reducedChiSquare"] is Double && goodness["degreesOfFreedom"] as? Int == 6 && goodness["misfit"] as? Bool == false)
        #expect((fit["warnings"] as? [String])?.isEmpty == true)

        let profile = try String(contentsOfFile: fitted, encoding: .utf8)
        #expect(profile.contains("name: fitted-phone"))
        #expect(
            profile.contains("clickEnergy: {value: ")
                && profile.contains(#"fitted: "temper calibrate energy on m.csv (8 measurements): 95 % interval "#)
        )
        #expect(profile.contains(#"resonance: {value: 145, unit: Hz, source: "AOSP"#), "unfitted figures stay as written")
        let rescored = try TemperRunner.run([
            "score", folder.appendingPathComponent("p4.ahap").path, "--device", fitted, "--format", "json",
        ])
        #expect(rescored.status == 0, "\(rescored.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/index.html").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/data.json").path))
        // Issue 38, item 8: the report is named after the profile written, says what was fitted from what, and
        // sets the base's figures beside the fitted ones; the profile's first line says it was fitted.
        let markdown = try String(contentsOfFile: folder.appendingPathComponent("report/report.md").path, encoding: .utf8)
        #expect(markdown.hasPrefix("# Energy calibration: fitted-phone\n"), "\(markdown.prefix(300))")
        #expect(markdown.contains("The profile 'fitted-phone': 'phone' with its actuator figures fitted by `temper calibrate energy`"))
        #expect(markdown.contains("| figure | phone (start) | fitted | change | 95 % interval | unit |"))
        #expect(markdown.contains("| clickEnergy | 2.1 | "), "\(markdown.prefix(900))")
        #expect(profile.hasPrefix("# fitted-phone: 'phone' with its haptics energy figures fitted by `temper calibrate energy` to m.csv"))
    }

    @Test func theTextOutputShowsFiguresIntervalsAndResiduals() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TemperRunner.run([
            "calibrate", "energy", folder.appendingPathComponent("m.csv").path, "--fit", "clickEnergy,continuousPower", "--device", "phone",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for phrase in ["clickEnergy", "95 % interval", "p0.ahap", "residual", "RMSE", "Student's t"] {
            #expect(result.stdout.contains(phrase), "\(phrase)")
        }
        #expect(result.stderr.isEmpty, "no progress line when stderr is not a terminal")
    }

    /// Issue 19, finding 5: a fit that cannot explain its measurements says so in the text, --json and the --out
    /// profile (which still loads), and a second calibration of that profile replaces the notes, not adds to them.
    @Test func aMisfitIsAWarningInEveryOutput() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One measurement 40 % high: something else was running.
        let file = folder.appendingPathComponent("m.csv")
        var rows = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(rows.firstIndex { $0.hasPrefix("p3.ahap,") })
        var fields = rows[index].split(separator: ",").map(String.init)
        fields[1] = String(try #require(Double(fields[1])) * 1.4)
        rows[index] = fields.joined(separator: ",")
        try Data(rows.joined(separator: "\n").utf8).write(to: file)
        let arguments = ["calibrate", "energy", file.path, "--fit", "clickEnergy,continuousPower"]

        let text = try TemperRunner.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.contains("Goodness of fit: reduced χ² ") && text.stdout.contains("warning: the model does not fit"),
            "\(text.stdout)"
        )
        #expect(text.stdout.contains("widened ×"), "\(text.stdout)")

        let fitted = folder.appendingPathComponent("fitted.yaml").path
        let json = try TemperRunner.run(arguments + ["--json", "--out", fitted])
        #expect(json.status == 0, "\(json.stderr)")
        let fit = try self.json(json.stdout)
        let warnings = try #require(fit["warnings"] as? [String])
        #expect(warnings.contains { $0.hasPrefix("p3.ahap (line 6) is ") }, "\(warnings)")
        let goodness = try #require(fit["goodnessOfFit"] as? [String: Any])
        #expect((goodness["reducedChiSquare"] as? Double).map { $0 > 10 } == true && goodness["misfit"] as? Bool == true)
        #expect((goodness["intervalScale"] as? Double).map { $0 > 3 } == true)
        #expect(json.stderr.contains("temper: warning: "))
        let profile = try String(contentsOfFile: fitted, encoding: .utf8)
        #expect(profile.contains("  # temper calibrate energy: warning: p3.ahap (line 6) is "), "\(profile)")
        #expect(profile.contains("  # temper calibrate energy: goodness of fit: reduced χ² "))
        #expect(profile.contains("; warning: misfit, see the notes at the top of this section\"}"))

        let again = try TemperRunner.run(arguments + ["--device", fitted, "--out", fitted])
        #expect(again.status == 0, "\(again.stderr)")
        let rewritten = try String(contentsOfFile: fitted, encoding: .utf8)
        #expect(rewritten.components(separatedBy: "# temper calibrate energy: goodness of fit").count == 2, "\(rewritten)")
    }

    @Test(.enabled(if: TemperRunner.hasTerminal))
    func aTerminalSeesTheSolversProgress() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TemperRunner.runOnATerminal([
            "calibrate", "energy", folder.appendingPathComponent("m.csv").path, "--fit", "clickEnergy,continuousPower", "--json",
        ])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("fitting 2 figures to 8 measurements: iteration 1, RMSE "), "\(result.stdout)")
        // The line erases itself before the output.
        #expect(result.stdout.contains("\r\u{1B}[K{"))
    }

    @Test(arguments: [
        ("p0.ahap,abc\n", "m.csv:2: measured energy 'abc'"),
        ("missing.ahap,3\n", "m.csv:2: cannot read pattern 'missing.ahap'"),
        ("p0.ahap,3,2,1\np1.ahap,4\n", "m.csv:3: give a standard deviation on every row or on none"),
        // Issue 34: a row could name any file, and its first byte was echoed in the error.
        (
            "../../../../../../etc/shadow,3\n",
            "m.csv:2: '../../../../../../etc/shadow' goes up with '..'; a pattern file must be inside the measurements' folder"
        ),
        ("/etc/shadow,3\n", "m.csv:2: '/etc/shadow' is an absolute path"),
    ])
    func badMeasurementsAreOneLineErrorsNamingFileAndLine(rows: String, message: String) throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("m.csv")
        try Data(("pattern,mJ\n" + rows).utf8).write(to: file)
        let result = try TemperRunner.run(["calibrate", "energy", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func measurementsThatCannotDetermineAFigureSayWhich() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("clicks.csv")
        try Data("p0.ahap,7\np1.ahap,3\np2.ahap,5\n".utf8).write(to: file)
        let device = folder.appendingPathComponent("true-device.yaml").path
        let result = try TemperRunner.run(["calibrate", "energy", file.path, "--fit", "clickEnergy,continuousPower", "--device", device])
        #expect(result.status == 2)
        #expect(result.stderr.contains("continuousPower"), "\(result.stderr)")
        let unknown = try TemperRunner.run(["calibrate", "energy", file.path, "--fit", "rumble"])
        #expect(unknown.status != 0 && unknown.stderr.contains("rumble"))
    }

    /// Excel writes CRLF and often a byte-order mark: the same rows fit as with LF (issue 34: one long line).
    @Test func windowsLineEndingsAndAByteOrderMarkRead() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("m.csv")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")).utf8).write(to: file)
        let result = try TemperRunner.run(["calibrate", "energy", file.path, "--fit", "clickEnergy,continuousPower", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("clickEnergy"))
    }

    /// Rows outside the folder read with `--allow-outside`, as a request's patterns do.
    @Test func allowOutsideReadsAPatternAbove() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let text = try String(contentsOf: folder.appendingPathComponent("m.csv"), encoding: .utf8)
        let file = inner.appendingPathComponent("m.csv")
        try Data(text.replacingOccurrences(of: "\np", with: "\n../p").utf8).write(to: file)
        let arguments = ["calibrate", "energy", file.path, "--fit", "clickEnergy,continuousPower", "--json"]
        #expect(try TemperRunner.run(arguments).status == 2)
        let allowed = try TemperRunner.run(arguments + ["--allow-outside"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    /// The file is read a line at a time: a line that is not UTF-8 is named, as a row's problem is.
    @Test func aLineThatIsNotTextIsNamed() throws {
        let folder = try measuredFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("m.csv")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var bytes = Array(lines.prefix(2).joined(separator: "\n").utf8) + [UInt8(ascii: "\n"), 0xFF, 0xFE, UInt8(ascii: "\n")]
        bytes += Array(lines.dropFirst(2).joined(separator: "\n").utf8)
        try Data(bytes).write(to: file)
        let result = try TemperRunner.run(["calibrate", "energy", file.path])
        #expect(result.status == 2)
        #expect(result.stderr == "temper: \(file.path): cannot read the measurements: line 3 is not UTF-8 text (a binary file?)\n")
    }
}
