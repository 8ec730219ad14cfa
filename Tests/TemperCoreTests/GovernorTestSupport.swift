import Logging
import MetricsTestKit
import TemperCore
import TemperTestKit

enum GovernorTestSupport {
    static let quietLogger = Logger(label: "temper.governor.test") { _ in SwiftLogNoOpLogHandler() }

    static func governor(
        policy: Policy = RewriterFixtures.briefPolicy,
        clock: ManualClock = ManualClock(),
        source: FakeHostSource = FakeHostSource(),
        metrics: TestMetrics = TestMetrics(),
        configuration: Governor.Configuration = .init(),
        energyModel: any FeedbackEnergyModel = EnergyEstimator(profile: RewriterFixtures.phoneProfile)
    ) -> Governor {
        Governor(
            policy: policy,
            energyModel: energyModel,
            source: source,
            clock: clock,
            logger: quietLogger,
            metricsFactory: metrics,
            configuration: configuration
        )
    }

    static func explosion(_ id: String, usage: UsageClass = .game) -> SensoryRequest {
        RewriterFixtures.haptic(RewriterFixtures.explosion, usage: usage, id: id)
    }
}
