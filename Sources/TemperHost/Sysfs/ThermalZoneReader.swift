import TemperCore

/// Reads the kernel's thermal zones (`<sysfs>/class/thermal/thermal_zone*`): temperature, type and trip
/// points. A zone's passive trip supplies its `high` limit and its critical trip its `critical` limit.
struct ThermalZoneReader: Sendable {
    /// One trip point of a zone.
    struct TripPoint: Sendable, Hashable {
        var type: String
        var celsius: Double
        var hysteresis: Double?
    }

    /// `<sysfs root>/class/thermal`.
    var classPath: String

    /// Lists the zones through it; a fresh one lists them on every read.
    let listings: SysfsListings

    init(sysfsRoot: String, listings: SysfsListings = SysfsListings()) {
        classPath = sysfsRoot + "/class/thermal"
        self.listings = listings
    }

    /// Every zone, in name order.
    func read() -> [TemperatureReading] {
        listings.entries(of: classPath).filter { $0.hasPrefix("thermal_zone") }.map { readZone(named: $0) }
    }

    func readZone(named name: String) -> TemperatureReading {
        let path = "\(classPath)/\(name)"
        let type = (try? Sysfs.read("\(path)/type").get()).flatMap { $0.isEmpty ? nil : $0 } ?? name
        let trips = tripPoints(at: path)
        let passive = trips.first { $0.type == "passive" }
        let critical = trips.first { $0.type == "critical" }
        var reading = TemperatureReading(
            chip: path,
            chipName: name,
            label: type,
            source: .thermalZone,
            celsius: nil,
            high: passive?.celsius,
            highHysteresis: passive?.hysteresis,
            critical: critical?.celsius,
            criticalHysteresis: critical?.hysteresis
        )
        switch Sysfs.readMillidegrees("\(path)/temp") {
        case .success(let celsius):
            reading.celsius = celsius
        case .failure(let error):
            reading.health = .error(code: error.code, message: error.description, domain: .errno)
        }
        return reading
    }

    /// The zone's trip points, in index order; unreadable ones are skipped.
    func tripPoints(at path: String) -> [TripPoint] {
        var trips: [TripPoint] = []
        for index in 0... {
            let prefix = "\(path)/trip_point_\(index)_"
            guard let type = try? Sysfs.read(prefix + "type").get() else { break }
            guard let celsius = try? Sysfs.readMillidegrees(prefix + "temp").get() else { continue }
            let hysteresis = try? Sysfs.readMillidegrees(prefix + "hyst").get()
            trips.append(TripPoint(type: type, celsius: celsius, hysteresis: hysteresis))
        }
        return trips
    }
}
