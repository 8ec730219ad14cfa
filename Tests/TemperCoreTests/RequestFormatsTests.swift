import Foundation
import TemperAHAP
import TemperCore
import TemperFiles
import TemperPatterns
import TemperTestSupport
import Testing

/// A request's `{"haptic": {"file": …}}` names a pattern in any format, read through `PatternLoader.patternFiles`.
@Suite struct RequestFormatsTests {
    static let formats = PackagePaths.root.appendingPathComponent("Examples/formats").path

    func decode(_ file: String) throws -> SensoryRequest {
        let json = #"{"id": "x", "usage": "game", "haptic": {"file": "\#(file)"}}"#
        return try RequestDecoder(fileName: "request.json", baseDirectory: Self.formats, patterns: .patternFiles).decode(Array(json.utf8))
    }

    @Test(arguments: [
        "door-knock.haptic", "notify-waveform.json", "confirm-composition.json", "pulse.xml", "engine-rumble.json", "vibrate-steps.json",
    ])
    func everyFormatLoadsAsAHapticRequest(file: String) throws {
        let request = try decode(file)
        guard case .haptic(let haptic) = request.kind else {
            Issue.record("\(file) is not a haptic request")
            return
        }
        #expect(haptic.sourceFile == file)
        #expect(EnergyEstimator(profile: .referencePhone).estimate(request.kind).energyMillijoules > 0)
    }

    /// A request carries what the format's reader read, not an AHAP conversion of it, so it prices as the file.
    @Test(arguments: ["door-knock.haptic", "notify-waveform.json", "engine-rumble.json"])
    func aRequestCarriesTheTimelineItsFileReadsAs(file: String) throws {
        guard case .haptic(let haptic) = try decode(file).kind else { throw CancellationError() }
        let read = try PatternReader.load(contentsOf: Self.formats + "/" + file)
        #expect(haptic.content == read.timeline)
        let estimator = EnergyEstimator(profile: .referencePhone)
        #expect(estimator.estimate(.haptic(haptic)).energyMillijoules == estimator.estimate(read.timeline).energyMillijoules)
    }

    @Test func anUnreadablePatternIsOneLineAtTheFileKey() throws {
        let error = try #require(throws: TemperError.self) { try decode("no-such.haptic") }
        #expect(error.description.contains("haptic.file"))
        #expect(!error.description.contains("\n"))
    }
}
