import Logging
import Synchronization
import TemperCore

/// StartPlayer, UpdatePlayer and StopPlayer, and the `PlayerClamped` signal: live players on the bus. A player
/// belongs to the connection that started it; only that connection may update or stop it, only it is told when
/// the governor changes what it plays, and it is stopped (`client.gone`) when the connection leaves the bus.
extension GovernorBusService {
    func startPlayer(_ bytes: [UInt8], sender: String, caller: CallerTable.Caller, invocation: DBusInvocation) async throws {
        defer { playerOwners.settled(sender: sender) }
        let request = try BusCall.decodePlayer(bytes)
        let limit = configuration.limits.maxPlayersPerUser
        guard playerOwners.reserve(user: caller.user, limit: limit) else {
            throw Refusal(.queueFull, "user \(caller.user) already has \(limit) live players; stop one first")
        }
        let decision: PlayerDecision
        do {
            decision = try await governor.startPlayer(request, account: caller.account)
        } catch {
            playerOwners.release(user: caller.user)
            throw Refusal(error.code == .queueFull ? .queueFull : .invalidRequest, error.message)
        }
        if decision.outcome == .refused {
            playerOwners.release(user: caller.user)
        } else if !playerOwners.bind(decision.handle, sender: sender, user: caller.user) {
            await governor.stopPlayer(decision.handle, because: Self.playerOwnerGone)
        }
        invocation.returnString(playerJSON(decision))
        // A change of condition between the start and the owner's binding found no owner to tell: tell it now,
        // after the answer, so the client knows the handle first.
        guard decision.outcome != .refused, let now = await governor.player(decision.handle),
            now.condition != decision.condition || now.playing != decision.playing
        else { return }
        var missed = now
        missed.cause = now.condition != decision.condition ? .condition : .budget
        emitClamped(missed, to: sender)
    }

    func updatePlayer(_ handle: PlayerHandle, _ parameters: PlayerParameters, sender: String, invocation: DBusInvocation) async throws {
        guard playerOwners.owner(of: handle) == sender else { throw Self.notYours(handle) }
        do {
            invocation.returnString(playerJSON(try await governor.updatePlayer(handle, to: parameters)))
        } catch {
            throw Refusal(.invalidRequest, error.message)
        }
    }

    func stopPlayer(_ handle: PlayerHandle, sender: String, invocation: DBusInvocation) async {
        guard playerOwners.remove(handle, ownedBy: sender) else { return invocation.returnBoolean(false) }
        invocation.returnBoolean(await governor.stopPlayer(handle) != nil)
    }

    /// Sends `PlayerClamped` to each player's owner when the governor changes what it plays by itself, until the
    /// governor shuts down (which stops every player, and says so).
    func playerClampLoop(_ decisions: AsyncStream<PlayerDecision>) async {
        for await decision in decisions {
            switch decision.cause {
            case .condition, .budget, .stop:
                guard let owner = playerOwners.owner(of: decision.handle) else { continue }
                if decision.cause == .stop { _ = playerOwners.remove(decision.handle) }
                emitClamped(decision, to: owner)
            case .start, .update, .status:
                continue
            }
        }
    }

    private func emitClamped(_ decision: PlayerDecision, to owner: String) {
        endpoint.withLock { $0 }?.connection.emitTicketSignal(
            destination: owner,
            path: GovernorInterface.objectPath,
            interface: GovernorInterface.interfaceName,
            name: "PlayerClamped",
            ticket: decision.handle,
            text: playerJSON(decision)
        )
    }

    /// A player decision as clients read it: its times in `CLOCK_MONOTONIC` seconds, as Schedule takes them.
    private func playerJSON(_ decision: PlayerDecision) -> String {
        var shown = decision
        if let end = decision.playing.hapticsEndSeconds {
            shown.playing.hapticsEndSeconds = end + (Self.monotonicSeconds() - governor.clock.now)
        }
        return Self.json(shown)
    }

    /// Stops the players of a connection that left the bus.
    func stopPlayers(of sender: String) {
        let handles = playerOwners.vanished(sender)
        guard !handles.isEmpty else { return }
        logger.info("client left; stopping its players", metadata: ["client": "\(sender)", "count": "\(handles.count)"])
        Task {
            for handle in handles { await governor.stopPlayer(handle, because: Self.playerOwnerGone) }
        }
    }

    static let playerOwnerGone = FiredRule("client.gone", code: "client.gone", "the client left the bus; its player stopped")

    private static func notYours(_ handle: PlayerHandle) -> Refusal {
        Refusal(.invalidRequest, "no live player with handle \(handle) started by this connection")
    }
}
