import FoundationEssentials
import Glibc
import TemperCore

/// The one progress line every long command draws on stderr (`score`'s bar, `simulate`'s bar, `calibrate`'s
/// iterations, `record`'s bar): redrawn in place, and only when stderr is a terminal that can redraw a line, so
/// pipes, files, tests and `TERM=dumb` (which has no erase-line) see nothing.
struct TerminalProgress {
    /// Whether stderr is a terminal that can redraw a line in place (`\r`, then erase to the end of the line).
    static var canRedraw: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    static let barWidth = 30
    private let enabled: Bool
    /// What is left of stderr's terminal (80 columns when unknown) after the bar, its brackets and a space.
    private let labelWidth: Int
    private var lastDrawn: String?

    init(enabled: Bool = TerminalProgress.canRedraw) {
        self.enabled = enabled
        let columns = TerminalWidth.current(of: STDERR_FILENO) ?? 80
        labelWidth = max(TerminalWidth.narrowest / 2, columns - Self.barWidth - 4)
    }

    /// `[#######-----] 12/40 label`, redrawn only when the bar or the count moves.
    mutating func bar(done: Int, total: Int, label: String = "") {
        let filled = total <= 0 ? Self.barWidth : min(Self.barWidth, max(0, done * Self.barWidth / total))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.barWidth - filled)
        let count = "\(done)/\(total)"
        let room = max(1, labelWidth - count.count - 1)
        let name = label.count > room ? "…" + label.suffix(room - 1) : label
        draw("[\(bar)] \(count)" + (name.isEmpty ? "" : " \(name)"))
    }

    /// A bar for a fraction of work measured in something other than items (seconds simulated, recorded), its
    /// label cut to fit the terminal.
    mutating func bar(fraction: Double, label: String) {
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let filled = Int(clamped * Double(Self.barWidth))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.barWidth - filled)
        let shown = label.count > labelWidth ? label.prefix(labelWidth - 1) + "…" : label
        draw("[\(bar)] \(shown)")
    }

    /// Any one-line status: `fitting 2 traces: iteration 12, RMSE 0.052`.
    mutating func status(_ text: String) { draw(text) }

    /// Clears the line, so what the command prints next starts clean.
    mutating func finish() {
        guard enabled, lastDrawn != nil else { return }
        write("\r\u{1B}[K")
        lastDrawn = nil
    }

    private mutating func draw(_ text: String) {
        guard enabled, text != lastDrawn else { return }
        lastDrawn = text
        write("\r\u{1B}[K" + text)
    }

    private func write(_ text: String) {
        OutputStream.standardError.print(text)
    }
}

/// A ``TerminalProgress`` that callbacks from another task may draw on (a simulation's run loop).
final class SharedTerminalProgress: Sendable {
    private let progress: Locked<TerminalProgress>

    init(enabled: Bool = TerminalProgress.canRedraw) {
        progress = Locked(TerminalProgress(enabled: enabled))
    }

    func bar(fraction: Double, label: String) { progress.withLock { $0.bar(fraction: fraction, label: label) } }

    func finish() { progress.withLock { $0.finish() } }
}
