import SwiftProtobuf
import Testing

@testable import TemperPerfetto

/// The builder's own guarantees, read back with the generated messages (no Python needed).
struct PerfettoTraceBuilderTests {
    @Test func eventsComeOutInTimeOrderAfterEveryTrackDescriptor() throws {
        var builder = PerfettoTraceBuilder()
        let group = builder.group("run")
        let counter = builder.counterTrack("skin", unit: "°C", axis: "temperature", parent: group)
        let slices = builder.sliceTrack("tier", parent: group)
        builder.count(31, on: counter, at: 2)
        builder.slice("fair", on: slices, from: 0, to: 1.5)
        builder.slice("serious", on: slices, from: 1.5, to: 3)
        builder.count(30, on: counter, at: 1)
        let trace = try Perfetto_Protos_Trace(serializedBytes: try builder.serialized())
        #expect(trace.packet.prefix(3).allSatisfy { if case .trackDescriptor = $0.data { true } else { false } })
        let times = trace.packet.dropFirst(3).map(\.timestamp)
        #expect(times == [0, 1_000_000_000, 1_500_000_000, 1_500_000_000, 2_000_000_000, 3_000_000_000])
        // At 1.5 s the fair slice ends before the serious one begins, so slices never overlap on the track.
        #expect(trace.packet[5].trackEvent.type == .sliceEnd)
        #expect(trace.packet[6].trackEvent.type == .sliceBegin)
        #expect(trace.packet[6].trackEvent.name == "serious")
        #expect(trace.packet[1].trackDescriptor.counter.unitName == "°C")
        #expect(trace.packet[1].trackDescriptor.parentUuid == group)
        #expect(trace.packet.allSatisfy { $0.trustedPacketSequenceID == 1 })
    }

    @Test func aValueThatIsNotFiniteIsLeftOutAndTimesStayInRange() throws {
        var builder = PerfettoTraceBuilder()
        let counter = builder.counterTrack("hotspot", unit: "°C")
        builder.count(.nan, on: counter, at: 1)
        builder.count(.infinity, on: counter, at: 2)
        builder.count(40, on: counter, at: 3)
        #expect(builder.eventCount == 1)
        #expect(PerfettoTraceBuilder.nanoseconds(-1) == 0)
        #expect(PerfettoTraceBuilder.nanoseconds(.nan) == 0)
        #expect(PerfettoTraceBuilder.nanoseconds(1e30) == UInt64.max)
        #expect(PerfettoTraceBuilder.nanoseconds(604_800) == 604_800_000_000_000)
    }

    @Test func argumentsBecomeDebugAnnotationsOfTheirKind() throws {
        var builder = PerfettoTraceBuilder()
        let track = builder.sliceTrack("decisions")
        builder.instant(
            "rewritten: ring-explosion.ahap",
            on: track,
            at: 0.25,
            arguments: [
                PerfettoArgument("rules", .list(["tier.serious.scaleIntensity", "budget.window"])),
                PerfettoArgument("played mJ", .number(12.5)),
                PerfettoArgument("count", .integer(3)),
                PerfettoArgument("low power", .flag(true)),
            ]
        )
        let trace = try Perfetto_Protos_Trace(serializedBytes: try builder.serialized())
        let annotations = trace.packet[1].trackEvent.debugAnnotations
        #expect(annotations.map(\.name) == ["rules", "played mJ", "count", "low power"])
        #expect(annotations[0].arrayValues.map(\.stringValue) == ["tier.serious.scaleIntensity", "budget.window"])
        #expect(annotations[1].doubleValue == 12.5)
        #expect(annotations[2].intValue == 3)
        #expect(annotations[3].boolValue)
        #expect(trace.packet[1].trackEvent.type == .instant)
    }
}
