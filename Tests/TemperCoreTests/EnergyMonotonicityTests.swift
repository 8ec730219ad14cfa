import Foundation
import TemperAHAP
import Testing

@testable import TemperCore

/// Issue 32: adding to what plays never lowers what it costs, so no marginal price is negative, the prices of a
/// request list add up to their mix, and none is above the request's own price. Over seeded made-up patterns and
/// request lists (the same on every run), plus the strong-then-weak pair the issue names.
@Suite struct EnergyMonotonicityTests {
    typealias F = EnergyFixtures
    typealias R = RewriterFixtures
    let estimator = F.phone

    /// The case: a full 100 ms buzz, then a 10 ms tail at intensity 0.01. The tail's drop from the buzz is
    /// braked as the buzz's stop was, so the pair costs at least the buzz (today's model: 23.08 mJ against 27.78).
    @Test func aWeakTailNeverRemovesTheBrakingOfTheBuzzBeforeIt() {
        let buzz = F.continuous(duration: 0.1, intensity: 1)
        let alone = estimator.estimate(F.pattern(buzz)).energyMillijoules
        for tail in [0.01, 0.1, 0.5] {
            let pair = estimator.estimate(F.pattern(buzz, F.continuous(at: 0.1, duration: 0.01, intensity: tail)))
            #expect(pair.energyMillijoules >= alone, "buzz \(alone) mJ, with a tail at \(tail): \(pair.energyMillijoules) mJ")
        }
        let silentTail = estimator.estimate(F.pattern(buzz, F.continuous(at: 0.1, duration: 0.01, intensity: 0)))
        #expect(abs(silentTail.energyMillijoules - alone) < 1e-9)
    }

    /// The same pair as two requests through a ledger: the tail's price is what it adds (never below nothing, no
    /// clamp), and the two prices add up to the pair mixed (before: the tail's −4.70 mJ was charged 0, and the
    /// prices summed to 1.20× the mix).
    @Test func theTailsPriceIsWhatItAddsAndThePairAddsUpToItsMix() throws {
        let buzz = R.estimator.playbackSignal(of: R.haptic(F.pattern(F.continuous(duration: 0.1, intensity: 1)), id: "buzz").kind)
        let tail = R.estimator.playbackSignal(of: R.haptic(F.pattern(F.continuous(duration: 0.01, intensity: 0.01)), id: "tail").kind)
        var ledger = PlaybackLedger()
        ledger.admit(buzz, at: 0)
        let price = try #require(ledger.marginalEnergy(of: tail, at: 0.1)).totalMillijoules
        #expect(price >= 0)
        let pair = PlaybackLedgerTests.jointMillijoules([(buzz, 0), (tail, 0.1)])
        #expect(abs(buzz.estimate().energyMillijoules + price - pair) < 1e-9, "buzz + \(price) mJ against \(pair) mJ mixed")
    }

    /// A made-up pattern: a few continuous events and clicks over half a second, overlapping or not, at random
    /// intensities, durations and sharpness.
    static func randomEvents(_ generator: inout SeededGenerator, count: Int) -> [AHAPItem] {
        (0..<count).map { _ in randomEvent(&generator) }
    }

    static func randomEvent(_ generator: inout SeededGenerator) -> AHAPItem {
        let time = Double.random(in: 0...0.5, using: &generator)
        let intensity = Double.random(in: 0...1, using: &generator)
        let sharpness = Double.random(in: 0...1, using: &generator)
        guard Bool.random(using: &generator) else { return F.transient(at: time, intensity: intensity, sharpness: sharpness) }
        let duration = Double.random(in: 0.005...0.3, using: &generator)
        return F.continuous(at: time, duration: duration, intensity: intensity, sharpness: sharpness)
    }

    func millijoules(_ items: [AHAPItem]) -> Double { estimator.estimate(AHAPPattern(items: items)).energyMillijoules }

    /// The same event with its intensity or duration changed.
    static func changed(_ item: AHAPItem, intensity: Double? = nil, durationBy factor: Double = 1) -> AHAPItem {
        guard case .event(var event) = item else { return item }
        if let intensity, let index = event.parameters.firstIndex(where: { $0.id == .hapticIntensity }) {
            event.parameters[index].value = intensity
        }
        if let duration = event.duration { event.duration = duration * factor }
        return .event(event)
    }

    static func intensity(of item: AHAPItem) -> Double {
        guard case .event(let event) = item else { return 0 }
        return event.parameters.first { $0.id == .hapticIntensity }?.value ?? 0
    }

    /// Raising one event's intensity, lengthening one continuous event, or adding one event never lowers the price.
    @Test(arguments: 0..<8)
    func aPatternCostsNoLessWithMoreOfAnything(seed: UInt64) {
        var generator = SeededGenerator(seed: 3200 + seed)
        for _ in 0..<40 {
            let items = Self.randomEvents(&generator, count: Int.random(in: 1...6, using: &generator))
            let base = millijoules(items)
            let index = Int.random(in: 0..<items.count, using: &generator)
            var louder = items
            let raised = min(1, Self.intensity(of: items[index]) + Double.random(in: 0...0.5, using: &generator))
            louder[index] = Self.changed(items[index], intensity: raised)
            #expect(millijoules(louder) >= base - 1e-9, "louder event \(index) of \(items)")
            var longer = items
            longer[index] = Self.changed(items[index], durationBy: Double.random(in: 1...3, using: &generator))
            #expect(millijoules(longer) >= base - 1e-9, "longer event \(index) of \(items)")
            let more = items + [Self.randomEvent(&generator)]
            #expect(millijoules(more) >= base - 1e-9, "one event more than \(items)")
        }
    }

    /// A made-up request list: haptic patterns and sounds at uneven starts, near enough to mix, as a ledger decides
    /// them in order. Each price is at least zero and at most the request's own; their sum is their mix.
    @Test(arguments: 0..<6)
    func marginalPricesAddUpToTheMixAndStayWithinTheirOwn(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 3300 + seed)
        let kinds: [SensoryRequest.Kind] = [
            PlaybackLedgerTests.buzzRequest("buzz").kind,
            PlaybackLedgerTests.sound.kind,
            R.haptic(R.explosion, id: "explosion").kind,
            .system(.impact(.light, intensity: 0.6)),
        ]
        var ledger = PlaybackLedger()
        var placed: [(signal: PlaybackSignal, startSeconds: Double)] = []
        var charged = 0.0
        var start = 0.0
        for _ in 0..<30 {
            start += Double.random(in: 0...0.4, using: &generator)
            let kind: SensoryRequest.Kind =
                Bool.random(using: &generator)
                ? kinds.randomElement(using: &generator)!
                : R.haptic(
                    AHAPPattern(items: Self.randomEvents(&generator, count: Int.random(in: 1...4, using: &generator))),
                    id: "made-up"
                ).kind
            let signal = R.estimator.playbackSignal(of: kind)
            let alone = signal.estimate().energyMillijoules
            let price = ledger.marginalEnergy(of: signal, at: start)?.totalMillijoules ?? alone
            #expect(price >= -1e-9, "a negative price, \(price) mJ, at \(start) s")
            #expect(price <= alone + 1e-9, "a price above its own: \(price) mJ against \(alone) mJ at \(start) s")
            charged += price
            ledger.admit(signal, at: start)
            placed.append((signal, start))
        }
        let whole = PlaybackLedgerTests.jointMillijoules(placed)
        #expect(abs(charged - whole) <= 1e-6 * max(1, whole), "charged \(charged) mJ against \(whole) mJ mixed at once")
    }
}
