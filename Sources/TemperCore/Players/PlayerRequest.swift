/// A request to start a live player: feedback with no fixed end whose parameters the app changes while it plays,
/// as Core Haptics' advanced players and dynamic parameters allow (an engine's rumble that follows the throttle, a
/// slider that tightens as it is dragged).
///
/// The governor decides the start (``Governor/startPlayer(_:account:)``), clamps every later change
/// (``Governor/updatePlayer(_:to:)``) and every change of condition to the rules in force and the budget, and charges
/// what the player plays as it plays, in the same ``PlaybackLedger`` as one-shot requests.
public struct PlayerRequest: Sendable, Hashable {
    /// Names the player in its decisions and the log.
    public var id: String
    public var usage: UsageClass
    public var content: PlayerContent
    /// A sound that plays with the player for as long as it lives, at ``PlayerParameters/volume``; its own
    /// volume and duration are ignored. `nil` for a silent player.
    public var audio: AudioCue?
    /// What the app asks to play at the start.
    public var parameters: PlayerParameters

    public init(id: String, usage: UsageClass, content: PlayerContent, audio: AudioCue? = nil, parameters: PlayerParameters) {
        self.id = id
        self.usage = usage
        self.content = content
        self.audio = audio
        self.parameters = parameters
    }

    /// Checks the request's numbers; the message names the field.
    ///
    /// - Throws: ``TemperError/Code/invalidRequest`` for parameters out of 0...1 or a loop period outside
    ///   ``PlayerContent/loopSecondsRange``.
    public func validate() throws(TemperError) {
        try parameters.validate()
        if case .looping(_, let loopSeconds) = content, !(loopSeconds.isFinite && PlayerContent.loopSecondsRange.contains(loopSeconds)) {
            throw TemperError(
                code: .invalidRequest,
                message:
                    "player '\(id)': loopSeconds must be \(PlayerContent.loopSecondsRange.lowerBound) to \(Int(PlayerContent.loopSecondsRange.upperBound)) s; got \(loopSeconds)"
            )
        }
    }
}

/// What a player plays.
public enum PlayerContent: Sendable, Hashable {
    /// One continuous haptic event with no fixed end, at the player's intensity and sharpness.
    case continuous
    /// A pattern played again every `loopSeconds` (Core Haptics' `loopEnd`); the player's intensity multiplies the
    /// pattern's intensities (the intensity control), its sharpness is the pattern's own.
    case looping(HapticPatternRequest, loopSeconds: Double)

    /// The loop periods a looping player may have: from 50 ms (a short tick loop) to a minute.
    public static let loopSecondsRange = 0.05...60.0
}

/// The dynamic parameters of a player, each from 0 to 1.
public struct PlayerParameters: Sendable, Hashable, Codable {
    /// The haptic intensity (a continuous player's event intensity, a looping player's intensity control).
    public var intensity: Double
    /// The haptic sharpness of a continuous player.
    public var sharpness: Double
    /// The volume of the player's sound, when it has one.
    public var volume: Double

    public init(intensity: Double, sharpness: Double = 0.5, volume: Double = 1) {
        self.intensity = intensity
        self.sharpness = sharpness
        self.volume = volume
    }

    /// Checks that each parameter is a number from 0 to 1.
    ///
    /// - Throws: ``TemperError/Code/invalidRequest`` naming the first parameter out of range.
    public func validate() throws(TemperError) {
        for (name, value) in [("intensity", intensity), ("sharpness", sharpness), ("volume", volume)] {
            guard value.isFinite, (0...1).contains(value) else {
                throw TemperError(code: .invalidRequest, message: "\(name) must be a number from 0 to 1; got \(value)")
            }
        }
    }
}
