/// How a pattern's tracks play on a gamepad's two rumble motors (the strong, low-frequency one and the weak,
/// high-frequency one): the one mapping the energy model prices and `temper convert --to rumble` writes, so a
/// pattern and its rumble cost the same.
///
/// A track for one motor drives that motor alone; a pattern's one track (``PatternMotor/main``) drives both
/// motors alike at its amplitude. A rumble motor is an ERM, whose speed follows its drive: it has no frequency
/// of its own to play, so a track's frequency plays on neither motor (the same magnitude on both is how SDL's
/// `SDL_RumbleGamepad` and the Web Gamepad API's `dual-rumble` are asked for one level). Nice Vibrations
/// instead drives the weak motor from the frequency envelope; `temper convert --flavor nice-vibrations` writes
/// that, and says what it changes.
public enum GamepadMotors: Sendable {
    /// The motors a track of `motor` drives.
    public static func motors(for motor: PatternMotor) -> [PatternMotor] {
        switch motor {
        case .main: [.lowFrequency, .highFrequency]
        case .lowFrequency: [.lowFrequency]
        case .highFrequency: [.highFrequency]
        }
    }
}
