import Foundation
import TemperTestSupport
import Testing

@testable import TemperAHAP

@Suite("Waveforms")
struct WaveformTests {
    private func audioPattern(_ path: String, duration: Double? = nil) -> String {
        let durationKey = duration.map { #""EventDuration": \#($0), "# } ?? ""
        return pattern(
            event:
                #""Time": 0, "EventType": "AudioCustom", \#(durationKey)"EventWaveformPath": "\#(path)", "EventParameters": [{ "ParameterID": "AudioVolume", "ParameterValue": 1 }]"#
        )
    }

    @Test func wavLengthComesFromItsHeader() throws {
        let folder = try TemporaryFolder()
        try folder.write("sounds/boom.wav", wavBytes(sampleRate: 8000, frames: 4000, extraChunk: true))
        let file = try folder.write("boom.ahap", audioPattern("sounds/boom.wav"))
        let document = try AHAPReader.load(contentsOf: file)
        let waveform = try #require(document.waveforms[0])
        #expect(waveform.durationSeconds == 0.5)
        #expect(waveform.resolvedPath?.hasSuffix("/sounds/boom.wav") == true)
        #expect(document.diagnostics.isEmpty)
        #expect(AHAPSampler(document: document).span(eventIndex: 0).end == 0.5)
    }

    @Test func stereoFortyEightKilohertzLength() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.wav", wavBytes(sampleRate: 48000, channels: 2, frames: 12000))
        let document = try AHAPReader.load(contentsOf: try folder.write("a.ahap", audioPattern("a.wav")))
        #expect(document.waveforms[0]?.durationSeconds == 0.25)
    }

    @Test func lyingDataSizeIsCutToTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("liar.wav", wavBytes(sampleRate: 8000, frames: 800, claimedDataBytes: 100 << 20))
        let document = try AHAPReader.load(contentsOf: try folder.write("liar.ahap", audioPattern("liar.wav")))
        #expect(document.waveforms[0]?.durationSeconds == 0.1)
        #expect(document.diagnostics.map(\.code) == [.waveformUnreadable])
    }

    @Test func missingWaveformIsADiagnosticAndTheEventIsStillCosted() throws {
        let folder = try TemporaryFolder()
        let document = try AHAPReader.load(contentsOf: try folder.write("a.ahap", audioPattern("gone.wav")))
        #expect(document.diagnostics.map(\.code) == [.waveformMissing])
        #expect(document.diagnostics[0].path == "Pattern[0].Event.EventWaveformPath")
        #expect(document.waveforms[0]?.durationSeconds == nil)
        let sampler = AHAPSampler(document: document)
        #expect(sampler.span(eventIndex: 0).end == AHAPSampler.fallbackCustomAudioSeconds)
        #expect(sampler.audioVolume(eventIndex: 0, at: 0.5) == 1)
    }

    @Test func missingWaveformUsesTheEventDurationWhenThereIsOne() throws {
        let folder = try TemporaryFolder()
        let document = try AHAPReader.load(contentsOf: try folder.write("a.ahap", audioPattern("gone.wav", duration: 0.3)))
        #expect(document.diagnostics[0].message.contains("0.3 s"))
        #expect(AHAPSampler(document: document).span(eventIndex: 0).end == 0.3)
    }

    @Test func nonWAVFileIsADiagnostic() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.caf", Array("caff not a wav at all".utf8))
        try folder.write("b.wav", Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8))
        let document = try AHAPReader.load(contentsOf: try folder.write("a.ahap", audioPattern("a.caf")))
        #expect(document.diagnostics.map(\.code) == [.waveformUnreadable])
        let broken = try AHAPReader.load(contentsOf: try folder.write("b.ahap", audioPattern("b.wav")))
        #expect(broken.diagnostics.map(\.code) == [.waveformUnreadable])
        #expect(broken.waveforms[0]?.durationSeconds == nil)
    }

    @Test func symbolicLinkOutOfTheFolderIsRefused() throws {
        let outside = try TemporaryFolder()
        let secret = try outside.write("secret.wav", wavBytes(frames: 10))
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.wav", withDestinationPath: secret)
        let file = try folder.write("a.ahap", audioPattern("link.wav"))
        let error = #expect(throws: AHAPError.self) { try AHAPReader.load(contentsOf: file) }
        #expect(error?.code == .waveformOutsideFolder)
    }

    @Test func unreadablePatternFiles() throws {
        let folder = try TemporaryFolder()
        for path in [folder.path + "/missing.ahap", folder.path] {
            let error = #expect(throws: AHAPError.self, "\(path) should not read") { try AHAPReader.load(contentsOf: path) }
            #expect(error?.code == .unreadableFile)
            #expect(error?.file == path)
        }
    }

    @Test func fifoNamedLikeAWaveformDoesNotHang() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/pipe.wav", 0o600) == 0)
        let document = try AHAPReader.load(contentsOf: try folder.write("a.ahap", audioPattern("pipe.wav")))
        #expect(document.diagnostics.map(\.code) == [.waveformUnreadable])
        #expect(mkfifo(folder.path + "/pipe.ahap", 0o600) == 0)
        #expect(throws: AHAPError.self) { try AHAPReader.load(contentsOf: folder.path + "/pipe.ahap") }
    }

    @Test func loadNamesTheFileInErrors() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bad.ahap", #"{ "Version": 1.0 }"#)
        let error = #expect(throws: AHAPError.self) { try AHAPReader.load(contentsOf: file) }
        #expect(error?.description == "\(file):1:1: no Pattern array")
    }
}
