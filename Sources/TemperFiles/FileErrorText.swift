import Foundation

/// What went wrong with a file, in Temper's words: Foundation's own text ("The operation could not be
/// completed. (NSCocoaErrorDomain error 256.)", "The file isn't in the correct format") never reaches a user.
public enum FileErrorText: Sendable {
    /// Why a read or write of `path` failed, to follow "cannot read the scenario: ": "it is a folder, not a
    /// file", "there is no such file", "permission denied", "it is not UTF-8 text (a binary file?)", or the
    /// system's own reason. Looks at the path only after the failure, to tell a folder from a file.
    public static func describe(_ error: any Error, path: String) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder, not a file"
        }
        // A write into a folder that is not there fails as "no such file": name the folder.
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) { return "the folder \(folder) does not exist" }
        let nsError = error as NSError
        if let posix = posixCode(nsError) { return phrase(forErrno: posix) }
        if nsError.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "there is no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile, .fileReadUnknownStringEncoding:
                return "it is not UTF-8 text (a binary file?)"
            case .fileWriteFileExists: return "a file of that name is in the way"
            case .fileWriteOutOfSpace: return "there is no space left on the device"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            default: break
            }
        }
        return "the system gives no reason Temper knows (\(nsError.domain) \(nsError.code))"
    }

    private static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(underlying) }
        return nil
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
