import Foundation
import TemperCore
import TemperSimulation
import TemperTestSupport
import Testing

/// Issue 33's first done-when line: every real recording in `../shared/corpus/thermal` imports (the plain CSV with
/// `--columns`) into a trace that reads back and replays.
@Suite(.needsSharedCorpus("thermal")) struct RecordingImportCorpusTests {
    static let recordings: [(file: String, format: RecordingFormat, columns: String?)] = [
        ("nschloe__stressberry/rpi4b-flyingferret-fans-off.dat", .stressberry, nil),
        ("nschloe__stressberry/rpi4b-flyingferret-fans-on.dat", .stressberry, nil),
        ("nschloe__stressberry/rpi4b-argon-one.dat", .stressberry, nil),
        ("nschloe__stressberry/rpi3b-fasttech.dat", .stressberry, nil),
        ("ChrisG55__Scrooge-Attack/param_21.log", .vcgencmd, nil),
        ("ChrisG55__Scrooge-Attack/param_27.log", .vcgencmd, nil),
        ("TuxfeatMac__RPiHeatSinkTest/DEFAULT.csv", .csv, "time=sec,temperature=tmp,load=clk"),
        ("ssaraff98__tegrastats_parser/sample_log.txt", .tegrastats, nil),
        ("Abdel-E__tegrastats_parser/tegra_stats_log.txt", .tegrastats, nil),
        ("MarvinTerry__cpu-pressure-test/s-tui_log_2026-03-23_03_33_44.csv", .sTUI, nil),
        ("MarvinTerry__cpu-pressure-test/s-tui_log_2026-03-18_12_32_54.csv", .sTUI, nil),
        ("calestyo__cpu-tests/3__sha512sum-verify.turbostat", .turbostat, nil),
        ("calestyo__cpu-tests/3__sha512sum-verify.temp", .sensors, nil),
        ("intel__stats-collect/turbostat.raw.txt", .turbostat, nil),
        ("siva-subramanyam-gh__Neural-Governor/phone_stats.csv", .androidBattery, nil),
    ]

    @Test(arguments: recordings.map(\.file))
    func everyRecordingImportsIntoATraceThatReplays(_ file: String) throws {
        let entry = try #require(Self.recordings.first { $0.file == file })
        let path = SharedCorpus.path("thermal", file)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let recording = try RecordingImporter.read(
            data,
            file: path,
            columns: try entry.columns.map { try RecordingColumns($0) }
        )
        #expect(recording.format == entry.format, "detected as \(recording.format)")
        #expect(recording.samples.count >= 20, "\(recording.samples.count) samples")
        #expect(recording.durationSeconds >= 100, "\(recording.durationSeconds) s")
        #expect(zip(recording.samples, recording.samples.dropFirst()).allSatisfy { $0.seconds < $1.seconds }, "time runs forward")
        let temperatures = recording.samples.flatMap { $0.temperatures.map(\.value) }
        #expect(
            temperatures.allSatisfy { (0...130).contains($0) },
            "every temperature in °C: \(temperatures.min() ?? 0)…\(temperatures.max() ?? 0)"
        )
        #expect(recording.samples.allSatisfy { $0.watts.allSatisfy { (0...500).contains($0.value) } }, "power in W")
        let trace = try TraceFile.read(TraceFile.encode(recording.snapshots), file: path)
        #expect(trace.snapshots.count == recording.samples.count)
        let result = TraceReplay.replay(trace.snapshots, settings: ClassifierSettings(), name: file)
        #expect(result.samples.count == recording.samples.count)
    }

    /// What each file carries besides temperatures, named for what it is.
    @Test func powerAndLoadAreTheFilesOwn() throws {
        func read(_ file: String) throws -> ImportedRecording {
            try RecordingImporter.read(Data(contentsOf: URL(fileURLWithPath: SharedCorpus.path("thermal", file))), file: file)
        }
        let orin = try read("Abdel-E__tegrastats_parser/tegra_stats_log.txt")
        #expect(Set(orin.samples[0].watts.map(\.label)) == ["VDD_GPU_SOC", "VDD_CPU_CV", "VIN_SYS_5V0", "VDDQ_VDD2_1V8AO"])
        let laptop = try read("calestyo__cpu-tests/3__sha512sum-verify.turbostat")
        #expect(laptop.samples[0].watts.contains { $0.label == "PkgWatt" })
        #expect(laptop.samples[0].load.contains { $0.label == "Busy%" && $0.kind == .utilization })
        let pi = try read("nschloe__stressberry/rpi4b-argon-one.dat")
        #expect(pi.samples.allSatisfy { $0.watts.isEmpty }, "no power in a stressberry run")
        #expect(pi.samples[0].load.first?.kind == .frequency)
    }
}
