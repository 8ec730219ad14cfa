import Glibc
import TemperCore

/// Reads each battery's instantaneous power from `<sysfs>/class/power_supply/*` (type `Battery`): `power_now`
/// (µW), or `current_now` (µA) × `voltage_now` (µV) where the driver gives no power. The kernel refreshes these
/// about once a second, where UPower's EnergyRate refreshes every ~30 s and reads 0 below 0.1 W.
struct PowerSupplyReader: Sendable {
    /// `<sysfs root>/class/power_supply`.
    var classPath: String

    /// Lists the power supplies through it; a fresh one lists them on every read.
    let listings: SysfsListings

    init(sysfsRoot: String, listings: SysfsListings = SysfsListings()) {
        classPath = sysfsRoot + "/class/power_supply"
        self.listings = listings
    }

    /// One power reading per battery of the host's own, in name order. A battery of `scope` `Device` (a game
    /// controller's, a mouse's) powers nothing of the host and gives no power reading: it is a peripheral, read
    /// through UPower.
    func read() -> [PowerReading] {
        listings.entries(of: classPath).compactMap { name in
            let path = "\(classPath)/\(name)"
            guard (try? Sysfs.read("\(path)/type").get()) == "Battery" else { return nil }
            guard (try? Sysfs.read("\(path)/scope").get()) != "Device" else { return nil }
            return readBattery(at: path, named: name)
        }
    }

    func readBattery(at path: String, named name: String) -> PowerReading {
        var reading = PowerReading(chip: path, chipName: name, label: "power_now", kind: .power, value: nil)
        // Some drivers sign the current (negative while discharging): the magnitude is the power drawn or stored.
        switch Sysfs.readInteger("\(path)/power_now") {
        case .success(let microwatts):
            reading.value = Double(abs(microwatts)) / 1_000_000
        case .failure(let powerError):
            switch (Sysfs.readInteger("\(path)/current_now"), Sysfs.readInteger("\(path)/voltage_now")) {
            case (.success(let microamps), .success(let microvolts)):
                reading.label = "current_now × voltage_now"
                reading.value = Double(abs(microamps)) / 1_000_000 * Double(abs(microvolts)) / 1_000_000
            case (.failure(let error), _), (_, .failure(let error)):
                let cause = powerError.code == Int(ENOENT) ? error : powerError
                reading.health = .error(code: cause.code, message: cause.description)
            }
        }
        return reading
    }
}
