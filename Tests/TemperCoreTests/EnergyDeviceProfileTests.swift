import Foundation
import TemperCore
import TemperPatterns
import Testing

@Suite struct EnergyDeviceProfileTests {
    typealias F = EnergyFixtures

    @Test func theBuiltInProfilesLoadWithPhoneAsTheDefault() throws {
        #expect(F.library.availableNames() == ["gamepad", "headphones", "phone"])
        #expect(try F.library.profile().name == "phone")
        let profiles = try F.library.allProfiles()
        #expect(profiles.map(\.name) == ["gamepad", "headphones", "phone"])
        #expect(profiles.first { $0.name == "headphones" }?.audio.route == .headphones)
        #expect(profiles.first { $0.name == "gamepad" }?.haptics.actuatorCount == 2)
    }

    @Test(arguments: ["gamepad", "headphones", "phone"])
    func everyNumberNamesItsSource(name: String) throws {
        let profile = try F.profile(name)
        // 2 battery + 12 actuator + 12 driver + 5 audio + 9 thermal + 6 charging figures, and 2 per listed primitive.
        #expect(profile.provenance.count == 40 + 6 + 2 * profile.primitives.count)
        #expect(profile.provenance.keys.filter { $0.hasPrefix("primitives.") }.count == 2 * profile.primitives.count)
        #expect(profile.provenance["haptics.driverOutputLimit"] != nil)
        #expect(profile.provenance["haptics.clickEnergy"] != nil)
        #expect(profile.provenance.values.allSatisfy { $0.text.count > 10 })
        // The thermal model's figures are derived or assumed, never passed off as measured; the heat capacities, which
        // set every time constant, do not claim the one steady-state budget point as their source.
        let thermal = profile.provenance.filter { $0.key.hasPrefix("thermal.") }
        #expect(thermal.count == 9)
        // Where feedback heat enters the model: no published figure places it, so each profile says it is assumed.
        for key in ["thermal.actuatorHeatWeight", "thermal.amplifierHeatWeight"] {
            #expect(profile.provenance[key]?.kind == .assumed, "\(key)")
        }
        #expect(thermal.values.allSatisfy { $0.kind == .derived || $0.kind == .assumed })
        #expect(profile.provenance["thermal.internalHeatCapacity"]?.kind == .assumed)
        for key in ["thermal.internalHeatCapacity", "thermal.skinHeatCapacity"] {
            #expect(profile.provenance[key]?.text.contains("fit") == false, "\(key): \(profile.provenance[key]?.text ?? "")")
        }
        // The charging derating's thresholds are published (JEITA as TI's charger ICs implement it).
        for key in ["noChargeBelow", "fullChargeFrom", "fullChargeUpTo", "noChargeAbove"] {
            #expect(profile.provenance["charging.\(key)"]?.kind == .source, "\(key)")
        }
    }

    @Test func theReferencePhoneMatchesItsFile() throws {
        let file = try F.profile("phone")
        let reference = DeviceProfile.referencePhone
        #expect(file.name == reference.name)
        #expect(file.description == reference.description)
        #expect(file.battery == reference.battery)
        #expect(file.audio == reference.audio)
        #expect(file.thermal == reference.thermal)
        #expect(file.charging == reference.charging)
        #expect(file.charging == .jeita)
        for primitive in AndroidPrimitive.allCases {
            let (a, b) = (file.primitive(primitive), reference.primitive(primitive))
            #expect(abs(a.seconds - b.seconds) < 1e-12 && a.drive == b.drive, "\(primitive.rawValue)")
        }
        let a = file.haptics
        let b = reference.haptics
        #expect(abs(a.clickEnergyMillijoules - b.clickEnergyMillijoules) < 1e-9)
        #expect(abs(a.continuousMilliwatts - b.continuousMilliwatts) < 1e-9)
        for power in [\HapticDriverFigures.activeMilliwatts, \.idleMilliwatts, \.standbyMilliwatts, \.offMilliwatts] {
            #expect(abs(a.driver[keyPath: power] - b.driver[keyPath: power]) < 1e-12)
        }
        var aRest = a
        var bRest = b
        for power in [\HapticDriverFigures.activeMilliwatts, \.idleMilliwatts, \.standbyMilliwatts, \.offMilliwatts] {
            aRest.driver[keyPath: power] = 0
            bRest.driver[keyPath: power] = 0
        }
        for figures in [\HapticActuatorFigures.clickEnergyMillijoules, \.continuousMilliwatts] {
            aRest[keyPath: figures] = 0
            bRest[keyPath: figures] = 0
        }
        #expect(aRest == bRest)
    }

    @Test func unitsConvertAtTheBatteryVoltage() throws {
        let phone = try F.profile("phone")
        // The phone's haptic figures are in mJ, mW and ms; its driver's currents in mA and uA, at 3.7 V.
        #expect(abs(phone.haptics.clickEnergyMillijoules - 2.1) < 1e-9)
        #expect(abs(phone.haptics.continuousMilliwatts - 45.6) < 1e-9)
        #expect(abs(phone.haptics.riseSeconds - 0.034) < 1e-12)
        #expect(abs(phone.haptics.driver.activeMilliwatts - 3.5 * 3.7) < 1e-9)
        #expect(abs(phone.haptics.driver.standbyMilliwatts - 0.007 * 3.7) < 1e-12)
        // The gamepad's ERM click in uAh, at its own 3.65 V.
        let gamepad = try F.profile("gamepad")
        #expect(abs(gamepad.haptics.clickEnergyMillijoules - 1.819 * 3.6 * 3.65) < 1e-9)
        #expect(abs(phone.audio.spatialExtraFraction - 0.10) < 1e-12)
    }

