import Logging
import TemperCore

/// Sets feedbackd's `Profile` from the condition through the policy's ``FeedbackdMapping``, puts back the
/// profile the user had when the condition no longer asks for one, and never fights the user: a profile
/// changed by someone else while Temper holds one is left alone (logged) until the next change of condition.
///
/// Lives on the service's ``GLibThread``: every method runs there, so its state needs no lock.
final class FeedbackdBridge: @unchecked Sendable {
    static let name = "org.sigxcpu.Feedback"
    static let path = "/org/sigxcpu/Feedback"

    private let mapping: FeedbackdMapping
    private let logger: Logger
    private var connection: DBusConnection?
    private var proxy: DBusProxy?
    /// What Temper set and still holds, and the user's profile to put back.
    private var held: (profile: String, userProfile: String)?
    private var wanted: FeedbackdMapping.Profile?
    /// The user changed the profile while Temper held one: wait for the next change of condition.
    private var standingBack = false
    /// The profile feedbackd had at its last announcement; `nil` while it is not on the bus.
    private var lastSeen: String?

    init(mapping: FeedbackdMapping, logger: Logger) {
        self.mapping = mapping
        self.logger = logger
    }

    /// Connects to the session bus and watches feedbackd (which may come and go).
    func start(bus: DBusBus) throws(DBusFailure) {
        let connection = try DBusConnection(bus: bus)
        self.connection = connection
        proxy = try DBusProxy(
            connection: connection,
            name: Self.name,
            path: Self.path,
            interface: Self.name
        ) { [weak self] in self?.profileChanged() }
        lastSeen = proxy?.string("Profile")
    }

    /// Gives the user's profile back and disconnects.
    func stop() {
        if let held, proxy?.string("Profile") == held.profile { proxy?.set("Profile", to: held.userProfile) }
        held = nil
        proxy = nil
        connection?.close()
        connection = nil
    }

    /// A change of tier or low power.
    func conditionChanged(_ condition: Condition) {
        standingBack = false
        wanted = mapping.profile(for: condition)
        apply()
    }

    private func apply() {
        guard !standingBack, let proxy, let current = proxy.string("Profile") else { return }
        switch (wanted, held) {
        case (let wanted?, let holding):
            guard current != wanted.rawValue else {
                if holding == nil { return }  // the user already has it: nothing to hold or restore
                held?.profile = wanted.rawValue
                return
            }
            held = (wanted.rawValue, holding?.userProfile ?? current)
            logger.info("setting feedbackd's profile", metadata: ["profile": "\(wanted.rawValue)", "was": "\(current)"])
            proxy.set("Profile", to: wanted.rawValue)
        case (nil, let holding?):
            held = nil
            guard current == holding.profile else { return }
            logger.info("restoring feedbackd's profile", metadata: ["profile": "\(holding.userProfile)"])
            proxy.set("Profile", to: holding.userProfile)
        case (nil, nil):
            return
        }
    }

    /// feedbackd announced a profile: ours echoing back, someone else's, or feedbackd coming or going.
    private func profileChanged() {
        let current = proxy?.string("Profile")
        defer { lastSeen = current }
        guard let current else {
            held = nil  // feedbackd left; a new one starts from its own settings
            return
        }
        guard let lastSeen else { return apply() }  // feedbackd appeared
        guard current != lastSeen, current != held?.profile else { return }
        if wanted != nil || held != nil {
            logger.notice(
                "feedbackd's profile was changed by someone else; standing back until the condition changes",
                metadata: ["profile": "\(current)", "temper": "\(held?.profile ?? "-")"]
            )
            held = nil
            standingBack = true
        }
    }
}
