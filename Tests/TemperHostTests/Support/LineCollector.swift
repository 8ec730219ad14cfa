import Foundation
import TemperCore

/// Collects a pipe's lines on a background thread, so tests can wait for a line with a deadline instead of
/// blocking forever on a child that went quiet.
final class LineCollector: Sendable {
    private struct State {
        var lines: [String] = []
        var consumed = 0
        var closed = false
    }

    private let state = Locked(State())

    init(reading handle: FileHandle) {
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    state.withLock { $0.lines.append(line) }
                }
            }
            state.withLock { state in
                if !pending.isEmpty { state.lines.append(String(decoding: pending, as: UTF8.self)) }
                state.closed = true
            }
        }
        thread.start()
    }

    /// Every line so far.
    var allLines: [String] { state.withLock { $0.lines } }
    var isClosed: Bool { state.withLock { $0.closed } }
    var consumedCount: Int { state.withLock { $0.consumed } }

    /// The next line not yet returned, waiting up to `timeout`; `nil` when the pipe closed or time ran out.
    func nextLine(timeout: Duration) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let (line, closed) = state.withLock { state -> (String?, Bool) in
                guard state.consumed < state.lines.count else { return (nil, state.closed) }
                defer { state.consumed += 1 }
                return (state.lines[state.consumed], false)
            }
            if let line { return line }
            if closed || clock.now >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Waits until the pipe closes (or `timeout` passes).
    func waitUntilClosed(timeout: Duration) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !isClosed, clock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }
}
