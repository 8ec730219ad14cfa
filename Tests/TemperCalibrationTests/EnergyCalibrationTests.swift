import Foundation
import TemperAHAP
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

@Suite("Energy calibration")
struct EnergyCalibrationTests {
    static let base = DeviceProfile.referencePhone

    /// Actuator figures a fit must recover; deliberately not the phone's, which the fit starts from.
    static let truth: DeviceProfile = {
        var profile = base
        profile.haptics.clickEnergyMillijoules = 6.1
        profile.haptics.continuousMilliwatts = 172
        profile.haptics.resonanceHertz = 151
        profile.haptics.qualityFactor = 9.5
        profile.haptics.intensityExponent = 1.8
        profile.haptics.driver.idleMilliwatts = 3.4
        return profile
    }()

    static func event(_ type: AHAPEventType, at time: Double, duration: Double? = nil, intensity: Double, sharpness: Double) -> AHAPItem {
        .event(
            AHAPEvent(
                type: type,
                time: time,
                duration: duration,
                parameters: [.init(id: .hapticIntensity, value: intensity), .init(id: .hapticSharpness, value: sharpness)]
            )
        )
    }

    /// A measurement plan that varies what each figure governs: clicks and buzzes across intensity and sharpness,
    /// and click pairs whose silence is shorter than the driver's active timeout (its idle draw).
    static let patterns: [(name: String, pattern: AHAPPattern, repetitions: Int)] = {
        var plan: [(String, AHAPPattern, Int)] = []
        for intensity in [0.35, 0.7, 1.0] {
            for sharpness in [0.35, 0.5, 0.65, 0.8] {
                plan.append(
                    (
                        "click \(intensity) \(sharpness)",
                        AHAPPattern(items: [event(.hapticTransient, at: 0, intensity: intensity, sharpness: sharpness)]), 20
                    )
                )
                plan.append(
                    (
                        "buzz \(intensity) \(sharpness)",
                        AHAPPattern(items: [event(.hapticContinuous, at: 0, duration: 0.5, intensity: intensity, sharpness: sharpness)]), 5
                    )
                )
            }
        }
        for gap in [0.05, 0.12, 0.2] {
            plan.append(
                (
                    "pair \(gap)",
                    AHAPPattern(items: [
                        event(.hapticTransient, at: 0, intensity: 0.5, sharpness: 0.5),
                        event(.hapticTransient, at: gap, intensity: 0.5, sharpness: 0.5),
                    ]),
                    20
                )
            )
        }
        return plan
    }()

