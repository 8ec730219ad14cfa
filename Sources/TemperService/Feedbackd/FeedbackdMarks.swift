import Glibc
import TemperCore

/// What the feedbackd bridge must still know after a crash: the profile Temper set and holds with the user's
/// profile to put back, and a profile the user chose against the condition.
///
/// feedbackd keeps its profile in GSettings, so a `silent` Temper set outlives a killed service and a reboot;
/// without these marks a restarted service would take that `silent` for the user's own choice.
struct FeedbackdMarks: Sendable {
    /// What Temper set and holds, and the user's profile from before.
    var held: (profile: FeedbackdMapping.Profile, userProfile: FeedbackdMapping.Profile)?
    /// The user changed the profile while Temper held or wanted one: it stands until the condition asks for nothing.
    var chosen: FeedbackdMapping.Profile?

    init(held: (profile: FeedbackdMapping.Profile, userProfile: FeedbackdMapping.Profile)? = nil, chosen: FeedbackdMapping.Profile? = nil) {
        self.held = held
        self.chosen = chosen
    }

    var isEmpty: Bool { held == nil && chosen == nil }

    /// One `key=value` line each: `held`, `user`, `chosen`.
    var text: String {
        var lines: [String] = []
        if let held { lines += ["held=\(held.profile.rawValue)", "user=\(held.userProfile.rawValue)"] }
        if let chosen { lines.append("chosen=\(chosen.rawValue)") }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Reads ``text``; a line it does not know is an error naming its number.
    init(text: String) throws(MarksError) {
        var values: [String: FeedbackdMapping.Profile] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["held", "user", "chosen"].contains(parts[0]),
                let profile = FeedbackdMapping.Profile(rawValue: parts[1])
            else {
                throw MarksError(
                    line: index + 1,
                    problem: "expected held=, user= or chosen= and full, quiet or silent, found '\(line.prefix(60))'"
                )
            }
            values[parts[0]] = profile
        }
        switch (values["held"], values["user"]) {
        case (let profile?, let userProfile?): held = (profile, userProfile)
        case (nil, nil): held = nil
        default: throw MarksError(line: 1, problem: "held= and user= come together")
        }
        chosen = values["chosen"]
    }

    struct MarksError: Error {
        var line: Int
        var problem: String
    }
}

/// The marks' file: written whole to a temporary file beside it and renamed over it, so a crash leaves the old
/// marks or the new, never half; removed when there is nothing to remember.
struct FeedbackdMarkFile: Sendable {
    let path: String
    /// The marks are a few lines; a larger file is not ours.
    static let maxBytes = 4096

    /// The marks in the file; none when there is no file; an error in Temper's words when it cannot be used.
    func load() throws(MarkFileError) -> FeedbackdMarks {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return FeedbackdMarks() }
            throw MarkFileError("\(path): cannot read it (\(Self.reason()))")
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Self.maxBytes + 1)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw MarkFileError("\(path): cannot read it (\(Self.reason()))") }
        guard count <= Self.maxBytes else { throw MarkFileError("\(path): larger than \(Self.maxBytes) bytes, not Temper's marks") }
        do {
            return try FeedbackdMarks(text: String(decoding: bytes[..<count], as: UTF8.self))
        } catch {
            throw MarkFileError("\(path):\(error.line): \(error.problem)")
        }
    }

    /// Writes `marks` atomically (creating the folder), or removes the file when they are empty.
    func save(_ marks: FeedbackdMarks) throws(MarkFileError) {
        if marks.isEmpty {
            guard unlink(path) == 0 || errno == ENOENT else { throw MarkFileError("\(path): cannot remove it (\(Self.reason()))") }
            return
        }
        try Self.makeFolders(of: path)
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw MarkFileError("\(temporary): cannot create it (\(Self.reason()))") }
        let bytes = Array(marks.text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw MarkFileError("\(path): cannot write it (\(Self.reason()))")
        }
    }

    private static func makeFolders(of path: String) throws(MarkFileError) {
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw MarkFileError("\(folder): cannot create the folder (\(Self.reason()))")
            }
        }
    }

    /// The system's words for the last failed call.
    private static func reason() -> String { String(cString: strerror(errno)).lowercased() }

    struct MarkFileError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
