import Foundation
import TemperAHAP
import TemperCore
import Testing

/// Issue 24, item 1: a peripheral's own battery governs feedback aimed at it; everything else is the host's.
@Suite struct PeripheralTests {
    static let controllerPath = "/org/freedesktop/UPower/devices/battery_ps_controller_battery_00o11o22o33o44o55"

    static func controller(_ percentage: Double, _ state: String = "discharging", level: BatteryWarningLevel = .none) -> Peripheral {
        Peripheral(
            objectPath: controllerPath,
            kind: "gaming-input",
            nativePath: "ps-controller-battery-00:11:22:33:44:55",
            model: "Wireless Controller",
            serial: "00:11:22:33:44:55",
            percentage: percentage,
            state: state,
            warningLevel: level
        )
    }

    static let phone = Peripheral(objectPath: "/org/freedesktop/UPower/devices/phone_1", kind: "phone", model: "Pixel", percentage: 80)

    /// The host's condition (nominal, not low power) with the peripherals the classifier judged.
    static func condition(_ peripherals: [Peripheral]) -> Condition {
        var classifier = Classifier()
        return classifier.update(with: HostSnapshot(time: 0, peripherals: peripherals))
    }

    static let rumble = RewriterFixtures.haptic(RewriterFixtures.alarm, id: "rumble")

    static func aimed(at device: String?) -> SensoryRequest {
        var request = rumble
        request.device = device
        return request
    }

    // MARK: - Battery condition

    @Test(
        "charging at 12 % is ok, discharging at 15 % or warning level low is low, 4 % or warning level critical is critical",
        arguments: [
            (controller(12, "charging"), PeripheralBattery.ok, Reason.Code.peripheralCharging),
            (controller(15), .low, .peripheralLow),
            (controller(40, level: .low), .low, .peripheralLow),
            (controller(4), .critical, .peripheralCritical),
            (controller(30, level: .critical), .critical, .peripheralCritical),
        ]
    )
    func batteryCondition(peripheral: Peripheral, expected: PeripheralBattery, code: Reason.Code) {
        let judged = PeripheralCondition.assess(peripheral, settings: ClassifierSettings())
        #expect(judged.battery == expected)
        #expect(judged.reasons.map(\.code) == [code])
    }

    @Test("a healthy peripheral is ok without reasons; one without a percentage or level is unknown")
    func healthyAndUnknown() {
        #expect(PeripheralCondition.assess(Self.controller(60), settings: ClassifierSettings()).battery == .ok)
        let blind = Peripheral(objectPath: "/x", kind: "mouse", percentage: nil)
        #expect(PeripheralCondition.assess(blind, settings: ClassifierSettings()).battery == .unknown)
    }

    @Test("peripherals never change the host's tier or low power")
    func hostUntouched() {
        let condition = Self.condition([Self.controller(3)])
        #expect(condition.tier == .nominal && !condition.lowPower)
        #expect(condition.reasons.allSatisfy { !$0.code.hasPrefix("peripheral.") })
        #expect(condition.peripherals.map(\.battery) == [.critical])
    }

    @Test("a device is named by kind, alias, object path, native path or serial; two controllers give the weaker")
    func matching() {
        let conditions = [Self.controller(60), Self.phone].map { PeripheralCondition.assess($0, settings: ClassifierSettings()) }
        for name in [
            "gamepad", "Controller", "gaming-input", Self.controllerPath, "00:11:22:33:44:55", "ps-controller-battery-00:11:22:33:44:55",
        ] {
            #expect(PeripheralCondition.target(name, in: conditions)?.peripheral.kind == "gaming-input", "\(name)")
        }
        #expect(PeripheralCondition.target("phone", in: conditions)?.peripheral.model == "Pixel")
        #expect(PeripheralCondition.target("keyboard", in: conditions) == nil)
        var second = Self.controller(10)
        second.objectPath += "_2"
        let two = conditions + [PeripheralCondition.assess(second, settings: ClassifierSettings())]
        #expect(PeripheralCondition.target("gamepad", in: two)?.peripheral.objectPath == second.objectPath)
    }

    // MARK: - The rewriter

    @Test("a rumble to a low controller is halved and capped at 0.3 s; to the phone (no device) it plays as the host allows")
    func lowControllerDegradesOnlyWhatIsAimedAtIt() throws {
        let rewriter = RewriterFixtures.rewriter(.default)
        let condition = Self.condition([Self.controller(15)])
        let host = rewriter.decide(Self.aimed(at: nil), condition: condition)
        #expect(host.outcome == .pass, "the host is nominal: the phone's own rumble plays as asked")
        var withoutPeripherals = host
        withoutPeripherals.condition.peripherals = []
        var plain = condition
        plain.peripherals = []
        #expect(withoutPeripherals == rewriter.decide(Self.rumble, condition: plain), "peripherals change no host decision")

        let aimed = rewriter.decide(Self.aimed(at: "gamepad"), condition: condition)
        #expect(aimed.outcome == .rewritten)
        #expect(aimed.rules.first?.reason.code == .peripheralLow)
        #expect(aimed.rules.first?.reason.message.contains("rumble ×0.5, rumble ≤ 0.3 s") == true)
        let rumble = try #require(aimed.pattern?.events.first { $0.type == .hapticContinuous })
        #expect(rumble.duration == 0.3)
        #expect(abs((rumble.value(of: .hapticIntensity) ?? 0) - 0.4) < 1e-9, "0.8 × 0.5")
        #expect(aimed.energyAfterMillijoules < host.energyAfterMillijoules)
    }

