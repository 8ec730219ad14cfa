import TemperCore
import TemperSimulation

/// A trace's ``Timeline``: its tier with each change as a mark, every temperature sensor (ignored ones greyed)
/// with the thresholds once per group of sensors that share them, then power, fans, voltages and currents where
/// the trace has them, the battery and the forecast.
enum TraceTimeline {
    /// More lines than this in a lane are still drawn, but only the first ones are named in its legend.
    static let legendLimit = 24

    static func timeline(for result: TraceResult) -> Timeline {
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        let start = time(result.samples.first?.timeSeconds ?? 0)
        let end = time(result.samples.last?.timeSeconds ?? 0)
        var lanes = [tierLane(result, time: time)]
        if !result.sensors.isEmpty { lanes.append(temperatureLane(result, time: time)) }
        lanes += channelLanes(result, time: time)
        let battery = result.samples.compactMap { sample in sample.batteryPercentage.map { Timeline.Point(time(sample.timeSeconds), $0) } }
        if !battery.isEmpty {
            var lane = Timeline.Lane(title: "Battery", unit: "%")
            lane.series = [.init(name: "battery", color: Palette.series[3], points: battery)]
            lane.shading = spans(result, time: time, where: \.lowPower).map {
                .init(from: $0.from, to: $0.to, color: SimulationCharts.lowPowerColor, label: "low power")
            }
            lane.plotHeight = 90
            lanes.append(lane)
        }
        // No forecast (nothing rising, or already critical) is a gap in the line, not a straight join across it.
        let forecast = result.samples.map { Timeline.Point(time($0.timeSeconds), $0.forecastSeconds.map { min($0, 600) } ?? .nan) }
        if forecast.contains(where: { $0.y.isFinite }) {
            var lane = Timeline.Lane(title: "Seconds to the next tier, capped at 600", unit: "s")
            lane.series = [.init(name: "forecast", color: Palette.series[2], points: forecast)]
            lane.yIncludes = [0]
            lane.plotHeight = 80
            lanes.append(lane)
        }
        return Timeline(
            title: "\(result.trace) over time",
            timeLabel: time.label,
            secondsPerUnit: time.secondsPerUnit,
            domain: (start, end),
            lanes: lanes
        )
    }

    /// The tier, low power and power source as strips, and each change of condition as a mark with its reason.
    static func tierLane(_ result: TraceResult, time: TimeAxis) -> Timeline.Lane {
        var lane = Timeline.Lane(title: "Tier", unit: "")
        lane.strips = [
            .init(
                label: "tier",
                spans: tierSpans(result, time: time)
            )
        ]
        let lowPower = spans(result, time: time, where: \.lowPower)
        if !lowPower.isEmpty {
            lane.strips.append(
                .init(
                    label: "low power",
                    spans: lowPower.map { .init(from: $0.from, to: $0.to, color: SimulationCharts.lowPowerColor, label: "low power") }
                )
            )
        }
        if let source = TraceReport.powerSourceStrip(result, time: time) { lane.strips.append(source) }
        lane.marks = result.transitions.map { transition in
            .init(
                x: time(transition.timeSeconds),
                color: Palette.tierStrong(transition.to),
                tooltip: "\(TraceReport.change(transition)): \(transition.reasons.first ?? "")"
            )
        }
        return lane
    }

    /// Each snapshot's tier held from its time to the next snapshot's, as the tier tables count it: a change the
    /// table puts at 2:00 starts its span at 2:00.
    static func tierSpans(_ result: TraceResult, time: TimeAxis) -> [Timeline.Span] {
        var spans: [Timeline.Span] = []
        for (sample, next) in zip(result.samples, result.samples.dropFirst()) {
            if let last = spans.last, last.label == sample.tier.rawValue {
                spans[spans.count - 1].to = time(next.timeSeconds)
            } else {
                spans.append(
                    .init(
                        from: time(sample.timeSeconds),
                        to: time(next.timeSeconds),
                        color: Palette.tierStrip(sample.tier),
                        label: sample.tier.rawValue
                    )
                )
            }
        }
        return spans
    }

