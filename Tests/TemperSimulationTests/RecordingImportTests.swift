import Foundation
import TemperCore
import TemperTestSupport
import Testing

@testable import TemperSimulation

/// `temper import` (issue 33, item 1): each format read on crafted edge cases; the real recordings are read by
/// ``RecordingImportCorpusTests``.
@Suite struct RecordingImportTests {
    func read(_ text: String, format: RecordingFormat? = nil, columns: String? = nil) throws -> ImportedRecording {
        try RecordingImporter.read(
            Data(text.utf8),
            file: "r.txt",
            format: format,
            columns: try columns.map { try RecordingColumns($0) }
        )
    }

    @Test func csvFieldsKeepQuotedCommas() {
        #expect(RecordingText.csvFields(#"Time,"Temp:A,0",b"#) == ["Time", "Temp:A,0", "b"])
        #expect(RecordingText.csvFields("a,,c") == ["a", "", "c"])
    }

    @Test func aTableWithQuotedHeadersAndSharedSecondsReads() throws {
        let text = """
            Time,"Temp:Soc,0","Temp:Gpu,0",Util:Avg,Frequency:Avg
            2026-03-23_03:33:44,44.4,43.5,13.3,1672.0
            2026-03-23_03:33:44,44.9,43.5,80.0,2208.0
            2026-03-23_03:33:45,45.4,43.9,90.0,2208.0
            2026-03-23_03:33:4
            """
        let recording = try read(text, format: .sTUI)
        #expect(recording.samples.count == 3)
        #expect(recording.samples.map(\.seconds) == [0, 0.5, 1])
        #expect(recording.samples[0].temperatures.map(\.label) == ["Temp:Soc,0", "Temp:Gpu,0"])
        #expect(recording.samples[0].load.map(\.kind) == [.utilization, .frequency])
        #expect(recording.warnings.contains { $0.contains("truncated last line") }, "\(recording.warnings)")
        #expect(recording.warnings.contains { $0.contains("share their time") })
    }
}

extension RecordingImportTests {
    @Test func tegrastatsWithAndWithoutTimesKeepsPowerApartFromLoad() throws {
        let old = """
            Tue Jan 26 18:22:31 UTC 2021
            RAM 896/7859MB (lfb 26x4MB) CPU [4%@2035,off,2%@345] GR3D_FREQ 5% BCPU@34.5C PMIC@100C VDD_IN 1840/1840
            RAM 896/7859MB (lfb 26x4MB) CPU [6%@2035,off,4%@345] GR3D_FREQ 0% BCPU@35C PMIC@100C VDD_IN 2000/1900
            """
        let recording = try read(old)
        #expect(recording.format == .tegrastats)
        #expect(recording.samples.map(\.seconds) == [0, 1])
        #expect(recording.samples[1].watts == [.init(label: "VDD_IN", value: 2.0)], "mW to W")
        #expect(recording.samples[0].load.first == .init(label: "cpu", kind: .utilization, value: 2))
        #expect(recording.warnings.contains { $0.contains("no times in the file") })
        let orin = """
            10-26-2025 05:10:54 RAM 1/2MB CPU [5%@729] GR3D_FREQ 0%@[305] cpu@47.687C gpu@-256C VIN_SYS_5V0 4536mW/4536mW
            10-26-2025 05:10:55 RAM 1/2MB CPU [5%@729] GR3D_FREQ 0%@[305] cpu@47.75C gpu@-256C VIN_SYS_5V0 4636mW/4586mW
            """
        let dated = try read(orin)
        #expect(dated.samples.map(\.seconds) == [0, 1])
        #expect(dated.samples[0].temperatures.map(\.label) == ["cpu"], "−256 °C is an absent sensor")
        #expect(dated.samples[1].watts.first?.value == 4.636)
        #expect(dated.samples[0].timestamp != nil)
    }

    @Test func aClockOfDayWrapsPastMidnightAndABackwardJumpIsANewSession() throws {
        let text = """
            TimeStamp,CPU_Freq,Battery_temp,GPU_Load
            23:59:58,633.6,33.4,12.9
            23:59:59,633.6,33.5,12.9
            00:00:01,633.6,33.6,12.9
            0,0,0,0
            ,,,
            00:00:00,633.6,33.0,1
            """
        let recording = try read(text)
        #expect(recording.format == .androidBattery)
        #expect(recording.samples.map(\.seconds) == [0, 1, 3, 4])
        #expect(recording.warnings.contains { $0.contains("passed midnight once") }, "\(recording.warnings)")
        #expect(recording.warnings.contains { $0.contains("time went backwards once") })
        #expect(recording.warnings.contains { $0.contains("rows of zeros") })
        #expect(recording.samples[0].load.map(\.kind) == [.frequency, .utilization])
    }

