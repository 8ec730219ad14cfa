import Foundation
import TemperCore
import Testing

@testable import TemperService

@Suite struct FeedbackdMarksTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("temper-marks-\(UUID().uuidString)/state/feedbackd-profile").path
    }

    @Test("marks round-trip through their file, which goes when there is nothing to remember")
    func roundTrip() throws {
        let file = FeedbackdMarkFile(path: Self.temporaryPath())
        #expect(try file.load().isEmpty, "no file: no marks")
        try file.save(FeedbackdMarks(held: (.silent, .full), chosen: nil))
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "held=silent\nuser=full\n")
        let loaded = try file.load()
        #expect(loaded.held?.profile == .silent && loaded.held?.userProfile == .full && loaded.chosen == nil)
        try file.save(FeedbackdMarks(chosen: .full))
        #expect(try file.load().chosen == .full)
        try file.save(FeedbackdMarks())
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: file.path + ".new"))
    }

    @Test(
        "a file that is not Temper's marks is refused with its line",
        arguments: [
            (
                "held=silent\nuser=loud\n",
                "feedbackd-profile:2: expected held=, user= or chosen= and full, quiet or silent, found 'user=loud'"
            ),
            ("held=silent\n", "feedbackd-profile:1: held= and user= come together"),
        ]
    )
    func refusesOtherText(text: String, message: String) throws {
        let file = FeedbackdMarkFile(path: Self.temporaryPath())
        try file.save(FeedbackdMarks(chosen: .quiet))
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(throws: FeedbackdMarkFile.MarkFileError.self) { try file.load() }
        do {
            _ = try file.load()
        } catch {
            #expect(error.description.hasSuffix(message))
        }
    }
}
