import Logging
import TemperCore

/// Sets feedbackd's `Profile` from the condition through the policy's ``FeedbackdMapping``, puts back the
/// profile the user had when the condition no longer asks for one, and never fights the user: a profile
/// changed by someone else while Temper holds or wants one is the user's choice, and stands across changes of
/// tier until the condition asks for no profile at all.
///
/// What it holds and what the user chose are kept in a ``FeedbackdMarkFile`` (the service's state directory)
/// before each change, so a service killed while it holds `silent` puts the user's profile back when it starts
/// again, instead of taking that `silent` for the user's own.
///
/// Lives on the service's ``GLibThread``: every method runs there, so its state needs no lock.
final class FeedbackdBridge: @unchecked Sendable {
    static let name = "org.sigxcpu.Feedback"
    static let path = "/org/sigxcpu/Feedback"

    private let mapping: FeedbackdMapping
    private let logger: Logger
    private let markFile: FeedbackdMarkFile?
    private var connection: DBusConnection?
    private var proxy: DBusProxy?
    /// What Temper holds and what the user chose, as last written to ``markFile``.
    private var marks = FeedbackdMarks()
    private var wanted: FeedbackdMapping.Profile?
    /// The profile feedbackd had at its last announcement; `nil` while it is not on the bus.
    private var lastSeen: String?

    /// - Parameter markFile: Where the marks survive the process; `nil` keeps them in memory only.
    init(mapping: FeedbackdMapping, markFile: FeedbackdMarkFile?, logger: Logger) {
        self.mapping = mapping
        self.markFile = markFile
        self.logger = logger
    }

    /// Reads the marks a previous run left, connects to the session bus and watches feedbackd (which may come
    /// and go). The first condition puts the user's profile back if a previous run left Temper's on.
    func start(bus: DBusBus) throws(DBusFailure) {
        if let markFile {
            do {
                marks = try markFile.load()
                if let held = marks.held {
                    logger.notice(
                        "a previous run held feedbackd's profile",
                        metadata: ["profile": "\(held.profile.rawValue)", "user": "\(held.userProfile.rawValue)"]
                    )
                }
            } catch {
                logger.warning("ignoring feedbackd's marks", metadata: ["problem": "\(error.description)"])
            }
        }
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
        if let held = marks.held, proxy?.string("Profile") == held.profile.rawValue {
            proxy?.set("Profile", to: held.userProfile.rawValue)
            record(FeedbackdMarks(chosen: marks.chosen))
        }
        proxy = nil
        connection?.close()
        connection = nil
    }

    /// A change of tier or low power.
    func conditionChanged(_ condition: Condition) {
        wanted = mapping.profile(for: condition)
        // The condition asks for nothing: the user's choice is simply their profile now.
        if wanted == nil, marks.chosen != nil { record(FeedbackdMarks(held: marks.held)) }
        apply()
    }

    private func apply() {
        guard marks.chosen == nil, let proxy, let text = proxy.string("Profile") else { return }
        let current = FeedbackdMapping.Profile(rawValue: text)
        switch (wanted, marks.held) {
        case (let wanted?, let holding):
            guard current != wanted else {
                if let holding { record(FeedbackdMarks(held: (wanted, holding.userProfile))) }
                return  // without a hold: the user already has it, nothing to hold or restore
            }
            guard let userProfile = holding?.userProfile ?? current else {
                logger.warning("feedbackd reports a profile Temper does not know; leaving it", metadata: ["profile": "\(text)"])
                return
            }
            // The mark first: a crash between the two leaves a mark that the next start reads.
            record(FeedbackdMarks(held: (wanted, userProfile)))
            logger.info("setting feedbackd's profile", metadata: ["profile": "\(wanted.rawValue)", "was": "\(text)"])
            proxy.set("Profile", to: wanted.rawValue)
        case (nil, let holding?):
            if current == holding.profile {
                logger.info("restoring feedbackd's profile", metadata: ["profile": "\(holding.userProfile.rawValue)"])
                proxy.set("Profile", to: holding.userProfile.rawValue)
            }
            record(FeedbackdMarks())
        case (nil, nil):
            return
        }
    }

    /// feedbackd announced a profile: ours echoing back, someone else's, or feedbackd coming or going.
    private func profileChanged() {
        let current = proxy?.string("Profile")
        defer { lastSeen = current }
        guard let current else { return }  // feedbackd left; the marks stay for when it returns
        guard let lastSeen else { return apply() }  // feedbackd appeared
        guard current != lastSeen, current != marks.held?.profile.rawValue else { return }
        guard wanted != nil || marks.held != nil, let chosen = FeedbackdMapping.Profile(rawValue: current) else { return }
        logger.notice(
            "feedbackd's profile was changed by someone else; it stands until the condition asks for no profile",
            metadata: ["profile": "\(current)", "temper": "\(marks.held?.profile.rawValue ?? "-")"]
        )
        record(FeedbackdMarks(chosen: chosen))
    }

    /// Keeps `new` as the marks, in the file too when there is one.
    private func record(_ new: FeedbackdMarks) {
        guard new.text != marks.text else { return }
        marks = new
        guard let markFile else { return }
        do {
            try markFile.save(new)
        } catch {
            logger.warning("cannot keep feedbackd's marks", metadata: ["problem": "\(error.description)"])
        }
    }
}
