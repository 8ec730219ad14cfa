import TemperCalibration
import TemperCore
import Testing

@Suite("Profile text")
struct ProfileTextTests {
    static let text = """
        version: 1
        name: phone
        battery:
          capacity: {value: 1, unit: mAh, source: "a"}

        # Derived numbers, about to be replaced.
        thermal:
          ambient: {value: 25, unit: "°C", derived: "room"}

          baselineWorkload: {value: 2, unit: W, derived: "guess"}

        # The audio path.
        audio:
          route: speaker
        """

    @Test func replacesOneSectionWithItsCommentAndKeepsTheRest() throws {
        let result = try ProfileText.replacingSection(
            "thermal",
            with: ["thermal:", "  ambient: {value: 21, unit: \"°C\", fitted: \"x\"}"],
            in: Self.text,
            file: "p.yaml",
            name: "mine"
        )
        #expect(
            result == """
                version: 1
                name: mine
                battery:
                  capacity: {value: 1, unit: mAh, source: "a"}

                thermal:
                  ambient: {value: 21, unit: "°C", fitted: "x"}

                # The audio path.
                audio:
                  route: speaker
                """
        )
    }

    @Test func aSectionWrittenInFlowStyleIsAnErrorNamingIt() {
        #expect {
            try ProfileText.replacingSection("thermal", with: [], in: "name: x\nthermal: {ambient: 1}\n", file: "flow.yaml")
        } throws: { error in
            let error = error as? TemperError
            return error?.file == "flow.yaml" && error?.path == "thermal" && error?.message.contains("block-style") == true
        }
    }

    @Test func tightIntervalsGetTheDigitsToShowThem() {
        let shown = ProfileText.figure(FittedValue(name: "c", value: 14.99923, low: 14.99902, high: 14.99944, standardError: 0))
        #expect(shown.interval == "14.999–14.9994" && shown.value == "14.9992")
        #expect(ProfileText.figure(FittedValue(name: "r", value: 6.512, low: 6.3, high: 6.7, standardError: 0)) == ("6.512", "6.3–6.7"))
        #expect(ProfileText.quoted("say \"hi\"\\") == #""say \"hi\"\\""#)
    }

    @Test func notesGoAtTheTopOfTheSectionAndReplaceTheirOwnEarlierOnes() throws {
        func write(_ text: String, notes: [String]) throws -> String {
            try ProfileText.replacingFigures(
                [("ambient", "  ambient: {value: 21, unit: \"°C\", fitted: \"x\"}")],
                inSection: "thermal",
                in: text,
                file: "p.yaml",
                notes: notes,
                notesMarker: "temper calibrate thermal"
            )
        }
        let once = try write(Self.text, notes: ["warning: one", "goodness of fit: a"])
        #expect(
            once.contains(
                "thermal:\n  # temper calibrate thermal: warning: one\n  # temper calibrate thermal: goodness of fit: a\n  ambient: {value: 21"
            )
        )
        let twice = try write(once, notes: ["goodness of fit: b"])
        #expect(
            !twice.contains("warning: one") && !twice.contains("fit: a")
                && twice.contains("thermal:\n  # temper calibrate thermal: goodness of fit: b\n")
        )
        #expect(twice.contains("baselineWorkload: {value: 2") && twice.contains("# The audio path."))
        // The written text still reads as a profile section: the notes are comments.
        #expect(twice.split(separator: "\n").filter { $0.hasPrefix("  # temper") }.count == 1)
    }
}
