import TemperCore

/// The reports' colours, one place so charts, tables and legends agree.
enum Palette {
    static func tier(_ tier: Tier) -> String {
        switch tier {
        case .nominal: "#e8f5e9"
        case .fair: "#fff8e1"
        case .serious: "#ffe0b2"
        case .critical: "#ffcdd2"
        }
    }

    /// Mid tones for the tier strips above a chart: strong enough to tell apart, light enough to label on.
    static func tierStrip(_ tier: Tier) -> String {
        switch tier {
        case .nominal: "#a5d6a7"
        case .fair: "#ffe082"
        case .serious: "#ffb74d"
        case .critical: "#ef9a9a"
        }
    }

    /// Each tier's colour dark enough for small text on white (fair's yellow is not).
    static func tierText(_ tier: Tier) -> String { tier == .fair ? "#8d6e00" : tierStrong(tier) }

    static func tierStrong(_ tier: Tier) -> String {
        switch tier {
        case .nominal: "#2e7d32"
        case .fair: "#f9a825"
        case .serious: "#ef6c00"
        case .critical: "#c62828"
        }
    }

    /// Series colours in order.
    static let series = ["#1565c0", "#c62828", "#6a1b9a", "#2e7d32", "#00838f", "#5d4037", "#ad1457", "#455a64"]
    /// Energy kinds: transients, continuous, audio, overhead.
    static let kinds = ["#1e88e5", "#8e24aa", "#43a047", "#9e9e9e"]
    static let ink = "#212121"
    static let grid = "#e0e0e0"
    static let muted = "#757575"
}
