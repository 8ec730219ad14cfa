@testable import TemperPatterns

/// The error a read throws, or `nil` when it succeeds. (A helper rather than `catch let … as` at each call:
/// the 6.3 compiler crashes on that pattern around typed throws.)
func rejection(_ body: () throws(PatternReadError) -> Void) -> PatternReadError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
