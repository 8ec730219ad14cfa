public import TemperCore

/// Forecasts the two sensors of a fitted two-node thermal model by integrating the model forward from a state
/// estimate, and every other sensor by the straight-line trend.
///
/// The estimate is a Kalman filter over (internal, skin, heat input, ambient): the model moves the temperatures,
/// the heat input and the ambient wander as random walks, and each sample's internal and skin-hotspot readings
/// correct it. So the heat input is read off how the internal node moves against what the model says it would do
/// unheated, and the ambient off where the skin settles; a forecast holds both and steps the model exactly
/// (``ThermalModel``'s propagator). Its band is the estimate's uncertainty carried forward, plus the readings'
/// noise. When either sensor has no reading, or time jumps by more than ``restartGapSeconds``, the estimate
/// restarts from the next readings.
public struct ModelForecaster: ThermalForecaster {
    public let parameters: ThermalParameters
    /// The internal node's sensor and the skin-hotspot sensor, matched against a reading's `chip/label`
    /// display name, its label or its chip path.
    public let internalSensor: String
    public let skinSensor: String
    /// One reading's noise (standard deviation, °C).
    public var readingNoiseCelsius: Double
    /// How fast the heat input may wander (W per √s): large enough to follow a workload starting in seconds.
    public var heatWanderWattsPerRootSecond: Double
    /// How fast the ambient may wander (°C per √s).
    public var ambientWanderCelsiusPerRootSecond: Double
    /// A gap between samples longer than this restarts the estimate (s).
    public static let restartGapSeconds = 600.0

    /// (internal, skin, heat input, ambient) and its covariance, row-major 4×4.
    private var mean: [Double] = []
    private var covariance: [Double] = []
    private var lastTime: Double?
    private var internalIndex: Int?
    private var skinIndex: Int?

    public init(
        parameters: ThermalParameters,
        internalSensor: String = "internal",
        skinSensor: String = "skin",
        readingNoiseCelsius: Double = 0.1,
        heatWanderWattsPerRootSecond: Double = 0.3,
        ambientWanderCelsiusPerRootSecond: Double = 0.01
    ) {
        self.parameters = parameters
        self.internalSensor = internalSensor
        self.skinSensor = skinSensor
        self.readingNoiseCelsius = max(readingNoiseCelsius, 1e-3)
        self.heatWanderWattsPerRootSecond = max(heatWanderWattsPerRootSecond, 0)
        self.ambientWanderCelsiusPerRootSecond = max(ambientWanderCelsiusPerRootSecond, 0)
    }

    /// The model forecaster of a device profile whose thermal figures were all fitted to measurements
    /// (`temper calibrate thermal`); `nil` when any was derived or assumed, so the trend is used instead.
    public init?(profile: DeviceProfile, internalSensor: String = "internal", skinSensor: String = "skin") {
        let kinds = ThermalFigure.allCases.map { profile.provenance["thermal.\($0.rawValue)"]?.kind }
        guard kinds.allSatisfy({ $0 == .fitted }) else { return nil }
        let parameters = ThermalParameters(profile: profile)
        guard (try? parameters.validate()) != nil else { return nil }
        self.init(parameters: parameters, internalSensor: internalSensor, skinSensor: skinSensor)
    }

    public mutating func observe(_ sensors: [SensorAssessment], at time: Double) {
        let internalAt = sensors.firstIndex { Self.matches(internalSensor, $0) }
        let skinAt = sensors.firstIndex { Self.matches(skinSensor, $0) }
        guard let internalAt, let skinAt, let inner = sensors[internalAt].celsius, let hotspot = sensors[skinAt].celsius,
            inner.isFinite, hotspot.isFinite
        else { return restart() }
        internalIndex = internalAt
        skinIndex = skinAt
        if let lastTime, !mean.isEmpty, time >= lastTime, time - lastTime <= Self.restartGapSeconds {
            if time > lastTime { predict(seconds: time - lastTime) }
        } else {
            start(inner: inner, hotspot: hotspot)
        }
        lastTime = time
        correct(row: [1, 0, 0, 0], reading: inner)
        let weight = parameters.hotspotWeight
        correct(row: [weight, 1 - weight, 0, 0], reading: hotspot)
    }

    public func forecast(_ sensor: SensorAssessment, at index: Int, aheadSeconds seconds: Double) -> TemperatureForecast? {
        let weight = parameters.hotspotWeight
        guard !mean.isEmpty, seconds > 0, index == internalIndex || index == skinIndex else {
            return TrendForecaster.line(sensor, aheadSeconds: seconds)
        }
        let row: [Double] = index == internalIndex ? [1, 0, 0, 0] : [weight, 1 - weight, 0, 0]
        let transition = transition(seconds: seconds)
        let ahead = multiply(transition, mean)
        let spread = carry(covariance, by: transition, adding: wander(seconds: seconds))
        let celsius = dot(row, ahead)
        let variance = dot(row, multiply(spread, row)) + readingNoiseCelsius * readingNoiseCelsius
        return TemperatureForecast(celsius: celsius, errorCelsius: 2 * max(0, variance).squareRoot(), method: .model)
    }

