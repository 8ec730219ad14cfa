/// libFuzzer's custom mutator for every target: half the time libFuzzer's own mutations (which use the
/// dictionary, `Fuzz/extreme-numbers.dict`), otherwise one aimed at what issue 34 found that byte mutations did
/// not: a number swapped for an extreme one (the six crashes were one number each), a long run of digits, an
/// element repeated many times (huge counts) or a value nested deep. Each keeps the rest of the input intact,
/// so a valid seed stays valid around the change and the reader gets past its syntax to the numbers.
@_silgen_name("LLVMFuzzerMutate")
private func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzerCustomMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = FuzzRandom(seed: seed)
    let choice = random.below(10)
    guard choice >= 5, size > 0 else { return libFuzzerMutate(data, size, maxSize) }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let changed: Bool
    switch choice {
    case 5, 6: changed = FuzzMutations.swapNumber(&bytes, with: FuzzMutations.extremeNumbers.randomElement(using: &random)!, using: &random)
    case 7: changed = FuzzMutations.swapNumber(&bytes, with: FuzzMutations.longDigits(using: &random), using: &random)
    case 8: changed = FuzzMutations.repeatElement(&bytes, using: &random)
    default: changed = FuzzMutations.nest(&bytes, using: &random)
    }
    guard changed, bytes.count <= maxSize else { return libFuzzerMutate(data, size, maxSize) }
    bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: bytes.count) }
    return bytes.count
}

enum FuzzMutations {
    /// ±0, subnormals, the limits Temper checks against (a day, 1e10 s), 1e15 and 1e18 (where float time loses a
    /// click's length), the largest double and past it, 2^53 ± 1, 2^63, 2^64, NaN and infinity as JSON, YAML and
    /// Swift spell them, hex and an exponent without a mantissa.
    static let extremeNumbers: [[UInt8]] = [
        "0", "-0", "-0.0", "0e0", "5e-324", "4.9e-324", "2.2250738585072014e-308", "1e-300", "1e-400", "86400",
        "86400.0001", "86401", "1e10", "1e15", "1e18", "1e300", "1e308", "-1e308", "1.7976931348623157e308", "1e309",
        "-1e309", "9007199254740991", "9007199254740992", "9007199254740993", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "18446744073709551616", "4294967296", "-1", "NaN", "nan",
        ".nan", ".NaN", "inf", "-inf", "Infinity", "-Infinity", ".inf", "-.inf", "0x1p1023", "0x10", "1e", "1e+",
        "1.", ".5", "1_000",
    ].map { Array($0.utf8) }

    /// A number of 100 to 60,000 digits, sometimes with a decimal point or an exponent.
    static func longDigits(using random: inout FuzzRandom) -> [UInt8] {
        var digits = [UInt8](repeating: UInt8(ascii: "9"), count: 100 + random.below(60_000))
        switch random.below(3) {
        case 0: digits.insert(contentsOf: "0.".utf8, at: 0)
        case 1: digits += "e308".utf8
        default: break
        }
        return digits
    }

    /// Replaces one number in `bytes` (a run of digits with its sign, point and exponent), chosen at random.
    static func swapNumber(_ bytes: inout [UInt8], with number: [UInt8], using random: inout FuzzRandom) -> Bool {
        var numbers: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else {
                index += 1
                continue
            }
            var start = index
            if start > 0, bytes[start - 1] == UInt8(ascii: "-") { start -= 1 }
            while index < bytes.count, isDigit(bytes[index]) || "+-.eE".utf8.contains(bytes[index]) { index += 1 }
            numbers.append(start..<index)
        }
        guard let range = numbers.randomElement(using: &random) else { return false }
        bytes.replaceSubrange(range, with: number)
        return true
    }

    /// Repeats one bracketed element (`{…}`, `[…]` or `<…>`) 2 to 5,000 times in place, comma-separated where
    /// it sits in a JSON list: counts far past what the seeds hold.
    static func repeatElement(_ bytes: inout [UInt8], using random: inout FuzzRandom) -> Bool {
        let openers = bytes.indices.filter { "{[<".utf8.contains(bytes[$0]) }
        guard let start = openers.randomElement(using: &random), let end = closing(bytes, from: start) else { return false }
        let element = Array(bytes[start...end])
        let separator: [UInt8] = bytes[start] == UInt8(ascii: "<") ? [] : [UInt8(ascii: ",")]
        let copies = 2 + random.below(5_000)
        var repeated: [UInt8] = []
        repeated.reserveCapacity((element.count + 1) * copies)
        for copy in 0..<copies { repeated += (copy == 0 ? [] : separator) + element }
        bytes.replaceSubrange(start...end, with: repeated)
        return true
    }

    /// Wraps the value at a random bracket in 10 to 10,000 levels of `[` … `]`.
    static func nest(_ bytes: inout [UInt8], using random: inout FuzzRandom) -> Bool {
        let openers = bytes.indices.filter { "{[".utf8.contains(bytes[$0]) }
        guard let start = openers.randomElement(using: &random), let end = closing(bytes, from: start) else { return false }
        let depth = 10 + random.below(10_000)
        bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "]"), count: depth), at: end + 1)
        bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "["), count: depth), at: start)
        return true
    }

    /// The index of the bracket that closes the one at `start`, counting nesting and skipping JSON strings.
    private static func closing(_ bytes: [UInt8], from start: Int) -> Int? {
        let open = bytes[start]
        let close: UInt8 = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : open == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ">")
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == open {
                depth += 1
            } else if byte == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

/// A small generator seeded by libFuzzer, so a mutation can be replayed from its seed.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt32) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> UInt64 {
        // xorshift64*
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
