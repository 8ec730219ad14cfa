import Foundation
import TemperCore
import TemperReports

/// `temper score`'s JSON and CSV, written pattern by pattern as each is scored, so output keeps pace with
/// reading instead of waiting for the whole document. The JSON has ``ScoreReport``'s shape and key order.
struct ScoreStream {
    let format: ScoreFormat
    private var json = JSONStream()

    /// Starts the document: the run's header and the opening of its pattern list.
    init(format: ScoreFormat, device: DeviceProfile, budgetMillijoules: Double?) {
        self.format = format
        switch format {
        case .json:
            json.beginObject()
            json.key("batteryVolts")
            json.number(device.battery.nominalVolts)
            json.key("budgetMillijoules")
            json.number(budgetMillijoules)
            json.key("device")
            json.string(device.name)
            json.key("patterns")
            json.beginArray()
        case .csv:
            json.line(ScoreOutput.csvHeader.joined(separator: ","))
        case .table:
            break
        }
    }

    /// Writes one pattern's score.
    mutating func write(_ score: PatternScore) {
        switch format {
        case .json: writeJSON(score)
        case .csv: json.line(ScoreOutput.csvRow(score))
        case .table: break
        }
    }

    /// Ends the document with its summary and writes what is left.
    mutating func finish(_ summary: ScoreSummary) {
        if format == .json {
            json.endArray()
            json.key("summary")
            writeJSON(summary)
            json.endObject()
        }
        json.flush()
    }

    private mutating func writeJSON(_ score: PatternScore) {
        json.element()
        json.beginObject()
        if let estimate = score.estimate {
            json.key("averageMilliwatts")
            json.number(estimate.averageMilliwatts)
            json.key("breakdown")
            json.beginObject()
            json.key("audioMillijoules")
            json.number(estimate.breakdown.audioMillijoules)
            json.key("continuousMillijoules")
            json.number(estimate.breakdown.continuousMillijoules)
            json.key("overheadMillijoules")
            json.number(estimate.breakdown.overheadMillijoules)
            json.key("transientsMillijoules")
            json.number(estimate.breakdown.transientsMillijoules)
            json.endObject()
            json.key("clippedSeconds")
            json.number(estimate.clippedSeconds)
            json.key("durationSeconds")
            json.number(estimate.durationSeconds)
            json.key("energyMillijoules")
            json.number(estimate.energyMillijoules)
        }
        json.key("error")
        json.string(score.error)
        if let estimate = score.estimate {
            json.key("events")
            json.beginArray()
            for event in estimate.events { writeJSON(event) }
            json.endArray()
            json.key("microampHours")
            json.number(estimate.microampHours)
        }
        json.key("path")
        json.string(score.path)
        if let estimate = score.estimate {
            json.key("peakMilliwatts")
            json.number(estimate.peakMilliwatts)
            json.key("playedFraction")
            json.number(estimate.playedFraction)
            if !estimate.powerSeries.isEmpty {
                json.key("powerSeries")
                json.beginArray()
                for sample in estimate.powerSeries {
                    json.element()
                    json.beginObject()
                    json.key("milliwatts")
                    json.number(sample.milliwatts)
                    json.key("timeSeconds")
                    json.number(sample.timeSeconds)
                    json.endObject()
                }
                json.endArray()
            }
        }
        json.key("status")
        json.string(score.status.rawValue)
        json.key("warnings")
        json.strings(score.warnings)
        json.endObject()
    }

    private mutating func writeJSON(_ event: EventEnergy) {
        json.element()
        json.beginObject()
        json.key("clippedSeconds")
        json.number(event.clippedSeconds)
        json.key("energyMillijoules")
        json.number(event.energyMillijoules)
        json.key("index")
        json.number(event.index)
        json.key("overheadMillijoules")
        json.number(event.overheadMillijoules)
        json.key("playedFraction")
        json.number(event.playedFraction)
        json.key("timeSeconds")
        json.number(event.timeSeconds)
        json.key("type")
        json.string(event.type)
        json.endObject()
    }

    private mutating func writeJSON(_ summary: ScoreSummary) {
        json.beginObject()
        json.key("costliest")
        json.beginArray()
        for costly in summary.costliest {
            json.element()
            json.beginObject()
            json.key("energyMillijoules")
            json.number(costly.energyMillijoules)
            json.key("microampHours")
            json.number(costly.microampHours)
            json.key("path")
            json.string(costly.path)
            json.endObject()
        }
        json.endArray()
        json.key("errors")
        json.number(summary.errors)
        json.key("ok")
        json.number(summary.ok)
        json.key("overBudget")
        json.number(summary.overBudget)
        json.key("patterns")
        json.number(summary.patterns)
        json.key("totalEnergyMillijoules")
        json.number(summary.totalEnergyMillijoules)
        json.key("totalMicroampHours")
        json.number(summary.totalMicroampHours)
        json.key("warnings")
        json.number(summary.warnings)
        json.endObject()
    }
}
