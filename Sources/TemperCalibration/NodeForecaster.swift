import Glibc

/// Forecasts one sensor from a ``NodeFit``: a Kalman filter over the model's modes and its baseline, corrected by
/// each reading, then stepped ahead exactly with the input held at its last known value.
///
/// The modes and the baseline wander as random walks: the modes by ``modeWanderCelsiusPerRootSecond`` (what the
/// model gets wrong about the heat, chosen per trace on a validation part, never on the scored part), the baseline
/// by ``baselineWanderCelsiusPerRootSecond`` (a room drifting, fixed beforehand at the figure `ModelForecaster`
/// uses for the ambient).
public struct NodeForecaster: Sendable {
    public let timeConstants: [Double]
    public let gains: [Double]
    public let noiseCelsius: Double
    public let modeWanderCelsiusPerRootSecond: Double
    public let baselineWanderCelsiusPerRootSecond: Double

    /// The modes then the baseline, and their covariance (row-major).
    private var mean: [Double]
    private var covariance: [Double]
    private var lastTime: Double?
    private var lastInput = 0.0

    /// What the forecast test chooses the mode wander from (°C/√s), smallest first.
    public static let modeWanderChoices = [0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1]
    /// The baseline's wander (°C/√s), fixed beforehand.
    public static let baselineWander = 0.01

    public init(fit: NodeFit, modeWanderCelsiusPerRootSecond: Double, baselineWanderCelsiusPerRootSecond: Double = baselineWander) {
        timeConstants = fit.timeConstants.map(\.value)
        gains = fit.gains.isEmpty ? [Double](repeating: 0, count: fit.nodes) : fit.gains.map(\.value)
        noiseCelsius = max(fit.noiseCelsius, 1e-3)
        self.modeWanderCelsiusPerRootSecond = modeWanderCelsiusPerRootSecond
        self.baselineWanderCelsiusPerRootSecond = baselineWanderCelsiusPerRootSecond
        mean = fit.offsets + [fit.baseline.value]
        let size = mean.count
        covariance = [Double](repeating: 0, count: size * size)
        // Loosely held at first, so the first readings place it.
        for index in 0..<size { covariance[index * size + index] = 1 }
    }

    /// Takes the reading `celsius` at `time`, with `input` the input over the interval that ends there.
    public mutating func observe(time: Double, celsius: Double, input: Double) {
        if let lastTime, time > lastTime { predict(seconds: time - lastTime, input: input) }
        lastTime = time
        lastInput = input
        let size = mean.count
        // The reading is the sum of every state: H = (1, …, 1).
        let projected = (0..<size).map { row in (0..<size).reduce(0) { $0 + covariance[row * size + $1] } }
        let innovationVariance = projected.reduce(0, +) + noiseCelsius * noiseCelsius
        let innovation = celsius - mean.reduce(0, +)
        for i in 0..<size {
            mean[i] += projected[i] / innovationVariance * innovation
            for j in 0..<size { covariance[i * size + j] -= projected[i] * projected[j] / innovationVariance }
        }
    }

    /// The sensor `seconds` after the last reading, the input held.
    public func forecast(aheadSeconds seconds: Double) -> Double {
        var total = mean[mean.count - 1]
        for index in timeConstants.indices {
            let decay = Glibc.exp(-seconds / timeConstants[index])
            let target = gains[index] * lastInput
            total += target + (mean[index] - target) * decay
        }
        return total
    }

    private mutating func predict(seconds: Double, input: Double) {
        let size = mean.count
        var factors = [Double](repeating: 1, count: size)
        for index in timeConstants.indices {
            factors[index] = Glibc.exp(-seconds / timeConstants[index])
            let target = gains[index] * input
            mean[index] = target + (mean[index] - target) * factors[index]
        }
        for i in 0..<size {
            for j in 0..<size { covariance[i * size + j] *= factors[i] * factors[j] }
        }
        let mode = modeWanderCelsiusPerRootSecond * modeWanderCelsiusPerRootSecond * seconds
        for index in timeConstants.indices { covariance[index * size + index] += mode }
        covariance[size * size - 1] += baselineWanderCelsiusPerRootSecond * baselineWanderCelsiusPerRootSecond * seconds
    }
}
