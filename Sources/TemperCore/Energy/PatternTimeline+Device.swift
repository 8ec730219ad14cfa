public import TemperPatterns

extension PatternTimeline {
    /// What of this pattern `device`'s actuator plays, with what it cannot: `temper convert --device` writes this,
    /// so a target's capabilities shape the output (an amplitude-only phone gets no frequency), and says each loss.
    ///
    /// - no frequency control (amplitude-only, on/off, dual ERM): every frequency and sharpness is dropped;
    /// - on/off: every amplitude above 0 becomes full scale;
    /// - frequency control with Hz outside the device's range: clamped to its nearest end;
    /// - Android primitives: as long as the device plays them (``primitivesPlayed(on:)``).
    public func playable(on device: DeviceProfile) -> Converted<PatternTimeline> {
        let haptics = device.haptics
        let kind = haptics.actuatorClass
        var result = primitivesPlayed(on: device)
        var losses: [ConversionLoss] = []
        if !kind.hasFrequencyControl {
            let had =
                tracks.contains { !$0.frequency.isEmpty } || transients.contains { $0.frequency != nil }
                || tracks.contains { $0.amplitude.contains { $0.emphasis != nil } }
            for index in result.tracks.indices {
                result.tracks[index].frequency = []
                result.tracks[index].frequencyUnit = .normalized
            }
            for index in result.transients.indices { result.transients[index].frequency = nil }
            if had {
                losses.append(
                    ConversionLoss(
                        .frequencyDropped,
                        "frequency dropped: \(device.name)'s actuator (\(kind.rawValue)) plays amplitude only"
                    )
                )
            }
        }
        if !kind.hasAmplitudeControl {
            var changed = false
            for index in result.tracks.indices {
                result.tracks[index].amplitude = result.tracks[index].amplitude.map { point in
                    var point = point
                    if point.value > 0, point.value < 1 {
                        point.value = 1
                        changed = true
                    }
                    return point
                }
            }
            for index in result.transients.indices where result.transients[index].amplitude > 0 && result.transients[index].amplitude < 1 {
                result.transients[index].amplitude = 1
                changed = true
            }
            if changed {
                losses.append(ConversionLoss(.pointsThinned, "amplitudes raised to full scale: \(device.name)'s actuator is on or off"))
            }
        }
        if kind.hasFrequencyControl {
            let range = haptics.sharpnessLowHertz...haptics.sharpnessHighHertz
            var clamped = false
            for index in result.tracks.indices where result.tracks[index].frequencyUnit == .hertz {
                result.tracks[index].frequency = result.tracks[index].frequency.map { point in
                    let value = min(max(point.value, range.lowerBound), range.upperBound)
                    if value != point.value { clamped = true }
                    return PatternFrequencyPoint(time: point.time, value: value)
                }
            }
            if clamped {
                losses.append(
                    ConversionLoss(
                        .frequencyMapped,
                        "frequencies clamped to \(device.name)'s \(Int(range.lowerBound))–\(Int(range.upperBound)) Hz"
                    )
                )
            }
        }
        return Converted(output: result, losses: losses)
    }
}
