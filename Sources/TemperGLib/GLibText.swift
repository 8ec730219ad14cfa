import CUPowerGlib

/// Strings GLib hands over: the one place they are copied into Swift and freed.
package enum GLibText {
    /// Copies a `g_malloc`'d C string and frees it (`g_free`).
    package static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Copies a `NULL`-terminated `g_malloc`'d string array and frees it (`g_strfreev`).
    package static func takeList(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let text = list[index] {
            result.append(String(cString: text))
            index += 1
        }
        return result
    }
}
