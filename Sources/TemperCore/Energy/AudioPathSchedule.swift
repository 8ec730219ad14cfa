/// When the audio path is in which power state, given when sounds play: the path's fixed cost, paid once while it
/// is open and shared by the sounds that keep it open. Each sound's own, volume-dependent part is mixed apart
/// (``AudioFigures/soundMilliwatts(volume:spatial:)``).
///
/// The path plays while any sound plays (``AudioFigures/pathMilliwatts``, whatever the volume), idles with the
/// amplifier powered and silent through gaps and for ``AudioFigures/standbyTailSeconds`` after the last sound
/// (AudioFlinger's standby delay), then is off and draws nothing. A silence longer than the tail closes the path: the
/// next sound opens it again. As ``HapticDriverSchedule`` does for the haptic driver.
struct AudioPathSchedule {
    /// A stretch in one state.
    struct Piece {
        var start: Double
        var end: Double
        var state: AudioPathState
        var milliwatts: Double
    }

    /// From opening to closing: the path's energy and the sounds that kept it open.
    struct Opening {
        var millijoules: Double
        var eventIndices: [Int]
    }

    private(set) var pieces: [Piece] = []
    private(set) var openings: [Opening] = []

    /// - Parameter playing: when sounds play (in any order; stretches may touch or overlap).
    init(playing: [BusyStretch], audio: AudioFigures) {
        let merged = BusyStretch.merged(playing)
        var opening: Opening?
        for (index, stretch) in merged.enumerated() {
            if opening == nil { opening = Opening(millijoules: 0, eventIndices: []) }
            add(&opening!, stretch.start, stretch.end, .playing, audio.pathMilliwatts)
            opening!.eventIndices.append(contentsOf: stretch.eventIndices)
            let next = index + 1 < merged.count ? merged[index + 1].start : Double.infinity
            let silence = next - stretch.end
            add(&opening!, stretch.end, stretch.end + min(silence, audio.standbyTailSeconds), .idle, audio.amplifierIdleMilliwatts)
            if silence > audio.standbyTailSeconds {
                openings.append(opening!)
                opening = nil
            }
        }
        if let opening { openings.append(opening) }
    }

    private mutating func add(_ opening: inout Opening, _ start: Double, _ end: Double, _ state: AudioPathState, _ milliwatts: Double) {
        guard end > start else { return }
        pieces.append(Piece(start: start, end: end, state: state, milliwatts: milliwatts))
        opening.millijoules += milliwatts * (end - start)
    }
}

/// The power states of an audio path.
public enum AudioPathState: String, Sendable, Hashable, Codable, CaseIterable {
    /// At least one sound plays: the whole path is on.
    case playing
    /// Open and silent: the amplifier powered, waiting for the next sound until the standby tail runs out.
    case idle
    /// Closed: nothing drawn.
    case off
}
