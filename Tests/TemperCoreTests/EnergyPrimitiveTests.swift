import Foundation
import TemperCore
import TemperPatterns
import Testing

/// Android primitives play as long as the device says (`getPrimitiveDurations` differs by device), from the
/// profile's `primitives:` table, or a documented default without one.
@Suite struct EnergyPrimitiveTests {
    typealias F = EnergyFixtures

    static func composition(_ entries: [AndroidCompositionEntry]) -> PatternTimeline {
        AndroidCompositionEntry.timeline(entries)
    }

    static func withoutTable(_ profile: DeviceProfile) -> DeviceProfile {
        var profile = profile
        profile.primitives = [:]
        return profile
    }

    @Test func thePhoneListsEveryPrimitiveWithItsSource() throws {
        let phone = try F.profile("phone")
        #expect(Set(phone.primitives.keys) == Set(AndroidPrimitive.allCases))
        #expect(phone.primitive(.thud) == PrimitiveFigures(seconds: 0.3, drive: 1))
        #expect(phone.primitive(.slowRise) == PrimitiveFigures(seconds: 0.5, drive: 0.5))
        #expect(phone.provenance["primitives.thud.duration"]?.kind == .source)
        #expect(phone.provenance["primitives.slow_rise.drive"]?.kind == .derived)
        // Every primitive's length is the HAL's own figure, and its drive says how it follows from the HAL.
        for primitive in AndroidPrimitive.allCases {
            #expect(phone.provenance["primitives.\(primitive.rawValue).duration"]?.kind == .source, "\(primitive)")
            #expect(phone.provenance["primitives.\(primitive.rawValue).drive"]?.kind == .derived, "\(primitive)")
        }
    }

    /// Issue 32, item 4: the HAL plays its click at the actuator's resonance, so a composition click, the
    /// predefined heavy click (the same waveform at full voltage) and an AHAP full click at resonance agree within
    /// 10 %; the predefined click is that waveform at 0.7 of its voltage (0.49 of its power) and the tick a 5 ms
    /// waveform, so each costs less than a click.
    @Test func clicksAgreeAcrossFormatsAndATickCostsLess() throws {
        let phone = EnergyEstimator(profile: try F.profile("phone"))
        func price(_ timeline: PatternTimeline) -> Double { phone.estimate(timeline).energyMillijoules }
        let composed = price(Self.composition([.init(primitive: .click)]))
        let heavy = price(PatternTimeline(source: .androidXML, transients: AndroidPredefinedEffect.heavyClick.transients))
        let predefined = price(PatternTimeline(source: .androidXML, transients: AndroidPredefinedEffect.click.transients))
        let ahap = phone.estimate(F.pattern(F.transient(intensity: 1, sharpness: 0.5))).energyMillijoules
        #expect(abs(composed / ahap - 1) <= 0.10, "composition click \(composed) mJ against the AHAP full click \(ahap) mJ")
        #expect(abs(heavy / ahap - 1) <= 0.10, "predefined heavy click \(heavy) mJ against \(ahap) mJ")
        #expect(predefined < composed, "predefined click \(predefined) mJ")
        // Like for like: the HAL's CLICK and TICK are the click waveform at 0.7 and 0.5 of its voltage, so each is
        // priced as an AHAP click at that intensity (within 10 %), not as a full one.
        for (effect, voltage) in [(AndroidPredefinedEffect.click, 0.7), (.tick, 0.5)] {
            let played = price(PatternTimeline(source: .androidXML, transients: effect.transients))
            let ahapAtVoltage = phone.estimate(F.pattern(F.transient(intensity: voltage, sharpness: 0.5))).energyMillijoules
            #expect(abs(played / ahapAtVoltage - 1) <= 0.10, "predefined \(effect) \(played) mJ against \(ahapAtVoltage) mJ")
        }
        let tick = price(Self.composition([.init(primitive: .tick)]))
        #expect(tick < composed, "tick \(tick) mJ against click \(composed) mJ")
        let predefinedTick = price(PatternTimeline(source: .androidXML, transients: AndroidPredefinedEffect.tick.transients))
        #expect(predefinedTick < predefined)
        // Not the primitive of the same name (a 5 ms light tick at 5/12 of a click's drive): the click waveform.
        #expect(predefinedTick > tick * 0.5 && predefinedTick != tick, "predefined tick \(predefinedTick) mJ, primitive \(tick) mJ")
        // The pitch a file suggests for other targets does not move the price of a HAL waveform.
        var pitched = Self.composition([.init(primitive: .click)])
        pitched.transients[0].frequency = 1
        #expect(price(pitched) == composed)
    }

