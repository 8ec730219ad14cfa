import Foundation
import TemperTestSupport
import Testing

/// Issue 21, item 7: the installed binary stays under 25 MB stripped because nothing in it imports all of
/// Foundation, whose international half brings ICU's 30 MB of data. A debug build links its Swift libraries
/// dynamically, so what it needs says what a static build would carry. (After a module stops importing
/// Foundation, an incremental debug build can keep an old object that still asks for it: build clean.)
@Suite struct LinkedLibrariesTests {
    @Test(.enabled(if: TemperRunner.builtExecutable != nil, "temper is not built"))
    func theBinaryNeedsNoFoundationBeyondItsEssentials() throws {
        let objdump = Process()
        objdump.executableURL = URL(fileURLWithPath: "/usr/bin/objdump")
        objdump.arguments = ["-p", TemperRunner.executable.path]
        let pipe = Pipe()
        objdump.standardOutput = pipe
        try objdump.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        objdump.waitUntilExit()
        let needed = output.split(separator: "\n").filter { $0.contains("NEEDED") }.map {
            $0.split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(needed.contains("libFoundationEssentials.so"), "\(needed)")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(
                !needed.contains(library),
                "temper links \(library): a module imports Foundation, or an object from before a module stopped importing it is left (swift package clean)"
            )
        }
    }
}
