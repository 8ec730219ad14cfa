import TemperReports
import Testing

/// One clock for every time a report or a command prints (issue 20: `simulate`'s summary and the reports had one
/// each, and the summary printed 75 minutes as `75:00` where the report printed `1:15:00`).
@Suite struct ClockTextTests {
    @Test(
        arguments: [
            (0.0, "0:00"), (59.4, "0:59"), (59.6, "1:00"), (95, "1:35"), (3599, "59:59"), (3600, "1:00:00"), (4500, "1:15:00"),
            (3725, "1:02:05"), (7 * 86400, "168:00:00"),
        ] as [(Double, String)]
    )
    func aTimeReadsAsAClock(seconds: Double, text: String) {
        #expect(ClockText.format(seconds) == text)
    }

    @Test func impossibleTimesArePlainSeconds() {
        #expect(ClockText.format(-1) == "-1.0 s")
        #expect(ClockText.format(.infinity) == "inf s")
        #expect(ClockText.format(.nan) == "nan s")
        #expect(ClockText.format(1e16) == "1e+16 s")
    }
}
