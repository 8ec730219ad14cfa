/// The kernel's thermal generic-netlink family, as far as user thresholds need it (Linux ≥ 6.13).
///
/// The numbers are the uapi's (`include/uapi/linux/thermal.h`, family version 2, from the patch "thermal/netlink:
/// Add the commands and the events for the thresholds", Linux 6.13); they are written out here because the
/// distribution's headers may be older. Version 2 inserted `THERMAL_GENL_ATTR_TZ_PREV_TEMP` after
/// `THERMAL_GENL_ATTR_TZ_TEMP`, which renumbered every later attribute: thresholds are only used on a family that
/// says version ≥ 2 and lists the threshold commands.
enum ThermalNetlink {
    /// `THERMAL_GENL_FAMILY_NAME`.
    static let familyName = "thermal"
    /// `THERMAL_GENL_EVENT_GROUP_NAME`: zone events (trip and threshold crossings, zones and trips coming and going).
    static let eventGroupName = "event"
    /// `THERMAL_GENL_VERSION` since thresholds.
    static let thresholdVersion: UInt32 = 2

    /// `enum thermal_genl_cmd`.
    enum Command: UInt8, Sendable {
        case thresholdGet = 7
        case thresholdAdd = 8
        case thresholdDelete = 9
    }

    /// `enum thermal_genl_attr` (version 2 numbering).
    enum Attribute {
        static let zoneID: UInt16 = 2
        static let threshold: UInt16 = 25
        static let thresholdTemperature: UInt16 = 26
        static let thresholdDirection: UInt16 = 27
    }

    /// The generic-netlink controller (<linux/genetlink.h>): `GENL_ID_CTRL`, `CTRL_CMD_GETFAMILY`, `CTRL_ATTR_*`.
    enum Controller {
        static let id: UInt16 = 0x10
        static let getFamily: UInt8 = 3
        static let familyID: UInt16 = 1
        static let familyName: UInt16 = 2
        static let version: UInt16 = 3
        static let operations: UInt16 = 6
        static let operationID: UInt16 = 1
        static let multicastGroups: UInt16 = 7
        static let groupName: UInt16 = 1
        static let groupID: UInt16 = 2
    }

    /// What the controller says about the family.
    struct Family: Sendable, Hashable {
        var id: UInt16
        var version: UInt32
        /// The command numbers the family accepts.
        var operations: Set<UInt32>
        /// Multicast group ids by name ("sampling", "event").
        var groups: [String: UInt32] = [:]

        /// Version 2 numbering and the get, add and delete commands.
        var supportsThresholds: Bool {
            version >= ThermalNetlink.thresholdVersion
                && [Command.thresholdGet, .thresholdAdd, .thresholdDelete].allSatisfy { operations.contains(UInt32($0.rawValue)) }
        }
    }

    static func familyRequest(sequence: UInt32) -> GenericNetlinkMessage {
        GenericNetlinkMessage(
            family: Controller.id,
            flags: GenericNetlinkMessage.flagRequest,
            sequence: sequence,
            command: Controller.getFamily,
            version: 1,
            attributes: [.string(Controller.familyName, familyName)]
        )
    }

    /// The family in a controller reply, or `nil` when the reply does not describe it.
    static func family(from reply: GenericNetlinkMessage) -> Family? {
        guard reply.attributes.first(Controller.familyName)?.string == familyName,
            let id = reply.attributes.first(Controller.familyID)?.u16
        else { return nil }
        let operations =
            reply.attributes.first(Controller.operations)?.children.compactMap { $0.children.first(Controller.operationID)?.u32 } ?? []
        var groups: [String: UInt32] = [:]
        for group in reply.attributes.first(Controller.multicastGroups)?.children ?? [] {
            guard let name = group.children.first(Controller.groupName)?.string, let id = group.children.first(Controller.groupID)?.u32
            else { continue }
            groups[name] = id
        }
        return Family(id: id, version: reply.attributes.first(Controller.version)?.u32 ?? 1, operations: Set(operations), groups: groups)
    }

    /// A get (zone only), add or delete request for one threshold, asking for an acknowledgement.
    static func thresholdRequest(
        _ command: Command,
        family: Family,
        sequence: UInt32,
        zone: UInt32,
        threshold: ThermalThreshold? = nil
    ) -> GenericNetlinkMessage {
        var attributes: [NetlinkAttribute] = [.u32(Attribute.zoneID, zone)]
        if let threshold {
            // The kernel reads both as u32 and uses them as int: a temperature below 0 °C is two's complement.
            attributes.append(.u32(Attribute.thresholdTemperature, UInt32(bitPattern: threshold.millicelsius)))
            attributes.append(.u32(Attribute.thresholdDirection, threshold.directions.rawValue))
        }
        return GenericNetlinkMessage(
            family: family.id,
            flags: GenericNetlinkMessage.flagRequest | GenericNetlinkMessage.flagAcknowledge,
            sequence: sequence,
            command: command.rawValue,
            version: UInt8(truncatingIfNeeded: family.version),
            attributes: attributes
        )
    }

    /// The thresholds in a get reply: a nest of temperature, direction pairs, in the kernel's order.
    static func thresholds(from reply: GenericNetlinkMessage) -> [ThermalThreshold] {
        var thresholds: [ThermalThreshold] = []
        for attribute in reply.attributes.first(Attribute.threshold)?.children ?? [] {
            switch attribute.type {
            case Attribute.thresholdTemperature:
                guard let value = attribute.u32 else { continue }
                thresholds.append(ThermalThreshold(millicelsius: Int32(bitPattern: value), directions: []))
            case Attribute.thresholdDirection:
                guard let value = attribute.u32, !thresholds.isEmpty else { continue }
                thresholds[thresholds.count - 1].directions = ThermalThreshold.Directions(rawValue: value)
            default:
                continue
            }
        }
        return thresholds
    }
}

/// A user threshold on a thermal zone: the kernel sends `THERMAL_GENL_EVENT_THRESHOLD_UP` or `_DOWN` when the
/// zone's temperature crosses it the ways it names.
struct ThermalThreshold: Sendable, Hashable {
    /// `THERMAL_THRESHOLD_WAY_UP`, `THERMAL_THRESHOLD_WAY_DOWN` (uapi thermal.h).
    struct Directions: OptionSet, Sendable, Hashable {
        var rawValue: UInt32
        static let up = Directions(rawValue: 0x1)
        static let down = Directions(rawValue: 0x2)
    }

    var millicelsius: Int32
    var directions: Directions
}
