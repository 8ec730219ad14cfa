import TemperCore

/// Who scheduled what: each request a client schedules is renamed to a service-wide unique id before it
/// reaches the governor, so its final decision (which carries only the id) finds its way back to the one
/// client and ticket, and two clients' equal ids never mix.
final class TicketBook: Sendable {
    struct Entry: Sendable {
        var sender: String
        /// The sender's Unix user, whose share of the queue the entry takes.
        var user: UInt32
        var originalID: String
        /// The client's own target time (CLOCK_MONOTONIC seconds), put back into its decision.
        var originalTarget: Double
        var handle: ScheduledRequest?
        /// The Schedule call has been answered, so the client knows its ticket and a `Released` may follow.
        var answered = false
        /// A decision that arrived before the Schedule call was answered; sent after the answer.
        var earlyDecision: Decision?
        /// The client left before its Schedule call was answered: cancel as soon as the handle is known.
        var orphaned = false
    }

    /// What ``confirm(_:)`` found.
    enum Confirmation {
        case waiting
        /// The final decision came first: send it now.
        case release(Release)
        /// The client is gone: cancel the request.
        case orphaned
    }

    /// What to emit as `Released`: to whom, for which ticket, with the client's own request id restored.
    struct Release: Sendable {
        var sender: String
        var ticket: UInt64
        var decision: Decision
    }

    private struct State {
        var nextSerial: UInt64 = 1
        var entries: [String: Entry] = [:]
        var idsBySender: [String: Set<String>] = [:]
        var idsByTicket: [UInt64: String] = [:]
        var countByUser: [UInt32: Int] = [:]
        /// Schedule calls received from each sender and not yet reserved or refused.
        var arrivingBySender: [String: Int] = [:]
        /// Senders that left while some of their Schedule calls were still arriving; bounded by the calls in
        /// flight, since a sender is forgotten when its last call settles.
        var departed: Set<String> = []
    }

    private let state = Locked(State())
    static let idPrefix = "temper.bus/"

    /// A Schedule call from `sender` arrived (on the bus thread, in the order of the bus's messages, so before
    /// any NameOwnerChanged that says the sender left). Pair with ``scheduleSettled(sender:)``.
    func scheduleArrived(sender: String) {
        state.withLock { $0.arrivingBySender[sender, default: 0] += 1 }
    }

    /// The Schedule call has reserved its id (or was refused): a later departure finds it by its entry.
    func scheduleSettled(sender: String) {
        state.withLock { state in
            let left = (state.arrivingBySender[sender] ?? 1) - 1
            state.arrivingBySender[sender] = left > 0 ? left : nil
            if left <= 0 { state.departed.remove(sender) }
        }
    }

    /// Reserves an internal id for `sender`'s request; `nil` when its Unix user already has `limit` waiting,
    /// over all its connections. The request of a sender that already left is reserved orphaned, so
    /// ``confirm(_:)`` cancels it.
    func reserve(sender: String, user: UInt32 = 0, originalID: String, target: Double, limit: Int) -> String? {
        state.withLock { state in
            guard state.countByUser[user, default: 0] < limit else { return nil }
            state.countByUser[user, default: 0] += 1
            let id = Self.idPrefix + String(state.nextSerial)
            state.nextSerial += 1
            var entry = Entry(sender: sender, user: user, originalID: originalID, originalTarget: target)
            entry.orphaned = state.departed.contains(sender)
            state.entries[id] = entry
            state.idsBySender[sender, default: []].insert(id)
            return id
        }
    }

    /// The governor refused the request: forget the reservation.
    func abandon(_ id: String) {
        state.withLock { state in remove(id, from: &state) }
    }

    /// Records the governor's handle before the Schedule call is answered, so a Cancel that follows the answer at
    /// once finds its ticket.
    func bind(_ id: String, handle: ScheduledRequest) {
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.entries[id]?.handle = handle
            state.idsByTicket[handle.ticket] = id
        }
    }

    /// The Schedule call has been answered: a final decision that came first is sent now.
    func confirm(_ id: String) -> Confirmation {
        state.withLock { state -> Confirmation in
            guard var entry = state.entries[id], let handle = entry.handle else { return .waiting }
            if let decision = entry.earlyDecision {
                remove(id, from: &state)
                return .release(Release(sender: entry.sender, ticket: handle.ticket, decision: restore(decision, entry)))
            }
            entry.answered = true
            state.entries[id] = entry
            return entry.orphaned ? .orphaned : .waiting
        }
    }

    /// A final decision from the governor: the release to emit, or `nil` when it is not a scheduled bus request
    /// (a Decide call's) or its Schedule call has not been answered yet.
    func finish(_ decision: Decision) -> Release? {
        guard decision.requestID.hasPrefix(Self.idPrefix) else { return nil }
        return state.withLock { state -> Release? in
            guard var entry = state.entries[decision.requestID] else { return nil }
            guard let handle = entry.handle, entry.answered else {
                entry.earlyDecision = decision
                state.entries[decision.requestID] = entry
                return nil
            }
            remove(decision.requestID, from: &state)
            return Release(sender: entry.sender, ticket: handle.ticket, decision: restore(decision, entry))
        }
    }

    /// The handle of `ticket` when `sender` scheduled it (a client may cancel only its own).
    func handle(ticket: UInt64, sender: String) -> ScheduledRequest? {
        state.withLock { state in
            guard let id = state.idsByTicket[ticket], let entry = state.entries[id], entry.sender == sender else { return nil }
            return entry.handle
        }
    }

    /// Every waiting handle of a sender that left the bus; requests still being scheduled are marked, so
    /// ``confirm(_:)`` says to cancel them, and Schedule calls not yet reserved will be reserved orphaned.
    func handles(of sender: String) -> [ScheduledRequest] {
        state.withLock { state in
            if state.arrivingBySender[sender] != nil { state.departed.insert(sender) }
            var handles: [ScheduledRequest] = []
            for id in state.idsBySender[sender] ?? [] {
                if let handle = state.entries[id]?.handle { handles.append(handle) } else { state.entries[id]?.orphaned = true }
            }
            return handles
        }
    }

    private func remove(_ id: String, from state: inout State) {
        guard let entry = state.entries.removeValue(forKey: id) else { return }
        if let ticket = entry.handle?.ticket { state.idsByTicket[ticket] = nil }
        let left = state.countByUser[entry.user, default: 1] - 1
        state.countByUser[entry.user] = left > 0 ? left : nil
        state.idsBySender[entry.sender]?.remove(id)
        if state.idsBySender[entry.sender]?.isEmpty == true { state.idsBySender[entry.sender] = nil }
    }

    private func restore(_ decision: Decision, _ entry: Entry) -> Decision {
        var restored = decision
        restored.requestID = entry.originalID
        restored.request?.id = entry.originalID
        restored.request?.targetTime = entry.originalTarget
        return restored
    }
}
