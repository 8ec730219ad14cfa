import FoundationEssentials
import Glibc
import Synchronization
import TemperAHAP
import TemperCore
import TemperScoring

/// The methods. The bus thread checks the caller's rate, the arguments' sizes and the caller's Unix user's
/// shares at once; the deciding runs in a task, and every call is answered exactly once, with a value or one of
/// the errors. GetCondition is answered on the bus thread and spends nothing.
extension GovernorBusService {
    func methodCalled(sender: String, method: String, arguments: DBusArguments, invocation: DBusInvocation) {
        busMetrics.called(method)
        let limits = configuration.limits
        guard rateLimiter.admit(sender, now: Self.monotonicSeconds()) else {
            return refuse(
                invocation,
                method,
                Refusal(.rateLimited, "more than \(Int(limits.callsPerSecondPerSender)) calls a second from \(sender); slow down")
            )
        }
        let call: BusCall
        do {
            call = try BusCall.read(method, arguments, limits: limits)
        } catch {
            return refuse(invocation, method, error)
        }
        if case .condition = call { return invocation.returnValue(properties.conditionDictionary()) }
        let caller: CallerTable.Caller
        do {
            let connection = endpoint.withLock { $0 }?.connection
            caller = try callers.begin(
                sender: sender,
                userOf: { connection?.unixUser(of: $0) ?? -1 },
                polkitAllows: { connection?.polkitAuthorizes($0, action: CallerTable.exemptAction) }
            )
        } catch {
            return refuse(invocation, method, Refusal(error))
        }
        guard callsInFlight.wrappingAdd(1, ordering: .relaxed).newValue <= limits.maxCallsInFlight else {
            callsInFlight.wrappingSubtract(1, ordering: .relaxed)
            callers.finish(caller)
            return refuse(
                invocation,
                method,
                Refusal(.rateLimited, "the service is busy (\(limits.maxCallsInFlight) calls in progress); try again")
            )
        }
        // Counted here, on the bus thread, so a client that leaves before its Schedule call is reserved is still
        // known to have one coming (``TicketBook/handles(of:)``).
        if case .schedule = call { tickets.scheduleArrived(sender: sender) }
        if case .startPlayer = call { playerOwners.arrived(sender: sender) }
        Task {
            defer {
                callsInFlight.wrappingSubtract(1, ordering: .relaxed)
                callers.finish(caller)
            }
            do {
                try await perform(call, sender: sender, caller: caller, invocation: invocation)
            } catch let refusal as Refusal {
                refuse(invocation, method, refusal)
            } catch {
                refuse(invocation, method, Refusal(.invalidRequest, "\(error)"))
            }
        }
    }

    private func refuse(_ invocation: DBusInvocation, _ method: String, _ refusal: Refusal) {
        busMetrics.failed(method, refusal.name)
        invocation.returnError(name: refusal.name.rawValue, message: OneLineText.escaping(refusal.message))
    }

