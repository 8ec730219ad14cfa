public import TemperAHAP

/// AHAP in the one pattern model: an AHAP file's events, dynamic parameters and curves ride in
/// ``PatternTimeline/items`` as written, so pricing, rewriting and writing back see exactly what the file says,
/// and every other format's tracks and transients sit beside them in the same value.
extension PatternTimeline {
    /// An AHAP pattern as read, with the waveforms its custom audio events name (keyed by event index, as
    /// ``AHAPDocument/waveforms`` gives them).
    public init(ahap pattern: AHAPPattern, waveforms: [Int: AHAPWaveform] = [:]) {
        var byPath: [String: AHAPWaveform] = [:]
        let events = pattern.events
        for (index, waveform) in waveforms where events.indices.contains(index) {
            byPath[events[index].waveformPath ?? waveform.path] = waveform
        }
        self.init(
            source: .ahap,
            metadata: pattern.metadata.map { PatternMetadataEntry(key: $0.key, value: $0.value) },
            items: pattern.items,
            waveforms: byPath,
            version: pattern.version
        )
    }

    /// The AHAP items as an AHAP pattern (version, metadata and items as read); tracks and transients are not in it.
    public var ahapPattern: AHAPPattern {
        AHAPPattern(version: version, metadata: metadata.map { AHAPMetadataEntry(key: $0.key, value: $0.value) }, items: items)
    }

    /// The AHAP events of ``items``, in file order.
    public var ahapEvents: [AHAPEvent] {
        items.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    /// The real lengths of the custom audio waveforms, keyed by index into ``ahapEvents``, as ``AHAPSampler`` takes them.
    public var waveformDurations: [Int: Double] {
        guard !waveforms.isEmpty else { return [:] }
        var durations: [Int: Double] = [:]
        for (index, event) in ahapEvents.enumerated() {
            if let path = event.waveformPath, let seconds = waveforms[path]?.durationSeconds { durations[index] = seconds }
        }
        return durations
    }

    /// The waveforms keyed by index into ``ahapEvents``, as ``AHAPDocument/waveforms`` keys them.
    public var waveformsByEvent: [Int: AHAPWaveform] {
        guard !waveforms.isEmpty else { return [:] }
        var result: [Int: AHAPWaveform] = [:]
        for (index, event) in ahapEvents.enumerated() {
            if let path = event.waveformPath, let waveform = waveforms[path] { result[index] = waveform }
        }
        return result
    }

    /// The pattern with its AHAP items rendered into tracks and transients (``AHAPBridge``), for the writers of
    /// formats that have no events of their own; what that loses (sounds, envelopes between samples) is listed.
    public func withoutItems() -> Converted<PatternTimeline> {
        guard !items.isEmpty else { return Converted(output: self, losses: []) }
        let bridged = AHAPBridge.timeline(from: ahapPattern, waveformDurations: waveformDurations)
        var flat = self
        flat.items = []
        flat.waveforms = [:]
        flat.tracks += bridged.output.tracks
        flat.transients += bridged.output.transients
        return Converted(output: flat, losses: bridged.losses)
    }
}
