/// Patterns whose sound and vibration were designed together (issue 19, finding 8), written for these tests.
public enum HarmonyPatterns: Sendable {
    /// A 1.5 s sound (volume 0.7) and a 1.5 s rumble (intensity 1.0, sharpness 0.3), both from 0.1 s.
    public static let soundAndRumble = pattern(soundOnset: 0.1)

    /// The same, with the sound starting at `soundOnset` seconds.
    public static func pattern(soundOnset: Double) -> String {
        """
        {
          "Version": 1.0,
          "Pattern": [
            {"Event": {"Time": \(soundOnset), "EventType": "AudioContinuous", "EventDuration": 1.5,
              "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.7}]}},
            {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 1.5,
              "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0},
                                  {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}}
          ]
        }
        """
    }
}
