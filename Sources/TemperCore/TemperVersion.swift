/// Temper's release, in one place: `temper --version`, the Debian package's version and what a service reports
/// about itself all read it.
public enum TemperVersion: Sendable {
    /// The release number, `MAJOR.MINOR.PATCH`.
    public static let number = "0.1.0"
}
