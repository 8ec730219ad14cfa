import TemperAHAP
public import TemperCore
public import TemperPatterns

/// A plain, monotone energy model for tests: power grows with intensity squared (driver output is linear in
/// voltage), continuous events cost by duration, 2D audio is cheaper than spatial. The figures are round numbers
/// near the facts sheet (a full click ≈ 7 mJ, a full buzz ≈ 190 mW), for AHAP and timelines alike; use a device profile's estimator for real work.
public struct TestEnergyModel: FeedbackEnergyModel {
    public var clickMillijoules: Double
    public var buzzMilliwatts: Double
    public var audioMilliwatts: Double
    public var spatialExtraMilliwatts: Double

    public init(
        clickMillijoules: Double = 7,
        buzzMilliwatts: Double = 190,
        audioMilliwatts: Double = 75,
        spatialExtraMilliwatts: Double = 25
    ) {
        self.clickMillijoules = clickMillijoules
        self.buzzMilliwatts = buzzMilliwatts
        self.audioMilliwatts = audioMilliwatts
        self.spatialExtraMilliwatts = spatialExtraMilliwatts
    }

    /// The AHAP events at their written values; a track's amplitude is intensity squared, so a track costs the
    /// buzz power times its amplitude over time (linear between points, as it plays) and a transient or emphasis a
    /// click times its amplitude.
    public func energyMillijoules(of timeline: HapticPattern) -> Double {
        var total = energyMillijoules(of: timeline.ahapPattern)
        for track in timeline.tracks {
            for (a, b) in zip(track.amplitude, track.amplitude.dropFirst()) where b.time > a.time {
                total += buzzMilliwatts * (clamp(a.value) + clamp(b.value)) / 2 * (b.time - a.time)
            }
            for point in track.amplitude { if let emphasis = point.emphasis { total += clickMillijoules * clamp(emphasis.amplitude) } }
        }
        for transient in timeline.transients { total += clickMillijoules * clamp(transient.amplitude) }
        return total
    }

    private func energyMillijoules(of pattern: AHAPPattern) -> Double {
        var total = 0.0
        for event in pattern.events {
            switch event.type {
            case .hapticTransient:
                let intensity = clamp(event.value(of: .hapticIntensity))
                total += clickMillijoules * intensity * intensity
            case .hapticContinuous:
                let intensity = clamp(event.value(of: .hapticIntensity))
                let duration = max(0, event.duration ?? 0)
                // A linear release ramp carries a third of the full-level energy over its length.
                let release = min(duration, max(0, event.value(of: .releaseTime)))
                total += buzzMilliwatts * intensity * intensity * (duration - release * 2 / 3)
            case .audioContinuous:
                let volume = clamp(event.value(of: .audioVolume))
                total += audioMilliwatts * volume * volume * max(0, event.duration ?? 0)
            case .audioCustom:
                let volume = clamp(event.value(of: .audioVolume))
                total += audioMilliwatts * volume * volume * (event.duration ?? 1)
            }
        }
        return total
    }

    public func energyMillijoules(of feedback: SystemFeedback) -> Double {
        switch feedback {
        case .impact(let style, let intensity):
            let weight: Double =
                switch style {
                case .light: 0.5
                case .medium: 0.75
                case .heavy: 1
                case .rigid, .soft: 0.6
                }
            return clickMillijoules * weight * clamp(intensity) * clamp(intensity)
        case .selection:
            return clickMillijoules * 0.2
        case .notification(let kind):
            return clickMillijoules * (kind == .success ? 1.5 : 2)
        }
    }

    public func energyMillijoules(of cue: AudioCue) -> Double {
        let power = audioMilliwatts * cue.volume * cue.volume + (cue.rendering == .spatial ? spatialExtraMilliwatts : 0)
        return power * cue.effectiveDurationSeconds
    }

    private func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
}
