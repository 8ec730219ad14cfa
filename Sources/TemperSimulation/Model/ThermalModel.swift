import FoundationEssentials
import Glibc
import TemperCore

/// The two-node lumped thermal model, internal → skin → ambient, integrated exactly.
///
/// Over one step the inputs (power and ambient) are held constant, so the linear system
/// `x′ = A·x + b` has the closed form `x(t + h) = x∞ + exp(A·h)·(x(t) − x∞)`. Using it rather than Euler steps keeps
/// the model stable and exact for any step size; `exp(A·h)` of the 2×2 matrix is cached per step size and
/// insulation.
///
/// Heat enters either node: the workload's at the internal node (the SoC), feedback's split between the nodes by
/// where the actuator and the speaker amplifier sit (``ThermalParameters/actuatorHeatWeight``).
///
/// Insulation (a towel, a pocket, a case) is extra resistance in series between skin and ambient, given per step:
/// it changes how fast the device sheds heat, not the air around it. The skin's hotspot is a weighted point
/// between the skin mean and the internal node, so it always lies between them.
public struct ThermalModel: Sendable, Hashable {
    public let parameters: ThermalParameters
    /// Internal node temperature (°C).
    public private(set) var internalCelsius: Double
    /// Skin node (mean) temperature (°C).
    public private(set) var skinCelsius: Double

    private var cachedStep: Double = .nan
    private var cachedInsulation: Double = .nan
    private var cachedPropagator: Matrix2 = .identity

    public init(parameters: ThermalParameters = .derivedDefaults, internalCelsius: Double, skinCelsius: Double) {
        self.parameters = parameters
        self.internalCelsius = internalCelsius
        self.skinCelsius = skinCelsius
    }

    /// What the skin's hottest spot reads: `skin + w·(internal − skin)`, between the skin mean and the internal node.
    public var hotspotCelsius: Double {
        skinCelsius + parameters.hotspotWeight * (internalCelsius - skinCelsius)
    }

    /// The temperatures the model settles at under a constant power and ambient: all the heat, `powerWatts` into
    /// the internal node and `skinWatts` into the skin, crosses the skin's resistance to ambient (with
    /// `insulationKelvinPerWatt` added); only the internal node's crosses the resistance to the skin.
    public func steadyState(
        powerWatts: Double,
        skinWatts: Double = 0,
        ambientCelsius: Double,
        insulationKelvinPerWatt: Double = 0
    ) -> (internalCelsius: Double, skinCelsius: Double) {
        let skin = ambientCelsius + (powerWatts + skinWatts) * (parameters.skinToAmbientKelvinPerWatt + insulationKelvinPerWatt)
        return (skin + powerWatts * parameters.internalToSkinKelvinPerWatt, skin)
    }

    /// The coupled system's two time constants (s), fast then slow: −1/λ for the eigenvalues λ of A.
    public var timeConstantsSeconds: (fast: Double, slow: Double) {
        let (fast, slow) = systemMatrix(insulation: 0).eigenvalues
        return (-1 / fast, -1 / slow)
    }

    /// Advances the model by `seconds` with `powerWatts` dissipated in the internal node, `skinWatts` in the skin
    /// node and `insulationKelvinPerWatt` of extra resistance between skin and ambient.
    public mutating func step(
        seconds: Double,
        powerWatts: Double,
        skinWatts: Double = 0,
        ambientCelsius: Double,
        insulationKelvinPerWatt: Double = 0
    ) {
        guard seconds > 0 else { return }
        if seconds != cachedStep || insulationKelvinPerWatt != cachedInsulation {
            cachedPropagator = systemMatrix(insulation: insulationKelvinPerWatt).exponential(times: seconds)
            cachedStep = seconds
            cachedInsulation = insulationKelvinPerWatt
        }
        let steady = steadyState(
            powerWatts: powerWatts,
            skinWatts: skinWatts,
            ambientCelsius: ambientCelsius,
            insulationKelvinPerWatt: insulationKelvinPerWatt
        )
        let deviation = (internalCelsius - steady.internalCelsius, skinCelsius - steady.skinCelsius)
        let next = cachedPropagator.apply(deviation)
        internalCelsius = steady.internalCelsius + next.0
        skinCelsius = steady.skinCelsius + next.1
    }

    /// A of `x′ = A·x + b` for x = (internal, skin).
    private func systemMatrix(insulation: Double) -> Matrix2 {
        let coupling = 1 / parameters.internalToSkinKelvinPerWatt
        let internalCapacity = parameters.internalCapacityJoulesPerKelvin
        let skinCapacity = parameters.skinCapacityJoulesPerKelvin
        let loss = 1 / (parameters.skinToAmbientKelvinPerWatt + insulation)
        return Matrix2(
            a: -coupling / internalCapacity,
            b: coupling / internalCapacity,
            c: coupling / skinCapacity,
            d: -(coupling + loss) / skinCapacity
        )
    }
}

/// A 2×2 matrix `[[a, b], [c, d]]`, just enough for the model's propagator.
struct Matrix2: Sendable, Hashable {
    var a, b, c, d: Double

    static let identity = Matrix2(a: 1, b: 0, c: 0, d: 1)

    /// Both eigenvalues, the one of larger magnitude first. Real and distinct for any thermal RC network.
    var eigenvalues: (Double, Double) {
        let trace = a + d
        let determinant = a * d - b * c
        let root = (trace * trace - 4 * determinant).squareRoot()
        return ((trace - root) / 2, (trace + root) / 2)
    }

    /// exp(M·t) by Sylvester's formula for distinct eigenvalues λ₁, λ₂:
    /// `(λ₁e^{λ₂t} − λ₂e^{λ₁t})/(λ₁ − λ₂)·I + (e^{λ₁t} − e^{λ₂t})/(λ₁ − λ₂)·M`.
    func exponential(times t: Double) -> Matrix2 {
        let (first, second) = eigenvalues
        let gap = first - second
        let firstExp = Glibc.exp(first * t)
        let secondExp = Glibc.exp(second * t)
        let identityWeight = (first * secondExp - second * firstExp) / gap
        let matrixWeight = (firstExp - secondExp) / gap
        return Matrix2(
            a: identityWeight + matrixWeight * a,
            b: matrixWeight * b,
            c: matrixWeight * c,
            d: identityWeight + matrixWeight * d
        )
    }

    func apply(_ vector: (Double, Double)) -> (Double, Double) {
        (a * vector.0 + b * vector.1, c * vector.0 + d * vector.1)
    }
}
