import Foundation
import TemperCore
import TemperSimulationTestSupport
import Testing

@testable import TemperSimulation

/// Issue 20: every request of a run was built before it started, so memory grew 0.6 KB per request with the
/// scenario's length. The run now makes each as the clock reaches it; the order, ids, items and usages must be
/// exactly those of the list it used to sort, whatever the streams (overlapping bursts, ties within and across
/// streams, windows, several payloads).
@Suite struct ArrivalsTests {
    typealias F = SimulationFixtures

    @Test func requestsMadeAsTheRunGoesAreTheListTheRunUsedToSort() {
        let setup = Self.setup(durationSeconds: 600)
        let made = Array(setup.arrivals)
        let listed = Self.sortedList(setup)
        #expect(made.count == listed.count)
        #expect(made.count > 5_000)
        #expect(made == listed)
        #expect(setup.requests() == listed)
        for (index, stream) in setup.scenario.streams.enumerated() {
            let times = stream.arrivalTimes(durationSeconds: 600, scenarioSeed: setup.scenario.seed, streamIndex: index)
            #expect(times == times.sorted(), "stream \(index)'s arrival times are in order")
        }
    }

    @Test func aRunHoldsOnlyTheRequestsBetweenItsClockAndItsHorizon() {
        // Four hours at about 13.5 requests a second: the whole list would hold over 190,000.
        let setup = Self.setup(durationSeconds: 4 * 3600)
        var window = RequestWindow(setup.arrivals.makeIterator())
        var accounted = 0
        var largest = 0
        for step in 0..<(4 * 36_000) {
            let horizon = Double(step + 1) / 10 + 1
            var position = accounted
            while let request = window[position], request.timeSeconds < horizon { position += 1 }
            while let request = window[accounted], request.timeSeconds < Double(step + 1) / 10 { accounted += 1 }
            window.forget(before: accounted)
            largest = max(largest, window.heldCount)
        }
        #expect(accounted > 190_000)
        // A second and a tenth of arrivals (about 15), and as many again before the storage is compacted.
        #expect(largest < 100)
    }

    /// A scenario whose streams tie and overlap in every way the reader allows.
    static func setup(durationSeconds: Double) -> SimulationSetup {
        let streams = [
            RequestStream(name: "poisson", arrivals: .poisson(perSecond: 3), payloads: []),
            RequestStream(name: "ticks", arrivals: .periodic(everySeconds: 0.25), payloads: [], usage: .ui),
            // Five members 0.3 s apart every second: each burst overlaps the next.
            RequestStream(name: "overlapping", arrivals: .bursts(count: 5, spacingSeconds: 0.3, everySeconds: 1), payloads: []),
            // Members at the same instant, and at the ticks' instants.
            RequestStream(name: "salvo", arrivals: .bursts(count: 3, spacingSeconds: 0, everySeconds: 2), payloads: [], startSeconds: 0.5),
            RequestStream(name: "window", arrivals: .periodic(everySeconds: 0.5), payloads: [], startSeconds: 60, endSeconds: 300),
            RequestStream(name: "no items", arrivals: .periodic(everySeconds: 0.1), payloads: []),
        ]
        let scenario = Scenario(name: "arrivals", durationSeconds: durationSeconds, timeStepSeconds: 0.1, seed: 11, streams: streams)
        let loader = FeedbackLoader(energy: F.energy)
        func item(_ name: String, _ usage: UsageClass) -> FeedbackItem {
            loader.item(named: name, request: SensoryRequest(id: name, usage: usage, kind: .system(.selection)))
        }
        let items: [[FeedbackItem]] = [
            [item("a", .game)],
            [item("b1", .game), item("b2", .notification), item("b3", .game)],
            [item("c1", .notification), item("c2", .game)],
            [item("d", .ui), FeedbackItem(name: "plays as written", energy: F.energy.estimate(.system(.selection)))],
            [item("e", .notification)],
            [],
        ]
        return SimulationSetup(scenario: scenario, deviceName: "phone", items: items)
    }

    /// What the run used before: every stream's arrivals in the order made, all sorted by time, then stream.
    static func sortedList(_ setup: SimulationSetup) -> [SimulatedRequest] {
        let scenario = setup.scenario
        var requests: [SimulatedRequest] = []
        for (index, stream) in scenario.streams.enumerated() where index < setup.items.count && !setup.items[index].isEmpty {
            for (count, time) in madeTimes(stream, durationSeconds: scenario.durationSeconds, seed: scenario.seed, index: index)
                .enumerated()
            {
                let item = setup.items[index][count % setup.items[index].count]
                requests.append(
                    SimulatedRequest(
                        id: 0,
                        timeSeconds: time,
                        streamIndex: index,
                        item: item,
                        usage: stream.usage ?? item.request?.usage ?? .game
                    )
                )
            }
        }
        requests.sort { ($0.timeSeconds, $0.streamIndex) < ($1.timeSeconds, $1.streamIndex) }
        for index in requests.indices { requests[index].id = index + 1 }
        return requests
    }

    /// A stream's arrival times in the order they are made (a later burst's first member may come before an
    /// earlier burst's last).
    static func madeTimes(_ stream: RequestStream, durationSeconds: Double, seed: UInt64, index: Int) -> [Double] {
        let end = min(stream.endSeconds ?? durationSeconds, durationSeconds)
        var times: [Double] = []
        switch stream.arrivals {
        case .periodic(let every):
            var count = 0.0
            while stream.startSeconds + count * every < end {
                times.append(stream.startSeconds + count * every)
                count += 1
            }
        case .poisson(let perSecond):
            var generator = SeededGenerator.derived(from: seed, stream: index)
            var time = stream.startSeconds
            while true {
                time += -log(generator.nextUnitInterval()) / perSecond
                guard time < end else { break }
                times.append(time)
            }
        case .bursts(let count, let spacing, let every):
            var burst = 0.0
            while stream.startSeconds + burst * every < end {
                for member in 0..<count where stream.startSeconds + burst * every + Double(member) * spacing < end {
                    times.append(stream.startSeconds + burst * every + Double(member) * spacing)
                }
                burst += 1
            }
        }
        return times
    }
}
