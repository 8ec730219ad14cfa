import TemperTestSupport
import Testing

@testable import TemperPatterns

/// The 15 AOSP vibration XML examples with the result AOSP's own tests expect, and our own inputs.
@Suite struct AndroidXMLTests {
    static let folder = "android-vibration-xml"
    static let derived = "_derived/aosp-mirror__platform_frameworks_base/"

    func read(_ name: String, hidden: Bool = false) throws -> PatternDocument {
        try AndroidXMLReader.read(
            try SharedCorpus.bytes(Self.folder, Self.derived + name),
            file: name,
            options: .init(allowHiddenAPIs: hidden)
        )
    }

    @Test(.needsSharedCorpus("android-vibration-xml")) func compositionOfAllPrimitives() throws {
        let transients = try read("01_primitives_all.xml").timeline.transients
        #expect(transients.map(\.effect) == ["click", "tick", "low_tick", "spin"])
        #expect(transients.map(\.amplitude) == [1, 0.2497, 1, 0.6364])
        // low_tick starts 356 ms after tick ends; spin 7 ms after low_tick ends.
        #expect(abs(transients[2].time - (transients[1].time + AndroidPrimitive.tick.typicalSeconds + 0.356)) < 1e-9)
        #expect(abs(transients[3].time - (transients[2].time + AndroidPrimitive.lowTick.typicalSeconds + 0.007)) < 1e-9)
    }

    @Test(.needsSharedCorpus("android-vibration-xml")) func repeatingWaveform() throws {
        let timeline = try read("02_waveform_repeating.xml").timeline
        #expect(timeline.repeatStart == 0)
        let amplitude = try #require(timeline.tracks.first).amplitude
        #expect(amplitude.map(\.value) == [254, 254, 1, 1, 255, 255, 0, 0].map { Double($0) / 255 })
        #expect(amplitude.last?.time == 1.368)
    }

    @Test(
        .needsSharedCorpus("android-vibration-xml"),
        arguments: [
            "03_predefined_tick.xml", "04_predefined_click.xml", "05_predefined_heavy_click.xml", "06_predefined_double_click.xml",
            "09_vibration_select_single.xml", "11_primitive_tick_with_comment.xml",
        ]
    )
    func publicParserAccepts(name: String) throws {
        #expect(!(try read(name).timeline.transients.isEmpty))
    }

    @Test(.needsSharedCorpus("android-vibration-xml")) func selectOfTwoCompositionsKeepsBoth() throws {
        let document = try read("10_vibration_select_two_compositions.xml")
        #expect(document.named.count == 2)
        #expect(document.timeline.transients.map(\.effect) == ["click", "tick"])
        #expect(document.named[1].timeline.transients.map(\.effect) == ["low_tick", "spin"])
    }

    @Test(
        .needsSharedCorpus("android-vibration-xml"),
        arguments: ["07_hidden_predefined_texture_tick.xml", "08_hidden_predefined_click_fallback_false.xml"]
    )
    func hiddenEffectsNeedHiddenAPIs(name: String) throws {
        #expect(throws: PatternReadError.self) { try read(name) }
        #expect(!(try read(name, hidden: true).timeline.transients.isEmpty))
    }

    @Test(
        .needsSharedCorpus("android-vibration-xml"),
        arguments: [
            "12_invalid_root_vibration.xml", "13_invalid_predefined_name.xml", "14_invalid_vendor_effect_not_base64_bundle.xml",
            "15_invalid_vibration_select_attribute.xml",
        ]
    )
    func invalidExamplesAreRejectedWithLineAndColumn(name: String) throws {
        let bytes = try SharedCorpus.bytes(Self.folder, Self.derived + name)
        let error = try #require(
            rejection { () throws(PatternReadError) in
                _ = try AndroidXMLReader.read(bytes, file: name, options: .init(allowHiddenAPIs: true))
            }
        )
        #expect(error.line != nil && error.column != nil, "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func errorNamesLineColumnAndElementPath() throws {
        let xml =
            "<vibration-effect>\n  <waveform-effect>\n    <waveform-entry durationMs=\"10\" amplitude=\"300\"/>\n  </waveform-effect>\n</vibration-effect>\n"
        let error = try #require(
            rejection { () throws(PatternReadError) in _ = try AndroidXMLReader.read(Array(xml.utf8), file: "buzz.xml") }
        )
        #expect(error.line == 3)
        #expect(error.description.hasPrefix("buzz.xml:3:"))
        #expect(error.description.contains("vibration-effect/waveform-effect/waveform-entry: amplitude 300 must be 0…255 or default"))
    }

    @Test func entityDeclarationsAreRefused() {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaa\">]><vibration-effect/>"
        #expect(throws: PatternReadError.self) { try AndroidXMLReader.read(Array(xml.utf8)) }
    }

    @Test func basicEnvelopeReadsAsIntensitySquared() throws {
        let xml = """
            <vibration-effect><basic-envelope-effect initialSharpness="0.5">
            <control-point intensity="1" sharpness="0.5" durationMs="20"/>
            <control-point intensity="0" sharpness="0.5" durationMs="30"/>
            </basic-envelope-effect></vibration-effect>
            """
        let track = try #require(try AndroidXMLReader.read(Array(xml.utf8)).timeline.tracks.first)
        #expect(track.amplitude.map(\.value) == [0, 1, 0])
        #expect(track.frequency.map(\.value) == [0.25, 0.25, 0.25])
    }

    @Test func writtenWaveformReadsBack() throws {
        let waveform = AndroidWaveform(timings: [100, 50, 200], amplitudes: [255, 0, 128], repeatIndex: 1)
        let xml = try AndroidXMLWriter.write(waveform.timeline).output
        let back = try AndroidXMLReader.read(Array(xml.utf8)).timeline
        #expect(back.repeatStart == 0.1)
        #expect(back.tracks.first?.amplitude.map(\.value) == [1, 1, 0, 0, 128.0 / 255, 128.0 / 255])
    }

    /// Issue 32, item 4: a predefined TICK, CLICK or THUD shares its name with a composition primitive that plays
    /// another waveform, so its transients carry their own tag and are never written back as that primitive.
    @Test(arguments: ["tick", "click", "heavy_click"])
    func aPredefinedEffectIsNotMistakenForAPrimitive(name: String) throws {
        let xml = "<vibration-effect><predefined-effect name=\"\(name)\"/></vibration-effect>"
        let timeline = try AndroidXMLReader.read(Array(xml.utf8)).timeline
        #expect(timeline.transients.map(\.effect) == ["predefined:\(name)"])
        #expect(timeline.transients.allSatisfy { $0.effect.flatMap(AndroidPrimitive.init(rawValue:)) == nil })
        #expect(AndroidPredefinedEffect(transientTag: "predefined:\(name)")?.rawValue == name)
        #expect(AndroidPredefinedEffect(transientTag: name) == nil)
        #expect(!(try AndroidXMLWriter.write(timeline).output.contains("primitive-effect")))
    }

    @Test func writtenCompositionReadsBack() throws {
        let timeline = AndroidCompositionEntry.timeline([.init(primitive: .click), .init(primitive: .thud, scale: 0.5, delayMs: 40)])
        let back = try AndroidXMLReader.read(Array(try AndroidXMLWriter.write(timeline).output.utf8)).timeline
        #expect(back.transients.map(\.effect) == ["click", "thud"])
        #expect(back.transients.map(\.amplitude) == [1, 0.5])
        #expect(abs(back.transients[1].time - timeline.transients[1].time) < 1e-9)
    }
}
