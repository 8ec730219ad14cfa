import Foundation

/// Limits that protect the reader from hostile input. The defaults are far above every real file.
public struct AHAPLimits: Sendable, Hashable {
    public var maxFileBytes: Int
    public var maxPatternItems: Int
    public var maxCurvePoints: Int
    public var maxNestingDepth: Int

    public init(maxFileBytes: Int = 16 << 20, maxPatternItems: Int = 100_000, maxCurvePoints: Int = 16_384, maxNestingDepth: Int = 64) {
        self.maxFileBytes = maxFileBytes
        self.maxPatternItems = maxPatternItems
        self.maxCurvePoints = maxCurvePoints
        self.maxNestingDepth = maxNestingDepth
    }

    public static let `default` = AHAPLimits()
}

/// How to read: lenient like Apple's loader, or strict (leniencies that change meaning become errors).
public struct AHAPReadOptions: Sendable, Hashable {
    public var strict: Bool
    public var limits: AHAPLimits

    public init(strict: Bool = false, limits: AHAPLimits = .default) {
        self.strict = strict
        self.limits = limits
    }
}

/// A leniency the reader applied, with the JSON path it applied at,
/// e.g. `Pattern[12].Event.EventParameters[1]: HapticSharpness 2234.26 clamped to 1.0`.
public struct AHAPDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// What an `EventWaveformPath` resolved to.
public struct AHAPWaveform: Sendable, Hashable {
    /// The path as written in the file.
    public var path: String
    /// The absolute file path, when it resolved inside the pattern's folder and exists.
    public var resolvedPath: String?
    /// The real length from the WAV header, when known.
    public var durationSeconds: Double?

    public init(path: String, resolvedPath: String? = nil, durationSeconds: Double? = nil) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.durationSeconds = durationSeconds
    }
}

/// A pattern as read, with the leniencies applied and the waveforms it names.
public struct AHAPDocument: Sendable, Hashable {
    public var pattern: AHAPPattern
    public var diagnostics: [AHAPDiagnostic]
    /// Resolved waveforms, keyed by the event's index in ``AHAPPattern/events``.
    public var waveforms: [Int: AHAPWaveform]

    public init(pattern: AHAPPattern, diagnostics: [AHAPDiagnostic] = [], waveforms: [Int: AHAPWaveform] = [:]) {
        self.pattern = pattern
        self.diagnostics = diagnostics
        self.waveforms = waveforms
    }
}

/// Reads AHAP the way Apple's loader does.
public enum AHAPReader {
    /// Reads a pattern from bytes. `file` only names the source in errors; waveforms are not resolved.
    public static func read(_ bytes: [UInt8], file: String? = nil, options: AHAPReadOptions = .init()) throws(AHAPError) -> AHAPDocument {
        throw AHAPError(code: .invalidJSON, file: file, message: "reader not implemented yet")
    }

    /// Reads a pattern file, enforcing the size limit before reading, and resolves its waveforms
    /// inside the file's own folder.
    public static func load(contentsOf path: String, options: AHAPReadOptions = .init()) throws(AHAPError) -> AHAPDocument {
        throw AHAPError(code: .unreadableFile, file: path, message: "reader not implemented yet")
    }
}