    @Test("a critical controller gets no haptics; a charging one at 12 % plays as the host allows")
    func criticalAndCharging() {
        let rewriter = RewriterFixtures.rewriter(.default)
        let critical = rewriter.decide(Self.aimed(at: "gamepad"), condition: Self.condition([Self.controller(4)]))
        #expect(critical.outcome == .dropped)
        #expect(critical.rules.first?.reason.code == .peripheralCritical)
        let charging = rewriter.decide(Self.aimed(at: "gamepad"), condition: Self.condition([Self.controller(12, "charging")]))
        #expect(charging.outcome == .pass)
        #expect(charging.rules.isEmpty)
    }

    @Test("a device nobody lists is governed by the host, with peripheral.notFound")
    func unknownDevice() {
        let rewriter = RewriterFixtures.rewriter(.default)
        for condition in [Self.condition([Self.phone]), Condition(tier: .nominal, lowPower: true)] {
            let host = rewriter.decide(Self.rumble, condition: condition)
            let aimed = rewriter.decide(Self.aimed(at: "gamepad"), condition: condition)
            #expect(aimed.outcome == host.outcome)
            #expect(aimed.request?.kind == host.request?.kind)
            #expect(aimed.energyAfterMillijoules == host.energyAfterMillijoules)
            #expect(aimed.rules.first?.reason.code == .peripheralNotFound)
            #expect(Array(aimed.rules.dropFirst()) == host.rules)
            #expect(aimed.channels == host.channels)
        }
    }

    /// Issue 34: a 10,000-character device name was echoed whole into the decision's reason.
    @Test("a long device name is cut in the reason")
    func longDeviceNameIsCut() {
        let rewriter = RewriterFixtures.rewriter(.default)
        let aimed = rewriter.decide(Self.aimed(at: String(repeating: "g", count: 10_000)), condition: Self.condition([Self.phone]))
        let message = aimed.rules.first?.reason.message ?? ""
        #expect(aimed.rules.first?.reason.code == .peripheralNotFound)
        #expect(message.count < 300, "\(message.count) characters")
        #expect(message.contains("(10000 characters)"), "\(message)")
    }

    @Test("the host's poorer rules still win over a peripheral's: serious and a low controller gives the simple impact")
    func hostPoorerWins() {
        let rewriter = RewriterFixtures.rewriter(.default)
        var condition = Self.condition([Self.controller(15)])
        condition.tier = .serious
        let aimed = rewriter.decide(Self.aimed(at: "gamepad"), condition: condition)
        #expect(aimed.outcome == .fallback)
    }

    // MARK: - Requests

    @Test("a request's device decodes and encodes; an empty or oversized one is a one-line error at 'device'")
    func requestDevice() throws {
        let decoder = RequestDecoder(fileName: "r.json")
        let json = #"{"id": "a", "usage": "game", "device": "gamepad", "system": {"type": "selection"}}"#
        let request = try decoder.decode(Array(json.utf8))
        #expect(request.device == "gamepad")
        let encoded = try JSONEncoder().encode(request)
        #expect(try decoder.decode(Array(encoded)).device == "gamepad")
        for bad in ["\"\"", "\"" + String(repeating: "x", count: 300) + "\""] {
            let text = #"{"id": "a", "usage": "game", "device": \#(bad), "system": {"type": "selection"}}"#
            let error = #expect(throws: TemperError.self) { _ = try decoder.decode(Array(text.utf8)) }
            #expect(error?.path == "device")
            #expect(error?.file == "r.json")
            #expect(error?.description.contains("\n") == false)
            #expect(error?.message.contains("expected a device name") == true)
        }
        let number = #"{"id": "a", "usage": "game", "device": 7, "system": {"type": "selection"}}"#
        #expect(throws: TemperError.self) { _ = try decoder.decode(Array(number.utf8)) }
    }

    // MARK: - The status document

    @Test("status JSON carries each peripheral with its battery condition and reads back")
    func statusDocumentRoundTrip() throws {
        let snapshot = HostSnapshot(time: 1, peripherals: [Self.controller(15), Self.phone])
        var classifier = Classifier()
        let condition = classifier.update(with: snapshot)
        let document = HostStatusDocument(condition: condition, snapshot: snapshot)
        let json = try document.jsonLine()
        #expect(json.contains(#""battery":"low""#))
        #expect(json.contains(#""kind":"gaming-input""#))
        let back = try JSONDecoder().decode(HostStatusDocument.self, from: Data(json.utf8))
        #expect(back.snapshot.peripherals == snapshot.peripherals)
        #expect(back.condition?.peripherals == condition.peripherals)
    }

    @Test("a condition without peripherals writes the JSON it always did")
    func conditionJSONUnchanged() throws {
        let json = String(decoding: try JSONEncoder().encode(Condition(tier: .fair)), as: UTF8.self)
        #expect(!json.contains("peripherals"))
        #expect(try JSONDecoder().decode(Condition.self, from: Data(json.utf8)) == Condition(tier: .fair))
    }
}
