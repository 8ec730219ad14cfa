extension StringProtocol {
    /// The text without the spaces and tabs around it (what Foundation's `trimmingCharacters(in: .whitespaces)`
    /// did, without linking Foundation's text tables into every binary).
    public var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = lastIndex(where: { $0 != " " && $0 != "\t" }) ?? first
        return String(self[first...last])
    }
}
