import CoreMetrics
import Logging
import Synchronization
import TemperCore
import TemperTestKit

/// Counts what the governor records, by label and dimensions.
final class GovernorRecordingMetrics: MetricsFactory {
    private let values = Mutex<[String: Double]>([:])

    static func key(_ label: String, _ dimensions: [(String, String)]) -> String {
        ([label] + dimensions.map { "\($0.0)=\($0.1)" }).joined(separator: "|")
    }

    func value(_ label: String, _ dimensions: [(String, String)] = []) -> Double? {
        values.withLock { $0[Self.key(label, dimensions)] }
    }

    fileprivate func add(_ key: String, _ amount: Double) { values.withLock { $0[key, default: 0] += amount } }
    fileprivate func set(_ key: String, _ value: Double) { values.withLock { $0[key] = value } }

    private final class Handler: CounterHandler, FloatingPointCounterHandler, RecorderHandler, TimerHandler {
        let key: String
        let metrics: GovernorRecordingMetrics
        init(_ key: String, _ metrics: GovernorRecordingMetrics) {
            self.key = key
            self.metrics = metrics
        }
        func increment(by amount: Int64) { metrics.add(key, Double(amount)) }
        func increment(by amount: Double) { metrics.add(key, amount) }
        func reset() { metrics.set(key, 0) }
        func record(_ value: Int64) { metrics.set(key, Double(value)) }
        func record(_ value: Double) { metrics.set(key, value) }
        func recordNanoseconds(_ duration: Int64) {}
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler { Handler(Self.key(label, dimensions), self) }
    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        Handler(Self.key(label, dimensions), self)
    }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler { Handler(Self.key(label, dimensions), self) }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler { Handler(Self.key(label, dimensions), self) }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
}

enum GovernorTestSupport {
    static let quietLogger = Logger(label: "temper.governor.test") { _ in SwiftLogNoOpLogHandler() }

    static func governor(
        policy: Policy = RewriterFixtures.briefPolicy, clock: ManualClock = ManualClock(), source: FakeHostSource = FakeHostSource(),
        metrics: GovernorRecordingMetrics = GovernorRecordingMetrics(), configuration: Governor.Configuration = .init()
    ) -> Governor {
        Governor(
            policy: policy, profile: RewriterFixtures.phoneProfile, source: source, clock: clock, logger: quietLogger,
            metricsFactory: metrics, configuration: configuration
        )
    }

    static func explosion(_ id: String, usage: UsageClass = .game) -> SensoryRequest {
        RewriterFixtures.haptic(RewriterFixtures.explosion, usage: usage, id: id)
    }
}
