import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

/// The thermal model's physics: the hotspot stays between skin and internal, insulation changes how fast the
/// device sheds heat (not the air), and a charger fills the battery while its loss heats the device.
@Suite struct InsulationAndChargingTests {
    static func shippedScenarioNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: SimulationFixtures.scenarios.path).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func everyShippedScenarioKeepsTheHotspotBetweenSkinAndInternal() async throws {
        let names = try Self.shippedScenarioNames()
        #expect(names.count >= 3)
        for name in names {
            let scenario = try Scenario.load(contentsOf: SimulationFixtures.scenarios.appendingPathComponent(name))
            let result = await SimulationFixtures.run(try HeatInputTests.shipped(scenario))
            for sample in result.withPolicy.timeline + result.baseline.timeline {
                // Samples are rounded to 1 m°C each.
                let low = min(sample.skinCelsius, sample.internalCelsius) - 0.0015
                let high = max(sample.skinCelsius, sample.internalCelsius) + 0.0015
                #expect(
                    (low...high).contains(sample.hotspotCelsius),
                    "\(name) at \(sample.timeSeconds) s: hotspot \(sample.hotspotCelsius), skin \(sample.skinCelsius), internal \(sample.internalCelsius)"
                )
            }
        }
    }

    @Test func theHotspotCannotPassTheInternalNodeWhenTheRoomCools() {
        // The old "factor over ambient" hotspot read above the internal node when ambient dropped; a weighted point cannot.
        var model = ThermalModel(internalCelsius: 45, skinCelsius: 44)
        for _ in 0..<600 {
            model.step(seconds: 1, powerWatts: 0.3, ambientCelsius: 10)
            #expect(model.hotspotCelsius <= max(model.internalCelsius, model.skinCelsius) + 1e-9)
            #expect(model.hotspotCelsius >= min(model.internalCelsius, model.skinCelsius) - 1e-9)
        }
    }

    static func constantRun(
        insulation: [InsulationSegment] = [],
        charging: [ChargingSegment] = [],
        derating: ChargeDerating = .jeita,
        hours: Double = 4
    ) async throws -> SimulationResult {
        var scenario = Scenario(
            name: "constant",
            durationSeconds: hours * 3600,
            timeStepSeconds: 1,
            ambient: .constant(25),
            workload: [WorkloadSegment(name: "work", watts: 2, startSeconds: 0, durationSeconds: hours * 3600)],
            initial: InitialState(batteryPercentage: 20, onBattery: true)
        )
        scenario.insulation = insulation
        scenario.charging = charging
        var setup = try SimulationFixtures.setup(scenario)
        setup.battery.charging = derating
        return await SimulationFixtures.run(setup)
    }

    /// A charger that never derates, for tests about the charging path itself.
    static let neverDerates = ChargeDerating(
        noChargeBelowCelsius: -40,
        fullChargeFromCelsius: -40,
        fullChargeUpToCelsius: 150,
        noChargeAboveCelsius: 150,
        coolFraction: 1,
        warmFraction: 1
    )

    @Test func insulationRaisesTheSteadyStateByPowerTimesItsResistanceAndLeavesTheAirAlone() async throws {
        let bare = try await Self.constantRun()
        let wrapped = try await Self.constantRun(insulation: [
            InsulationSegment(name: "towel", kelvinPerWatt: 10, span: TimeSpan(startSeconds: 0, durationSeconds: 4 * 3600))
        ])
        let bareEnd = try #require(bare.withPolicy.timeline.last)
        let wrappedEnd = try #require(wrapped.withPolicy.timeline.last)
        // 2 W through the case's 5 K/W (+ the towel's 10 K/W) to 25 °C air.
        #expect(abs(bareEnd.skinCelsius - 35) < 0.05)
        #expect(abs(wrappedEnd.skinCelsius - 55) < 0.6)
        #expect(wrapped.withPolicy.timeline.allSatisfy { $0.ambientCelsius == 25 })
        #expect(wrappedEnd.insulationKelvinPerWatt == 10 && bareEnd.insulationKelvinPerWatt == 0)
    }

    @Test func unwrappingLetsTheDeviceCoolBackInTheSameRoom() async throws {
        let result = try await Self.constantRun(
            insulation: [
                InsulationSegment(name: "towel", kelvinPerWatt: 10, span: TimeSpan(startSeconds: 0, durationSeconds: 3600))
            ],
            hours: 4
        )
        let timeline = result.withPolicy.timeline
        let atUnwrap = try #require(timeline.last { $0.timeSeconds <= 3600 })
        let end = try #require(timeline.last)
        #expect(atUnwrap.skinCelsius > 45)
        #expect(abs(end.skinCelsius - 35) < 0.3)
    }

    @Test func aChargerFillsTheBatteryAndItsLossHeatsTheDevice() async throws {
        let capacityJoules = BatteryParameters(profile: SimulationFixtures.phone).capacityJoules
        let charger = ChargingSegment(name: "charger", watts: 10, efficiency: 0.8, span: TimeSpan(startSeconds: 0, durationSeconds: 3600))
        #expect(abs(charger.lossWatts(chargeWatts: 10) - 2.5) < 1e-12)
        let plain = try await Self.constantRun(hours: 1)
        let charged = try await Self.constantRun(charging: [charger], derating: Self.neverDerates, hours: 1)
        let plainEnd = try #require(plain.withPolicy.timeline.last)
        let chargedEnd = try #require(charged.withPolicy.timeline.last)
        // On battery the 2 W workload drains it; on the charger the cell gains 10 W for an hour.
        #expect(plainEnd.batteryPercentage < 20)
        #expect(abs(chargedEnd.batteryPercentage - (20 + 10 * 3600 / capacityJoules * 100)) < 0.1)
        #expect(charged.withPolicy.timeline.allSatisfy { $0.chargingWatts == 10 && abs($0.chargerLossWatts - 2.5) < 1e-6 })
        // 2.5 W more heat: the skin ends hotter than without the charger.
        #expect(chargedEnd.skinCelsius > plainEnd.skinCelsius + 5)
    }

    @Test func chargingDeratesWithTheCellTemperatureAsJEITASays() {
        let jeita = ChargeDerating.jeita
        let fractions = [-5, 0, 5, 10, 25, 45, 45.1, 58.7, 60, 60.1].map { jeita.fraction(atCelsius: $0) }
        #expect(fractions == [0, 0.2, 0.2, 1, 1, 1, 0.4, 0.4, 0.4, 0])
        #expect(jeita.fraction(atCelsius: .nan) == 0)
        // Summer-car's 7.5 W charger with the cell at 58.7 °C: 40 %, 3 W, not 7.5 W.
        var battery = BatteryModel(parameters: BatteryParameters(profile: SimulationFixtures.phone), percentage: 55, onBattery: false)
        #expect(abs(battery.charge(powerWatts: 7.5, seconds: 1, cellCelsius: 58.7) - 3) < 1e-12)
        #expect(battery.charge(powerWatts: 7.5, seconds: 1, cellCelsius: 61) == 0)
        #expect(battery.charge(powerWatts: 7.5, seconds: 1, cellCelsius: 30) == 7.5)
    }

    @Test func summerCarChargesLessOnceTheCellIsWarm() async throws {
        let result = await SimulationFixtures.run(try SimulationFixtures.setup("summer-car"))
        for run in [result.withPolicy, result.baseline] {
            let timeline = run.timeline
            // It starts cool and charges at the charger's 7.5 W, then the cabin heats the cell past 45 °C.
            #expect(timeline.first?.chargingWatts == 7.5)
            #expect(timeline.contains { $0.internalCelsius > 46 })
            for sample in timeline where sample.internalCelsius > 45.5 {
                #expect(
                    sample.chargingWatts <= 7.5 * 0.4 + 1e-9,
                    "\(sample.timeSeconds) s: \(sample.chargingWatts) W at \(sample.internalCelsius) °C"
                )
            }
            // The charger's loss follows what went into the cell: less heat than charging at 7.5 W throughout.
            #expect(run.chargerLossJoules < 7.5 * (1 - 0.85) / 0.85 * 2400 - 100)
        }
    }

    @Test func aFullBatteryStopsChargingAndStopsTheLoss() async throws {
        var scenario = Scenario(name: "full", durationSeconds: 1800, timeStepSeconds: 1, initial: InitialState(batteryPercentage: 99.9))
        scenario.charging = [
            ChargingSegment(name: "charger", watts: 20, efficiency: 0.9, span: TimeSpan(startSeconds: 0, durationSeconds: 1800))
        ]
        let result = await SimulationFixtures.run(try SimulationFixtures.setup(scenario))
        let end = try #require(result.withPolicy.timeline.last)
        #expect(end.batteryPercentage <= 100 && end.batteryPercentage > 99.99)
        #expect(end.chargingWatts == 0 && end.chargerLossWatts == 0)
    }

    @Test func theBatteryReportsChargingAndDischargingAsUPowerWould() {
        var battery = BatteryModel(percentage: 50, onBattery: false)
        battery.charge(powerWatts: 5, seconds: 1)
        let charging = battery.state(powerWatts: 1)
        #expect(charging.state == "charging" && charging.energyRateWatts == 5 && charging.timeToFullSeconds != nil)
        battery.onBattery = true
        battery.stopCharging()
        battery.drain(powerWatts: 1, seconds: 1)
        #expect(battery.state(powerWatts: 1).state == "discharging")
    }

    @Test func theScenarioReaderReadsInsulationAndCharging() throws {
        let scenario = try Scenario.load(
            yaml: """
                name: x
                duration: 30 min
                insulation:
                  - { name: towel, resistance: 10 K/W, from: 1 min, until: 20 min }
                charging:
                  - { name: car, power: 7.5 W, efficiency: 85 %, from: 5 min, for: 10 min }
                """
        )
        #expect(scenario.insulationKelvinPerWatt(at: 30) == 0)
        #expect(scenario.insulationKelvinPerWatt(at: 600) == 10)
        #expect(scenario.insulationKelvinPerWatt(at: 1200) == 0)
        #expect(scenario.charger(at: 600)?.efficiency == 0.85)
        #expect(scenario.onBattery(at: 60) && !scenario.onBattery(at: 600) && scenario.onBattery(at: 1000))
    }
}
