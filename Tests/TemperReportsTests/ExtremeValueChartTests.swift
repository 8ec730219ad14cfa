import Foundation
import TemperCore
import TemperSimulation
import Testing

@testable import TemperReports

/// Charts and clocks take any finite value: these used to loop for ever (`tick += step` stops moving above about
/// 1e16) or trap converting to Int. Found by hand and by fuzzing the trace reader.
@Suite struct ExtremeValueChartTests {
    @Test(arguments: [
        (0.0, 1e20), (1e20, 1e20), (-1e308, 1e308), (1e300, 1e308), (0, 1e-300),
        (-Double.leastNonzeroMagnitude, Double.leastNonzeroMagnitude),
        (Double.greatestFiniteMagnitude, .greatestFiniteMagnitude),
    ])
    func axesOfAnyFiniteRangeHaveAFewTicks(low: Double, high: Double) {
        for exact in [false, true] {
            let ticks = AxisScale(low: low, high: high, exact: exact).ticks
            #expect(ticks.count <= AxisScale.maxTicks, "\(low)...\(high)")
            #expect(ticks.allSatisfy { $0.isFinite })
        }
    }

    @Test(arguments: [0, 59.6, 3600, 1e15, 1e19, 1e300, -1, .nan, .infinity])
    func clocksTakeAnyValue(seconds: Double) {
        #expect(!ClockText.format(seconds).isEmpty)
    }

    /// A trace with snapshots 1e19 s apart, a battery at 1e20 % and a sensor at 1e300 °C reads, replays and
    /// renders (the trace reader takes what a host reported; only the charts must cope).
    @Test func aTraceOfAbsurdNumbersRendersItsReport() throws {
        let line =
            #"{"battery":{"batteries":[],"onBattery":true,"percentage":PERCENT,"present":true,"state":"discharging","status":"available","warningLevel":"discharging"},"powerProfile":{"activeProfile":"balanced","performanceDegraded":""},"powerReadings":[],"temperatures":[{"celsius":CELSIUS,"chip":"c","chipName":"c","critical":100,"health":{"status":"ok"},"high":85,"label":"t","source":"hwmon"}],"timestamp":TIME}"#
        let lines = [("0", "1e20", "45"), ("1e19", "-1e20", "1e300"), ("2e19", "50", "-1e300")].map { time, percent, celsius in
            line.replacingOccurrences(of: "TIME", with: time).replacingOccurrences(of: "PERCENT", with: percent)
                .replacingOccurrences(of: "CELSIUS", with: celsius)
        }
        let snapshots = try TraceFile.read(Data(lines.joined(separator: "\n").utf8), file: "absurd.jsonl").snapshots
        let result = TraceReplay.replay(snapshots, settings: ClassifierSettings(), name: "absurd.jsonl")
        let document = TraceReport.document(for: result)
        #expect(document.markdown().contains("absurd.jsonl"))
        #expect(!document.html().isEmpty)
        #expect(!document.charts.isEmpty)
    }
}
