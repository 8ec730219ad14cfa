import FoundationEssentials
import TemperCore
import TemperScoring

/// A `temper_score`: one pattern's score, as `temper score` makes it.
final class ScoreHandle: Sendable {
    let score: PatternScore
    let estimate: EnergyEstimate

    /// The score, or its reading error as a failure (`temper score` reports it as the pattern's `error`).
    init(_ score: PatternScore) throws(CFailure) {
        guard let estimate = score.estimate else {
            throw CFailure(score.error?.contains("cannot read:") == true ? .file : .pattern, score.error ?? "\(score.path): not scored")
        }
        self.score = score
        self.estimate = estimate
    }
}

/// `temper_score_bytes`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_bytes)
public func temperScoreBytes(
    _ governor: OpaquePointer?,
    _ bytes: UnsafePointer<UInt8>?,
    _ length: Int,
    _ name: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(out)
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        let content = try cBytes(bytes, length, "the pattern's bytes")
        let score = handle.scorer.score(bytes: content, name: try cText(name, "the pattern's name") ?? "pattern")
        out.pointee = CHandle.make(try ScoreHandle(score))
    }
}

/// `temper_score_file`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_file)
public func temperScoreFile(
    _ governor: OpaquePointer?,
    _ path: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(out)
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        let score = handle.scorer.score(path: try cRequiredText(path, "the path"))
        out.pointee = CHandle.make(try ScoreHandle(score))
    }
}

/// `temper_score_free`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_free)
public func temperScoreFree(_ score: OpaquePointer?) {
    CHandle.release(score)
}

/// `temper_score_energy_millijoules`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_energy_millijoules)
public func temperScoreEnergy(_ score: OpaquePointer?) -> Double {
    CHandle.borrow(score, as: ScoreHandle.self)?.estimate.energyMillijoules ?? .nan
}

/// `temper_score_duration_seconds`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_duration_seconds)
public func temperScoreDuration(_ score: OpaquePointer?) -> Double {
    CHandle.borrow(score, as: ScoreHandle.self)?.estimate.durationSeconds ?? .nan
}

/// `temper_score_peak_milliwatts`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_peak_milliwatts)
public func temperScorePeak(_ score: OpaquePointer?) -> Double {
    CHandle.borrow(score, as: ScoreHandle.self)?.estimate.peakMilliwatts ?? .nan
}

/// `temper_score_json`, as Sources/TemperC/include/temper.h documents it.
@c(temper_score_json)
public func temperScoreJSON(_ score: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(json)
        let handle = try CHandle.required(score, as: ScoreHandle.self, "the score")
        // The writer of `temper score --format json`'s pattern entries (ScoreDocumentStream), at the top level.
        do {
            var bytes: [UInt8] = []
            try PatternScoreWriter().append(handle.score, depth: 0, to: &bytes)
            out.pointee = cString(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw CFailure(.internal, "cannot write JSON: \(error)")
        }
    }
}