    /// Every sensor over time, in one pass over the samples; ignored sensors last and grey.
    static func temperatureLane(_ result: TraceResult, time: TimeAxis) -> Timeline.Lane {
        var slot: [String: Int] = [:]
        for (index, sensor) in result.sensors.enumerated() { slot[sensor] = index }
        var points = [[Timeline.Point]](repeating: [], count: result.sensors.count)
        var peaks = [Double](repeating: -.infinity, count: result.sensors.count)
        for sample in result.samples {
            for value in sample.temperatures {
                guard let index = slot[value.sensor] else { continue }
                points[index].append(.init(time(sample.timeSeconds), value.celsius))
                peaks[index] = max(peaks[index], value.celsius)
            }
        }
        let ignored = Set(result.ignoredSensors)
        var counted: [Timeline.Series] = []
        var greyed: [Timeline.Series] = []
        for (index, sensor) in result.sensors.enumerated() {
            if ignored.contains(sensor) {
                greyed.append(.init(name: "\(sensor) (ignored)", color: Palette.muted, points: points[index], muted: true))
            } else {
                let color = Palette.series[counted.count % Palette.series.count]
                counted.append(.init(name: sensor, color: color, points: points[index], dashed: counted.count >= Palette.series.count))
            }
        }
        var lane = Timeline.Lane(title: "Temperatures", unit: "°C")
        lane.series = Timeline.Series.mergingIdentical(counted + greyed)
        lane.plotHeight = 220
        lane.thresholds = ThresholdGroups.lines(result.sensorThresholds) { label in slot[label].map { peaks[$0] } ?? -.infinity }
        return lane
    }

    /// One lane per quantity the trace measured besides temperature, each channel a line.
    static func channelLanes(_ result: TraceResult, time: TimeAxis) -> [Timeline.Lane] {
        var order: [ChannelValue.Quantity: [String]] = [:]
        var points: [ChannelValue.Quantity: [String: [Timeline.Point]]] = [:]
        for sample in result.samples {
            for channel in sample.channels {
                if points[channel.quantity]?[channel.channel] == nil { order[channel.quantity, default: []].append(channel.channel) }
                points[channel.quantity, default: [:]][channel.channel, default: []].append(.init(time(sample.timeSeconds), channel.value))
            }
        }
        let titles: [ChannelValue.Quantity: String] = [.power: "Power", .fan: "Fans", .voltage: "Voltages", .current: "Currents"]
        return ChannelValue.Quantity.allCases.compactMap { quantity in
            guard let names = order[quantity], let byName = points[quantity] else { return nil }
            var lane = Timeline.Lane(title: titles[quantity] ?? quantity.rawValue, unit: quantity.unit)
            lane.series = Timeline.Series.mergingIdentical(
                names.enumerated().map { index, name in
                    .init(name: name, color: Palette.series[index % Palette.series.count], points: byName[name] ?? [])
                }
            )
            if quantity != .voltage { lane.yIncludes = [0] }
            lane.plotHeight = 90
            return lane
        }
    }

    /// Spans (in axis units) where `holds` is true of the snapshot opening each interval.
    static func spans(_ result: TraceResult, time: TimeAxis, where holds: (TraceSample) -> Bool) -> [(from: Double, to: Double)] {
        var spans: [(from: Double, to: Double)] = []
        for (sample, next) in zip(result.samples, result.samples.dropFirst()) where holds(sample) {
            if let last = spans.last, last.to == time(sample.timeSeconds) {
                spans[spans.count - 1].to = time(next.timeSeconds)
            } else {
                spans.append((time(sample.timeSeconds), time(next.timeSeconds)))
            }
        }
        return spans
    }
}
