import CSeccomp
import CTemperProcess
import Glibc

/// `temper serve` started by hand as root gives up what it does not need before it starts: every capability
/// (bounding, ambient, effective, permitted, inheritable), new privileges through exec, and every system call
/// outside ``allowedSystemCalls``. Under its unit (`User=temper`) it is not root and systemd has done the same.
///
/// It runs first thing in the process, while the main thread is the only one: capabilities are per thread, so
/// every thread started later inherits the empty sets, and the filter is inherited the same way.
enum ServeConfinement {
    /// Confines the process when `arguments` run `serve` and the process is root; does nothing otherwise.
    /// - Throws: ``Failure`` when a step fails: a serve that cannot be confined does not start.
    static func applyIfServingAsRoot(arguments: [String]) throws(Failure) {
        guard arguments.dropFirst().first == "serve", geteuid() == 0 else { return }
        guard !arguments.contains(where: { ["-h", "--help", "--print-introspection"].contains($0) }) else { return }
        try dropCapabilities()
        guard temper_prctl_set_no_new_privs() == 0 else { throw Failure("cannot set no_new_privs", errno: errno) }
        // A sanitizer's runtime makes calls of its own (shadow memory, its reports), and so does valgrind, which
        // does not know the seccomp call and spins when its own calls are refused (serve never exited after
        // SIGTERM under callgrind): keep the filter for runs without either.
        guard !temper_built_with_sanitizer(), !runsUnderValgrind else { return }
        try installFilter()
    }

    /// Whether valgrind runs this process: it preloads its `vgpreload_*.so` libraries into every program it runs.
    private static var runsUnderValgrind: Bool {
        guard let preload = getenv("LD_PRELOAD") else { return false }
        return String(cString: preload).contains("vgpreload_")
    }

    private static func dropCapabilities() throws(Failure) {
        // The bounding set first: dropping from it needs CAP_SETPCAP, which the last step takes away.
        for capability in 0...temper_last_capability() {
            guard temper_prctl_capbset_drop(capability) == 0 else {
                throw Failure("cannot drop capability \(capability) from the bounding set", errno: errno)
            }
        }
        guard temper_prctl_cap_ambient_clear_all() == 0 else { throw Failure("cannot clear the ambient capabilities", errno: errno) }
        guard temper_capset_clear() == 0 else { throw Failure("cannot clear the capabilities", errno: errno) }
    }

    private static func installFilter() throws(Failure) {
        guard let filter = seccomp_init(temper_seccomp_action_errno(UInt16(EPERM))) else {
            throw Failure("cannot start a system call filter (libseccomp)", errno: ENOMEM)
        }
        defer { seccomp_release(filter) }
        for name in allowedSystemCalls {
            let number = seccomp_syscall_resolve_name(name)
            // A call this architecture does not have (it has its newer form) needs no rule.
            guard number != __NR_SCMP_ERROR else { continue }
            let result = temper_seccomp_allow(filter, number)
            guard result == 0 else { throw Failure("cannot allow the system call \(name)", errno: -result) }
        }
        let loaded = seccomp_load(filter)
        guard loaded == 0 else { throw Failure("cannot install the system call filter", errno: -loaded) }
    }

    /// A step that failed, with the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ what: String, errno: Int32) {
            description =
                "serve as root: \(what): \(String(cString: strerror(errno)).lowercased()); run it from its unit, or as a user without privileges"
        }
    }
}

extension Temper {
    /// Confines `temper serve` started by hand as root (see ``ServeConfinement``); exits 1 with a one-line error when
    /// it cannot. Call it first in `main`, before any thread starts.
    public static func confineServeStartedAsRoot() {
        do {
            try ServeConfinement.applyIfServingAsRoot(arguments: CommandLine.arguments)
        } catch {
            printError("temper: \(error.description)")
            exit(1)
        }
    }
}
