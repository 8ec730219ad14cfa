import Glibc
import TemperCore

/// Reads RAPL energy counters (`<sysfs>/class/powercap/intel-rapl:*/energy_uj`): package, core, uncore, DRAM or
/// platform energy, each as a cumulative energy in joules.
///
/// The kernel counter wraps at `max_energy_range_uj`; the reader remembers the last raw value per zone and counts
/// the wraps, so the joules it reports only ever grow and a trace's energy differences are the real energy
/// between samples. It must therefore be sampled more often than the counter wraps (at tens of watts, minutes to
/// hours). The files are root-only on most kernels since 2020 (CVE-2020-8694): unreadable, a zone reports an
/// error health, never a made-up value.
final class PowercapReader: Sendable {
    private struct Zone: Sendable {
        var lastMicrojoules: Int64
        var wrappedMicrojoules: Int64
    }

    /// `<sysfs root>/class/powercap`.
    let classPath: String
    private let zones = Locked<[String: Zone]>([:])

    /// Lists the RAPL zones through it; a fresh one lists them on every read.
    let listings: SysfsListings

    init(sysfsRoot: String, listings: SysfsListings = SysfsListings()) {
        classPath = sysfsRoot + "/class/powercap"
        self.listings = listings
    }

    /// Every `intel-rapl:*` zone that has an energy counter, in name order.
    func read() -> [PowerReading] {
        listings.entries(of: classPath).filter { $0.hasPrefix("intel-rapl:") }.compactMap { readZone(named: $0) }
    }

    func readZone(named name: String) -> PowerReading? {
        let path = "\(classPath)/\(name)"
        let label = (try? Sysfs.read("\(path)/name").get()).flatMap { $0.isEmpty ? nil : $0 } ?? name
        var reading = PowerReading(chip: path, chipName: name, label: label, kind: .energy, value: nil)
        switch Sysfs.readInteger("\(path)/energy_uj") {
        case .success(let raw):
            let range = (try? Sysfs.readInteger("\(path)/max_energy_range_uj").get()) ?? 0
            reading.value = Double(unwrap(raw, range: range, zone: path)) / 1_000_000
        case .failure(let error):
            // A zone without a counter at all (the `intel-rapl` control type) is not a zone to report.
            guard error.code != Int(ENOENT) else { return nil }
            reading.health = .error(code: error.code, message: error.description)
        }
        return reading
    }

    /// The counter with its wraps added back: each time it reads lower than last time, it passed `range`.
    private func unwrap(_ raw: Int64, range: Int64, zone: String) -> Int64 {
        zones.withLock { zones in
            var state = zones[zone] ?? Zone(lastMicrojoules: raw, wrappedMicrojoules: 0)
            if raw < state.lastMicrojoules, range > 0 { state.wrappedMicrojoules += range }
            state.lastMicrojoules = raw
            zones[zone] = state
            return raw + state.wrappedMicrojoules
        }
    }
}
