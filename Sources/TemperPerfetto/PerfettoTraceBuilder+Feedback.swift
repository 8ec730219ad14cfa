import TemperCore
import TemperSimulation

extension PerfettoTraceBuilder {
    /// Each tier change as an instant named `from → to`, with the reasons (which name the threshold crossed).
    mutating func tierChanges(_ transitions: [TierTransition], parent: UInt64) {
        let track = sliceTrack("tier changes", description: "Each change of condition, with why", parent: parent)
        for transition in transitions {
            instant(
                "\(transition.from.rawValue) → \(transition.to.rawValue)",
                on: track,
                at: transition.timeSeconds,
                arguments: [
                    PerfettoArgument("low power", .flag(transition.lowPower)),
                    PerfettoArgument("reasons", .list(transition.reasons)),
                ]
            )
        }
    }

    /// What played, as slices of its playing time named for the item, the decision as arguments, on a track per
    /// channel (haptic, audio) under a group for the device. A slice track must nest its slices, so feedback that
    /// overlaps what still plays goes on the channel's next track (`haptic 2`), made when first needed.
    mutating func feedback(_ log: [LoggedDecision], device: String, parent: UInt64) {
        let deviceGroup = group(device, description: "What played on \(device), for as long as it played", parent: parent)
        var lanes: [String: [(track: UInt64, freeAt: Double)]] = [:]
        for decision in log {
            guard let seconds = decision.playedSeconds, seconds > 0, decision.playedMillijoules > 0 else { continue }
            let audio = decision.playedAudioMillijoules ?? 0
            let arguments = [
                PerfettoArgument("outcome", .string(decision.outcome.rawValue)),
                PerfettoArgument("rules", .list(decision.rules)),
                PerfettoArgument("requested mJ", .number(Self.microjoules(decision.requestedMillijoules))),
                PerfettoArgument("played mJ", .number(Self.microjoules(decision.playedMillijoules))),
            ]
            let (start, end) = (decision.timeSeconds, decision.timeSeconds + seconds)
            for (channel, energy) in [("haptic", decision.playedMillijoules - audio), ("audio", audio)] where energy > 1e-9 {
                var tracks = lanes[channel, default: []]
                let index: Int
                if let free = tracks.firstIndex(where: { $0.freeAt <= start }) {
                    index = free
                } else {
                    let name = tracks.isEmpty ? channel : "\(channel) \(tracks.count + 1)"
                    tracks.append((sliceTrack(name, description: "\(channel) feedback on \(device)", parent: deviceGroup), 0))
                    index = tracks.count - 1
                }
                tracks[index].freeAt = end
                lanes[channel] = tracks
                slice(decision.item, on: tracks[index].track, from: start, to: end, arguments: arguments)
            }
        }
    }

    /// Each sensor's entry temperature for each tier as a counter held over the run, on the temperatures' axis:
    /// Perfetto draws it as a level line beside the readings.
    mutating func thresholds(_ sensors: [ClassifierThresholds.Sensor], until end: Double, parent: UInt64) {
        for sensor in sensors {
            for tier in Tier.allCases.dropFirst() {
                guard let celsius = sensor.thresholds.entry.entry(of: tier) else { continue }
                let track = counterTrack("\(sensor.label) \(tier) threshold", unit: "°C", axis: "temperature", parent: parent)
                count(celsius, on: track, at: 0)
                count(celsius, on: track, at: end)
            }
        }
    }
}
