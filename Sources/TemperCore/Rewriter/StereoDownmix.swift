import FoundationEssentials
import Glibc

/// Turns a spatial cue into a 2D one: equal-power pan from the source's azimuth relative to the listener and
/// the inverse-distance gain. Elevation has no place between two speakers, so it is dropped (and said so).
public struct StereoDownmix: Sendable, Hashable {
    public var placement: StereoPlacement
    /// Angle from the listener's forward direction in the horizontal plane; positive is to the right.
    public var azimuthDegrees: Double
    /// Angle above the listener's horizontal plane; what the 2D rendering drops.
    public var elevationDegrees: Double
    public var distanceMetres: Double

    /// The downmix of `cue` for its listener.
    public init(cue: AudioCue) {
        let listener = cue.listener
        let forward = listener.forward.normalized ?? Vector3(0, 0, -1)
        // Make up orthogonal to forward, so a tilted up vector still gives a proper basis.
        let upGuess = listener.up.normalized ?? Vector3(0, 1, 0)
        let up = (upGuess - forward * upGuess.dot(forward)).normalized ?? Vector3(0, 1, 0)
        let right = forward.cross(up)
        let offset = (cue.position - listener.position) * cue.sceneToMetres
        let ahead = offset.dot(forward)
        let side = offset.dot(right)
        let height = offset.dot(up)
        let horizontal = (ahead * ahead + side * side).squareRoot()

        distanceMetres = offset.length
        azimuthDegrees = horizontal > 1e-12 ? atan2(side, ahead) * 180 / .pi : 0
        elevationDegrees = distanceMetres > 1e-12 ? atan2(height, horizontal) * 180 / .pi : 0

        // pan = sin(azimuth): a source behind folds onto the same side, as a speaker pair cannot say "behind".
        let pan = horizontal > 1e-12 ? min(1, max(-1, side / horizontal)) : 0
        let angle = (pan + 1) * .pi / 4
        placement = StereoPlacement(
            pan: pan,
            leftGain: cos(angle),
            rightGain: sin(angle),
            distanceGain: cue.distanceModel.gain(atMetres: distanceMetres)
        )
    }
}
