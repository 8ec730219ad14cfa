import Logging
import TemperCore
import TemperTestKit
import Testing

@testable import TemperService

/// The book that maps bus clients' tickets to the governor's requests, without a bus: the orderings a fast or
/// departing client can produce.
@Suite struct TicketBookTests {
    static func governor() -> Governor {
        Governor(
            policy: .default,
            energyModel: TestEnergyModel(),
            source: FakeHostSource(),
            clock: ManualClock(),
            logger: Logger(label: "temper.tickets.test") { _ in SwiftLogNoOpLogHandler() }
        )
    }

    static func request(_ id: String) -> SensoryRequest {
        SensoryRequest(id: id, usage: .game, kind: .system(.impact(.heavy, intensity: 1)))
    }

    /// A client may call Cancel the moment its Schedule call is answered: the ticket must already be found.
    @Test func aTicketIsCancellableFromTheMomentItsScheduleIsAnswered() async throws {
        let book = TicketBook()
        let governor = Self.governor()
        book.scheduleArrived(sender: ":1.7")
        let id = try #require(book.reserve(sender: ":1.7", originalID: "mine", target: 600, limit: 8))
        book.scheduleSettled(sender: ":1.7")
        var renamed = Self.request("mine")
        renamed.id = id
        let handle = try await governor.schedule(renamed, at: 600)
        book.bind(id, handle: handle)

        #expect(book.handle(ticket: handle.ticket, sender: ":1.8") == nil, "another client may not cancel it")
        let found = try #require(book.handle(ticket: handle.ticket, sender: ":1.7"))
        let dropped = try #require(await governor.cancel(found))
        #expect(book.finish(dropped) == nil, "no Released before the Schedule answer")

        guard case .release(let release) = book.confirm(id) else {
            Issue.record("the cancelled request's decision is released after the answer")
            return
        }
        #expect(release.ticket == handle.ticket)
        #expect(release.sender == ":1.7")
        #expect(release.decision.requestID == "mine", "the client's own id is restored")
        #expect(book.handle(ticket: handle.ticket, sender: ":1.7") == nil, "one decision, then forgotten")
    }

    /// A client that leaves between its Schedule call's arrival and its reservation: its request is cancelled.
    @Test func aRequestReservedAfterItsClientLeftIsConfirmedOrphaned() async throws {
        let book = TicketBook()
        let governor = Self.governor()
        book.scheduleArrived(sender: ":1.9")
        #expect(book.handles(of: ":1.9").isEmpty)
        let id = try #require(book.reserve(sender: ":1.9", originalID: "late", target: 600, limit: 8))
        book.scheduleSettled(sender: ":1.9")
        var renamed = Self.request("late")
        renamed.id = id
        book.bind(id, handle: try await governor.schedule(renamed, at: 600))
        guard case .orphaned = book.confirm(id) else {
            Issue.record("a departed client's request is cancelled once its handle is known")
            return
        }
    }
}
