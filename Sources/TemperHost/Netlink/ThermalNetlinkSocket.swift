import Glibc
import Synchronization
import TemperCore

/// A thermal-netlink failure: what went wrong, and the errno when the kernel or a system call gave one.
public struct ThermalNetlinkError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// No generic-netlink socket, or the kernel has no thermal family (no `CONFIG_THERMAL_NETLINK`).
        case noFamily
        /// The family has no threshold commands (Linux < 6.13).
        case noThresholds
        /// The kernel refused for want of `CAP_SYS_ADMIN` (`EPERM`).
        case permission
        /// The kernel refused the request with another errno (`EINVAL` for a zone that does not exist).
        case refused
        /// Sending or receiving failed, or no answer came in time.
        case io
    }

    public var code: Code
    public var errno: Int32?
    public var message: String

    init(_ code: Code, errno: Int32? = nil, _ message: String) {
        self.code = code
        self.errno = errno
        self.message = message
    }

    public var description: String {
        errno.map { "\(message): \(String(cString: strerror($0)))" } ?? message
    }
}

/// The kernel's thermal generic-netlink family, for those who listen to it.
public enum ThermalNetlinkFamily: Sendable {
    /// The id of the family's "event" multicast group, which a socket joins (`NETLINK_ADD_MEMBERSHIP`) to hear
    /// zone events: trip and threshold crossings, zones and trips coming and going.
    public static func eventGroup() throws(ThermalNetlinkError) -> UInt32 {
        guard let group = try ThermalNetlinkSocket().family.groups[ThermalNetlink.eventGroupName] else {
            throw ThermalNetlinkError(.noFamily, "the kernel's thermal netlink family has no event group")
        }
        return group
    }
}

/// A generic-netlink socket talking to the thermal family: one request, its replies, its acknowledgement. Not
/// joined to any multicast group (events arrive elsewhere), so every datagram it reads answers a request of its
/// own. The socket closes with the owner.
final class ThermalNetlinkSocket: Sendable {
    private let descriptor: Int32
    let family: ThermalNetlink.Family
    private let sequence = Atomic<UInt32>(1)
    /// One request at a time: replies are read in the order requests were sent.
    private let exchange = Locked(())

    /// <linux/netlink.h>: `NETLINK_GENERIC`.
    private static let genericProtocol: Int32 = 16
    /// How long a request may wait for the kernel (which answers at once; this only bounds a broken socket).
    private static let replyTimeout = timeval(tv_sec: 2, tv_usec: 0)

    /// Opens the socket and resolves the thermal family.
    init() throws(ThermalNetlinkError) {
        let descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), Self.genericProtocol)
        guard descriptor >= 0 else { throw ThermalNetlinkError(.noFamily, errno: Glibc.errno, "no generic netlink socket") }
        var timeout = Self.replyTimeout
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        do throws(ThermalNetlinkError) {
            let replies = try Self.exchange(descriptor, ThermalNetlink.familyRequest(sequence: 0))
            guard let family = replies.lazy.compactMap(ThermalNetlink.family(from:)).first else {
                throw ThermalNetlinkError(.noFamily, "the kernel has no thermal netlink family")
            }
            self.family = family
        } catch {
            close(descriptor)
            throw error.code == .refused
                ? ThermalNetlinkError(.noFamily, errno: error.errno, "the kernel has no thermal netlink family") : error
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Sends a threshold command and returns the data messages that answered it (a get's list; none for add
    /// and delete). Throws the kernel's refusal.
    func request(
        _ command: ThermalNetlink.Command,
        zone: UInt32,
        threshold: ThermalThreshold? = nil
    ) throws(ThermalNetlinkError) -> [GenericNetlinkMessage] {
        guard family.supportsThresholds else {
            throw ThermalNetlinkError(
                .noThresholds,
                "the kernel's thermal netlink family (version \(family.version)) has no threshold commands (Linux < 6.13)"
            )
        }
        let serial = sequence.wrappingAdd(1, ordering: .relaxed).newValue
        let message = ThermalNetlink.thresholdRequest(command, family: family, sequence: serial, zone: zone, threshold: threshold)
        return try exchange.withLock { _ throws(ThermalNetlinkError) in try Self.exchange(descriptor, message) }
    }

    /// Sends `message` and reads until its acknowledgement, error or (for a request without an acknowledgement)
    /// first answer; replies to other sequence numbers (a timed-out earlier request) are dropped.
    private static func exchange(
        _ descriptor: Int32,
        _ message: GenericNetlinkMessage
    ) throws(ThermalNetlinkError) -> [GenericNetlinkMessage] {
        let bytes = message.encoded()
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        guard sent == bytes.count else { throw ThermalNetlinkError(.io, errno: Glibc.errno, "cannot send to the thermal netlink family") }
        let wantsAcknowledgement = message.flags & GenericNetlinkMessage.flagAcknowledge != 0
        var answers: [GenericNetlinkMessage] = []
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        while true {
            let length = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard length > 0 else { throw ThermalNetlinkError(.io, errno: Glibc.errno, "no answer from the thermal netlink family") }
            for reply in NetlinkReply.decode(Array(buffer[..<length])) {
                switch reply {
                case .message(let answer) where answer.sequence == message.sequence:
                    answers.append(answer)
                    if !wantsAcknowledgement { return answers }
                case .acknowledged(let sequence) where sequence == message.sequence, .done(let sequence) where sequence == message.sequence:
                    return answers
                case .failed(let sequence, let errno) where sequence == message.sequence:
                    throw ThermalNetlinkError(
                        errno == EPERM ? .permission : .refused,
                        errno: errno,
                        "the thermal netlink family refused command \(message.command)"
                    )
                default:
                    continue
                }
            }
        }
    }
}
