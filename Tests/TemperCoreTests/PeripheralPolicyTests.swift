import TemperCore
import Testing

/// The policy's `peripherals:` section: defaults, inheritance, and one-line errors for bad values.
@Suite struct PeripheralPolicyTests {
    private func policy(_ section: String) throws -> Policy {
        try Policy.parse(yaml: "version: 1\n" + section, file: "p.yaml")
    }

    private func errors(_ section: String) -> [TemperError] { Policy.check(yaml: "version: 1\n" + section, file: "p.yaml") }

    @Test("left out, a policy halves and caps a low peripheral's rumble at 0.3 s and turns a critical one's haptics off")
    func defaults() throws {
        let rules = try policy("name: x").peripherals
        #expect(rules == .standard)
        #expect(rules.lowBattery == PeripheralRules.Degradation(rumbleScale: 0.5, maxRumbleSeconds: 0.3))
        #expect(rules.degradation(for: .critical)?.haptics == .off)
        #expect(rules.degradation(for: .ok) == nil && rules.degradation(for: .unknown) == nil)
    }

    @Test("critical adds to the file's lowBattery and never plays richer than it")
    func criticalInherits() throws {
        let rules = try policy(
            """
            peripherals:
              lowBattery: {rumbleScale: 0.3, maxRumble: 200ms}
              critical: {haptics: transientsOnly, rumbleScale: 0.8}
            """
        ).peripherals
        #expect(rules.lowBattery == PeripheralRules.Degradation(rumbleScale: 0.3, maxRumbleSeconds: 0.2))
        let critical = try #require(rules.degradation(for: .critical))
        #expect(critical.haptics == .transientsOnly)
        #expect(critical.rumbleScale == 0.3, "the stricter of 0.3 and 0.8")
        #expect(critical.maxRumbleSeconds == 0.2)
        let inherited = try policy("peripherals:\n  lowBattery: {rumbleScale: 0.25}\n").peripherals
        #expect(inherited.critical == PeripheralRules.Degradation(haptics: .off, rumbleScale: 0.25, maxRumbleSeconds: 0.3))
    }

    @Test("policy show writes the section so that it reads back equal")
    func showRoundTrips() throws {
        let original = try policy(
            "peripherals:\n  lowBattery: {haptics: {mode: capRumble, maxDuration: 0.4s, fade: 50ms}, maxRumble: none}\n"
        )
        let document = original.yamlDocument()
        #expect(document.contains("peripherals:\n  lowBattery:\n"))
        #expect(try Policy.parse(yaml: document).peripherals == original.peripherals)
    }

    @Test(
        "bad values are one-line errors naming the file, the key path and line:column",
        arguments: [
            ("peripherals:\n  lowBattery: {rumbleScale: 1.5}\n", "peripherals.lowBattery.rumbleScale", "1.5"),
            ("peripherals:\n  lowBattery: {rumbleScale: -0.1}\n", "peripherals.lowBattery.rumbleScale", "-0.1"),
            ("peripherals:\n  critical: {maxRumble: 0s}\n", "peripherals.critical.maxRumble", "0"),
            ("peripherals:\n  critical: {maxRumble: 9d}\n", "peripherals.critical.maxRumble", "9"),
            ("peripherals:\n  critical: {haptics: wobble}\n", "peripherals.critical.haptics", "wobble"),
            ("peripherals:\n  lowBattery: {maxRumbleSeconds: 0.3}\n", "peripherals.lowBattery.maxRumbleSeconds", "maxRumble: 0.3s"),
            ("peripherals:\n  low: {rumbleScale: 0.5}\n", "peripherals.low", "lowBattery"),
            ("peripherals: often\n", "peripherals", "mapping"),
        ]
    )
    func badValues(yaml: String, path: String, mentions: String) throws {
        let found = errors(yaml)
        let error = try #require(found.first)
        #expect(found.count == 1)
        #expect(error.path == path)
        #expect(error.file == "p.yaml")
        #expect(error.line != nil && error.column != nil)
        #expect(error.message.contains(mentions), "\(error.message)")
        #expect(!error.description.contains("\n"))
        #expect(error.description.hasPrefix("p.yaml:"))
    }

    @Test(
        "the shipped default, handheld and phone policies govern peripherals",
        arguments: ["default.yaml", "handheld.yaml", "phone.yaml"]
    )
    func shipped(name: String) throws {
        let text = try PolicyFileTests.text(name)
        #expect(text.contains("\nperipherals:\n"))
        #expect(try Policy.parse(yaml: text, file: name).peripherals == .standard)
    }
}
