import Glibc

extension String {
    /// C's `printf` formatting of numbers, e.g. `String(cFormat: "%.1f of %.1f Wh", now, full)`: what
    /// Foundation's `String(cFormat:)` gives for numbers, without linking Foundation. Temper never calls
    /// `setlocale`, so the decimal point is always a point.
    ///
    /// Numbers only (`%d`, `%f`, `%g`, `%e`, `%%`); a `%s` or `%@` would read a C string that is not there.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
            }
            guard needed >= buffer.count else { break }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
