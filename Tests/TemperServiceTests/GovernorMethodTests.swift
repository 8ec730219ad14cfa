import MetricsTestKit
import Testing

@testable import TemperService

/// `GovernorInterface.Method` names the interface's methods once. The call reader switches over it without a
/// default (the compiler catches a missing method there); these check the two places it cannot: the
/// introspection data the bus exports and the metrics, which counted 5 of the 10 methods by name and filed the
/// rest under `other`.
@Suite struct GovernorMethodTests {
    /// The `<method name="…">` entries of the introspection data, in order.
    static let introspectedMethods: [String] = GovernorInterface.introspectionXML.split(separator: "<method name=\"").dropFirst()
        .map { String($0.prefix { $0 != "\"" }) }

    @Test("the introspection data declares exactly the methods the enum names, once each")
    func introspectionMatchesTheEnum() {
        let named = GovernorInterface.Method.allCases.map(\.rawValue)
        #expect(Self.introspectedMethods.count == named.count, "\(Self.introspectedMethods)")
        #expect(Set(Self.introspectedMethods) == Set(named), "declared \(Self.introspectedMethods), named \(named)")
    }

    @Test("every method is counted, and its errors filed, under its own name, never as other")
    func metricsCountEveryMethodByName() throws {
        let metrics = TestMetrics()
        let busMetrics = BusMetrics(factory: metrics)
        for method in GovernorInterface.Method.allCases {
            busMetrics.called(method.rawValue)
            busMetrics.failed(method.rawValue, .rateLimited)
        }
        for method in GovernorInterface.Method.allCases {
            let calls = try metrics.expectCounter("temper_dbus_calls_total", [("method", method.rawValue)])
            #expect(calls.totalValue == 1, "\(method.rawValue)")
            let errors = try metrics.expectCounter(
                "temper_dbus_errors_total",
                [("method", method.rawValue), ("error", GovernorInterface.ErrorName.rateLimited.rawValue)]
            )
            #expect(errors.totalValue == 1, "\(method.rawValue)")
        }
        #expect(try metrics.expectCounter("temper_dbus_calls_total", [("method", "other")]).totalValue == 0)
    }
}
