import TemperCore

extension TemperError.Code {
    /// The data cannot determine the parameters (too short, no excitation, a parameter with no effect).
    public static let cannotCalibrate = TemperError.Code("cannotCalibrate")
}
