import Foundation
import Testing

@testable import TemperHost

/// The kept-open attribute files and the kept class listings behind an idle service's cheap samples.
@Suite struct SysfsAttributeFileTests {
    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("temper-attribute-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("an open attribute reads its current value each time; a file replaced by a rename is found when checked")
    func readsTheCurrentValue() throws {
        let url = try Self.temporaryFile("41000\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(SysfsAttributeFile(path: url.path))
        #expect(file.readInteger() == 41000)
        // Rewritten in place, as the kernel's attributes change.
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data("-2500\n".utf8))
        try handle.close()
        #expect(file.readInteger() == -2500)
        // Replaced by a rename, as umockdev and atomic writers do: the open file is the old one until checked.
        try Data("96000\n".utf8).write(to: url, options: .atomic)
        #expect(file.readInteger() == -2500, "still the old, unlinked file")
        file.reopenIfReplaced()
        #expect(file.readInteger() == 96000)
        file.reopenIfReplaced()
        #expect(file.readInteger() == 96000, "a check of a file still in place changes nothing")
    }

    @Test("a removed attribute reads nil once checked, and reads again once a file is back at its path")
    func removedAttribute() throws {
        let url = try Self.temporaryFile("1\n")
        let file = try #require(SysfsAttributeFile(path: url.path))
        try FileManager.default.removeItem(at: url)
        file.reopenIfReplaced()
        #expect(file.readInteger() == nil)
        try Data("0\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(file.readInteger() == 0)
        #expect(SysfsAttributeFile(path: url.path + ".missing") == nil)
    }

    @Test(
        "only a plain decimal integer is read; anything else is left to libsensors",
        arguments: [
            ("42000\n", 42000), ("-7\n", -7), ("0", 0), ("12 \n", 12), ("999999999999999999\n", 999_999_999_999_999_999),
            ("", nil), ("\n", nil), ("-\n", nil), ("41.5\n", nil), ("N/A\n", nil), ("+5\n", nil), (" 5\n", nil),
            ("1000000000000000000\n", nil), ("12a\n", nil), (String(repeating: "1", count: 40), nil),
        ] as [(String, Int64?)]
    )
    func integerParsing(text: String, expected: Int64?) throws {
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(SysfsAttributeFile(path: url.path))
        #expect(file.readInteger() == expected, "\(text.debugDescription)")
    }

    @Test("listings are read on every sample by default; kept ones last until forgotten or too old")
    func listingsKeepAndForget() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("temper-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("hwmon0"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        func add(_ name: String) throws {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let listings = SysfsListings()
        #expect(listings.beginSample(at: 0))
        #expect(listings.entries(of: root.path) == ["hwmon0"])
        try add("hwmon1")
        #expect(listings.beginSample(at: 1), "not kept: every sample lists afresh")
        #expect(listings.entries(of: root.path) == ["hwmon0", "hwmon1"], "not kept: listed on every sample")

        listings.keep(forSeconds: 60)
        listings.beginSample(at: 2)
        #expect(listings.entries(of: root.path) == ["hwmon0", "hwmon1"])
        try add("hwmon2")
        #expect(!listings.beginSample(at: 3))
        #expect(listings.entries(of: root.path) == ["hwmon0", "hwmon1"], "kept between samples")
        listings.forget()
        #expect(listings.beginSample(at: 4))
        #expect(listings.entries(of: root.path) == ["hwmon0", "hwmon1", "hwmon2"], "forgotten: listed again")
        try add("hwmon3")
        listings.beginSample(at: 63)
        #expect(listings.entries(of: root.path).count == 3, "59 s old: still kept")
        listings.beginSample(at: 64)
        #expect(listings.entries(of: root.path).count == 4, "60 s old: listed again")
        listings.keep(forSeconds: .nan)
        try add("hwmon4")
        listings.beginSample(at: 65)
        #expect(listings.entries(of: root.path).count == 5, "a keep time that is not a number keeps nothing")
    }
}
