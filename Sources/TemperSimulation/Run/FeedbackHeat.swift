import TemperCore

/// Feedback heat as the device draws it: each played request's energy spread evenly over the time its estimate says
/// it draws power (``EnergyEstimate/averageMilliwatts`` over that time), from its arrival. Putting a request's
/// whole energy into the step it arrives in would show a 1.2 s sound as 5 W for a tenth of a second, a power the
/// device never draws; spread, no step shows more than the workload plus the mean power of what plays then, which
/// the estimator keeps under each request's peak.
struct FeedbackHeat {
    /// One request's draw: its haptic and audio energy (J) over `start ..< end`.
    private struct Draw {
        var start: Double
        var end: Double
        var hapticJoules: Double
        var audioJoules: Double
    }

    /// The heat of one stretch of time, by where it is made.
    struct Taken {
        var hapticJoules = 0.0
        var audioJoules = 0.0
        var joules: Double { hapticJoules + audioJoules }
    }

    /// The draws not yet over; a handful at a time, as many as requests overlap.
    private var draws: [Draw] = []

    /// Adds what played of a request arriving at `start`: `played`'s energy (mJ) over `seconds` (0 for a request
    /// that draws nothing measurable over time: all of it at `start`).
    mutating func add(_ played: EnergyBreakdown, from start: Double, over seconds: Double) {
        let audio = played.audioMillijoules / 1000
        let haptic = played.totalMillijoules / 1000 - audio
        guard audio > 0 || haptic > 0 else { return }
        draws.append(Draw(start: start, end: start + max(0, seconds), hapticJoules: haptic, audioJoules: audio))
    }

    /// The heat drawn in `from ..< to`, forgetting the draws that end by `to`.
    mutating func take(from: Double, to: Double) -> Taken {
        var taken = Taken()
        for draw in draws {
            let share: Double
            if draw.end > draw.start {
                share = max(0, min(draw.end, to) - max(draw.start, from)) / (draw.end - draw.start)
            } else {
                share = draw.start >= from && draw.start < to ? 1 : 0
            }
            taken.hapticJoules += draw.hapticJoules * share
            taken.audioJoules += draw.audioJoules * share
        }
        draws.removeAll { $0.end <= to && $0.start < to }
        return taken
    }

    /// Whether nothing that played is still drawing.
    var isEmpty: Bool { draws.isEmpty }

    /// How long `estimate` draws power: its energy over its mean power, from the first draw until the driver is off
    /// and the audio tail ends.
    static func drawSeconds(of estimate: EnergyEstimate) -> Double {
        estimate.averageMilliwatts > 0 ? estimate.energyMillijoules / estimate.averageMilliwatts : 0
    }
}
