public import TemperCore

/// The scenario run without any feedback: its workload, room, insulation and charger alone. A verdict that says
/// the workload takes the device somewhere, or that feedback tips it over, says so because this run does or does
/// not get there (``Simulator/runWithoutFeedback(_:governing:)``).
public struct FeedbackFreeRun: Sendable, Hashable, Codable {
    /// The hottest tier the classifier gave it.
    public var highestTier: Tier
    public var peakHotspotCelsius: Double
    public var peakInternalCelsius: Double
    /// Where the run stopped: the scenario's end, or earlier, once nothing left in it could raise a temperature
    /// past its peak, so the figures above are the whole run's.
    public var endSeconds: Double

    public init(highestTier: Tier, peakHotspotCelsius: Double, peakInternalCelsius: Double, endSeconds: Double) {
        self.highestTier = highestTier
        self.peakHotspotCelsius = peakHotspotCelsius
        self.peakInternalCelsius = peakInternalCelsius
        self.endSeconds = endSeconds
    }

    init(_ run: RunSummary) {
        let seconds = run.tierSeconds
        self.init(
            highestTier: run.highestTier,
            peakHotspotCelsius: run.peakHotspotCelsius,
            peakInternalCelsius: run.peakInternalCelsius,
            endSeconds: rounded(seconds.nominal + seconds.fair + seconds.serious + seconds.critical)
        )
    }
}
