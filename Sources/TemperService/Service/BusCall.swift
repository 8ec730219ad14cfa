import CTemperGLib
import TemperCore
import TemperGLib
import TemperScoring

/// A method call's arguments, read and checked on the bus thread before any deciding: sizes against the
/// service's limits, requests through ``RequestDecoder``. The one path from a call's bytes to what the service
/// acts on, shared by ``GovernorBusService`` and the `dbus` fuzz target.
enum BusCall {
    case condition
    case decide(request: [UInt8])
    case schedule(request: [UInt8], targetTime: Double)
    case cancel(ticket: UInt64)
    case score(pattern: [UInt8], device: String)
    case headroom(forecastSeconds: Double)
    case reserve(usage: UsageClass, energyJoules: Double, seconds: Double)
    case startPlayer(request: [UInt8])
    case updatePlayer(handle: PlayerHandle, parameters: PlayerParameters)
    case stopPlayer(handle: PlayerHandle)

    typealias Refusal = GovernorBusService.Refusal

    /// The arguments of `name`'s method, whose types GDBus has already checked against the introspection data.
    static func read(_ name: String, _ arguments: DBusArguments, limits: GovernorBusService.Limits) throws(Refusal) -> BusCall {
        guard let method = GovernorInterface.Method(rawValue: name) else { throw Refusal(.invalidRequest, "no method \(name)") }
        func text(_ index: UInt32, _ name: String, limit: Int) throws(Refusal) -> [UInt8] {
            let (bytes, length) = arguments.stringBytes(at: index, limit: limit)
            guard let bytes else { throw Refusal(.tooLarge, "\(name) is \(length) bytes; the limit is \(limit)") }
            return bytes
        }
        switch method {
        case .decide:
            return .decide(request: try text(0, "request_json", limit: limits.maxRequestBytes))
        case .schedule:
            return .schedule(request: try text(0, "request_json", limit: limits.maxRequestBytes), targetTime: arguments.double(at: 1))
        case .cancel:
            return .cancel(ticket: arguments.uint64(at: 0))
        case .score:
            let device = String(decoding: try text(1, "device", limit: 256), as: UTF8.self)
            return .score(pattern: try text(0, "ahap_json", limit: limits.maxPatternBytes), device: device)
        case .getHeadroom:
            let seconds = arguments.double(at: 0)
            guard seconds.isFinite, (0...ThermalHeadroom.maxForecastSeconds).contains(seconds) else {
                throw Refusal(
                    .invalidRequest,
                    "forecast_seconds must be 0 to \(Int(ThermalHeadroom.maxForecastSeconds)) seconds; got \(seconds)"
                )
            }
            return .headroom(forecastSeconds: seconds)
        case .reserve:
            let name = String(decoding: try text(0, "usage", limit: 64), as: UTF8.self)
            guard let usage = UsageClass(rawValue: name) else {
                let known = UsageClass.allCases.map(\.rawValue).joined(separator: ", ")
                throw Refusal(.invalidRequest, "usage must be one of \(known); got '\(name)'")
            }
            return .reserve(usage: usage, energyJoules: arguments.double(at: 1), seconds: arguments.double(at: 2))
        case .startPlayer:
            return .startPlayer(request: try text(0, "player_json", limit: limits.maxRequestBytes))
        case .updatePlayer:
            let parameters = PlayerParameters(
                intensity: arguments.double(at: 1),
                sharpness: arguments.double(at: 2),
                volume: arguments.double(at: 3)
            )
            do {
                try parameters.validate()
            } catch {
                throw Refusal(.invalidRequest, error.message)
            }
            return .updatePlayer(handle: arguments.uint64(at: 0), parameters: parameters)
        case .stopPlayer:
            return .stopPlayer(handle: arguments.uint64(at: 0))
        case .getCondition:
            return .condition
        }
    }

    /// A Decide or Schedule request's JSON as a request, or `InvalidRequest` naming the JSON path.
    static func decode(_ bytes: [UInt8]) throws(Refusal) -> SensoryRequest {
        do {
            return try RequestDecoder(fileName: "request_json").decode(bytes)
        } catch {
            throw Refusal(.invalidRequest, error.description)
        }
    }

    /// A StartPlayer call's JSON as a player request, or `InvalidRequest` naming the JSON path.
    static func decodePlayer(_ bytes: [UInt8]) throws(Refusal) -> PlayerRequest {
        do {
            return try RequestDecoder(fileName: "player_json").decodePlayer(bytes)
        } catch {
            throw Refusal(.invalidRequest, error.description)
        }
    }

    /// A Score call's pattern scored as `temper score` scores a file whose name gives no format (the format read
    /// from the content), or `InvalidRequest` naming the line and column.
    static func score(_ bytes: [UInt8], on profile: DeviceProfile) throws(Refusal) -> PatternScore {
        let scorer = PatternScorer(estimator: EnergyEstimator(profile: profile, options: .init(maxSeriesPoints: 0)))
        let score = scorer.score(bytes: bytes, name: "ahap_json")
        if let error = score.error { throw Refusal(.invalidRequest, error) }
        return score
    }
}

/// The service's method-call path without a bus, for fuzzing: a message's bytes parsed as the connection would,
/// its types checked as GDBus does, then read and decoded as ``GovernorBusService`` does. Nothing is decided.
@_spi(Fuzzing) public enum BusCallFuzzing: Sendable {
    /// What the service would make of `message` (one D-Bus message's bytes): the method's name when it would
    /// act on it, else the error the caller would get, as `Name: message`.
    public static func outcome(ofMessage message: [UInt8], limits: GovernorBusService.Limits = .init()) -> String {
        var methodName: UnsafeMutablePointer<CChar>?
        var errorMessage: UnsafeMutablePointer<CChar>?
        let body = message.withUnsafeBufferPointer { bytes in
            temper_dbus_method_call_from_blob(
                bytes.baseAddress,
                bytes.count,
                GovernorInterface.introspectionXML,
                GovernorInterface.interfaceName,
                &methodName,
                &errorMessage
            )
        }
        let method = GLibText.take(methodName)
        let error = GLibText.take(errorMessage)
        guard let body, let method else { return "org.freedesktop.DBus.Error.InvalidArgs: " + (error ?? "unreadable") }
        defer { temper_dbus_value_unref(body) }
        do {
            switch try BusCall.read(method, DBusArguments(pointer: body), limits: limits) {
            case .decide(let request), .schedule(let request, _): _ = try BusCall.decode(request)
            case .score(let pattern, _): _ = try BusCall.score(pattern, on: .referencePhone)
            case .startPlayer(let request): _ = try BusCall.decodePlayer(request)
            case .condition, .cancel, .headroom, .reserve, .updatePlayer, .stopPlayer: break
            }
            return method
        } catch {
            return "\(error.name.rawValue): \(error.message)"
        }
    }
}
