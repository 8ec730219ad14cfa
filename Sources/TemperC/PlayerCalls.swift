import TemperCore

/// `temper_player_state` in temper.h, written field by field at the offsets C lays it out at (a `uint64_t`, an
/// `int32_t` and its padding, then five `double`s): the C example tests read every field back.
enum PlayerStateLayout {
    static func write(_ decision: PlayerDecision, to state: UnsafeMutableRawPointer) {
        state.storeBytes(of: decision.handle, toByteOffset: 0, as: UInt64.self)
        state.storeBytes(of: outcome(decision.outcome), toByteOffset: 8, as: Int32.self)
        state.storeBytes(of: 0, toByteOffset: 12, as: Int32.self)
        state.storeBytes(of: decision.playing.intensity, toByteOffset: 16, as: Double.self)
        state.storeBytes(of: decision.playing.sharpness, toByteOffset: 24, as: Double.self)
        state.storeBytes(of: decision.playing.volume, toByteOffset: 32, as: Double.self)
        state.storeBytes(of: decision.playing.hapticsEndSeconds ?? .nan, toByteOffset: 40, as: Double.self)
        state.storeBytes(of: decision.chargedMillijoules, toByteOffset: 48, as: Double.self)
    }

    /// `temper_player_outcome`.
    static func outcome(_ outcome: PlayerDecision.Outcome) -> Int32 {
        switch outcome {
        case .playing: 0
        case .clamped: 1
        case .silenced: 2
        case .refused: 3
        case .stopped: 4
        }
    }
}

extension GovernorHandle {
    /// Runs one player call on this handle's players and hands back its decision: the state and, when asked for,
    /// the JSON.
    fileprivate func playerCall(
        state: UnsafeMutableRawPointer?,
        json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ body: @escaping @Sendable (isolated Governor) -> Result<PlayerDecision, TemperError>
    ) throws(CFailure) {
        json?.pointee = nil
        let decision: PlayerDecision
        switch players.call(condition: { [self] in condition }, body) {
        case .success(let decided): decision = decided
        case .failure(let error): throw CFailure(Self.playerStatus(error), error.description)
        }
        if let state { PlayerStateLayout.write(decision, to: state) }
        if let json { json.pointee = cString(try encoded(decision)) }
    }

    private static func playerStatus(_ error: TemperError) -> CStatus {
        switch error.code {
        case .queueFull: .limit
        case .alreadyFinished: .internal
        default: .player
        }
    }
}

/// `temper_player_start`, as Sources/TemperC/include/temper.h documents it.
@c(temper_player_start)
public func temperPlayerStart(
    _ governor: OpaquePointer?,
    _ playerJSON: UnsafePointer<CChar>?,
    _ length: Int,
    _ state: UnsafeMutableRawPointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        guard let state else { throw CFailure(.argument, "the player state out-parameter is NULL") }
        let bytes = try cBytes(playerJSON, length, "the player's JSON")
        let request: PlayerRequest
        do throws(TemperError) {
            request = try RequestDecoder(fileName: "player", patterns: .refusing).decodePlayer(bytes)
        } catch {
            throw CFailure(error, reading: .request)
        }
        try handle.playerCall(state: state, json: json) { governor in
            Result { () throws(TemperError) in try governor.startPlayer(request) }
        }
    }
}

/// `temper_player_update`, as Sources/TemperC/include/temper.h documents it.
@c(temper_player_update)
public func temperPlayerUpdate(
    _ governor: OpaquePointer?,
    _ player: UInt64,
    _ intensity: Double,
    _ sharpness: Double,
    _ volume: Double,
    _ state: UnsafeMutableRawPointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        let parameters = PlayerParameters(intensity: intensity, sharpness: sharpness, volume: volume)
        try handle.playerCall(state: state, json: json) { governor in
            Result { () throws(TemperError) in try governor.updatePlayer(player, to: parameters) }
        }
    }
}

/// `temper_player_query`, as Sources/TemperC/include/temper.h documents it.
@c(temper_player_query)
public func temperPlayerQuery(
    _ governor: OpaquePointer?,
    _ player: UInt64,
    _ state: UnsafeMutableRawPointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    livePlayerCall(governor, player, state, json) { governor in governor.player(player) }
}

/// `temper_player_stop`, as Sources/TemperC/include/temper.h documents it.
@c(temper_player_stop)
public func temperPlayerStop(
    _ governor: OpaquePointer?,
    _ player: UInt64,
    _ state: UnsafeMutableRawPointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    livePlayerCall(governor, player, state, json) { governor in governor.stopPlayer(player) }
}

/// A call on one live player that answers `nil` when the handle is not live: `TEMPER_ERROR_PLAYER` then.
private func livePlayerCall(
    _ governor: OpaquePointer?,
    _ player: UInt64,
    _ state: UnsafeMutableRawPointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ body: @escaping @Sendable (isolated Governor) -> PlayerDecision?
) -> Int32 {
    cCall { () throws(CFailure) in
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        try handle.playerCall(state: state, json: json) { governor in
            body(governor).map { .success($0) }
                ?? .failure(TemperError(code: .invalidRequest, message: "no live player has handle \(player)"))
        }
    }
}

/// `temper_player_set_callback`, as Sources/TemperC/include/temper.h documents it.
@c(temper_player_set_callback)
public func temperPlayerSetCallback(
    _ governor: OpaquePointer?,
    _ callback: (@convention(c) (UInt64, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void)?,
    _ context: UnsafeMutableRawPointer?
) -> Int32 {
    cCall { () throws(CFailure) in
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        handle.players.setCallback(callback.map { PlayerHost.Callback(function: $0, context: UInt(bitPattern: context)) })
    }
}
