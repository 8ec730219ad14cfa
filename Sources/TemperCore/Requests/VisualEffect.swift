/// A visual effect Temper may thin out: a particle count and a quality level.
///
/// JSON: `{"particleCount": 2000, "qualityLevel": 2}`.
public struct VisualEffect: Sendable, Hashable {
    public var particleCount: Int
    /// The renderer's quality level, 0 being the simplest.
    public var qualityLevel: Int

    public init(particleCount: Int, qualityLevel: Int = 0) {
        self.particleCount = particleCount
        self.qualityLevel = qualityLevel
    }
}
