/// Where the metrics listener binds: `HOST:PORT`, e.g. `127.0.0.1:9464` (the port Prometheus' registry assigns no
/// one else), `[::1]:9464` for IPv6, or port 0 for any free port.
public struct MetricsListenAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    /// The default: loopback only, so a fleet's scraper is reached through whatever proxy or tunnel it trusts.
    public static let loopback = MetricsListenAddress(host: "127.0.0.1", port: 9464)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT` or `[IPV6]:PORT`.
    ///
    /// - Throws: ``MetricsError/Code/invalidAddress`` naming what is wrong.
    public init(parsing text: String) throws(MetricsError) {
        func invalid(_ why: String) -> MetricsError {
            MetricsError(code: .invalidAddress, message: "--metrics-listen: expected HOST:PORT such as 127.0.0.1:9464; \(why)")
        }
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw invalid("'\(text)' has no ]:PORT after the IPv6 address")
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
                throw invalid("'\(text)' has no :PORT (write an IPv6 address as [::1]:9464)")
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else { throw invalid("the host is empty") }
        guard portText.count <= 5, let port = Int(portText), (0...65535).contains(port) else {
            throw invalid("the port '\(portText)' is not a number from 0 to 65535")
        }
        self.init(host: String(host), port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