    @Test func columnsMapAPlainTableAndConvertUnits() throws {
        var text = "start of run\nsec tmp_mC power_mW load\n"
        for second in 0..<12 { text += "\(second) \(40_000 + second * 100) \(1500 + second) 50\n" }
        text += "60 41500 1600 50\n"
        let recording = try read(text, columns: "time=sec,temperature=tmp_mC,power=power_mW,load=load")
        #expect(recording.samples.count == 13)
        #expect(recording.samples[1].temperatures.first?.value == 40.1, "m°C read as °C")
        #expect(recording.samples[0].watts.first?.value == 1.5, "mW read as W")
        #expect(recording.samples[0].load.first?.kind == .utilization)
        #expect(recording.warnings.contains { $0.contains("m°C") })
        #expect(recording.warnings.contains { $0.contains("1 line before the header") })
        #expect(recording.warnings.contains { $0.contains("1 gap in the samples, the longest 49 s at 11 s") }, "\(recording.warnings)")
    }

    @Test func aColumnThatNeverChangesIsLeftOutAndSaid() throws {
        var text = ""
        for second in 0..<12 { text += "Package id 0:  +\(50 + second).0°C  (high = +100.0°C)\nCore 0:  +99.0°C\n" }
        let recording = try read(text)
        #expect(recording.format == .sensors)
        #expect(recording.samples.count == 12)
        #expect(recording.samples.allSatisfy { $0.temperatures.map(\.label) == ["Package id 0"] })
        #expect(recording.warnings.contains { $0.contains("Core 0 (always 99 °C)") }, "\(recording.warnings)")
    }

    /// turbostat: a preamble, a header per interval, summary rows (`-`) kept and per-CPU rows not, package power in W
    /// apart from the load, a 25 s gap in `Time_Of_Day_Seconds`, and a last line cut off mid-row.
    @Test func turbostatKeepsSummaryRowsAndItsPower() throws {
        let header = "Time_Of_Day_Seconds\tCore\tCPU\tBusy%\tBzy_MHz\tCoreTmp\tPkgTmp\tPkgWatt\tCorWatt\n"
        let text =
            "turbostat version 2019.03.29 - Len Brown\nCPUID(0): GenuineIntel 0x16 CPUID levels\n" + header
            + "1700000000.0001\t-\t-\t5.0\t2400\t45\t47\t3.50\t1.20\n1700000000.0002\t0\t0\t5.0\t2400\t45\t47\t3.50\t1.20\n"
            + header + "1700000005.0001\t-\t-\t95.0\t3400\t60\t62\t14.20\t9.80\n1700000005.0002\t0\t0\t95.0\t3400\t60\t62\t14.20\t9.80\n"
            + header + "1700000030.0001\t-\t-\t90.0\t3300\t66\t68\t13.90\t9.50\n1700000035.0001\t-\t-\t9"
        let recording = try read(text)
        #expect(recording.format == .turbostat)
        #expect(recording.samples.map { $0.seconds.rounded() } == [0, 5, 30])
        #expect(recording.samples[1].temperatures.map(\.label) == ["PkgTmp", "CoreTmp"])
        #expect(recording.samples[1].watts.first == .init(label: "PkgWatt", value: 14.2), "W stays W")
        #expect(recording.samples[1].load.contains { $0.label == "Busy%" && $0.kind == .utilization && $0.value == 95 })
        #expect(recording.warnings.contains { $0.contains("header lines, one per interval") }, "\(recording.warnings)")
        #expect(recording.warnings.contains { $0.contains("1 row without a temperature left out") }, "\(recording.warnings)")
    }

