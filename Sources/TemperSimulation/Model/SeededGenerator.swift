/// A small, fast, seeded pseudo-random generator (SplitMix64), so every run of a scenario with the same seed
/// produces the same requests on every platform. `SystemRandomNumberGenerator` is never used.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    public init(seed: UInt64) {
        self.state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in the open interval (0, 1), never exactly 0 so a logarithm of it is finite.
    public mutating func nextUnitInterval() -> Double {
        (Double(next() >> 11) + 0.5) / Double(1 << 53)
    }

    /// A generator for a sub-stream, so adding a stream never changes another stream's draws.
    public static func derived(from seed: UInt64, stream index: Int) -> SeededGenerator {
        var mixer = SeededGenerator(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return SeededGenerator(seed: mixer.next())
    }
}