    /// Measurements of `patterns` on `profile`, each with Gaussian noise of `relativeNoise` of its energy (the
    /// standard deviation written in the file) and quantised to 1 µJ, as an energy counter reports it.
    static func measurements(
        on profile: DeviceProfile,
        relativeNoise: Double = 0.01,
        seed: UInt64 = 7,
        writeDeviation: Bool = true
    ) -> [EnergyMeasurement] {
        var random = SeededGenerator(seed: seed)
        func gaussian() -> Double {
            let u = max(Double(random.next() >> 11) / Double(1 << 53), 1e-300)
            let v = Double(random.next() >> 11) / Double(1 << 53)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        let estimator = EnergyEstimator(profile: profile)
        return patterns.enumerated().map { index, planned in
            let truth = Double(planned.repetitions) * estimator.estimate(planned.pattern).energyMillijoules
            let deviation = relativeNoise * truth
            let measured = ((truth + deviation * gaussian()) * 1000).rounded() / 1000
            let row = EnergyMeasurementRow(
                patternPath: planned.name,
                millijoules: measured,
                repetitions: planned.repetitions,
                standardDeviation: writeDeviation ? deviation : nil,
                line: index + 1
            )
            return EnergyMeasurement(row: row, pattern: planned.pattern)
        }
    }

    @Test func syntheticMeasurementsRecoverTheFiguresWithinTheirIntervals() throws {
        let fit = try EnergyCalibration.fit(base: Self.base, measurements: Self.measurements(on: Self.truth))
        #expect(fit.keys == EnergyCalibration.fittableKeys)
        for (key, value) in fit.figures {
            let truth = try #require(Self.figure(key, in: Self.truth))
            #expect(value.contains(truth), "\(key): \(truth) not in \(value.low)...\(value.high) (fitted \(value.value))")
            #expect(value.low < value.value && value.value < value.high)
            #expect((value.high - value.low) / truth < 0.5, "\(key) is pinned down, not merely bracketed")
        }
        #expect(fit.rmseMillijoules > 0)
        #expect(fit.predictedMillijoules.count == Self.patterns.count)
        #expect(fit.profile.haptics.qualityFactor == fit.figures.first { $0.key == "qualityFactor" }?.value.value)
    }

    /// The intervals are honest across noise draws, not only for one lucky seed: over 20 draws each figure's
    /// 95 % interval holds the truth at least 16 times (a 95 % interval misses 1 in 20 on average; 16 or fewer
    /// hits out of 20 happens with probability under 2 %).
    @Test func theIntervalsCoverTheTruthAcrossNoiseDraws() throws {
        var hits = [String: Int]()
        for seed in 100..<120 {
            let fit = try EnergyCalibration.fit(base: Self.base, measurements: Self.measurements(on: Self.truth, seed: UInt64(seed)))
            for (key, value) in fit.figures where value.contains(try #require(Self.figure(key, in: Self.truth))) {
                hits[key, default: 0] += 1
            }
        }
        for key in EnergyCalibration.fittableKeys { #expect(hits[key, default: 0] >= 16, "\(key): \(hits[key, default: 0]) of 20") }
    }

    @Test func withoutDeviationsTheIntervalsComeFromTheResiduals() throws {
        let fit = try EnergyCalibration.fit(
            base: Self.base,
            measurements: Self.measurements(on: Self.truth, seed: 21, writeDeviation: false),
            keys: ["clickEnergy", "continuousPower", "intensityExponent"]
        )
        #expect(fit.keys == ["clickEnergy", "continuousPower", "intensityExponent"])
        // The three unfitted figures are the base's (wrong), so the fit is biased; it must say so in its RMSE.
        #expect(fit.rmseMillijoules > 0)
        for (_, value) in fit.figures { #expect(value.low < value.high) }
    }

    @Test func exactMeasurementsAreReproducedExactly() throws {
        let fit = try EnergyCalibration.fit(
            base: Self.base,
            measurements: Self.measurements(on: Self.truth, relativeNoise: 1e-7),
            keys: ["clickEnergy", "continuousPower"]
        )
        // Fitting two figures when four others differ leaves a misfit; fitting all six does not.
        let all = try EnergyCalibration.fit(base: Self.base, measurements: Self.measurements(on: Self.truth, relativeNoise: 1e-7))
        #expect(all.rmseMillijoules < 0.01)
        #expect(fit.rmseMillijoules > all.rmseMillijoules)
    }

    @Test func aFigureTheMeasurementsDoNotReachIsAnErrorNamingIt() throws {
        let clicksOnly = Self.measurements(on: Self.truth).filter { $0.row.patternPath.hasPrefix("click") }
        let error = #expect(throws: TemperError.self) {
            try EnergyCalibration.fit(base: Self.base, measurements: clicksOnly, keys: ["clickEnergy", "continuousPower"])
        }
        #expect(error?.code == .cannotCalibrate)
        #expect(error?.message.contains("continuousPower") == true, "\(error?.message ?? "")")
        let unknown = #expect(throws: TemperError.self) {
            try EnergyCalibration.fit(base: Self.base, measurements: clicksOnly, keys: ["clickEnergy", "rumble"])
        }
        #expect(unknown?.message.contains("rumble") == true)
    }

    static func figure(_ key: String, in profile: DeviceProfile) -> Double? {
        let haptics = profile.haptics
        return switch key {
        case "clickEnergy": haptics.clickEnergyMillijoules
        case "continuousPower": haptics.continuousMilliwatts
        case "resonance": haptics.resonanceHertz
        case "qualityFactor": haptics.qualityFactor
        case "intensityExponent": haptics.intensityExponent
        case "driverIdle": haptics.driver.idleMilliwatts
        default: nil
        }
    }

    // MARK: The measurements file

    @Test func aMeasurementsFileReadsWithAHeaderCommentsQuotesAndOptionalColumns() throws {
        let text = """
            pattern,millijoules,repetitions,sd
            # idle-subtracted, 20 runs each
            ui-tap.ahap, 180.5, 20, 2.1
            "a, b.ahap",12,,0.5\r
            """
        let rows = try EnergyMeasurementsCSV.parse(text, file: "m.csv")
        #expect(rows.map(\.patternPath) == ["ui-tap.ahap", "a, b.ahap"])
        #expect(rows.map(\.repetitions) == [20, 1])
        #expect(rows.map(\.line) == [3, 4])
        #expect(rows[1].standardDeviation == 0.5)
    }

    @Test(arguments: [
        ("a.ahap,abc\n", 1, "measured energy 'abc'"),
        ("a.ahap,1\nb.ahap\n", 2, "expected 2 to 4 columns"),
        ("a.ahap,1,0\n", 1, "repetitions '0'"),
        ("a.ahap,1,2,-1\n", 1, "standard deviation '-1'"),
        ("a.ahap,1,2,1\nb.ahap,2\n", 2, "on every row or on none"),
        ("a.ahap,-4\n", 1, "measured energy '-4'"),
        ("\"a.ahap,4\n", 1, "quoted field is not closed"),
        (",4\n", 1, "pattern column is empty"),
    ])
    func badFilesAreOneLineErrorsWithFileAndLine(text: String, line: Int, message: String) {
        let error = #expect(throws: TemperError.self) { try EnergyMeasurementsCSV.parse("pattern,mJ\n" + text, file: "m.csv") }
        #expect(error?.line == line + 1)
        #expect(error?.description.hasPrefix("m.csv:\(line + 1): ") == true, "\(error?.description ?? "")")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func anEmptyFileSaysWhatItShouldHold() {
        let error = #expect(throws: TemperError.self) { try EnergyMeasurementsCSV.parse("# nothing yet\n", file: "m.csv") }
        #expect(error?.message.contains("no measurements") == true)
    }
}
