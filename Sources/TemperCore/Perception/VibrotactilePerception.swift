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

    /// The average relative change in frequency people notice: Israr, Tan and Reed (2006) found Weber fractions
    /// averaging 0.25 at 20 dB SL and 0.18 at 35 dB SL. An average: one JND is noticed by definition, half the
    /// time, so a move this large is a pitch change a caller must allow (``PerceptualTrim/allowsPitchChange``).
    public static let frequencyJNDFraction = 0.18

    /// The smallest frequency Weber fraction among those Israr, Tan and Reed (2006) report for single subjects and
    /// frequencies: about 0.13. What the most sensitive listener tells apart; two events further apart than this
    /// carry a designed contrast in pitch (``PerceivedChange/contrastLost``).
    public static let smallestFrequencyJNDFraction = 0.13

    /// The most a frequency may move without the caller allowing a pitch change: half the smallest Weber fraction
    /// (``smallestFrequencyJNDFraction``), so even with a second near-threshold cue beside it the move stays
    /// under one JND for the most sensitive listener.
    public static let unnoticedFrequencyFraction = smallestFrequencyJNDFraction / 2

    /// How long the skin sums a vibration's energy: a vibration shorter than this is felt weaker, by 10·log10 of
    /// the ratio (3 dB per halving), and one longer is felt at the strength of its strongest stretch this long,
    /// however long it lasts. Verrillo (JASA 37, 1965) measured thresholds falling with duration over the first
    /// few hundred ms at Pacinian frequencies; Gescheider (Sensory Processes 1, 1976) found the same summation in
    /// suprathreshold magnitude estimates at high frequencies and none at low ones. Assumed: 0.3 s, inside the
    /// range those studies measured; the 3 dB per halving is the threshold's slope, an upper bound above it.
    public static let integrationSeconds = 0.3

    /// Below this frequency the skin does not sum over time (the non-Pacinian channels, Gescheider 1976: no
    /// summation at 5–20 dB SL at low frequency; Verrillo 1963: the threshold is flat up to 40 Hz).
    public static let summationLowHertz = 40.0

    /// From this frequency the skin sums fully (the Pacinian channel); assumed, an octave above
    /// ``summationLowHertz``, with the weight rising linearly in log-frequency between them.
    public static let summationFullHertz = 80.0

    /// How much of the temporal summation applies at `hertz`: 0 at and below ``summationLowHertz``, 1 from
    /// ``summationFullHertz``, linear in log-frequency between.
    public static func summationWeight(hertz: Double) -> Double {
        guard hertz > summationLowHertz else { return 0 }
        guard hertz < summationFullHertz else { return 1 }
        return Glibc.log(hertz / summationLowHertz) / Glibc.log(summationFullHertz / summationLowHertz)
    }

    /// A felt event counts as shorter when it loses more than this share of the time it is felt (and more than
    /// ``shorterMinimumSeconds``): assumed, a tenth; no study behind it, it only keeps rounding out of the words.
    public static let shorterFraction = 0.1

    /// The least loss of felt time reported as shorter: 10 ms, under the 30 ms a vibration needs before it feels
    /// like a vibration rather than a pulse (Remache-Vinueza, Trujillo-León and Vidal-Verdú, Sci. Rep. 15, 2025).
    public static let shorterMinimumSeconds = 0.01

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
