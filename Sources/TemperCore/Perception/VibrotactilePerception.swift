import Glibc

/// How strongly a vibration is felt, and how small a change in it a person notices: the figures of the
/// Perception article, each with its source. The threshold of feeling is ``VibrotactileThreshold`` (Android's
/// curve); these figures build on it.
///
/// A vibration's sensation level is its acceleration in dB above that threshold at its frequency. Felt magnitude
/// grows as a power of amplitude above threshold (Verrillo's magnitude estimates), so a change is reported in the
/// dB of amplitude that would make the same change in felt magnitude: a uniform scaling by `s` is
/// `20·log10(s)` dB, whatever the exponent, and is compared with the amplitude JND.
public enum VibrotactilePerception: Sendable {
    /// Growth of felt magnitude with vibration amplitude: magnitude ∝ amplitude^0.89 above threshold, for
    /// frequencies up to 350 Hz (Verrillo, "Subjective magnitude functions for vibrotaction", IEEE Trans.
    /// Man-Machine Systems 11(1), 1970; Verrillo, Fraioli and Smith, Perception & Psychophysics 6, 1969). This is
    /// the exponent on amplitude; on energy (amplitude²) it is 0.445. Near threshold Verrillo found magnitude
    /// growing faster; the model keeps one exponent (an assumption, stated in the article).
    public static let magnitudeExponent = 0.89

    /// The smallest change in amplitude people notice, in dB: Israr, Tan and Reed (JASA 120(5), 2006) measured
    /// 1.82–2.98 dB at 20 dB SL and 1.65–2.71 dB at 35 dB SL on the fingerpad, 2–300 Hz, averaging about
    /// 2.2–2.5 dB. 2.3 dB is the middle of those averages.
    public static let amplitudeJNDDecibels = 2.3

    /// The smallest relative change in frequency people notice: Israr, Tan and Reed (2006) found Weber fractions
    /// averaging 0.25 at 20 dB SL and 0.18 at 35 dB SL. The smaller, 0.18, so a move within it stays unnoticed at
    /// either level.
    public static let frequencyJNDFraction = 0.18

    /// Below this change, in dB, a change is reported as unnoticeable: assumed, under half the amplitude JND and
    /// below the smallest JND Israr, Tan and Reed measured (1.65 dB).
    public static let unnoticeableDecibels = 1.0

    /// Up to this change, in dB, a change is at the edge of what people notice: the largest no-masker amplitude
    /// JND Israr, Tan and Reed measured (2.98 dB), rounded.
    public static let edgeDecibels = 3.0

    /// From this change, in dB, a change is large: assumed, half the amplitude (6 dB), about three JNDs.
    public static let largeDecibels = 6.0

    /// Full-scale acceleration at resonance, in g, for placing a drive against the threshold of feeling: TI
    /// SLOA194A's 1.63 g for a phone-sized LRA at full scale. Assumed for every profile until one states its own;
    /// changes in dB hardly depend on it (only through what falls below the threshold).
    public static let fullScaleGs = 1.63

    /// The sensation level, in dB above the threshold of feeling, of `acceleration` (a multiple of full scale at
    /// resonance, `fullScaleGs` g) at `hertz`; minus infinity for no vibration.
    public static func sensationDecibels(acceleration: Double, hertz: Double, fullScaleGs: Double = fullScaleGs) -> Double {
        guard acceleration > 0, acceleration.isFinite, fullScaleGs > 0 else { return -.infinity }
        return 20 * Glibc.log10(acceleration * fullScaleGs) - VibrotactileThreshold.decibels(hertz: hertz)
    }

    /// Felt magnitude at `sensationDecibels` above threshold, in multiples of a vibration at threshold:
    /// `10^(β·SL/20)`, 0 at or below the threshold (not felt).
    public static func magnitude(sensationDecibels level: Double) -> Double {
        guard level > 0, level.isFinite else { return 0 }
        return Glibc.pow(10, magnitudeExponent * level / 20)
    }

    /// A ratio of felt magnitudes as the dB of amplitude that make it: `(20/β)·log10(ratio)`.
    public static func amplitudeDecibels(magnitudeRatio ratio: Double) -> Double {
        20 / magnitudeExponent * Glibc.log10(ratio)
    }
}