    /// Whether `name` names `sensor`: its `chip/label`, its label or its chip path.
    static func matches(_ name: String, _ sensor: SensorAssessment) -> Bool {
        sensor.status == .counted && (sensor.displayName == name || sensor.label == name || sensor.chip == name)
    }

    private mutating func restart() {
        mean = []
        covariance = []
        lastTime = nil
        internalIndex = nil
        skinIndex = nil
    }

    /// A first estimate: the device at rest (heat input balancing what flows to the skin), the ambient where the
    /// skin would settle with it, both loosely held so the first samples move them.
    private mutating func start(inner: Double, hotspot: Double) {
        let weight = parameters.hotspotWeight
        let skin = weight < 1 ? (hotspot - weight * inner) / (1 - weight) : hotspot
        let heat = max(0, inner - skin) / parameters.internalToSkinKelvinPerWatt
        let ambient = skin - heat * parameters.skinToAmbientKelvinPerWatt
        mean = [inner, skin, heat, ambient]
        let noise = readingNoiseCelsius * readingNoiseCelsius
        covariance = [Double](repeating: 0, count: 16)
        for (index, variance) in [noise, 4 * noise + 1, 4.0, 25.0].enumerated() { covariance[index * 5] = variance }
    }

    private mutating func predict(seconds: Double) {
        let transition = transition(seconds: seconds)
        mean = multiply(transition, mean)
        covariance = carry(covariance, by: transition, adding: wander(seconds: seconds))
    }

    /// One scalar reading `row·x` corrects the estimate.
    private mutating func correct(row: [Double], reading: Double) {
        let projected = multiply(covariance, row)
        let innovationVariance = dot(row, projected) + readingNoiseCelsius * readingNoiseCelsius
        guard innovationVariance > 0 else { return }
        let gain = projected.map { $0 / innovationVariance }
        let innovation = reading - dot(row, mean)
        for index in 0..<4 { mean[index] += gain[index] * innovation }
        for i in 0..<4 {
            for j in 0..<4 { covariance[i * 4 + j] -= gain[i] * projected[j] }
        }
        // Symmetric again after rounding.
        for i in 0..<4 {
            for j in (i + 1)..<4 {
                let average = (covariance[i * 4 + j] + covariance[j * 4 + i]) / 2
                covariance[i * 4 + j] = average
                covariance[j * 4 + i] = average
            }
        }
        mean[2] = max(0, mean[2])
    }

    /// The 4×4 map of (internal, skin, heat, ambient) over `seconds` with heat and ambient held: each column is
    /// the model stepped from one unit state, by the model's own exact propagator.
    private func transition(seconds: Double) -> [Double] {
        var matrix = [Double](repeating: 0, count: 16)
        let units: [(Double, Double, Double, Double)] = [(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)]
        for (column, unit) in units.enumerated() {
            var model = ThermalModel(parameters: parameters, internalCelsius: unit.0, skinCelsius: unit.1)
            model.step(seconds: seconds, powerWatts: unit.2, ambientCelsius: unit.3)
            matrix[column] = model.internalCelsius
            matrix[4 + column] = model.skinCelsius
        }
        matrix[10] = 1
        matrix[15] = 1
        return matrix
    }

    /// The random walks' variance over `seconds`.
    private func wander(seconds: Double) -> [Double] {
        var matrix = [Double](repeating: 0, count: 16)
        matrix[10] = heatWanderWattsPerRootSecond * heatWanderWattsPerRootSecond * seconds
        matrix[15] = ambientWanderCelsiusPerRootSecond * ambientWanderCelsiusPerRootSecond * seconds
        return matrix
    }

    /// F·(P + Q)·Fᵀ: the wander is added before the step, so the heat a workload adds meanwhile is carried through.
    private func carry(_ covariance: [Double], by transition: [Double], adding wander: [Double]) -> [Double] {
        var sum = covariance
        for index in 0..<16 { sum[index] += wander[index] }
        return product(product(transition, sum, transposingRight: false), transition, transposingRight: true)
    }

    /// The 4×4 product `lhs·rhs`, or `lhs·rhsᵀ`, row-major.
    private func product(_ lhs: [Double], _ rhs: [Double], transposingRight: Bool) -> [Double] {
        var result = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var total = 0.0
                for k in 0..<4 { total += lhs[i * 4 + k] * (transposingRight ? rhs[j * 4 + k] : rhs[k * 4 + j]) }
                result[i * 4 + j] = total
            }
        }
        return result
    }

    private func multiply(_ matrix: [Double], _ vector: [Double]) -> [Double] {
        (0..<4).map { row in (0..<4).reduce(0) { $0 + matrix[row * 4 + $1] * vector[$1] } }
    }

    private func dot(_ lhs: [Double], _ rhs: [Double]) -> Double { zip(lhs, rhs).reduce(0) { $0 + $1.0 * $1.1 } }
}
