@testable import TemperAHAP

/// Reads JSON text as a pattern.
func read(_ json: String, strict: Bool = false, limits: AHAPLimits = .default) throws(AHAPError) -> AHAPDocument {
    try AHAPReader.read(Array(json.utf8), file: "test.ahap", options: AHAPReadOptions(strict: strict, limits: limits))
}

/// The error reading `json` throws, or `nil` when it reads.
func failure(_ json: String, strict: Bool = false, limits: AHAPLimits = .default) -> AHAPError? {
    failure(Array(json.utf8), strict: strict, limits: limits)
}

func failure(_ bytes: [UInt8], strict: Bool = false, limits: AHAPLimits = .default) -> AHAPError? {
    do {
        _ = try AHAPReader.read(bytes, file: "test.ahap", options: AHAPReadOptions(strict: strict, limits: limits))
        return nil
    } catch {
        return error
    }
}

/// A one-event pattern around `event`, the body of an `Event` object.
func pattern(event: String, extraItems: String = "") -> String {
    """
    {
      "Version": 1.0,
      "Pattern": [
        { "Event": { \(event) } }\(extraItems.isEmpty ? "" : ",\n    " + extraItems)
      ]
    }
    """
}

let transientBody =
    #""Time": 0.0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticIntensity", "ParameterValue": 1.0 }, { "ParameterID": "HapticSharpness", "ParameterValue": 0.5 }]"#
