/// One generic-netlink message as the kernel reads and writes it, in host byte order: a `struct nlmsghdr`
/// (length, type, flags, sequence, port), a `struct genlmsghdr` (command, version, reserved) and attributes,
/// each a `struct nlattr` (length, type) whose payload is padded to 4 bytes (<linux/netlink.h>,
/// <linux/genetlink.h>). Pure: encoding and decoding only, the socket is ``ThermalNetlinkSocket``'s.
struct GenericNetlinkMessage: Sendable, Hashable {
    /// `nlmsg_type`: the family id (or `GENL_ID_CTRL` for the controller).
    var family: UInt16
    var flags: UInt16
    var sequence: UInt32
    var command: UInt8
    var version: UInt8
    var attributes: [NetlinkAttribute]

    /// <linux/netlink.h>
    static let headerSize = 16
    /// <linux/genetlink.h>: `GENL_HDRLEN`.
    static let genericHeaderSize = 4
    static let flagRequest: UInt16 = 0x1
    static let flagAcknowledge: UInt16 = 0x4

    init(family: UInt16, flags: UInt16 = 0, sequence: UInt32 = 0, command: UInt8, version: UInt8, attributes: [NetlinkAttribute]) {
        self.family = family
        self.flags = flags
        self.sequence = sequence
        self.command = command
        self.version = version
        self.attributes = attributes
    }

    /// The datagram to send (port 0: the kernel fills in the sender's).
    func encoded() -> [UInt8] {
        var body: [UInt8] = [command, version, 0, 0]
        for attribute in attributes { attribute.encode(into: &body) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerSize + body.count)
        NetlinkBytes.append(UInt32(Self.headerSize + body.count), to: &bytes)
        NetlinkBytes.append(family, to: &bytes)
        NetlinkBytes.append(flags, to: &bytes)
        NetlinkBytes.append(sequence, to: &bytes)
        NetlinkBytes.append(UInt32(0), to: &bytes)
        return bytes + body
    }
}

/// What one received netlink message is.
enum NetlinkReply: Sendable, Hashable {
    case message(GenericNetlinkMessage)
    /// `NLMSG_ERROR` with error 0: the request of `sequence` was carried out.
    case acknowledged(sequence: UInt32)
    /// `NLMSG_ERROR` with a negative errno: the request of `sequence` failed with `errno` (positive).
    case failed(sequence: UInt32, errno: Int32)
    /// `NLMSG_DONE`: the end of a dump.
    case done(sequence: UInt32)

    /// <linux/netlink.h>: `NLMSG_ERROR`, `NLMSG_DONE`.
    static let errorType: UInt16 = 2
    static let doneType: UInt16 = 3

    /// Every message in a datagram, in order; a truncated or malformed tail ends the list.
    static func decode(_ datagram: [UInt8]) -> [NetlinkReply] {
        var replies: [NetlinkReply] = []
        var offset = 0
        while offset + GenericNetlinkMessage.headerSize <= datagram.count {
            let length = Int(NetlinkBytes.load(UInt32.self, datagram, at: offset))
            guard length >= GenericNetlinkMessage.headerSize, offset + length <= datagram.count else { break }
            let type = NetlinkBytes.load(UInt16.self, datagram, at: offset + 4)
            let flags = NetlinkBytes.load(UInt16.self, datagram, at: offset + 6)
            let sequence = NetlinkBytes.load(UInt32.self, datagram, at: offset + 8)
            let body = offset + GenericNetlinkMessage.headerSize
            switch type {
            case errorType:
                guard length >= GenericNetlinkMessage.headerSize + 4 else { return replies }
                let error = NetlinkBytes.load(Int32.self, datagram, at: body)
                replies.append(
                    error == 0
                        ? .acknowledged(sequence: sequence) : .failed(sequence: sequence, errno: error == Int32.min ? Int32.max : -error)
                )
            case doneType:
                replies.append(.done(sequence: sequence))
            default:
                guard length >= GenericNetlinkMessage.headerSize + GenericNetlinkMessage.genericHeaderSize else { return replies }
                let attributes = NetlinkAttribute.decode(datagram[(body + GenericNetlinkMessage.genericHeaderSize)..<(offset + length)])
                replies.append(
                    .message(
                        GenericNetlinkMessage(
                            family: type,
                            flags: flags,
                            sequence: sequence,
                            command: datagram[body],
                            version: datagram[body + 1],
                            attributes: attributes
                        )
                    )
                )
            }
            offset += NetlinkBytes.aligned(length)
        }
        return replies
    }
}

/// One `struct nlattr` and its payload; a nested attribute's payload is more attributes.
struct NetlinkAttribute: Sendable, Hashable {
    /// The type without the `NLA_F_NESTED` and `NLA_F_NET_BYTEORDER` bits.
    var type: UInt16
    var payload: [UInt8]

    static let headerSize = 4
    /// <linux/netlink.h>: `NLA_TYPE_MASK`.
    static let typeMask: UInt16 = 0x3FFF

    static func u32(_ type: UInt16, _ value: UInt32) -> NetlinkAttribute {
        var payload: [UInt8] = []
        NetlinkBytes.append(value, to: &payload)
        return NetlinkAttribute(type: type, payload: payload)
    }

    /// A NUL-terminated string, as the kernel's `NLA_NUL_STRING` and `NLA_STRING` policies read it.
    static func string(_ type: UInt16, _ value: String) -> NetlinkAttribute {
        NetlinkAttribute(type: type, payload: Array(value.utf8) + [0])
    }

    var u16: UInt16? { payload.count >= 2 ? NetlinkBytes.load(UInt16.self, payload, at: 0) : nil }
    var u32: UInt32? { payload.count >= 4 ? NetlinkBytes.load(UInt32.self, payload, at: 0) : nil }
    /// The payload up to its first NUL.
    var string: String { String(decoding: payload.prefix { $0 != 0 }, as: UTF8.self) }
    /// The payload read as attributes.
    var children: [NetlinkAttribute] { Self.decode(payload[...]) }

    func encode(into bytes: inout [UInt8]) {
        NetlinkBytes.append(UInt16(Self.headerSize + payload.count), to: &bytes)
        NetlinkBytes.append(type, to: &bytes)
        bytes += payload
        bytes += repeatElement(0, count: NetlinkBytes.aligned(payload.count) - payload.count)
    }

    /// The attributes in `bytes`, in order; a malformed one ends the list.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [NetlinkAttribute] {
        let bytes = Array(bytes)
        var attributes: [NetlinkAttribute] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let length = Int(NetlinkBytes.load(UInt16.self, bytes, at: offset))
            guard length >= headerSize, offset + length <= bytes.count else { break }
            let type = NetlinkBytes.load(UInt16.self, bytes, at: offset + 2) & typeMask
            attributes.append(NetlinkAttribute(type: type, payload: Array(bytes[(offset + headerSize)..<(offset + length)])))
            offset += NetlinkBytes.aligned(length)
        }
        return attributes
    }
}

extension Array where Element == NetlinkAttribute {
    /// The first attribute of `type`.
    func first(_ type: UInt16) -> NetlinkAttribute? { first { $0.type == type } }
}

/// Host-order integers in byte arrays, and netlink's 4-byte alignment (`NLMSG_ALIGN`, `NLA_ALIGN`).
enum NetlinkBytes {
    static func aligned(_ length: Int) -> Int { (length + 3) & ~3 }

    static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }

    /// The caller has checked that `offset + size` is within `bytes`.
    static func load<Value: FixedWidthInteger>(_: Value.Type, _ bytes: [UInt8], at offset: Int) -> Value {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
    }
}
