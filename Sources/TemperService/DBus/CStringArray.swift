#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Swift strings as a C array of `const char *` for the length of one call: the copies are owned here and freed
/// when `body` returns, so a C function that copies what it needs (GUdev, GDBus) never sees a dangling pointer.
/// - Parameter nullTerminated: appends a `NULL` entry, for C APIs that take a `NULL`-terminated list.
func withCStringArray<Result>(
    _ strings: [String],
    nullTerminated: Bool = false,
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { $0.map { UnsafePointer<CChar>($0) } } + (nullTerminated ? [nil] : [])
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
