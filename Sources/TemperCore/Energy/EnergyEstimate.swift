/// What a pattern costs on a device profile.
public struct EnergyEstimate: Sendable, Hashable, Codable {
    public var energyMillijoules: Double
    /// The same energy as charge at the profile's battery voltage.
    public var microampHours: Double
    /// The highest supply power at any instant, over every component (actuator, driver states, audio).
    public var peakMilliwatts: Double
    /// The energy over the time it is drawn, from the first draw until the driver is off and the audio tail ends:
    /// the same components as the peak, so never above it.
    public var averageMilliwatts: Double
    public var durationSeconds: Double
    /// How long what the actuator plays is clipped by its driver (asked for more drive than the driver gives).
    public var clippedSeconds: Double
    /// The lowest fraction of the requested strength that plays while clipped; 1 when nothing clips.
    public var playedFraction: Double
    /// When what the actuator plays is clipped, in time order, spans that touch merged; their lengths add up to
    /// ``clippedSeconds``.
    public var clippedSpans: [ClippedSpan]
    public var breakdown: EnergyBreakdown
    public var events: [EventEnergy]
    /// Power over time, for plots.
    public var powerSeries: [PowerSample]

    public init(
        energyMillijoules: Double = 0,
        microampHours: Double = 0,
        peakMilliwatts: Double = 0,
        averageMilliwatts: Double = 0,
        durationSeconds: Double = 0,
        clippedSeconds: Double = 0,
        playedFraction: Double = 1,
        clippedSpans: [ClippedSpan] = [],
        breakdown: EnergyBreakdown = .init(),
        events: [EventEnergy] = [],
        powerSeries: [PowerSample] = []
    ) {
        self.energyMillijoules = energyMillijoules
        self.microampHours = microampHours
        self.peakMilliwatts = peakMilliwatts
        self.averageMilliwatts = averageMilliwatts
        self.durationSeconds = durationSeconds
        self.clippedSeconds = clippedSeconds
        self.playedFraction = playedFraction
        self.clippedSpans = clippedSpans
        self.breakdown = breakdown
        self.events = events
        self.powerSeries = powerSeries
    }

    /// Whether the driver clips anything the pattern asks for.
    public var isClipped: Bool { clippedSeconds > 0 }

    enum CodingKeys: String, CodingKey {
        case energyMillijoules, microampHours, peakMilliwatts, averageMilliwatts, durationSeconds, clippedSeconds
        case playedFraction, clippedSpans, breakdown, events, powerSeries
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            energyMillijoules: try container.decode(Double.self, forKey: .energyMillijoules),
            microampHours: try container.decode(Double.self, forKey: .microampHours),
            peakMilliwatts: try container.decode(Double.self, forKey: .peakMilliwatts),
            averageMilliwatts: try container.decode(Double.self, forKey: .averageMilliwatts),
            durationSeconds: try container.decode(Double.self, forKey: .durationSeconds),
            clippedSeconds: try container.decode(Double.self, forKey: .clippedSeconds),
            playedFraction: try container.decode(Double.self, forKey: .playedFraction),
            // Estimates written before clipped spans were reported have none.
            clippedSpans: try container.decodeIfPresent([ClippedSpan].self, forKey: .clippedSpans) ?? [],
            breakdown: try container.decode(EnergyBreakdown.self, forKey: .breakdown),
            events: try container.decode([EventEnergy].self, forKey: .events),
            powerSeries: try container.decode([PowerSample].self, forKey: .powerSeries)
        )
    }
}

/// A span of a pattern's time (s) in which the driver cannot play what is asked: its headroom clips the signal.
public struct ClippedSpan: Sendable, Hashable, Codable {
    public var startSeconds: Double
    public var endSeconds: Double

    public init(startSeconds: Double, endSeconds: Double) {
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }
}

/// Energy by kind, in millijoules.
public struct EnergyBreakdown: Sendable, Hashable, Codable {
    public var transientsMillijoules: Double
    public var continuousMillijoules: Double
    public var audioMillijoules: Double
    public var overheadMillijoules: Double

    public init(
        transientsMillijoules: Double = 0,
        continuousMillijoules: Double = 0,
        audioMillijoules: Double = 0,
        overheadMillijoules: Double = 0
    ) {
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
    /// Its share of the burst it plays in: the haptic driver's draw, or the audio path's opening (the path while
    /// sounds play, its idle gaps and standby tail).
    public var overheadMillijoules: Double
    /// How long the driver clips this event (whether or not a stronger event plays over it).
    public var clippedSeconds: Double
    /// The lowest fraction of this event's requested strength the driver can play; 1 when it never clips.
    public var playedFraction: Double

    public init(
        index: Int,
        type: String,
        timeSeconds: Double,
        energyMillijoules: Double,
        overheadMillijoules: Double = 0,
        clippedSeconds: Double = 0,
        playedFraction: Double = 1
    ) {
        self.index = index
        self.type = type
        self.timeSeconds = timeSeconds
        self.energyMillijoules = energyMillijoules
        self.overheadMillijoules = overheadMillijoules
        self.clippedSeconds = clippedSeconds
        self.playedFraction = playedFraction
    }

    enum CodingKeys: String, CodingKey {
        case index, type, timeSeconds, energyMillijoules, overheadMillijoules, clippedSeconds, playedFraction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        type = try container.decode(String.self, forKey: .type)
        timeSeconds = try container.decode(Double.self, forKey: .timeSeconds)
        energyMillijoules = try container.decode(Double.self, forKey: .energyMillijoules)
        overheadMillijoules = try container.decodeIfPresent(Double.self, forKey: .overheadMillijoules) ?? 0
        // Scores written before clipping was modelled have neither key: nothing clipped.
        clippedSeconds = try container.decodeIfPresent(Double.self, forKey: .clippedSeconds) ?? 0
        playedFraction = try container.decodeIfPresent(Double.self, forKey: .playedFraction) ?? 1
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