    static let minimal = (try? String(contentsOfFile: F.devicesFolder + "/phone.yaml", encoding: .utf8)) ?? ""

    static func replacing(_ old: String, with new: String) -> String {
        precondition(minimal.contains(old), "fixture text not found: \(old)")
        return minimal.replacingOccurrences(of: old, with: new)
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var old: String
        var new: String
        var path: String
        var message: String
        init(_ old: String, _ new: String, _ path: String, _ message: String) {
            (self.old, self.new, self.path, self.message) = (old, new, path, message)
        }
        var testDescription: String { path }
    }

    static let badCases: [BadCase] = [
        (#"qualityFactor: {value: 15.5, source: "#, "qualityFactor: 15.5 #", "haptics.qualityFactor", "every number needs its source"),
        (
            #"resonance: {value: 145, unit: Hz, source: "AOSP"#, #"resonance: {value: 145, unit: Hz, sauce: "AOSP"#,
            "haptics.resonance.sauce", "unknown key 'sauce'"
        ),
        (
            #"riseTime: {value: 34, unit: ms, derived: "#, "riseTime: {value: 34, unit: ms} #", "haptics.riseTime",
            "no 'source', 'derived', 'assumed' or 'fitted'"
        ),
        (
            "clickDuration: {value: 12, unit: ms,", "clickDuration: {value: 12, unit: Hz,", "haptics.clickDuration.unit",
            "unit 'Hz' does not fit"
        ),
        ("  autosuspend:", "  keepAlive: {value: 1, unit: s, derived: x}\n  autosuspend:", "haptics.keepAlive", "unknown key 'keepAlive'"),
        ("fullScaleDrive: {value: 0.778,", "fullScaleDrive: {value: 5,", "haptics.fullScaleDrive", "above ratedDrive"),
        (
            "driverOutputLimit: {value: 7.78, unit: V,", "driverOutputLimit: {value: 7.78, unit: mA,", "haptics.driverOutputLimit.unit",
            "unit 'mA' does not fit"
        ),
        ("version: 1", "version: 2", "version", "not supported"),
        ("route: speaker", "route: earpiece", "audio.route", "expected one of speaker, headphones"),
        (
            "sharpnessHighFrequency: {value: 170,", "sharpnessHighFrequency: {value: 100,", "haptics.sharpnessHighFrequency",
            "below sharpnessLowFrequency"
        ),
        ("capacity: {value: 4355,", "capacity: {value: -5,", "battery.capacity", "out of range"),
        ("fullChargeUpTo: {value: 45,", "fullChargeUpTo: {value: 5,", "charging.fullChargeUpTo", "below the threshold before it"),
        ("warmCurrent: {value: 40,", "warmCurrent: {value: 140,", "charging.warmCurrent", "out of range"),
        (
            #"hotspotWeight: {value: 0.5, assumed: "#, #"hotspotWeight: {value: 0.5, derived: "x", assumed: "#, "thermal.hotspotWeight",
            "not several"
        ),
    ].map { BadCase($0.0, $0.1, $0.2, $0.3) }

    @Test(arguments: badCases)
    func badProfilesAreErrorsWithTheirKeyPathAndPlace(bad: BadCase) throws {
        let (path, message) = (bad.path, bad.message)
        let text = Self.replacing(bad.old, with: bad.new)
        let error = try #require(throws: TemperError.self) { try DeviceProfile.parse(yaml: text, file: "bad.yaml") }
        #expect(error.path == path)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.file == "bad.yaml")
        #expect(error.line != nil && error.column != nil)
        #expect(error.description.hasPrefix("bad.yaml:"))
    }

    @Test func everyProblemIsListed() {
        let text = Self.replacing("qualityFactor: {value: 15.5, source: ", with: "qualityFactor: 15.5 #")
            .replacingOccurrences(of: "lossRatio: {value: 0.66, derived: ", with: "lossRatio: 0.66 #")
        let problems = DeviceProfile.problems(yaml: text, file: "bad.yaml")
        #expect(problems.map(\.path) == ["haptics.qualityFactor", "haptics.lossRatio"])
        #expect(DeviceProfile.problems(yaml: Self.minimal).isEmpty)
    }

    @Test func unknownDevicesNameTheAvailableOnes() {
        let error = #expect(throws: TemperError.self) { try F.library.profile("toaster") }
        #expect(error?.code == .unknownDevice)
        #expect(error?.message.contains("gamepad, headphones, phone") == true)
        let missing = #expect(throws: TemperError.self) { try F.library.profile("/nowhere/phone.yaml") }
        #expect(missing?.code == .unreadableFile)
    }

    @Test func aProfileCanBeNamedByItsPath() throws {
        let profile = try F.library.profile(F.devicesFolder + "/gamepad.yaml")
        #expect(profile.name == "gamepad")
        #expect(ConfigurationSearch.isPath("custom.yaml"))
        #expect(!ConfigurationSearch.isPath("phone"))
    }
}
