/// What a pattern costs on a device profile.
public struct EnergyEstimate: Sendable, Hashable, Codable {
    public var energyMillijoules: Double
    /// The same energy as charge at the profile's battery voltage.
    public var microampHours: Double
    public var peakMilliwatts: Double
    public var durationSeconds: Double
    public var breakdown: EnergyBreakdown
    public var events: [EventEnergy]
    /// Power over time, for plots.
    public var powerSeries: [PowerSample]

    public init(
        energyMillijoules: Double = 0, microampHours: Double = 0, peakMilliwatts: Double = 0, durationSeconds: Double = 0,
        breakdown: EnergyBreakdown = .init(), events: [EventEnergy] = [], powerSeries: [PowerSample] = []
    ) {
        self.energyMillijoules = energyMillijoules
        self.microampHours = microampHours
        self.peakMilliwatts = peakMilliwatts
        self.durationSeconds = durationSeconds
        self.breakdown = breakdown
        self.events = events
        self.powerSeries = powerSeries
    }
}

/// Energy by kind, in millijoules.
public struct EnergyBreakdown: Sendable, Hashable, Codable {
    public var transientsMillijoules: Double
    public var continuousMillijoules: Double
    public var audioMillijoules: Double
    public var overheadMillijoules: Double

    public init(transientsMillijoules: Double = 0, continuousMillijoules: Double = 0, audioMillijoules: Double = 0, overheadMillijoules: Double = 0) {
        self.transientsMillijoules = transientsMillijoules
        self.continuousMillijoules = continuousMillijoules
        self.audioMillijoules = audioMillijoules
        self.overheadMillijoules = overheadMillijoules
    }

    public var totalMillijoules: Double { transientsMillijoules + continuousMillijoules + audioMillijoules + overheadMillijoules }
}

/// One event's share.
public struct EventEnergy: Sendable, Hashable, Codable {
    /// Index into the pattern's events.
    public var index: Int
    public var type: String
    public var timeSeconds: Double
    /// Everything this event costs: its own energy plus ``overheadMillijoules``.
    public var energyMillijoules: Double
    /// Its share of the burst it plays in: the haptic driver's draw, or the audio standby tail.
    public var overheadMillijoules: Double

    public init(index: Int, type: String, timeSeconds: Double, energyMillijoules: Double, overheadMillijoules: Double = 0) {
        self.index = index
        self.type = type
        self.timeSeconds = timeSeconds
        self.energyMillijoules = energyMillijoules
        self.overheadMillijoules = overheadMillijoules
    }
}

public struct PowerSample: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    public var milliwatts: Double

    public init(timeSeconds: Double, milliwatts: Double) {
        self.timeSeconds = timeSeconds
        self.milliwatts = milliwatts
    }
}
