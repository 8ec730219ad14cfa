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
        /// Seconds a sensor's limits (max, critical, emergency, hysteresis, min) are kept before a sample reads
        /// them again; inputs, alarms and faults are read every sample. ``LinuxHost/devicesMayHaveChanged()``
        /// makes the next sample read them at once.
        public var limitsMaxAgeSeconds: Double
        /// Watch UPower and power-profiles-daemon on the system bus.
        public var watchesBus: Bool
        public var bus: BusMonitor.Settings

        public init(
            sysfsRoot: String = "/sys",
            sensorsConfigPath: String? = nil,
            readsThermalZones: Bool = true,
            limitsMaxAgeSeconds: Double = 60,
            watchesBus: Bool = true,
            bus: BusMonitor.Settings = .init()
        ) {
            self.sysfsRoot = sysfsRoot
            self.sensorsConfigPath = sensorsConfigPath
            self.readsThermalZones = readsThermalZones
            self.limitsMaxAgeSeconds = limitsMaxAgeSeconds
            self.watchesBus = watchesBus
            self.bus = bus
        }
    }
}