    @Test func aProfileWithoutATablePlaysTheDefault() throws {
        let gamepad = try F.profile("gamepad")
        #expect(gamepad.primitives.isEmpty)
        for primitive in AndroidPrimitive.allCases {
            #expect(gamepad.primitive(primitive) == PrimitiveFigures(seconds: primitive.typicalSeconds, drive: 1))
        }
    }

    @Test func laterPrimitivesOfACompositionMoveWithTheDevicesLengths() throws {
        let phone = try F.profile("phone")
        let timeline = Self.composition([.init(primitive: .thud), .init(primitive: .click, delayMs: 50), .init(primitive: .tick)])
        let played = timeline.primitivesPlayed(on: phone)
        #expect(played.transients.map(\.duration) == [0.3, 0.012, 0.005])
        let times = played.transients.map(\.time)
        #expect(times[0] == 0)
        #expect(abs(times[1] - 0.35) < 1e-12, "the click starts 50 ms after the 300 ms thud ends")
        #expect(abs(times[2] - 0.362) < 1e-12)
        #expect(timeline.primitivesPlayed(on: Self.withoutTable(phone)) == timeline, "the default is what the reader lays out")
    }

    @Test func aThudCostsWhatItsLengthOnTheDeviceCosts() throws {
        let phone = try F.profile("phone")
        let thud = Self.composition([.init(primitive: .thud)])
        let withTable = EnergyEstimator(profile: phone).estimate(thud).energyMillijoules
        let standard = EnergyEstimator(profile: Self.withoutTable(phone)).estimate(thud).energyMillijoules
        #expect(withTable > standard * 1.5, "300 ms on this phone against the 100 ms default: \(withTable) vs \(standard) mJ")
    }

    @Test func aRampCostsLessThanTheSameLengthHeld() throws {
        var phone = try F.profile("phone")
        let rise = Self.composition([.init(primitive: .slowRise)])
        let ramp = EnergyEstimator(profile: phone).estimate(rise).energyMillijoules
        phone.primitives[.slowRise]?.drive = 1
        let held = EnergyEstimator(profile: phone).estimate(rise).energyMillijoules
        #expect(ramp < held)
        #expect(ramp > 0)
    }

    @Test func aPrimitivesTableIsCheckedLikeEveryOtherFigure() throws {
        let text = try String(contentsOfFile: F.devicesFolder + "/phone.yaml", encoding: .utf8)
        let bare = text.replacingOccurrences(of: "  thud: {duration: {value: 300, unit: ms,", with: "  thud: {duration: {value: 300,")
        #expect(throws: TemperError.self) { try DeviceProfile.parse(yaml: bare, file: "phone.yaml") }
        let unknown = text.replacingOccurrences(of: "  thud: {", with: "  thump: {")
        let error = try #require(throws: TemperError.self) { try DeviceProfile.parse(yaml: unknown, file: "phone.yaml") }
        #expect(error.description.contains("primitives") && error.description.contains("thump"))
        let louder = text.replacingOccurrences(of: "drive: {value: 0.5,", with: "drive: {value: 1.5,")
        #expect(throws: TemperError.self) { try DeviceProfile.parse(yaml: louder, file: "phone.yaml") }
    }
}
