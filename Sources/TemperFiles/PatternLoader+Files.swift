public import TemperAHAP
public import TemperCore
import TemperPatterns

/// The loaders that read pattern files from disk. The core decodes requests through whatever `PatternLoader` it is
/// given and opens no file itself; these are the ones a command line or a simulation passes.
extension PatternLoader {
    /// Reads `.ahap` files from disk through `AHAPReader.load(contentsOf:options:)`, TemperAHAP's one place that
    /// opens pattern files.
    public static var ahapFiles: PatternLoader {
        PatternLoader { reference throws(AHAPError) in LoadedPattern(try AHAPReader.load(contentsOf: reference.path)) }
    }

    /// Reads pattern files in every format Temper reads, detected by extension and then by content: `.ahap`
    /// through `AHAPReader.load(contentsOf:options:)` (with its waveforms), every other format through
    /// `PatternReader` into the timeline `temper score` prices.
    public static var patternFiles: PatternLoader {
        PatternLoader { reference throws(AHAPError) in try load(contentsOf: reference.path) }
    }

    /// A pattern file in any format.
    public static func load(contentsOf path: String) throws(AHAPError) -> LoadedPattern {
        if PatternFormat.byExtension(path) == .ahap { return LoadedPattern(try AHAPReader.load(contentsOf: path)) }
        let read: PatternDocument
        do throws(PatternReadError) {
            read = try PatternReader.load(contentsOf: path)
        } catch {
            throw AHAPError(error, file: path)
        }
        if read.format == .ahap { return LoadedPattern(try AHAPReader.load(contentsOf: path)) }
        return LoadedPattern(read)
    }
}
