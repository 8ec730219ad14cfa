import CTemperGObject
import CUPowerGlib

// The owners of every GLib and GObject handle the bus thread holds: each releases its handle in `deinit`, so
// dropping the owner is the only way a handle is released. They live and die on the bus thread, whose main
// context owns the objects' signals.

/// A GObject reference, released with `g_object_unref` (through `temper_object_unref`) when the owner goes away.
final class GObjectReference {
    let pointer: UnsafeMutableRawPointer

    /// Takes over a reference the caller already holds (a `_new` or `ref` result); `nil` for `NULL`.
    init?(adopting pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { temper_object_unref(pointer) }
}

/// A signal handler on a GObject, disconnected when the owner goes away. It keeps its object alive, so the
/// handler is always disconnected before the object is released.
final class SignalConnection {
    let object: GObjectReference
    private let handlerID: UInt

    /// Wraps `temper_signal_connect` (`g_signal_connect`); `nil` when GLib refuses the signal.
    init?(_ object: GObjectReference, signal: String, callback: TemperChangedCallback, context: UnsafeMutableRawPointer) {
        let id = temper_signal_connect(object.pointer, signal, callback, context)
        guard id != 0 else { return nil }
        self.object = object
        self.handlerID = UInt(id)
    }

    deinit { temper_signal_disconnect(object.pointer, handlerID) }
}

/// A `GSource` attached to a context, destroyed and released (`g_source_destroy`, `g_source_unref`) when the
/// owner goes away. Destroying a source that has already returned `FALSE` from its callback is harmless.
final class GSourceReference {
    let pointer: UnsafeMutablePointer<GSource>

    init(adopting pointer: UnsafeMutablePointer<GSource>) {
        self.pointer = pointer
    }

    deinit {
        g_source_destroy(pointer)
        g_source_unref(pointer)
    }
}

/// A private `GMainContext` with its `GMainLoop`, released when the owner goes away.
final class GMainLoopReference {
    let context: OpaquePointer
    let loop: OpaquePointer

    /// Wraps `g_main_context_new` and `g_main_loop_new`; `nil` when GLib cannot make them.
    init?() {
        guard let context = g_main_context_new() else { return nil }
        guard let loop = g_main_loop_new(context, 0) else {
            g_main_context_unref(context)
            return nil
        }
        self.context = context
        self.loop = loop
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }
}

enum GLibText {
    /// Copies a `g_malloc`'d C string and frees it (`g_free`).
    static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Copies a `NULL`-terminated `g_malloc`'d string array and frees it (`g_strfreev`).
    static func takeList(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let text = list[index] {
            result.append(String(cString: text))
            index += 1
        }
        return result
    }
}

/// Why the bus side could not reach something, with a code to match and GLib's own `GError` text.
struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        /// The system bus could not be opened (no bus, no permission).
        case noSystemBus
        /// The UPower client could not be made on the bus.
        case upowerClientFailed
    }

    var code: Code
    /// GLib's message, or a placeholder when it gave none.
    var message: String

    /// Takes the `g_malloc`'d message a `temper_*` call set alongside its `NULL` result.
    init(_ code: Code, takingMessage message: UnsafeMutablePointer<CChar>?) {
        self.code = code
        self.message = GLibText.take(message) ?? "unknown error"
    }

    var description: String {
        switch code {
        case .noSystemBus: "no system bus: \(message)"
        case .upowerClientFailed: "UPower client failed: \(message)"
        }
    }
}
