import ArgumentParser
import FoundationEssentials
import TemperCore
import TemperHost

/// `temper status [--json]`: one reading of the live host, classified.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the host's sensors, battery, power profile and the condition they give.",
        discussion: """
            Reads temperatures, fans, voltages, currents and power through libsensors (labels and ignores from \
            sensors.conf apply) and the kernel's thermal zones, the battery through UPower and the profiles \
            through power-profiles-daemon, then classifies them once. The text is laid out as sensors, upower -d \
            and powerprofilesctl lay theirs out, and fits COLUMNS or the terminal.

            Tier: each sensor is serious at its own high limit (hwmon max, or a thermal zone's passive trip), \
            critical at its critical limit minus 5 °C and fair at high minus 10 °C; a sensor without limits uses \
            the policy's defaults (70/85/95 °C); a sensor with an absurd limit is ignored, with a reason. The host \
            tier is the highest over the counted sensors. Low power: on battery and (warning level low or worse, \
            20 % or less, or the power-saver profile). A critical battery (warning level critical or action, or 5 % \
            or less) raises the tier to at least serious unless the policy says otherwise. These numbers are the default \
            policy's; --policy changes them (see 'temper policy show').

            Each sensor shows the fair, serious and critical temperatures derived for it and its own tier; a \
            sensor the classifier does not count is marked ignored, with why.

            No sensors is not lost sensors: a host that never listed a temperature sensor (a VM, a desktop \
            without drivers) is classified from its battery and power profile alone (reason sensors.none), here \
            and in watch and record. A running governor (watch, serve) whose sensors vanish holds the tier, and \
            after the policy's sensorLossTimeoutSeconds (30 s by default) falls to its failSafeTier (fair) until \
            a valid temperature returns (reason sensors.unavailable).

            Broken sensors are listed with their error and the others still classify: the command exits 0. \
            No system bus or no upowerd gives battery "unavailable"; no power-profiles-daemon gives an unknown \
            profile. Exit 2 for a bad --policy.

            JSON keys (the one shape of a host snapshot: watch --json lines and record's trace lines are the \
            same): tier, lowPower, reasons[] (code, message), sensors[] (chip, chipName, label, source, \
            celsius, high, critical, tier, thresholds {fair, serious, critical, exit}, thresholdSource, note, \
            status ok|ignored|error, with errorCode, errorDomain and error; limitError when a limit could not be \
            read), sensorLibrary (status, and code and message when libsensors could not start), power[] (watts \
            or joules), fans[] (rpm), voltages[] (volts), currents[] (amps), each with min and max, battery \
            (status, present, onBattery, percentage, warningLevel, state, energyWh, energyFullWh, …, batteries[] \
            with energyFullDesignWh, capacityPercent (health), model, vendor, technology; or status \
            "unavailable" with detail), powerProfile, performanceDegraded (null only when the profile is \
            unknown, "" when nothing is degraded), profiles[] (name, driver, active), time, timestamp, \
            policy (name, and source: the file it was read from, or "built-in Policies/NAME.yaml").

            Environment: TEMPER_SENSORS_CONFIG names a sensors.conf to use instead of the system's; \
            TEMPER_SYSFS_ROOT moves the sysfs root for the thermal zones; TEMPER_LOG_LEVEL (default warning) \
            sets the log level on stderr.

            Examples:
              temper status
              temper status --json | jq '.tier, .lowPower'
              temper status --policy handheld
            """
    )

    @Option(
        name: .long,
        help: "A policy file, or a policy's name (default, phone, handheld, or yours), whose classifier settings to use.",
        completion: .policyNames
    )
    var policy: String?

    @Flag(name: .long, help: "Print JSON: tier, lowPower, reasons, sensors[], fans[], voltages[], power[], battery, profiles[].")
    var json = false

    func run() async throws {
        let (policy, source) = try HostSession.policy(self.policy)
        let policyEntry = HostStatusDocument.PolicyEntry(name: policy.name, source: source.description)
        let logger = HostSession.makeLogger()
        let host = HostSession.makeHost(logger: logger)
        await host.start()
        let snapshot = await host.snapshot()
        await host.stop()
        var classifier = Classifier(settings: policy.classifier)
        let condition = classifier.update(with: snapshot)
        if json {
            let report = HostStatusDocument(condition: condition, snapshot: snapshot, policy: policyEntry, assessments: classifier.sensors)
            print(try report.prettyJSON())
        } else {
            let settings = policy.classifier
            print(
                HostStatusTable.render(
                    condition: condition,
                    snapshot: snapshot,
                    policy: policyEntry,
                    sensors: classifier.sensors,
                    failSafe: (settings.failSafeTier, settings.sensorLossTimeoutSeconds),
                    width: TerminalWidth.current(),
                    style: .forStdout()
                )
            )
        }
    }
}
