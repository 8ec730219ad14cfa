/// The objects C holds through opaque pointers: a retained Swift object per handle, released by its free function.
enum CHandle {
    static func make(_ object: AnyObject) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// The object behind `handle`, borrowed for the call; `nil` for NULL.
    static func borrow<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type) -> Object? {
        guard let handle else { return nil }
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// The object behind `handle`, or a failure naming what was NULL.
    static func required<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type, _ what: String) throws(CFailure) -> Object {
        guard let object = borrow(handle, as: type) else { throw CFailure(.argument, "\(what) is NULL") }
        return object
    }

    static func release(_ handle: OpaquePointer?) {
        guard let handle else { return }
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
