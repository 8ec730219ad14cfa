/// A battery-powered device other than the host's own batteries, as UPower lists it: a game controller, a mouse,
/// a keyboard, a headset, a phone paired over Bluetooth.
///
/// Feedback can be aimed at one (a request's ``SensoryRequest/device``); its battery then governs that feedback on
/// top of the host's rules (see ``PeripheralCondition`` and ``PeripheralRules``).
public struct Peripheral: Sendable, Hashable {
    /// UPower's object path, e.g. `/org/freedesktop/UPower/devices/battery_ps_controller_battery_00o11o22o33o44o55`:
    /// the key that stays the same while the device is plugged in.
    public var objectPath: String
    /// UPower's kind, in its own spelling: `gaming-input`, `keyboard`, `mouse`, `headset`, `headphones`, `phone`,
    /// `tablet`, `touchpad`, `pen`, `media-player`, `other`, …
    public var kind: String
    /// The kernel's name for the battery (UPower's `native-path`), e.g. `ps-controller-battery-00:11:22:33:44:55`.
    public var nativePath: String
    public var model: String?
    public var vendor: String?
    /// The device's serial number (often its Bluetooth address), where it gives one.
    public var serial: String?
    /// Percent, 0 to 100; `nil` when UPower does not know it.
    public var percentage: Double?
    /// UPower's state text: `charging`, `discharging`, `fully-charged`, `pending-charge`, `unknown`, …
    public var state: String
    /// UPower's warning level for this device, computed from its own percentage.
    public var warningLevel: BatteryWarningLevel

    public init(
        objectPath: String,
        kind: String,
        nativePath: String = "",
        model: String? = nil,
        vendor: String? = nil,
        serial: String? = nil,
        percentage: Double?,
        state: String = "unknown",
        warningLevel: BatteryWarningLevel = .unknown
    ) {
        self.objectPath = objectPath
        self.kind = kind
        self.nativePath = nativePath
        self.model = model
        self.vendor = vendor
        self.serial = serial
        self.percentage = percentage
        self.state = state
        self.warningLevel = warningLevel
    }

    /// Whether the device is on external power (charging, full or waiting to charge): its battery is not draining.
    public var isCharging: Bool { ["charging", "fully-charged", "pending-charge"].contains(state) }

    /// `gaming-input "Wireless Controller"`, for reasons and tables.
    public var displayName: String { model.map { "\(kind) \"\($0)\"" } ?? kind }

    /// Other words a request may use for a kind: what people call the device rather than UPower's name for it.
    public static let kindAliases: [String: String] = [
        "gamepad": "gaming-input", "controller": "gaming-input", "joystick": "gaming-input", "headphone": "headphones",
        "earbuds": "headphones", "stylus": "pen",
    ]

    /// Whether `device`, a request's ``SensoryRequest/device``, names this peripheral: its object path, native path
    /// or serial exactly, or its kind (UPower's spelling or an alias in ``kindAliases``, case-insensitive).
    public func matches(_ device: String) -> Bool {
        if device == objectPath || device == nativePath || (serial.map { $0 == device } ?? false) { return true }
        let word = device.lowercased()
        return (Self.kindAliases[word] ?? word) == kind
    }
}

extension Peripheral: Codable {
    private enum Keys: String, CodingKey {
        case objectPath, kind, nativePath, model, vendor, serial, percentage, state, warningLevel
    }

    /// Every key, unknown values `null`, as the snapshot's other readings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(objectPath, forKey: .objectPath)
        try container.encode(kind, forKey: .kind)
        try container.encode(nativePath, forKey: .nativePath)
        try container.encode(model, forKey: .model)
        try container.encode(vendor, forKey: .vendor)
        try container.encode(serial, forKey: .serial)
        try container.encode(percentage, forKey: .percentage)
        try container.encode(state, forKey: .state)
        try container.encode(warningLevel, forKey: .warningLevel)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            objectPath: try container.decode(String.self, forKey: .objectPath),
            kind: try container.decode(String.self, forKey: .kind),
            nativePath: try container.decodeIfPresent(String.self, forKey: .nativePath) ?? "",
            model: try container.decodeIfPresent(String.self, forKey: .model),
            vendor: try container.decodeIfPresent(String.self, forKey: .vendor),
            serial: try container.decodeIfPresent(String.self, forKey: .serial),
            percentage: try container.decodeIfPresent(Double.self, forKey: .percentage),
            state: try container.decodeIfPresent(String.self, forKey: .state) ?? "unknown",
            warningLevel: try container.decodeIfPresent(BatteryWarningLevel.self, forKey: .warningLevel) ?? .unknown
        )
    }
}
