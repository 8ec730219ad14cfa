import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal and the run is large.
struct ScoreProgress {
    static let threshold = 20
    private let total: Int
    private let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.enabled = enabled && total >= Self.threshold
    }

    mutating func advance(to done: Int, current: String) {
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let name = current.count > 40 ? "…" + current.suffix(39) : current
        write("\r\u{1B}[K[\(bar)] \(done)/\(total) \(name)")
    }

    func finish() {
        guard enabled else { return }
        write("\r\u{1B}[K")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
