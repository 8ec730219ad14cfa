import Foundation
import TemperCore
import TemperFiles
import TemperTestSupport
import Testing

/// The search order: `TEMPER_HOME`, `$XDG_CONFIG_HOME/temper`, `/etc/temper`, then built-in.
@Suite struct ConfigurationSearchTests {
    static let handheld = BuiltInFiles.texts(under: "Policies")["Policies/handheld.yaml"]!

    /// A search over an in-memory tree of files.
    static func search(_ files: [String: String], folders: [String]) -> ConfigurationSearch {
        ConfigurationSearch(
            folders: folders,
            builtIn: BuiltInFiles.texts(under: "Policies"),
            readText: { files[$0] },
            listDirectory: { folder in
                files.keys.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }.filter { !$0.contains("/") }
            }
        )
    }

    static func renamed(_ name: String) -> String {
        handheld.replacingOccurrences(of: "\nname: handheld", with: "\nname: \(name)")
    }

    @Test func theStandardFoldersFollowTheEnvironment() {
        #expect(
            ConfigurationSearch.standardFolders(environment: ["TEMPER_HOME": "/opt/t", "XDG_CONFIG_HOME": "/x", "HOME": "/h"])
                == ["/opt/t", "/x/temper", "/etc/temper"]
        )
        #expect(ConfigurationSearch.standardFolders(environment: ["HOME": "/home/ann"]) == ["/home/ann/.config/temper", "/etc/temper"])
        // Relative values are ignored, so the working directory never changes what a name means.
        #expect(ConfigurationSearch.standardFolders(environment: ["TEMPER_HOME": "here", "XDG_CONFIG_HOME": "rel"]) == ["/etc/temper"])
    }

    @Test func theFirstFolderHoldingTheNameWins() throws {
        let files = [
            "/home/policies/handheld.yaml": Self.renamed("from-home"),
            "/etc/temper/policies/handheld.yaml": Self.renamed("from-etc"),
            "/etc/temper/policies/desk.yml": Self.renamed("desk"),
        ]
        let library = PolicyLibrary(search: Self.search(files, folders: ["/home", "/xdg/temper", "/etc/temper"]))
        let fromHome = try library.resolve("handheld")
        #expect(fromHome.policy.name == "from-home")
        #expect(fromHome.source == .file("/home/policies/handheld.yaml"))
        let etcOnly = PolicyLibrary(search: Self.search(files, folders: ["/xdg/temper", "/etc/temper"]))
        #expect(try etcOnly.resolve("handheld").source == .file("/etc/temper/policies/handheld.yaml"))
        #expect(try etcOnly.resolve("desk").source == .file("/etc/temper/policies/desk.yml"))
        let builtIn = try PolicyLibrary(search: Self.search([:], folders: ["/etc/temper"])).resolve("handheld")
        #expect(builtIn.source == .builtIn("Policies/handheld.yaml"))
        #expect(builtIn.source.description == "built-in Policies/handheld.yaml")
        #expect(etcOnly.availableNames() == ["default", "desk", "handheld", "phone"])
    }

    @Test func theDefaultPolicyCanBeOverriddenByName() throws {
        let library = PolicyLibrary(
            search: Self.search(["/etc/temper/policies/default.yaml": Self.renamed("site")], folders: ["/etc/temper"])
        )
        #expect(try library.policy().name == "site")
    }

    @Test func pathsAreReadAsGivenAndNamesNeverLeaveTheirFolder() throws {
        let library = PolicyLibrary(search: Self.search(["/tmp/mine.yaml": Self.renamed("mine")], folders: []))
        #expect(try library.resolve("/tmp/mine.yaml").source == .file("/tmp/mine.yaml"))
        let missing = #expect(throws: TemperError.self) { try library.policy("/tmp/none.yaml") }
        #expect(missing?.code == .unreadableFile)
        let unknown = #expect(throws: TemperError.self) { try library.policy("..") }
        #expect(unknown?.code == .unknownPolicy)
        #expect(unknown?.message.contains("(available: default, handheld, phone)") == true)
        #expect(unknown?.message.contains("searched built-in") == true)
    }

    @Test func aBrokenOverrideIsReportedWithItsFileNotSkipped() {
        let library = PolicyLibrary(search: Self.search(["/etc/temper/policies/phone.yaml": "version: 7\n"], folders: ["/etc/temper"]))
        let error = #expect(throws: TemperError.self) { try library.policy("phone") }
        #expect(error?.file == "/etc/temper/policies/phone.yaml")
    }

    @Test func deviceProfilesSearchTheSameWay() throws {
        let phone = BuiltInFiles.texts(under: "Policies")["Policies/devices/phone.yaml"]!
        let library = DeviceProfileLibrary(search: Self.search(["/etc/temper/devices/phone.yaml": phone], folders: ["/etc/temper"]))
        #expect(try library.resolve("phone").source == .file("/etc/temper/devices/phone.yaml"))
        #expect(try library.resolve("gamepad").source == .builtIn("Policies/devices/gamepad.yaml"))
        #expect(library.availableNames() == ["gamepad", "headphones", "phone"])
        let misnamed = DeviceProfileLibrary(search: Self.search(["/etc/temper/devices/tablet.yaml": phone], folders: ["/etc/temper"]))
        let error = #expect(throws: TemperError.self) { try misnamed.profile("tablet") }
        #expect(error?.message.contains("named 'tablet' but its profile is named 'phone'") == true)
    }

    @Test func theStandardSearchReadsRealFolders() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("temper-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("policies"), withIntermediateDirectories: true)
        let file = home.appendingPathComponent("policies/handheld.yaml")
        try Self.renamed("mine").write(to: file, atomically: true, encoding: .utf8)
        let library = PolicyLibrary.standard(environment: [
            "TEMPER_HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("none").path,
        ])
        #expect(try library.resolve("handheld").source == .file(file.path))
        #expect(try library.resolve("phone").source == .builtIn("Policies/phone.yaml"))
    }
}

/// The real file reader behind the standard search.
@Suite struct ConfigurationFileReadingTests {
    @Test func overridesThatCannotBeReadAreErrorsNamingTheFile() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("temper-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let policies = home.appendingPathComponent("policies")
        try FileManager.default.createDirectory(at: policies.appendingPathComponent("folder.yaml"), withIntermediateDirectories: true)
        #expect(mkfifo(policies.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: policies.appendingPathComponent("huge.yaml"))
        try FileManager.default.createSymbolicLink(
            atPath: policies.appendingPathComponent("linked.yaml").path,
            withDestinationPath: PackagePaths.root.appendingPathComponent("Policies/phone.yaml").path
        )
        let library = PolicyLibrary.standard(environment: ["TEMPER_HOME": home.path, "XDG_CONFIG_HOME": home.path + "/none"])
        for (name, message) in [("folder", "not a regular file"), ("pipe", "not a regular file"), ("huge", "more than the limit")] {
            let error = #expect(throws: TemperError.self, "\(name)") { try library.policy(name) }
            #expect(error?.file == policies.appendingPathComponent("\(name).yaml").path)
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
        // A symlink to a policy is that policy (its name inside says phone).
        #expect(try library.resolve("linked").policy.name == "phone")
    }
}
