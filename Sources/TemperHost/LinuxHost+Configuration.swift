extension LinuxHost {
    /// Where and what ``LinuxHost`` reads.
    public struct Configuration: Sendable, Hashable {
        /// The sysfs mount (`/sys`). Thermal zones and the hwmon listing are read below it. libsensors
        /// always reads `/sys` itself; under umockdev the preload redirects `/sys` into the testbed, so keep
        /// the default there and override only to read a plain directory tree.
        public var sysfsRoot: String
        /// A sensors.conf to use instead of the system's (`nil` honours `/etc/sensors3.conf`).
        public var sensorsConfigPath: String?
        /// Read `/sys/class/thermal/thermal_zone*` as a second source.
        public var readsThermalZones: Bool
        /// Watch UPower and power-profiles-daemon on the system bus.
        public var watchesBus: Bool
        public var bus: BusMonitor.Settings

        public init(
            sysfsRoot: String = "/sys", sensorsConfigPath: String? = nil, readsThermalZones: Bool = true,
            watchesBus: Bool = true, bus: BusMonitor.Settings = .init()
        ) {
            self.sysfsRoot = sysfsRoot
            self.sensorsConfigPath = sensorsConfigPath
            self.readsThermalZones = readsThermalZones
            self.watchesBus = watchesBus
            self.bus = bus
        }
    }
}
