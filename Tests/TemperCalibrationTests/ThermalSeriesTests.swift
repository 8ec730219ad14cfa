import Foundation
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

@Suite("Thermal series from traces")
struct ThermalSeriesTests {
    /// A line as `temper record` and `simulate --record-trace` wrote them before traces carried energy counters.
    static func oldLine(time: Int, watts: Double, internalCelsius: Double, skin: Double) -> String {
        #"{"battery":{"batteries":[],"onBattery":true,"percentage":60,"present":true,"state":"discharging","status":"available","warningLevel":"discharging"},"powerProfile":{"activeProfile":"balanced","performanceDegraded":""},"powerReadings":[{"chip":"sim/power","chipName":"simulated","health":{"status":"ok"},"kind":"power","label":"system","value":\#(watts)}],"temperatures":[{"celsius":\#(internalCelsius),"chip":"sim/internal","chipName":"simulated","health":{"status":"ok"},"label":"internal","source":"simulated"},{"celsius":\#(skin),"chip":"sim/skin","chipName":"simulated","health":{"status":"ok"},"label":"skin","source":"simulated"}],"timestamp":\#(1_767_225_600 + time)}"#
    }

    @Test func oldTracesWithOnlyAPowerReadingStillRead() throws {
        let text = (0..<30).map {
            Self.oldLine(time: $0 * 10, watts: $0 < 15 ? 0.5 : 3, internalCelsius: 27 + Double($0) / 10, skin: 26 + Double($0) / 20)
        }
        .joined(separator: "\n")
        let snapshots = try TraceFile.read(Data(text.utf8), file: "old.jsonl").snapshots
        let series = try ThermalSeries(snapshots: snapshots, name: "old.jsonl")
        #expect(series.powerSource == "simulated/system (power reading)")
        #expect(series.powerWatts[20] == 3 && series.times[29] == 290)
        #expect(series.internalCelsius[10] == 28 && series.hotspotCelsius[10] == 26.5)
    }

    @Test func anEnergyCounterGivesTheMeanPowerBetweenSamples() throws {
        let snapshots = (0..<25).map { index in
            HostSnapshot(
                time: Double(index) * 2,
                temperatures: [
                    TemperatureReading(chip: "t/a", chipName: "coretemp-isa-0000", label: "Package id 0", celsius: 40),
                    TemperatureReading(chip: "t/b", chipName: "acpitz-acpi-0", label: "temp1", celsius: 35),
                ],
                powerReadings: [
                    PowerReading(
                        chip: "/sys/class/powercap/intel-rapl:0",
                        chipName: "intel-rapl:0",
                        label: "package-0",
                        kind: .energy,
                        value: Double(index * index)
                    ),
                    PowerReading(chip: "/sys/class/power_supply/BAT0", chipName: "BAT0", label: "power_now", kind: .power, value: 9),
                ]
            )
        }
        let selection = ThermalSeries.Selection(internalSensor: "coretemp-isa-0000/Package id 0", skinSensor: "t/b")
        let series = try ThermalSeries(snapshots: snapshots, name: "laptop.jsonl", selection: selection)
        #expect(series.powerSource == "intel-rapl:0/package-0 (energy counter)")
        // (k² − (k−1)²) J over 2 s.
        #expect(series.powerWatts[5] == 4.5)
        let battery = try ThermalSeries(
            snapshots: snapshots,
            name: "laptop.jsonl",
            selection: .init(internalSensor: "Package id 0", skinSensor: "temp1", power: "BAT0/power_now")
        )
        #expect(battery.powerWatts.allSatisfy { $0 == 9 })
    }

    @Test func unreadableSamplesAreLeftOutAndTheEnergyCounterSpansTheGap() throws {
        let snapshots = (0..<25).map { (index: Int) -> HostSnapshot in
            let broken = index == 7
            let health: ReadingHealth = broken ? .error(code: 3, message: "Can't read") : .ok
            return HostSnapshot(
                time: Double(index),
                temperatures: [
                    TemperatureReading(chip: "t/a", chipName: "chip", label: "internal", celsius: broken ? nil : 40, health: health),
                    TemperatureReading(chip: "t/b", chipName: "chip", label: "skin", celsius: 35),
                ],
                powerReadings: [PowerReading(chip: "p", chipName: "rapl", label: "package-0", kind: .energy, value: Double(index) * 2)]
            )
        }
        let series = try ThermalSeries(snapshots: snapshots, name: "gappy.jsonl")
        #expect(series.skippedSamples == 1 && series.times.count == 24)
        #expect(series.times[7] == 8 && series.powerWatts[7] == 2, "4 J over the 2 s gap")
    }

    @Test func tooFewReadableSamplesSayHowManyCouldNotBeRead() {
        let snapshots = (0..<25).map { (index: Int) -> HostSnapshot in
            HostSnapshot(
                time: Double(index),
                temperatures: [
                    TemperatureReading(chip: "t/a", chipName: "chip", label: "internal", celsius: index < 10 ? 40 : nil),
                    TemperatureReading(chip: "t/b", chipName: "chip", label: "skin", celsius: 35),
                ],
                powerReadings: [PowerReading(chip: "p", chipName: "sim", label: "system", kind: .power, value: 1)]
            )
        }
        #expect {
            try ThermalSeries(snapshots: snapshots, name: "broken.jsonl")
        } throws: { error in
            (error as? TemperError)?.message.contains("too short: 10 samples (15 more could not be read)") == true
        }
    }

    @Test func anUnknownPowerSourceNamesTheOnesThereAre() {
        let text = (0..<30).map { Self.oldLine(time: $0, watts: 1, internalCelsius: 30, skin: 29) }.joined(separator: "\n")
        #expect {
            try ThermalSeries(
                snapshots: try TraceFile.read(Data(text.utf8)).snapshots,
                name: "t.jsonl",
                selection: .init(power: "intel-rapl:0")
            )
        } throws: { error in
            (error as? TemperError)?.message.contains("(it has: simulated/system); choose one with --power") == true
        }
    }
}