    @Test func vcgencmdAndStressberryRead() throws {
        let loop = try read("1700000000\ntemp=47.2'C\n1700000001\ntemp=47.8'C\n1700000003\ntemp=48.0'C\n")
        #expect(loop.format == .vcgencmd && loop.samples.map(\.seconds) == [0, 1, 3])
        // A loop paused for 27 s, then cut off mid-reading.
        let paused = try read(
            "1700000000\ntemp=47.2'C\n1700000001\ntemp=47.8'C\n1700000002\ntemp=48.0'C\n1700000029\ntemp=48.5'C\n1700000030\ntemp=4"
        )
        #expect(paused.samples.map(\.seconds) == [0, 1, 2, 29])
        #expect(paused.warnings.contains { $0.contains("1 gap in the samples, the longest 27 s at 2 s") }, "\(paused.warnings)")
        #expect(paused.warnings.contains { $0.contains("neither a time nor a temp= reading skipped") }, "\(paused.warnings)")
        let dat = try read(
            "# This file was created by stressberry v0.2.2\nname: x\ntemperature: [40.0, 41.0,\n  42.0]\ntime: [0.0, 2.0, 4.0]\n"
        )
        #expect(dat.format == .stressberry && dat.samples.map { $0.temperatures[0].value } == [40, 41, 42])
    }

    /// A stressberry run cut off inside its `time` list (a copy or a run interrupted) is not YAML: the entries
    /// before the cut are kept, the number cut in two is not, and the shorter list decides, each said once.
    @Test func aStressberryFileCutMidListKeepsWhatCameBefore() throws {
        let text = """
            # This file was created by stressberry v0.1.4
            name: cut
            temperature: [37.0, 37.6, 38.2,
              39.0, 40.1]
            time: [0.0, 2.01, 4.02,
              6.0
            """
        let recording = try read(text)
        #expect(recording.format == .stressberry)
        #expect(recording.samples.map { $0.temperatures[0].value } == [37, 37.6, 38.2])
        #expect(recording.samples.map(\.seconds) == [0, 2.01, 4.02])
        #expect(recording.warnings.contains { $0.contains("ends inside the 'time' list") }, "\(recording.warnings)")
        #expect(recording.warnings.contains { $0.contains("differ in length") }, "\(recording.warnings)")
        let endsOnAComma = try read(text.replacingOccurrences(of: "6.0", with: "6.0,"))
        #expect(endsOnAComma.samples.map(\.seconds) == [0, 2.01, 4.02, 6])
        let error = try #require(throws: TemperError.self) {
            try read("# This file was created by stressberry v0.1.4\nname: cut\ntemperature: [37.0, 3")
        }
        #expect(error.description.contains("no 'time' and 'temperature' lists"), "\(error.description)")
    }

    @Test(arguments: [
        ("\u{0}\u{1}binary", "NUL bytes"),
        ("just some words\nand more", "not a format Temper recognises"),
        ("Time,Temp:A\nx,nan\ny,inf\n", "no temperature readings"),
        ("1700000000\ntemp=47.2'C\n", "only one sample"),
    ])
    func hostileRecordingsGetOneClearLine(text: String, message: String) throws {
        let error = try #require(throws: TemperError.self) { try read(text, format: text.hasPrefix("Time") ? .sTUI : nil) }
        #expect(error.description.contains(message), "\(error.description)")
        #expect(error.description.hasPrefix("r.txt:"))
        #expect(!error.description.contains("\n"))
    }

    /// A million rows is more than a trace holds: one line naming where the limit was reached, before the samples
    /// past it are kept (bounded memory), not a trace of half a gigabyte.
    @Test func aMillionRowsAreOneClearLine() throws {
        var text = "t,c\n"
        text.reserveCapacity(16_000_000)
        for row in 0..<1_000_000 { text += "\(row),\(40 + row % 7)\n" }
        let error = try #require(throws: TemperError.self) { try read(text, columns: "time=t,temperature=c") }
        #expect(error.description.contains("more than \(RecordingImporter.maximumSamples) samples"), "\(error.description)")
        #expect(error.description.hasPrefix("r.txt:\(RecordingImporter.maximumSamples + 2):"), "\(error.description)")
        #expect(!error.description.contains("\n"))
    }

    /// Random bytes that are not UTF-8 (no NUL among them) are one line too.
    @Test func binaryNoiseIsOneClearLine() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<100_000).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) })
        let error = try #require(throws: TemperError.self) { try RecordingImporter.read(noise, file: "noise.bin") }
        #expect(error.description == "noise.bin:1: not UTF-8 text: not a recording Temper reads")
    }

    @Test func aHundredThousandRowsKeepTheirOrder() throws {
        var text = "t,c\n"
        for row in 0..<100_000 { text += "\(row),\(40 + row % 7)\n" }
        let recording = try read(text, columns: "time=t,temperature=c")
        #expect(recording.samples.count == 100_000)
        #expect(recording.samples.last?.seconds == 99_999)
    }
}
