import Testing

@testable import TemperHost

/// The thermal netlink messages byte for byte against the uapi layout (`struct nlmsghdr`, `struct genlmsghdr`,
/// `struct nlattr`, include/uapi/linux/thermal.h version 2), on a little-endian host (x86-64, arm64).
@Suite(.enabled(if: 1.littleEndian == 1, "the expected bytes are little-endian"))
struct ThermalNetlinkMessageTests {
    static let family = ThermalNetlink.Family(id: 0x1B, version: 2, operations: Set(1...10), groups: ["sampling": 2, "event": 3])

    @Test func theFamilyRequestAsksTheControllerByName() {
        #expect(
            ThermalNetlink.familyRequest(sequence: 7).encoded() == [
                32, 0, 0, 0, 0x10, 0, 1, 0, 7, 0, 0, 0, 0, 0, 0, 0,  // nlmsghdr: length, GENL_ID_CTRL, NLM_F_REQUEST, seq, port
                3, 1, 0, 0,  // genlmsghdr: CTRL_CMD_GETFAMILY, version 1
                12, 0, 2, 0, 0x74, 0x68, 0x65, 0x72, 0x6D, 0x61, 0x6C, 0,  // CTRL_ATTR_FAMILY_NAME "thermal\0"
            ]
        )
    }

    @Test func addingAThresholdCarriesZoneTemperatureAndDirection() {
        let threshold = ThermalThreshold(millicelsius: 85_000, directions: .up)
        #expect(
            ThermalNetlink.thresholdRequest(.thresholdAdd, family: Self.family, sequence: 9, zone: 3, threshold: threshold).encoded() == [
                44, 0, 0, 0, 0x1B, 0, 5, 0, 9, 0, 0, 0, 0, 0, 0, 0,  // the family's id; NLM_F_REQUEST | NLM_F_ACK
                8, 2, 0, 0,  // THERMAL_GENL_CMD_THRESHOLD_ADD, family version 2
                8, 0, 2, 0, 3, 0, 0, 0,  // THERMAL_GENL_ATTR_TZ_ID 3
                8, 0, 26, 0, 0x08, 0x4C, 0x01, 0x00,  // THERMAL_GENL_ATTR_THRESHOLD_TEMP 85000 m°C
                8, 0, 27, 0, 1, 0, 0, 0,  // THERMAL_GENL_ATTR_THRESHOLD_DIRECTION THERMAL_THRESHOLD_WAY_UP
            ]
        )
    }

    @Test func aTemperatureBelowZeroIsTwosComplementAndBothWaysAreOneBitmask() {
        let threshold = ThermalThreshold(millicelsius: -5_000, directions: [.up, .down])
        let bytes = ThermalNetlink.thresholdRequest(.thresholdDelete, family: Self.family, sequence: 1, zone: 0, threshold: threshold)
            .encoded()
        #expect(bytes[16] == 9, "THERMAL_GENL_CMD_THRESHOLD_DELETE")
        #expect(Array(bytes[28...]) == [8, 0, 26, 0, 0x78, 0xEC, 0xFF, 0xFF, 8, 0, 27, 0, 3, 0, 0, 0])
    }

    @Test func aGetNamesOnlyTheZone() {
        let bytes = ThermalNetlink.thresholdRequest(.thresholdGet, family: Self.family, sequence: 2, zone: 12).encoded()
        #expect(bytes == [28, 0, 0, 0, 0x1B, 0, 5, 0, 2, 0, 0, 0, 0, 0, 0, 0, 7, 2, 0, 0, 8, 0, 2, 0, 12, 0, 0, 0])
    }

    /// A controller reply as Linux 6.18 sends it, cut to the attributes read (id, name, version, ops).
    static func familyReply(version: UInt32, operations: [UInt32]) -> [UInt8] {
        var ops: [NetlinkAttribute] = []
        for (index, operation) in operations.enumerated() {
            var payload: [UInt8] = []
            NetlinkAttribute.u32(1, operation).encode(into: &payload)  // CTRL_ATTR_OP_ID
            NetlinkAttribute.u32(2, 0x0A).encode(into: &payload)  // CTRL_ATTR_OP_FLAGS
            ops.append(NetlinkAttribute(type: UInt16(index + 1), payload: payload))
        }
        var opsPayload: [UInt8] = []
        for op in ops { op.encode(into: &opsPayload) }
        var groupsPayload: [UInt8] = []
        for (index, (name, id)) in [("sampling", UInt32(2)), ("event", 3)].enumerated() {
            var group: [UInt8] = []
            NetlinkAttribute.u32(2, id).encode(into: &group)  // CTRL_ATTR_MCAST_GRP_ID
            NetlinkAttribute.string(1, name).encode(into: &group)  // CTRL_ATTR_MCAST_GRP_NAME
            NetlinkAttribute(type: UInt16(index + 1), payload: group).encode(into: &groupsPayload)
        }
        let message = GenericNetlinkMessage(
            family: 0x10,
            sequence: 0,
            command: 1,
            version: 2,
            attributes: [
                NetlinkAttribute(type: 1, payload: [0x1B, 0x00]),  // CTRL_ATTR_FAMILY_ID (u16)
                .string(2, "thermal"),
                .u32(3, version),
                NetlinkAttribute(type: 6 | 0x8000, payload: opsPayload),  // CTRL_ATTR_OPS, NLA_F_NESTED
                NetlinkAttribute(type: 7 | 0x8000, payload: groupsPayload),  // CTRL_ATTR_MCAST_GROUPS
            ]
        )
        return message.encoded()
    }

    @Test func theControllersReplyGivesIdVersionCommandsAndGroups() throws {
        let bytes = Self.familyReply(version: 2, operations: Array(1...10))
        #expect(bytes[20...27] == [6, 0, 1, 0, 0x1B, 0, 0, 0], "a u16 attribute is padded to 4 bytes")
        let replies = NetlinkReply.decode(bytes)
        guard case .message(let message) = try #require(replies.first) else {
            Issue.record("not a message: \(replies)")
            return
        }
        let family = try #require(ThermalNetlink.family(from: message))
        #expect(family == Self.family)
        #expect(family.supportsThresholds)
    }

    /// Linux 5.10–6.12 (version 1, before the renumbering), and a version 2 without the threshold commands.
    static let olderFamilies: [(version: UInt32, operations: [UInt32])] = [(1, Array(1...10)), (2, Array(1...6))]

    @Test(arguments: olderFamilies)
    func olderFamiliesHaveNoThresholds(version: UInt32, operations: [UInt32]) throws {
        guard case .message(let message) = NetlinkReply.decode(Self.familyReply(version: version, operations: operations)).first else {
            Issue.record("no message")
            return
        }
        #expect(ThermalNetlink.family(from: message)?.supportsThresholds == false)
    }

    @Test func errorsAndAcknowledgementsAreReadWithTheirSequence() {
        var datagram: [UInt8] = [36, 0, 0, 0, 2, 0, 0, 1, 5, 0, 0, 0, 0x10, 0, 0, 0]  // NLMSG_ERROR, NLM_F_CAPPED, seq 5
        datagram += [0xFF, 0xFF, 0xFF, 0xFF]  // -EPERM
        datagram += [44, 0, 0, 0, 0x1B, 0, 5, 0, 5, 0, 0, 0, 0, 0, 0, 0]  // the request's header
        datagram += [36, 0, 0, 0, 2, 0, 0, 1, 6, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)  // ack of 6
        datagram += [16, 0, 0, 0, 3, 0, 2, 0, 7, 0, 0, 0, 0, 0, 0, 0]  // NLMSG_DONE of 7
        datagram += [40, 0, 0, 0]  // a truncated tail
        #expect(NetlinkReply.decode(datagram) == [.failed(sequence: 5, errno: 1), .acknowledged(sequence: 6), .done(sequence: 7)])
    }

    @Test func aGetReplyListsTemperaturesWithTheirDirections() throws {
        var nest: [UInt8] = []
        for attribute: NetlinkAttribute in [.u32(26, 70_000), .u32(27, 1), .u32(26, UInt32(bitPattern: -2_000)), .u32(27, 3)] {
            attribute.encode(into: &nest)
        }
        let reply = GenericNetlinkMessage(
            family: 0x1B,
            sequence: 3,
            command: 7,
            version: 2,
            attributes: [
                NetlinkAttribute(type: 25 | 0x8000, payload: nest)  // THERMAL_GENL_ATTR_THRESHOLD, nested
            ]
        )
        guard case .message(let decoded) = try #require(NetlinkReply.decode(reply.encoded()).first) else { return }
        #expect(
            ThermalNetlink.thresholds(from: decoded) == [
                ThermalThreshold(millicelsius: 70_000, directions: .up),
                ThermalThreshold(millicelsius: -2_000, directions: [.up, .down]),
            ]
        )
    }

    @Test func malformedAttributesEndTheListInsteadOfReadingPastIt() {
        #expect(NetlinkAttribute.decode([200, 0, 2, 0, 1, 2, 3, 4][...]).isEmpty, "a length past the end")
        #expect(NetlinkAttribute.decode([2, 0, 2, 0][...]).isEmpty, "a length under the header")
        #expect(
            NetlinkAttribute.decode([5, 0, 2, 0, 9, 0, 0, 0, 8, 0, 3, 0, 1, 0, 0, 0][...]).map(\.type) == [2, 3],
            "padding is skipped"
        )
    }
}
