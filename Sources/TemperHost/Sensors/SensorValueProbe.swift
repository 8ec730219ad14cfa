import Glibc
import Logging

/// A value read on every sweep (an input, alarm or fault): its libsensors subfeature, and its sysfs attribute
/// kept open when reading that directly gives exactly what libsensors would.
struct SensorsLiveValue {
    var number: Int32
    /// The open attribute and the scale libsensors divides its raw value by; `nil` reads through libsensors.
    var direct: (file: SysfsAttributeFile, divisor: Double)?

    /// The value; through libsensors when there is no direct file or it fails, so every failure is libsensors' own.
    /// `checkingFile` first makes sure the open file is still the one at its path.
    func read(on chip: Libsensors.Chip, checkingFile: Bool) -> Result<Double, LibsensorsError> {
        if let direct {
            if checkingFile { direct.file.reopenIfReplaced() }
            if let raw = direct.file.readInteger() { return .success(Double(raw) / direct.divisor) }
        }
        return Libsensors.value(of: number, on: chip)
    }
}

/// Learns, subfeature by subfeature, what libsensors does to a raw value: it writes two raw values into a private
/// folder, has libsensors read them there as the chip's (``Libsensors/value(of:on:readingFrom:)``), and keeps the
/// subfeature's attribute open for direct reads only when both came back divided by one fixed scale. A sensors.conf
/// `compute` statement (or anything else) changes the values, and that subfeature stays with libsensors.
///
/// Used while a layout is detected, after each libsensors initialisation; its folder goes with it. Without a
/// writable temporary folder, or past ``maximumOpenFiles``, every value is read through libsensors.
final class SensorValueProbe {
    /// Direct files stay open while the layout lives: a bound, so a host with thousands of sensors keeps its
    /// descriptors well under the usual limit of 1024.
    static let maximumOpenFiles = 256
    /// Far from any real reading and of both signs, so a `compute` cannot pass for a scale by chance.
    private static let probes: [Int64] = [1_234_567, -7_654_321]
    private static let divisors: [Double] = [1, 1000, 1_000_000]

    private let directory: String?
    private var openFiles = 0

    init(logger: Logger) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/temper-sensors-XXXXXX").utf8CString)
        directory = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        if directory == nil {
            logger.debug("no folder to learn libsensors' scales in; every value is read through libsensors", metadata: ["in": "\(base)"])
        }
    }

    deinit {
        if let directory { rmdir(directory) }
    }

    /// `subfeature` of `chip` (whose attributes are in `chipPath`), read directly when libsensors only scales it.
    func liveValue(_ subfeature: Libsensors.Subfeature, on chip: Libsensors.Chip, chipPath: String) -> SensorsLiveValue {
        var value = SensorsLiveValue(number: subfeature.number)
        guard openFiles < Self.maximumOpenFiles, let divisor = divisor(of: subfeature, on: chip),
            let file = SysfsAttributeFile(path: chipPath + "/" + subfeature.name)
        else { return value }
        openFiles += 1
        value.direct = (file, divisor)
        return value
    }

    private func divisor(of subfeature: Libsensors.Subfeature, on chip: Libsensors.Chip) -> Double? {
        guard let directory, !subfeature.name.contains("/") else { return nil }
        let path = directory + "/" + subfeature.name
        defer { unlink(path) }
        var candidates = Self.divisors
        for raw in Self.probes {
            guard Self.write("\(raw)\n", to: path),
                case .success(let value) = Libsensors.value(of: subfeature.number, on: chip, readingFrom: directory)
            else { return nil }
            candidates.removeAll { Double(raw) / $0 != value }
        }
        return candidates.first
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }
}
