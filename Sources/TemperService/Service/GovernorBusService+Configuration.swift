extension GovernorBusService {
    /// Where the service listens and what it allows each client.
    public struct Configuration: Sendable, Hashable {
        public var bus: DBusBus
        /// Seconds between samples when nothing announces a change (UPower, power-profiles-daemon and udev
        /// uevents wake the service at once in between).
        public var sampleIntervalSeconds: Double
        public var limits: Limits
        /// Watch udev uevents of hwmon and thermal devices (alarms, trip crossings) as sample triggers.
        public var watchesUevents: Bool
        /// The bus where feedbackd runs (the user's session bus) to set its profile from the condition through
        /// the policy's ``FeedbackdMapping``; `nil` leaves feedbackd alone.
        public var feedbackdBus: DBusBus?
        /// The file where the feedbackd bridge keeps the profile it holds and the user's, so a restart after a
        /// crash puts the user's back (`temper serve` uses the unit's state directory); `nil` keeps them in memory.
        public var feedbackdMarksPath: String?
        /// Set user thresholds at the policy's tier edges on the kernel's thermal zones (Linux ≥ 6.13, with
        /// `CAP_SYS_ADMIN`), so the kernel announces each crossing. Only when the host reads the kernel's own sysfs:
        /// a testbed's fake zones must not lend their numbers to the real kernel's.
        public var setsThermalThresholds: Bool

        public init(
            bus: DBusBus = .system,
            sampleIntervalSeconds: Double = 1,
            limits: Limits = .init(),
            watchesUevents: Bool = true,
            feedbackdBus: DBusBus? = nil,
            feedbackdMarksPath: String? = nil,
            setsThermalThresholds: Bool = false
        ) {
            self.bus = bus
            self.setsThermalThresholds = setsThermalThresholds
            self.feedbackdBus = feedbackdBus
            self.feedbackdMarksPath = feedbackdMarksPath
            self.sampleIntervalSeconds = sampleIntervalSeconds
            self.limits = limits
            self.watchesUevents = watchesUevents
        }
    }

    /// What one client may ask: sizes, rates and queue shares, so no client can make the service slow or big.
    public struct Limits: Sendable, Hashable {
        /// The largest request JSON Decide and Schedule read (bytes); larger is `TooLarge`.
        public var maxRequestBytes: Int
        /// The largest AHAP JSON Score reads (bytes).
        public var maxPatternBytes: Int
        /// Calls a second per sender, with bursts of ``burstPerSender``; more is `RateLimited`.
        public var callsPerSecondPerSender: Double
        public var burstPerSender: Double
        /// Calls being decided at once over all senders; more is `RateLimited` until some finish.
        public var maxCallsInFlight: Int
        /// Calls one Unix user's connections may have in progress at once (a share of ``maxCallsInFlight``).
        public var maxCallsInFlightPerUser: Int
        /// Connections of one Unix user that may call; a call from one more is `RateLimited`.
        public var maxConnectionsPerUser: Int
        /// Scheduled requests one Unix user may have waiting over all its connections; more is `QueueFull`.
        /// The governor's queue (1,024) is the cap over all users.
        public var maxTicketsPerUser: Int
        /// How far ahead a request may be scheduled (seconds).
        public var maxScheduleAheadSeconds: Double
        /// Live players one Unix user may have over all its connections; more is `QueueFull`. The governor's
        /// cap over all users is 256.
        public var maxPlayersPerUser: Int = 16

        public init(
            maxRequestBytes: Int = 64 * 1024,
            maxPatternBytes: Int = 1024 * 1024,
            callsPerSecondPerSender: Double = 500,
            burstPerSender: Double = 1000,
            maxCallsInFlight: Int = 512,
            maxCallsInFlightPerUser: Int = 128,
            maxConnectionsPerUser: Int = 32,
            maxTicketsPerUser: Int = 256,
            maxScheduleAheadSeconds: Double = 3600
        ) {
            self.maxRequestBytes = maxRequestBytes
            self.maxPatternBytes = maxPatternBytes
            self.callsPerSecondPerSender = callsPerSecondPerSender
            self.burstPerSender = burstPerSender
            self.maxCallsInFlight = maxCallsInFlight
            self.maxCallsInFlightPerUser = maxCallsInFlightPerUser
            self.maxConnectionsPerUser = maxConnectionsPerUser
            self.maxTicketsPerUser = maxTicketsPerUser
            self.maxScheduleAheadSeconds = maxScheduleAheadSeconds
        }

        /// The largest message body the service reads at all: the largest arguments a method takes (Score's
        /// pattern and device name), with room for their framing. A larger message is refused before GDBus holds it.
        public var maxMessageBodyBytes: Int { max(maxRequestBytes, maxPatternBytes) + 4096 }
    }

    /// A refusal, answered as one of ``GovernorInterface/ErrorName`` with a one-line message.
    struct Refusal: Error {
        var name: GovernorInterface.ErrorName
        var message: String
        init(_ name: GovernorInterface.ErrorName, _ message: String) {
            self.name = name
            self.message = message
        }

        init(_ refusal: CallerTable.Refusal) {
            switch refusal {
            case .tooManyConnections(let user, let limit):
                self.init(.rateLimited, "user \(user) already has \(limit) connections calling; close some")
            case .tooManyCalls(let user, let limit):
                self.init(.rateLimited, "user \(user) already has \(limit) calls in progress; try again")
            }
        }
    }
}
