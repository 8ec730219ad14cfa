import FoundationEssentials
import Glibc

/// What went wrong with a file, in Temper's words: Foundation's own text ("The operation could not be
/// completed. (NSCocoaErrorDomain error 256.)", "The file isn't in the correct format") never reaches a user.
public enum FileErrorText: Sendable {
    /// Why a read or write of `path` failed, to follow "cannot read the scenario: ": "it is a folder, not a
    /// file", "there is no such file", "permission denied", "it is not UTF-8 text (a binary file?)", or the
    /// system's own reason. Looks at the path only after the failure, to tell a folder from a file.
    public static func describe(_ error: any Error, path: String) -> String {
        var isFolder = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder {
            return "it is a folder, not a file"
        }
        // A write into a folder that is not there fails as "no such file": name the folder.
        let folder = Self.folder(of: path)
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) { return "the folder \(folder) does not exist" }
        if let posix = posixCode(error) { return phrase(forErrno: posix) }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "there is no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile, .fileReadUnknownStringEncoding:
                return "it is not UTF-8 text (a binary file?)"
            case .fileWriteFileExists: return "a file of that name is in the way"
            case .fileWriteOutOfSpace: return "there is no space left on the device"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            default: return "the system gives no reason Temper knows (file error \(cocoa.code.rawValue))"
            }
        }
        return "the system gives no reason Temper knows (\(error))"
    }

    private static func posixCode(_ error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying { return posixCode(underlying) }
        return nil
    }

    /// The folder part of a path as written (`a/b` for `a/b/c.txt`; empty for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A failed system call's `errno` in the same words, e.g. for an `open(2)` that returned -1.
    public static func describe(errno code: Int32) -> String { phrase(forErrno: code) }

    private static func phrase(forErrno code: Int32) -> String {
        switch code {
        case ENOENT: "there is no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "it is a folder, not a file"
        case ENOSPC: "there is no space left on the device"
        case EROFS: "the file system is read-only"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
