import Foundation
import TemperCore
import TemperPerfetto
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

/// Issue 38, item 6, decoded with Perfetto's own proto: what played is a slice of its playing time on a track per
/// channel under the device, the decision as its arguments; tier changes are instants; thresholds are counters;
/// a trace's sensors sit in a group per chip.
@Suite(.needsPerfettoPython)
struct PerfettoFeedbackSliceTests {
    /// The slices on `tracks`, each as its name, start and length in seconds, and arguments, from begin/end pairs.
    static func slices(_ decoded: DecodedTrace, on tracks: [DecodedTrace.Track]) -> [(name: String, start: Double, seconds: Double)] {
        tracks.flatMap { track in
            var open: [DecodedTrace.Event] = []
            var slices: [(name: String, start: Double, seconds: Double)] = []
            for event in decoded.events(on: track) {
                if event.type == "TYPE_SLICE_BEGIN" { open.append(event) }
                if event.type == "TYPE_SLICE_END", let begin = open.popLast() {
                    slices.append((begin.name, Double(begin.time) / 1e9, Double(event.time - begin.time) / 1e9))
                }
            }
            #expect(open.isEmpty, "\(track.name): a slice never ends")
            return slices
        }
    }

    @Test func whatPlayedIsASliceOfItsPlayingTimeOnATrackPerChannelUnderTheDevice() async throws {
        let result = try await PerfettoDecodeTests.heatSoak.value
        let log = try #require(result.withPolicy.decisionLog)
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.simulation(result).bytes)
        let run = "heat-soak: with \(result.withPolicy.policy)"
        let device = try #require(decoded.children(of: run).first { $0.name == result.device })
        let channels = decoded.tracks.filter { $0.parent == device.uuid }
        let haptic = channels.filter { $0.name == "haptic" || $0.name.hasPrefix("haptic ") }
        let audio = channels.filter { $0.name == "audio" || $0.name.hasPrefix("audio ") }
        let played = log.filter { $0.playedMillijoules > 0 }
        // An audio track only where audio played (this fixture's energy model may price none).
        #expect(!haptic.isEmpty, "\(channels.map(\.name))")
        #expect(audio.isEmpty == !played.contains { ($0.playedAudioMillijoules ?? 0) > 1e-9 }, "\(channels.map(\.name))")
        let hapticPlayed = played.filter { $0.playedMillijoules - ($0.playedAudioMillijoules ?? 0) > 1e-9 }
        let hapticSlices = Self.slices(decoded, on: haptic)
        #expect(hapticSlices.count == hapticPlayed.count)
        #expect(Self.slices(decoded, on: audio).count == played.filter { ($0.playedAudioMillijoules ?? 0) > 1e-9 }.count)
        // Each slice lasts as long as what played, to the nanosecond the trace keeps.
        let expected = hapticPlayed.map { ($0.item, $0.timeSeconds, $0.playedSeconds ?? 0) }.sorted { $0.1 < $1.1 }
        let found = hapticSlices.sorted { $0.start < $1.start }
        #expect(zip(expected, found).allSatisfy { $0.0 == $1.name && abs($0.1 - $1.start) < 1e-6 && abs($0.2 - $1.seconds) < 1e-6 })
        #expect(found.allSatisfy { $0.seconds > 0 })
        // The decision rides on the slice as arguments.
        let first = try #require(decoded.events(on: haptic[0]).first { $0.type == "TYPE_SLICE_BEGIN" })
        #expect(Set(first.args?.keys.map { $0 } ?? []) == ["outcome", "rules", "requested mJ", "played mJ"])
    }

    @Test func tierChangesAreInstantsAndThresholdsAreCounters() async throws {
        let result = try await PerfettoDecodeTests.heatSoak.value
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.simulation(result).bytes)
        let tracks = decoded.children(of: "heat-soak: with \(result.withPolicy.policy)")
        let changes = try #require(tracks.first { $0.name == "tier changes" })
        let instants = decoded.events(on: changes)
        #expect(instants.count == result.withPolicy.transitions.count)
        #expect(instants.allSatisfy { $0.type == "TYPE_INSTANT" })
        #expect(instants.first?.args?["reasons"] == .list(result.withPolicy.transitions[0].reasons))
        let skin = try #require(result.thresholds?.sensor("skin"))
        let critical = try #require(tracks.first { $0.name == "skin critical threshold" })
        #expect(critical.unit == "°C")
        #expect(decoded.events(on: critical).map(\.value) == [skin.entry.critical, skin.entry.critical])
    }

    @Test func aTracesSensorsSitInAGroupPerChipWithTheirThresholds() throws {
        let url = PackagePaths.root.appendingPathComponent("Examples/traces/workstation-16.jsonl")
        let snapshots = try TraceFile.read(contentsOf: url, lenient: false).snapshots
        let result = TraceReplay.replay(snapshots, settings: SimulationFixtures.policy.classifier, name: "workstation-16.jsonl")
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.replay(result, snapshots: snapshots).bytes)
        let chip = decoded.children(of: "coretemp-isa-0000")
        #expect(
            Set(chip.filter { !$0.name.hasSuffix(" threshold") }.map(\.name)) == ["Package id 0", "Core 0", "Core 1", "Core 2", "Core 3"]
        )
        let fair = try #require(chip.first { $0.name == "Package id 0 fair threshold" })
        #expect(decoded.events(on: fair).first?.value == 70)
        #expect(decoded.children(of: "workstation-16.jsonl").contains { $0.name == "coretemp-isa-0000" })
    }
}
