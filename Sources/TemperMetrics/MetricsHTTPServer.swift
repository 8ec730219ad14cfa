public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
public import ServiceLifecycle
import Synchronization

/// Serves a ``PrometheusExport`` at `GET /metrics` over HTTP/1.1, as a swift-service-lifecycle `Service`.
///
/// ``bind(to:export:logger:)`` opens the socket at once, so a bad or busy address fails before anything starts;
/// ``run()`` serves until graceful shutdown or cancellation, then closes the socket and its one event-loop thread.
/// Any other path is 404, any other method 405; a connection idle for 30 s is closed.
public final class MetricsHTTPServer: Service, Sendable {
    private enum State {
        case bound
        case running
        case finished
    }

    /// The address actually bound (with the real port when port 0 was asked for).
    public let address: MetricsListenAddress
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let logger: Logger
    private let state = Mutex(State.bound)

    private init(address: MetricsListenAddress, channel: any Channel, group: MultiThreadedEventLoopGroup, logger: Logger) {
        self.address = address
        self.channel = channel
        self.group = group
        self.logger = logger
    }

    /// Binds `address` and returns the server, ready to ``run()``. Run it (or the socket stays open).
    ///
    /// - Throws: ``MetricsError/Code/cannotListen`` with the system's reason.
    public static func bind(
        to address: MetricsListenAddress,
        export: PrometheusExport,
        logger: Logger
    ) async throws(MetricsError) -> MetricsHTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(IdleStateHandler(readTimeout: .seconds(30)))
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                    try pipeline.addHandler(MetricsRequestHandler(export: export))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: address.host, port: address.port).get()
            let bound = MetricsListenAddress(host: address.host, port: channel.localAddress?.port ?? address.port)
            logger.info("metrics listening", metadata: ["address": "http://\(bound)/metrics"])
            return MetricsHTTPServer(address: bound, channel: channel, group: group, logger: logger)
        } catch {
            try? await group.shutdownGracefully()
            throw MetricsError(code: .cannotListen, message: "cannot listen for metrics on \(address)", underlying: error)
        }
    }

    /// Serves until graceful shutdown or cancellation, then closes the listener.
    ///
    /// - Throws: ``MetricsError/Code/alreadyRun`` when run a second time.
    public func run() async throws {
        try state.withLock { state throws(MetricsError) in
            guard case .bound = state else { throw MetricsError(code: .alreadyRun, message: "the metrics listener was already run") }
            state = .running
        }
        // Returns at graceful shutdown, throws at cancellation: either way the listener closes.
        try? await gracefulShutdown()
        try? await channel.close()
        try? await group.shutdownGracefully()
        state.withLock { $0 = .finished }
        logger.info("metrics listener stopped")
    }
}

/// Answers one HTTP request at a time on a connection: the metrics, or a short error.
private final class MetricsRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let export: PrometheusExport
    private var request: HTTPRequestHead?

    init(export: PrometheusExport) {
        self.export = export
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): request = head
        case .body: break  // A scrape has no body; whatever comes is dropped, never kept.
        case .end:
            guard let head = request else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var headers = HTTPHeaders()
        let status: HTTPResponseStatus
        let body: [UInt8]
        if head.method != .GET && head.method != .HEAD {
            (status, body) = (.methodNotAllowed, Array("only GET is served here\n".utf8))
            headers.add(name: "Allow", value: "GET, HEAD")
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        } else if path == "/metrics" {
            (status, body) = (.ok, export.bytes())
            headers.add(name: "Content-Type", value: PrometheusExport.contentType)
        } else {
            (status, body) = (.notFound, Array("not found: the metrics are at /metrics\n".utf8))
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        headers.add(name: "Content-Length", value: "\(body.count)")
        let keepAlive = head.isKeepAlive
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        guard !keepAlive else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let channel = context.channel
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
    }
}
