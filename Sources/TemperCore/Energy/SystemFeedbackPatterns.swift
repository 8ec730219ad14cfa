public import TemperAHAP

/// The three notification feedbacks a system offers.
public enum NotificationStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case success, warning, error
}

/// The system's cheap, tuned feedbacks written as AHAP patterns, so they are costed by the same model as
/// custom patterns.
///
/// Platforms do not publish their system effects. These stand-ins follow the brief's vocabulary and the
/// AOSP effect lengths (a tick is shorter and lighter than a click; a thud is long and heavy); their
/// intensities and sharpnesses are assumptions, not measurements.
public enum SystemFeedbackPatterns: Sendable {
    /// Intensity and sharpness of each impact style at full strength.
    public static func impactValues(_ style: ImpactStyle) -> (intensity: Double, sharpness: Double) {
        switch style {
        case .light: (0.5, 0.5)
        case .medium: (0.75, 0.5)
        case .heavy: (1.0, 0.4)
        case .rigid: (0.8, 0.9)
        case .soft: (0.6, 0.2)
        }
    }

    /// One transient: the impact style's values, its intensity scaled by `intensity` (0...1).
    public static func impact(_ style: ImpactStyle, intensity: Double = 1) -> AHAPPattern {
        let values = impactValues(style)
        let scale = intensity.isFinite ? min(max(intensity, 0), 1) : 1
        return pattern([(0, values.intensity * scale, values.sharpness)])
    }

    /// A detent tick: one light, fairly crisp transient.
    public static func selection() -> AHAPPattern {
        pattern([(0, 0.35, 0.6)])
    }

    /// Two or three transients, as the notification styles are usually felt: success rises, warning falls,
    /// error stutters.
    public static func notification(_ style: NotificationStyle) -> AHAPPattern {
        switch style {
        case .success: pattern([(0, 0.5, 0.5), (0.1, 1.0, 0.6)])
        case .warning: pattern([(0, 1.0, 0.5), (0.15, 0.6, 0.5)])
        case .error: pattern([(0, 0.8, 0.5), (0.1, 0.8, 0.5), (0.25, 1.0, 0.4)])
        }
    }

    private static func pattern(_ transients: [(time: Double, intensity: Double, sharpness: Double)]) -> AHAPPattern {
        AHAPPattern(
            items: transients.map { transient in
                .event(
                    AHAPEvent(
                        type: .hapticTransient,
                        time: transient.time,
                        parameters: [
                            AHAPEventParameter(id: .hapticIntensity, value: transient.intensity),
                            AHAPEventParameter(id: .hapticSharpness, value: transient.sharpness),
                        ]
                    )
                )
            }
        )
    }
}
