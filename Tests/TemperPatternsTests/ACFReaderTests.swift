import TemperTestSupport
import Testing

@testable import TemperPatterns

@Suite struct ACFReaderTests {
    static let folder = "acf"
    static let prefix = "facebook__meta-haptics-sdk/resources__acf__"

    @Test(.needsSharedCorpus("acf")) func metaQuestReadsWithLines() throws {
        let acf = try ACFReader.read(try SharedCorpus.bytes(Self.folder, Self.prefix + "MetaQuest.acf"), file: "MetaQuest.acf")
        #expect(acf.device == "Meta Quest controllers")
        #expect(acf.frequencyRange == FrequencyRange(minHz: 55, maxHz: 200))
        #expect(acf.frequencyMin.line == 11)
        #expect(acf.frequencyMin.path == "continuous.frequency_min")
        #expect(acf.emphasisLow.durationMs.value == 36.4)
        #expect(acf.emphasisHigh.shape == "square")
        #expect(!acf.isAmplitudeOnly)
    }

    @Test(
        .needsSharedCorpus("acf"),
        arguments: ["Generic-Console-PCM.acf", "Generic-Console-SimpleHaptics.acf", "MetaQuest.acf", "template.acf"]
    )
    func everyCorpusFileReads(name: String) throws {
        let acf = try ACFReader.read(try SharedCorpus.bytes(Self.folder, Self.prefix + name), file: name)
        #expect(acf.isAmplitudeOnly == (name == "Generic-Console-SimpleHaptics.acf"))
    }

    @Test func json5SpellingsBecomeJSON() {
        let text = "{ a: 'it\\'s \"x\"', // c\n b_2: [1, 2,], }"
        #expect(
            String(decoding: JSON5Text.json(Array(text.utf8)), as: UTF8.self) == "{ \"a\": \"it's \\\"x\\\"\", // c\n \"b_2\": [1, 2,], }"
        )
    }

    @Test func badShapeIsNamed() {
        let text = """
            { continuous: { gain: 1, emphasis_ducking: 1, frequency_min: 50, frequency_max: 100 },
              emphasis: { gain: 1, fade_out_percent: 0,
                frequency_min: { output_frequency: 50, duration_ms: 10, shape: 'wobble' },
                frequency_max: { output_frequency: 100, duration_ms: 5, shape: 'sine' } } }
            """
        let error = rejection { () throws(PatternReadError) in _ = try ACFReader.read(Array(text.utf8), file: "x.acf") }
        #expect(error?.line == 3)
        #expect(error?.path == "emphasis.frequency_min.shape")
    }
}
