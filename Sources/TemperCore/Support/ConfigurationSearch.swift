/// Where Temper looks for a named policy or device profile: a list of folders, in order, then the files built
/// into the program. The first folder holding `policies/NAME.yaml` (or `devices/NAME.yaml`) wins, so a file in
/// `/etc/temper` overrides the built-in one of the same name, and a file in `TEMPER_HOME` overrides both.
///
/// The core does no I/O: the search is given the two file operations it needs. `TemperFiles` makes the standard
/// search (`TEMPER_HOME`, `$XDG_CONFIG_HOME/temper`, `/etc/temper`, then built-in); tests pass dictionaries.
public struct ConfigurationSearch: Sendable {
    /// A kind of named file: the subfolder it lives in under each search folder, and in the project.
    public struct Kind: Sendable, Hashable {
        /// The subfolder under each search folder: `policies` or `devices`.
        public var folder: String
        /// Where the built-in files of this kind come from in the project: `Policies` or `Policies/devices`.
        public var builtInFolder: String
        /// What one is called in messages: `policy`, `device profile`.
        public var noun: String

        public static let policy = Kind(folder: "policies", builtInFolder: "Policies", noun: "policy")
        public static let device = Kind(folder: "devices", builtInFolder: "Policies/devices", noun: "device profile")
    }

    /// Where a named file was found.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A file on disk, by its path.
        case file(String)
        /// A file built into the program, by its path in the project (`Policies/phone.yaml`).
        case builtIn(String)

        /// The path for a file; `built-in Policies/phone.yaml` for a built-in one. Errors name the file this way.
        public var description: String {
            switch self {
            case .file(let path): path
            case .builtIn(let path): "built-in \(path)"
            }
        }
    }

    /// A file the search found: its text, where it came from, and the name it was looked up by.
    public struct Found: Sendable, Hashable {
        public var name: String
        public var text: String
        public var source: Source
    }

    /// The folders searched, in order.
    public var folders: [String]
    /// The built-in files by their path in the project (`Policies/devices/phone.yaml`), searched last.
    public var builtIn: [String: String]
    /// The text of a file; `nil` when there is none; throws when there is one that cannot be read (not a regular
    /// file, too large, no permission), so a broken override is reported, never passed over.
    public var readText: @Sendable (String) throws(TemperError) -> String?
    /// The file names (not paths) in a folder; empty when there is none.
    public var listDirectory: @Sendable (String) -> [String]

    public init(
        folders: [String],
        builtIn: [String: String] = [:],
        readText: @escaping @Sendable (String) throws(TemperError) -> String?,
        listDirectory: @escaping @Sendable (String) -> [String]
    ) {
        self.folders = folders
        self.builtIn = builtIn
        self.readText = readText
        self.listDirectory = listDirectory
    }

    /// Whether a command-line argument names a file rather than a name to search for: it has a `/` or a YAML
    /// extension. A file in the working directory is given as `./name`.
    public static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
    }

    /// The first file of `kind` named `name`, in search order; `nil` when no folder has one and none is built in.
    ///
    /// - Throws: what ``readText`` throws for the first file found that cannot be read.
    public func find(_ kind: Kind, named name: String) throws(TemperError) -> Found? {
        guard Self.isValidName(name) else { return nil }
        for folder in folders {
            for suffix in Self.suffixes {
                let path = Self.join(folder, kind.folder, name + suffix)
                if let text = try readText(path) { return Found(name: name, text: text, source: .file(path)) }
            }
        }
        let builtInPath = Self.join(kind.builtInFolder, name + ".yaml")
        return builtIn[builtInPath].map { Found(name: name, text: $0, source: .builtIn(builtInPath)) }
    }

    /// The names of every file of `kind` the search can find, sorted, each once.
    public func names(of kind: Kind) -> [String] {
        var names = Set<String>()
        for folder in folders {
            for file in listDirectory(Self.join(folder, kind.folder)) {
                if let name = Self.name(ofFile: file) { names.insert(name) }
            }
        }
        let prefix = kind.builtInFolder + "/"
        for path in builtIn.keys where path.hasPrefix(prefix) {
            if let name = Self.name(ofFile: String(path.dropFirst(prefix.count))) { names.insert(name) }
        }
        return names.sorted()
    }

    /// Where `kind` is looked for, in order, for messages: `/etc/temper/policies, built-in`.
    public func describeOrder(of kind: Kind) -> String {
        (folders.map { Self.join($0, kind.folder) } + ["built-in"]).joined(separator: ", ")
    }

    private static let suffixes = [".yaml", ".yml"]

    /// A name is one path component: no `/`, not empty, not `.` or `..`.
    private static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }

    private static func name(ofFile file: String) -> String? {
        guard !file.contains("/") else { return nil }
        for suffix in suffixes where file.hasSuffix(suffix) && file.count > suffix.count { return String(file.dropLast(suffix.count)) }
        return nil
    }

    private static func join(_ parts: String...) -> String {
        parts.dropFirst().reduce(parts[0]) { path, part in path.hasSuffix("/") ? path + part : path + "/" + part }
    }
}
