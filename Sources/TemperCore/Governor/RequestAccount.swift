/// Whose request the governor decides: which energy budget it spends from, and whether its usage's exemption
/// holds.
///
/// A governor shared by several callers (`temper serve`, where every Unix user is a caller) gives each account
/// its own bucket of the condition's budget, so one caller's spending never drops another's requests; an account
/// that may not use exempt usages has them decided as ordinary ones, with the reason `exempt.notAllowed`.
public struct RequestAccount: Sendable, Hashable {
    /// The account's key (a Unix user id), or `nil` for the one account every caller of an embedding shares.
    public var id: UInt32?
    /// Whether the policy's exempt usages are exempt for this account.
    public var mayUseExemptUsages: Bool

    public init(id: UInt32?, mayUseExemptUsages: Bool) {
        self.id = id
        self.mayUseExemptUsages = mayUseExemptUsages
    }

    /// The shared account, with exempt usages: what ``Governor/submit(_:)`` decides for.
    public static let shared = RequestAccount(id: nil, mayUseExemptUsages: true)
}
