import TemperAHAP
import TemperCore
import Testing

@testable import TemperCalibration

/// Issue 34: `calibrate energy` re-priced every row at every step (10,000 rows took 31 s), never finished 10^6
/// rows, and read a CSV with Windows line endings as one line.
@Suite struct MeasurementBoundsTests {
    @Test func windowsLineEndingsAreLines() throws {
        let rows = try EnergyMeasurementsCSV.parse("pattern,mJ\r\na.ahap,3\r\nb.ahap,4\r\n", file: "m.csv")
        #expect(rows.map(\.patternPath) == ["a.ahap", "b.ahap"])
        #expect(rows.map(\.line) == [2, 3])
    }

    @Test func rowsPastTheLimitAreRefusedNamingIt() {
        let text = String(repeating: "a.ahap,3\n", count: EnergyMeasurementsCSV.maxRows + 1)
        let error = #expect(throws: TemperError.self) { try EnergyMeasurementsCSV.parse(text, file: "m.csv") }
        #expect(error?.description == "m.csv:100001: more than 100000 measurements, the most one calibration reads")
    }

    /// 10,000 rows of two patterns are priced as two, and each row keeps its own pattern's price.
    @Test func eachDistinctPatternIsPricedOnce() throws {
        let click = try AHAPReader.read(Array(#"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}}]}"#.utf8)).pattern
        let buzz = try AHAPReader.read(
            Array(#"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous","EventDuration":0.2}}]}"#.utf8)
        ).pattern
        let measurements = (0..<10_000).map { index in
            EnergyMeasurement(
                row: EnergyMeasurementRow(
                    patternPath: index.isMultiple(of: 2) ? "click" : "buzz",
                    millijoules: 1,
                    repetitions: 1 + index % 3,
                    line: index + 1
                ),
                pattern: index.isMultiple(of: 2) ? click : buzz
            )
        }
        let distinct = EnergyCalibration.DistinctPatterns(measurements)
        #expect(distinct.patterns.count == 2)
        let predicted = EnergyCalibration.predictions(
            base: .referencePhone,
            keys: [],
            values: [],
            measurements: measurements,
            distinct: distinct
        )
        let estimator = EnergyEstimator(profile: .referencePhone, options: .init(maxSeriesPoints: 0, tracksPower: false))
        for index in [0, 1, 2, 9_999] {
            let each = estimator.estimate(measurements[index].pattern).energyMillijoules
            #expect(predicted[index] == Double(measurements[index].row.repetitions) * each)
        }
    }
}
