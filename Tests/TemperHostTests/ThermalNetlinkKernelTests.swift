import Foundation
import Glibc
import Testing

@testable import TemperHost

/// The real kernel's thermal netlink family, on this machine. Each test skips with the reason when the kernel
/// lacks what it needs (the family, the threshold commands of Linux ≥ 6.13, a thermal zone).
///
/// Setting a threshold on a real zone is safe to try: user thresholds only make the kernel send netlink events
/// (they move no trip point and drive no cooling device), the test picks a temperature no zone reaches and that
/// the zone does not already have, and removes exactly what it added before it ends.
@Suite struct ThermalNetlinkKernelTests {
    static let socket: ThermalNetlinkSocket? = try? ThermalNetlinkSocket()
    static let hasThresholds = socket?.family.supportsThresholds == true
    static let zones: [UInt32] = ((try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/thermal")) ?? [])
        .compactMap(ThermalThresholds.zoneID).sorted()
    /// The kernel checks `CAP_SYS_ADMIN`; root has it unless a container dropped it (then the test skips).
    static let isRoot = geteuid() == 0

    @Test(.enabled(if: socket != nil, "the kernel has no thermal netlink family (CONFIG_THERMAL_NETLINK)"))
    func theFamilyResolvesWithItsCommands() throws {
        let family = try #require(Self.socket).family
        #expect(family.id >= 0x10, "a dynamic generic-netlink id")
        #expect(family.operations.contains(1), "THERMAL_GENL_CMD_TZ_GET_ID, present since Linux 5.10")
        #expect(family.groups.keys.sorted() == ["event", "sampling"])
        #expect(try ThermalNetlinkFamily.eventGroup() == family.groups["event"])
        let release = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "?"
        print(
            "thermal netlink family \(family.id), version \(family.version), commands \(family.operations.sorted()) on Linux \(release.trimmingCharacters(in: .whitespacesAndNewlines))"
        )
    }

    @Test(
        .enabled(if: socket != nil, "the kernel has no thermal netlink family (CONFIG_THERMAL_NETLINK)"),
        .enabled(if: hasThresholds, "the kernel's thermal netlink family has no threshold commands (Linux < 6.13)")
    )
    func theKernelReadsOurGetAndRefusesAZoneItDoesNotHave() throws {
        let socket = try #require(Self.socket)
        let missingZone: UInt32 = 0x7FFF_FFF0
        #expect(throws: ThermalNetlinkError(.refused, errno: EINVAL, "the thermal netlink family refused command 7")) {
            try socket.request(.thresholdGet, zone: missingZone)
        }
        // The socket still answers in order after a refusal.
        #expect(throws: ThermalNetlinkError(.refused, errno: EINVAL, "the thermal netlink family refused command 7")) {
            try socket.request(.thresholdGet, zone: missingZone - 1)
        }
    }

    @Test(
        .enabled(if: hasThresholds, "the kernel's thermal netlink family has no threshold commands (Linux < 6.13)"),
        .enabled(if: !zones.isEmpty, "this machine has no thermal zones (/sys/class/thermal/thermal_zone*)")
    )
    func aThresholdOnARealZoneIsAddedListedAndRemoved() throws {
        let socket = try #require(Self.socket)
        let zone = Self.zones[0]
        let before = try socket.thresholds(zone: zone)
        // 199.937 °C going up: far above any zone's critical trip, and not one of the zone's own.
        let probe = ThermalThreshold(millicelsius: 199_937, directions: .up)
        try #require(
            !before.contains { $0.millicelsius == probe.millicelsius },
            "the zone already has a threshold at the probe's temperature"
        )
        guard Self.isRoot else {
            #expect(throws: ThermalNetlinkError(.permission, errno: EPERM, "the thermal netlink family refused command 8")) {
                try socket.add(probe, zone: zone)
            }
            return
        }
        let added = Result { () throws(ThermalNetlinkError) in try socket.add(probe, zone: zone) }
        if case .failure(let error) = added, error.code == .permission {
            try Test.cancel("root without CAP_SYS_ADMIN here (a container?): \(error)")
        }
        try added.get()
        defer { try? socket.delete(probe, zone: zone) }
        #expect(try socket.thresholds(zone: zone).contains(probe))
        try socket.delete(probe, zone: zone)
        #expect(try socket.thresholds(zone: zone) == before, "only the probe came and went")
    }
}
