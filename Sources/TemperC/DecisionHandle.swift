import FoundationEssentials
import TemperCore
import TemperFiles

/// A `temper_request`: one request read from JSON once, decided as often as it is played.
final class RequestHandle: Sendable {
    let request: SensoryRequest

    init(_ request: SensoryRequest) {
        self.request = request
    }

    /// Reads a request as `temper rewrite --request` does; `{"file": …}` patterns only inside `baseDirectory`.
    static func reading(_ bytes: [UInt8], baseDirectory: String?) throws(CFailure) -> RequestHandle {
        let decoder = RequestDecoder(
            fileName: "request",
            baseDirectory: baseDirectory,
            patterns: baseDirectory == nil ? .refusing : .patternFiles
        )
        do throws(TemperError) {
            return RequestHandle(try decoder.decode(bytes))
        } catch {
            throw CFailure(error, reading: .request)
        }
    }
}

/// A `temper_decision`: what the governor decided, read through accessors; its JSON is made only when asked.
final class DecisionHandle: Sendable {
    let decision: Decision

    init(_ decision: Decision) {
        self.decision = decision
    }

    /// `temper_outcome` in temper.h.
    var outcome: Int32 {
        switch decision.outcome {
        case .pass: 0
        case .rewritten: 1
        case .fallback: 2
        case .dropped: 3
        }
    }
}

/// `temper_request_new`, as Sources/TemperC/include/temper.h documents it.
@c(temper_request_new)
public func temperRequestNew(
    _ json: UnsafePointer<CChar>?,
    _ length: Int,
    _ baseDirectory: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(out)
        let bytes = try cBytes(json, length, "the request's JSON")
        let request = try RequestHandle.reading(bytes, baseDirectory: try cText(baseDirectory, "the base directory"))
        out.pointee = CHandle.make(request)
    }
}

/// `temper_request_free`, as Sources/TemperC/include/temper.h documents it.
@c(temper_request_free)
public func temperRequestFree(_ request: OpaquePointer?) {
    CHandle.release(request)
}

/// `temper_decide`, as Sources/TemperC/include/temper.h documents it.
@c(temper_decide)
public func temperDecide(_ governor: OpaquePointer?, _ request: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    // The hot path: no JSON, no text; one lock, the rewriter, one allocation for the handle.
    guard let out, let governor, let request else {
        return cCall { () throws(CFailure) in
            _ = try cOut(out)
            throw CFailure(.argument, governor == nil ? "the governor is NULL" : "the request is NULL")
        }
    }
    let decided = Unmanaged<GovernorHandle>.fromOpaque(UnsafeRawPointer(governor))._withUnsafeGuaranteedRef { governor in
        Unmanaged<RequestHandle>.fromOpaque(UnsafeRawPointer(request))._withUnsafeGuaranteedRef { request in
            governor.decide(request.request)
        }
    }
    out.pointee = CHandle.make(DecisionHandle(decided))
    return CStatus.ok.rawValue
}

/// `temper_decision_free`, as Sources/TemperC/include/temper.h documents it.
@c(temper_decision_free)
public func temperDecisionFree(_ decision: OpaquePointer?) {
    CHandle.release(decision)
}

/// `temper_decision_outcome`, as Sources/TemperC/include/temper.h documents it.
@c(temper_decision_outcome)
public func temperDecisionOutcome(_ decision: OpaquePointer?) -> Int32 {
    CHandle.borrow(decision, as: DecisionHandle.self)?.outcome ?? 3
}

/// `temper_decision_energy_before_millijoules`, as Sources/TemperC/include/temper.h documents it.
@c(temper_decision_energy_before_millijoules)
public func temperDecisionEnergyBefore(_ decision: OpaquePointer?) -> Double {
    CHandle.borrow(decision, as: DecisionHandle.self)?.decision.energyBeforeMillijoules ?? .nan
}

/// `temper_decision_energy_after_millijoules`, as Sources/TemperC/include/temper.h documents it.
@c(temper_decision_energy_after_millijoules)
public func temperDecisionEnergyAfter(_ decision: OpaquePointer?) -> Double {
    CHandle.borrow(decision, as: DecisionHandle.self)?.decision.energyAfterMillijoules ?? .nan
}

/// `temper_decision_json`, as Sources/TemperC/include/temper.h documents it.
@c(temper_decision_json)
public func temperDecisionJSON(_ decision: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(json)
        let handle = try CHandle.required(decision, as: DecisionHandle.self, "the decision")
        out.pointee = cString(try encoded(handle.decision))
    }
}
