import Glibc
import TemperCore

/// `temper_status` in temper.h: what a C call's result means, one case per kind of input that can be wrong.
enum CStatus: Int32, Sendable, CaseIterable {
    case ok = 0
    case argument = 1
    case unknownName = 2
    case policy = 3
    case device = 4
    case pattern = 5
    case request = 6
    case condition = 7
    case scenario = 8
    case file = 9
    case `internal` = 10
    case player = 11
    case limit = 12
    case calibration = 13

    /// The enumerator's name in temper.h.
    var name: String {
        switch self {
        case .ok: "TEMPER_OK"
        case .argument: "TEMPER_ERROR_ARGUMENT"
        case .unknownName: "TEMPER_ERROR_UNKNOWN_NAME"
        case .policy: "TEMPER_ERROR_POLICY"
        case .device: "TEMPER_ERROR_DEVICE"
        case .pattern: "TEMPER_ERROR_PATTERN"
        case .request: "TEMPER_ERROR_REQUEST"
        case .condition: "TEMPER_ERROR_CONDITION"
        case .scenario: "TEMPER_ERROR_SCENARIO"
        case .file: "TEMPER_ERROR_FILE"
        case .internal: "TEMPER_ERROR_INTERNAL"
        case .player: "TEMPER_ERROR_PLAYER"
        case .limit: "TEMPER_ERROR_LIMIT"
        case .calibration: "TEMPER_ERROR_CALIBRATION"
        }
    }

    /// The status for a core error met while reading `input`: unknown names and unreadable files keep their own
    /// status whatever was being read; every other problem is the input's.
    static func of(_ error: TemperError, reading input: CStatus) -> CStatus {
        switch error.code {
        case .unknownPolicy, .unknownDevice: .unknownName
        case .unreadableFile where input != .scenario: .file
        default: input
        }
    }
}

/// A failed C call: its status and the one line `temper_last_error()` gives.
struct CFailure: Error, Sendable {
    var status: CStatus
    var message: String

    init(_ status: CStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ error: TemperError, reading input: CStatus) {
        self.init(CStatus.of(error, reading: input), error.description)
    }
}

/// The last failure's message, per thread, as C libraries keep `errno`-like state: a string the thread owns
/// until its next failure or its end.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    static func set(_ message: String) {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(previous)
    }

    static var message: UnsafePointer<CChar> {
        guard let stored = pthread_getspecific(key) else { return empty.pointer }
        return UnsafePointer(stored.assumingMemoryBound(to: CChar.self))
    }

    private static let empty = StaticCString("")
}

/// Runs one C call's body: its result on success, else the failure recorded for `temper_last_error()` and its
/// status returned, so every entry point maps errors in this one place.
func cCall(_ body: () throws(CFailure) -> Void) -> Int32 {
    do {
        try body()
        return CStatus.ok.rawValue
    } catch {
        LastError.set(error.message)
        return error.status.rawValue
    }
}

/// Text a C caller passed, or `nil` for NULL.
func cText(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CFailure) -> String? {
    guard let pointer else { return nil }
    guard let text = String(validatingCString: pointer) else { throw CFailure(.argument, "\(what) is not UTF-8 text") }
    return text
}

/// Text a C caller must pass.
func cRequiredText(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CFailure) -> String {
    guard let text = try cText(pointer, what) else { throw CFailure(.argument, "\(what) is NULL") }
    return text
}

/// `length` bytes a C caller passed (NULL only with a length of 0).
func cBytes(_ pointer: UnsafeRawPointer?, _ length: Int, _ what: String) throws(CFailure) -> [UInt8] {
    guard length > 0 else { return [] }
    guard let pointer else { throw CFailure(.argument, "\(what) is NULL with a length of \(length)") }
    return Array(UnsafeRawBufferPointer(start: pointer, count: length))
}

/// A string handed to C, freed by `temper_string_free`.
func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
    strdup(text)
}

/// A required out-parameter, set to NULL first so a failed call leaves nothing dangling.
func cOut<Pointee>(_ out: UnsafeMutablePointer<Pointee?>?) throws(CFailure) -> UnsafeMutablePointer<Pointee?> {
    guard let out else { throw CFailure(.argument, "the out-parameter is NULL") }
    out.pointee = nil
    return out
}
