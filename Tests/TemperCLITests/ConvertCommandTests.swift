import Foundation
import TemperTestSupport
import Testing

/// `temper convert` end to end, on our own examples.
@Suite struct ConvertCommandTests {
    @Test func hapticToAHAPInBothFlavors() throws {
        let meta = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "ahap"])
        #expect(meta.status == 0)
        #expect(meta.stdout.contains("\"HapticTransient\""))
        #expect(!meta.stdout.contains("Metadata"))
        let nice = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "ahap", "--flavor", "nice-vibrations"])
        #expect(nice.status == 0)
        #expect(nice.stdout.contains("\"Metadata\""))
        #expect(nice.stderr.contains("emphasis on the first amplitude breakpoint dropped"))
        // Meta keeps both knocks, Nice Vibrations only the second.
        #expect(meta.stdout.components(separatedBy: "HapticTransient").count == 3)
        #expect(nice.stdout.components(separatedBy: "HapticTransient").count == 2)
    }

    @Test func lossesGoToStderrOneLineEach() throws {
        let result = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "android-waveform"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"timings\": [30, 30, 30, 30"))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("lost: frequency dropped") })
        #expect(lines.allSatisfy { $0.hasPrefix("Examples/formats/door-knock.haptic → android-waveform: lost: ") })
    }

    /// The target device's actuator shapes the output: the gamepad's ERMs play no frequency, so a .haptic
    /// written as .haptic for it has no frequency envelope left, and the loss is said; the phone keeps it.
    @Test func aDeviceWithoutFrequencyControlGetsNoFrequency() throws {
        let gamepad = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "haptic", "--device", "gamepad"])
        #expect(gamepad.status == 0)
        #expect(
            gamepad.stderr.contains(
                "door-knock.haptic → gamepad: lost: frequency dropped: gamepad's actuator (dual-erm) plays amplitude only"
            )
        )
        #expect(!gamepad.stdout.contains("\"frequency\": ["))
        let phone = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "haptic", "--device", "phone"])
        #expect(phone.status == 0)
        #expect(!phone.stderr.contains("→ phone: lost"))
        #expect(phone.stdout.contains("\"frequency\": ["))
        let unknown = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "ahap", "--device", "nosuch"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.split(separator: "\n").count == 1)
    }

    @Test func everyExampleConvertsToEveryTarget() throws {
        let folder = PackagePaths.root.appendingPathComponent("Examples/formats").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count >= 9)
        for file in files {
            for target in ["ahap", "haptic", "android-waveform", "android-xml", "rumble"] {
                let result = try TemperRunner.run(["convert", "Examples/formats/" + file, "--to", target])
                #expect(result.status == 0, "\(file) → \(target): \(result.stderr)")
                #expect(!result.stdout.isEmpty)
            }
        }
    }

    @Test func writesToOutAndReadsBack() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("temper-convert-\(UUID().uuidString).haptic").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try TemperRunner.run(["convert", "Examples/formats/engine-rumble.json", "--to", "haptic", "--out", out])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let back = try TemperRunner.run(["convert", out, "--to", "ahap"])
        #expect(back.status == 0)
    }

    @Test func badInputIsOneLineAndExitTwo() throws {
        let missing = try TemperRunner.run(["convert", "Examples/formats/nope.haptic", "--to", "ahap"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "temper: Examples/formats/nope.haptic: cannot read: no such file\n")
        let event = try TemperRunner.run(["convert", "Examples/formats/feedbackd-theme.json", "--to", "rumble", "--event", "quiet/none"])
        #expect(event.status == 2)
        #expect(event.stderr.contains("quiet/message-new-instant"))
        let target = try TemperRunner.run(["convert", "Examples/formats/door-knock.haptic", "--to", "mp3"])
        #expect(target.status == 2)
        #expect(target.stderr.split(separator: "\n").count == 1)
    }
}