    private func perform(_ call: BusCall, sender: String, caller: CallerTable.Caller, invocation: DBusInvocation) async throws {
        switch call {
        case .condition:
            invocation.returnValue(properties.conditionDictionary())
        case .decide(let bytes):
            var request = try BusCall.decode(bytes)
            let originalID = request.id
            // Renamed so no client can pose as another's scheduled request in the decision stream.
            request.id = "temper.bus.decide"
            var decision = await governor.submit(request, account: caller.account)
            decision.requestID = originalID
            decision.request?.id = originalID
            invocation.returnString(Self.json(decision))
        case .schedule(let bytes, let targetTime):
            let request: SensoryRequest
            let target: Double
            do {
                request = try BusCall.decode(bytes)
                target = try governorTime(forMonotonic: targetTime)
            } catch {
                tickets.scheduleSettled(sender: sender)
                throw error
            }
            let clientTarget = targetTime == 0 ? Self.monotonicSeconds() : targetTime
            try await schedule(request, at: target, clientTarget: clientTarget, sender: sender, caller: caller, invocation: invocation)
        case .cancel(let ticket):
            guard let handle = tickets.handle(ticket: ticket, sender: sender) else { return invocation.returnBoolean(false) }
            invocation.returnBoolean(await governor.cancel(handle) != nil)
        case .score(let pattern, let device):
            invocation.returnString(try score(pattern, device: device))
        case .reserve(let usage, let energyJoules, let seconds):
            let plan: ReservationPlan
            do {
                plan = try await governor.reserve(
                    usage: usage,
                    energyMillijoules: energyJoules * 1000,
                    seconds: seconds,
                    account: caller.account
                )
            } catch {
                throw Refusal(error.code == .queueFull ? .queueFull : .invalidRequest, error.message)
            }
            invocation.returnValue(
                .dictionary([
                    ("granted", .double(plan.grantedMillijoules / 1000)),
                    ("asked", .double(plan.askedMillijoules / 1000)),
                    ("held", .boolean(plan.held)),
                    ("expiresIn", .double(plan.expiresAt - governor.clock.now)),
                    ("reasons", .pairs(plan.reasons.map { ($0.code.name, $0.message) })),
                ])
            )
        case .headroom(let seconds):
            invocation.returnValue(GovernorProperties.headroomDictionary(await governor.headroom(forecastSeconds: seconds), seconds))
        case .startPlayer(let bytes):
            try await startPlayer(bytes, sender: sender, caller: caller, invocation: invocation)
        case .updatePlayer(let handle, let parameters):
            try await updatePlayer(handle, parameters, sender: sender, invocation: invocation)
        case .stopPlayer(let handle):
            await stopPlayer(handle, sender: sender, invocation: invocation)
        }
    }

    private func schedule(
        _ request: SensoryRequest,
        at target: Double,
        clientTarget: Double,
        sender: String,
        caller: CallerTable.Caller,
        invocation: DBusInvocation
    ) async throws {
        let limit = configuration.limits.maxTicketsPerUser
        let reserved = tickets.reserve(sender: sender, user: caller.user, originalID: request.id, target: clientTarget, limit: limit)
        tickets.scheduleSettled(sender: sender)
        guard let id = reserved else {
            throw Refusal(.queueFull, "user \(caller.user) already has \(limit) scheduled requests waiting")
        }
        var renamed = request
        renamed.id = id
        let handle: ScheduledRequest
        do {
            handle = try await governor.schedule(renamed, at: target, account: caller.account)
        } catch {
            tickets.abandon(id)
            throw Refusal(error.code == .queueFull ? .queueFull : .invalidRequest, error.description)
        }
        tickets.bind(id, handle: handle)
        invocation.returnUInt64(handle.ticket)
        // After the answer, so the client knows the ticket before its Released arrives.
        switch tickets.confirm(id) {
        case .waiting: break
        case .release(let early): emit(early)
        case .orphaned: await governor.cancel(handle, because: Self.clientGone)
        }
    }

    /// The governor's time for a `CLOCK_MONOTONIC` time in seconds (0 = now).
    private func governorTime(forMonotonic target: Double) throws(Refusal) -> Double {
        let now = governor.clock.now
        guard target != 0 else { return now }
        let ahead = target - Self.monotonicSeconds()
        guard target.isFinite, target > 0, ahead <= configuration.limits.maxScheduleAheadSeconds else {
            throw Refusal(
                .invalidRequest,
                "target_time must be CLOCK_MONOTONIC seconds (0 = now), at most \(Int(configuration.limits.maxScheduleAheadSeconds)) s ahead; got \(target)"
            )
        }
        return now + max(0, ahead)
    }

    private func score(_ pattern: [UInt8], device: String) throws(Refusal) -> String {
        let name = device.isEmpty ? DeviceProfileLibrary.defaultName : device
        guard !ConfigurationSearch.isPath(name) else {
            throw Refusal(.invalidRequest, "device must be a built-in profile's name, not a file: \(name)")
        }
        let profile: DeviceProfile
        if let cached = scoreProfiles.withLock({ $0[name] }) {
            profile = cached
        } else {
            do {
                profile = try profiles.profile(name)
            } catch {
                throw Refusal(.invalidRequest, error.file == nil ? "device: \(error.message)" : error.description)
            }
            scoreProfiles.withLock { $0[name] = profile }
        }
        // The answer is the pattern's entry of `temper score --format json`, its numbers rounded the same way.
        let score = try BusCall.score(pattern, on: profile)
        return Self.json(RoundedForPeople(score))
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
