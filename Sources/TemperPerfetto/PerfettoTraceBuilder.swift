import SwiftProtobuf

/// Builds a Perfetto trace packet by packet: track descriptors first, then events in time order, all on one
/// packet sequence. Perfetto's clocks count nanoseconds; Temper's times are seconds from the run's start.
struct PerfettoTraceBuilder {
    /// The one writer sequence every packet is on; any non-zero id will do.
    private static let sequenceID: UInt32 = 1

    private var descriptors: [Perfetto_Protos_TracePacket] = []
    private var events: [(nanoseconds: UInt64, order: Int, packet: Perfetto_Protos_TracePacket)] = []
    private var nextUUID: UInt64 = 1
    /// Counter tracks by parent, name and unit, for readings that say which track they belong to each time.
    private var countersByName: [String: UInt64] = [:]

    /// How many tracks and events it holds, for the command's closing line.
    var trackCount: Int { descriptors.count }
    var eventCount: Int { events.count }

    /// A track that groups others: shown as one expandable row, its children in the order they were added.
    mutating func group(_ name: String, description: String? = nil, parent: UInt64? = nil) -> UInt64 {
        var track = descriptor(name, description: description, parent: parent)
        track.childOrdering = .explicit
        return add(track)
    }

    /// A track of slices (tiers, decisions).
    mutating func sliceTrack(_ name: String, description: String? = nil, parent: UInt64? = nil) -> UInt64 {
        add(descriptor(name, description: description, parent: parent))
    }

    /// A counter track whose values are in `unit` ("°C", "%", "W"); tracks with the same `axis` share a y axis.
    /// `reusing` returns the track made before with the same parent, name and unit, if any.
    mutating func counterTrack(_ name: String, unit: String, axis: String? = nil, parent: UInt64? = nil, reusing: Bool = false) -> UInt64 {
        let key = "\(parent ?? 0)\u{0}\(name)\u{0}\(unit)"
        if reusing, let known = countersByName[key] { return known }
        var track = descriptor(name, description: nil, parent: parent)
        var counter = Perfetto_Protos_CounterDescriptor()
        counter.unitName = unit
        if let axis { counter.yAxisShareKey = axis }
        track.counter = counter
        let uuid = add(track)
        countersByName[key] = uuid
        return uuid
    }

    /// A counter's value at `seconds`; a value that is not finite is left out (Perfetto has no gaps to draw it).
    mutating func count(_ value: Double, on track: UInt64, at seconds: Double) {
        guard value.isFinite else { return }
        var event = Self.event(.counter, on: track)
        event.doubleCounterValue = value
        append(event, at: seconds)
    }

    /// A slice from `start` to `end` seconds named `name`, with `arguments` as its debug annotations.
    mutating func slice(_ name: String, on track: UInt64, from start: Double, to end: Double, arguments: [PerfettoArgument] = []) {
        append(Self.event(.sliceBegin, on: track, name: name, arguments: arguments), at: start)
        append(Self.event(.sliceEnd, on: track), at: max(start, end))
    }

    /// A slice of no duration at `seconds`: Perfetto draws it as a marker and lists it with the slices.
    mutating func instant(_ name: String, on track: UInt64, at seconds: Double, arguments: [PerfettoArgument] = []) {
        append(Self.event(.instant, on: track, name: name, arguments: arguments), at: seconds)
    }

    private static func event(
        _ type: Perfetto_Protos_TrackEvent.TypeEnum,
        on track: UInt64,
        name: String? = nil,
        arguments: [PerfettoArgument] = []
    ) -> Perfetto_Protos_TrackEvent {
        var event = Perfetto_Protos_TrackEvent()
        event.type = type
        event.trackUuid = track
        if let name { event.name = name }
        event.debugAnnotations = arguments.map(\.annotation)
        return event
    }

    /// The trace's bytes: descriptors, then events sorted by time (ties in the order they were added, so a slice's
    /// end at a time comes before the next slice's begin there only when added first).
    func serialized() throws -> [UInt8] {
        var trace = Perfetto_Protos_Trace()
        let ordered = events.sorted { ($0.nanoseconds, $0.order) < ($1.nanoseconds, $1.order) }
        trace.packet = descriptors + ordered.map(\.packet)
        if !trace.packet.isEmpty {
            trace.packet[0].sequenceFlags = UInt32(Perfetto_Protos_TracePacket.SequenceFlags.seqIncrementalStateCleared.rawValue)
        }
        return try trace.serializedBytes()
    }

    private func descriptor(_ name: String, description: String?, parent: UInt64?) -> Perfetto_Protos_TrackDescriptor {
        var track = Perfetto_Protos_TrackDescriptor()
        track.uuid = nextUUID
        track.name = name
        if let description { track.description_p = description }
        if let parent { track.parentUuid = parent }
        return track
    }

    private mutating func add(_ track: Perfetto_Protos_TrackDescriptor) -> UInt64 {
        var packet = Perfetto_Protos_TracePacket()
        packet.trustedPacketSequenceID = Self.sequenceID
        var ranked = track
        // Children of an explicitly ordered group are drawn by rank: the order they were added.
        ranked.siblingOrderRank = Int32(truncatingIfNeeded: descriptors.count)
        packet.trackDescriptor = ranked
        descriptors.append(packet)
        nextUUID += 1
        return track.uuid
    }

    private mutating func append(_ event: Perfetto_Protos_TrackEvent, at seconds: Double) {
        var packet = Perfetto_Protos_TracePacket()
        packet.trustedPacketSequenceID = Self.sequenceID
        packet.timestamp = Self.nanoseconds(seconds)
        packet.trackEvent = event
        events.append((packet.timestamp, events.count, packet))
    }

    /// Seconds as whole nanoseconds, clamped to what a `UInt64` holds (a run is at most 7 days: far inside).
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let value = (seconds * 1e9).rounded()
        return value >= Double(UInt64.max) ? UInt64.max : UInt64(value)
    }
}

/// One named argument of a slice: a debug annotation in Perfetto, shown in the slice's details.
public struct PerfettoArgument: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case string(String)
        case number(Double)
        case integer(Int)
        case flag(Bool)
        case list([String])
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }

    var annotation: Perfetto_Protos_DebugAnnotation {
        var annotation = Perfetto_Protos_DebugAnnotation()
        annotation.name = name
        switch value {
        case .string(let text): annotation.stringValue = text
        case .number(let number): annotation.doubleValue = number
        case .integer(let integer): annotation.intValue = Int64(integer)
        case .flag(let flag): annotation.boolValue = flag
        case .list(let items):
            annotation.arrayValues = items.map { item in
                var element = Perfetto_Protos_DebugAnnotation()
                element.stringValue = item
                return element
            }
        }
        return annotation
    }
}
