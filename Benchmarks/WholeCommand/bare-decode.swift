// The yardstick for `temper score` as a whole command: a process that reads every .ahap file under its arguments
// and decodes each with Foundation's JSONDecoder (JSON5 allowed) into just enough of AHAP to hold its content,
// and nothing more. ScoreBenchmarks does the same in-process; this is its whole-process twin.
// score-vs-decode.py beside it builds a 1,700-file set in a temporary folder and times both, paired; by hand:
//
//   swiftc -O Benchmarks/WholeCommand/bare-decode.swift -o /tmp/bare-decode
//   /usr/bin/time -v .build/release/temper score ../shared/corpus/ahap --format json > /dev/null
//   /usr/bin/time -v /tmp/bare-decode ../shared/corpus/ahap
import Foundation

struct MinimalAHAP: Decodable {
    struct Item: Decodable {
        var Event: Event?
        var Parameter: Dynamic?
        var ParameterCurve: Curve?
    }

    struct Event: Decodable {
        var Time: Double
        var EventType: String
        var EventDuration: Double?
        var EventParameters: [Value]?
        var EventWaveformPath: String?
    }

    struct Value: Decodable {
        var ParameterID: String
        var ParameterValue: Double
    }

    struct Dynamic: Decodable {
        var ParameterID: String
        var ParameterValue: Double
        var Time: Double
    }

    struct Curve: Decodable {
        var ParameterID: String
        var Time: Double
        var ParameterCurveControlPoints: [Point]
    }

    struct Point: Decodable {
        var Time: Double
        var ParameterValue: Double
    }

    var Version: Double?
    var Pattern: [Item]
}

let decoder = JSONDecoder()
decoder.allowsJSON5 = true
var files: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    guard let walker = FileManager.default.enumerator(atPath: argument) else { files.append(argument); continue }
    for case let path as String in walker where path.hasSuffix(".ahap") { files.append(argument + "/" + path) }
}
var decoded = 0
for path in files.sorted() {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    if (try? decoder.decode(MinimalAHAP.self, from: data)) != nil { decoded += 1 }
}
print("\(decoded)/\(files.count) decoded")
