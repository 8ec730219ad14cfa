package import CTemperGLib
package import CUPowerGlib

// The owners of every GLib and GObject handle Temper holds: each releases its handle in `deinit`, so dropping the
// owner is the only way a handle is released. They live and die on the GLib thread whose main context owns the
// objects' signals.

/// A GObject reference, released with `g_object_unref` (through `temper_object_unref`) when the owner goes away.
package final class GObjectReference {
    package let pointer: UnsafeMutableRawPointer

    /// Takes over a reference the caller already holds (a `_new` or `ref` result); `nil` for `NULL`.
    package init?(adopting pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { temper_object_unref(pointer) }
}

/// A signal handler on a GObject, disconnected when the owner goes away. It keeps its object alive, so the
/// handler is always disconnected before the object is released.
package final class SignalConnection {
    package let object: GObjectReference
    private let handlerID: UInt

    /// Wraps `temper_signal_connect` (`g_signal_connect`); `nil` when GLib refuses the signal.
    package init?(_ object: GObjectReference, signal: String, callback: TemperChangedCallback, context: UnsafeMutableRawPointer) {
        let id = temper_signal_connect(object.pointer, signal, callback, context)
        guard id != 0 else { return nil }
        self.object = object
        self.handlerID = UInt(id)
    }

    deinit { temper_signal_disconnect(object.pointer, handlerID) }
}

/// A `GSource` attached to a context, destroyed and released (`g_source_destroy`, `g_source_unref`) when the
/// owner goes away. Destroying a source that has already returned `FALSE` from its callback is harmless.
package final class GSourceReference {
    package let pointer: UnsafeMutablePointer<GSource>

    package init(adopting pointer: UnsafeMutablePointer<GSource>) {
        self.pointer = pointer
    }

    deinit {
        g_source_destroy(pointer)
        g_source_unref(pointer)
    }
}

/// A private `GMainContext` with its `GMainLoop`, released when the owner goes away.
package final class GMainLoopReference {
    package let context: OpaquePointer
    package let loop: OpaquePointer

    /// Wraps `g_main_context_new` and `g_main_loop_new`; `nil` when GLib cannot make them.
    package init?() {
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
