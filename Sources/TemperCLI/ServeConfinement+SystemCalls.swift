extension ServeConfinement {
    /// The system calls `temper serve` makes after it confines itself, as `strace -f` recorded them over the serve
    /// tests (23 runs: D-Bus on private system and session buses, UPower, power-profiles-daemon, feedbackd and its
    /// marks file, udev and thermal netlink events, metrics over HTTP, graceful shutdown on SIGINT and SIGTERM),
    /// plus the metrics textfile's `fchmod`, the `*at` and `ppoll`/`epoll_pwait` forms other architectures'
    /// glibc uses instead of the x86-64 calls recorded, and the vDSO clocks' fallbacks. A name this architecture
    /// lacks is skipped. Anything else fails with `EPERM`: exec, ptrace, mount, namespaces, module loading, set*id,
    /// capset, chown, bpf, keyrings, clock setting, io_uring, personality among them.
    static let allowedSystemCalls: [String] = [
        // memory
        "brk", "mmap", "munmap", "mprotect", "mremap", "madvise",
        // files: sysfs, policies, the marks and the metrics textfile (written whole and renamed)
        "read", "write", "writev", "pread64", "openat", "close", "lseek", "newfstatat", "fstatat64", "statx", "statfs",
        "fstatfs", "access", "faccessat", "faccessat2", "getdents64", "readlink", "readlinkat", "rename", "renameat",
        "renameat2", "unlink", "unlinkat", "mkdir", "mkdirat", "rmdir", "fchmod", "fsync", "fdatasync", "fcntl", "ioctl",
        // waiting: GLib's main loop, Dispatch, SwiftNIO
        "poll", "ppoll", "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait", "eventfd2",
        "timerfd_create", "timerfd_settime", "futex", "restart_syscall", "nanosleep", "clock_nanosleep", "sched_yield",
        // sockets: D-Bus (unix), udev and thermal events (netlink), metrics (inet)
        "socket", "bind", "listen", "accept4", "connect", "getsockname", "getpeername", "setsockopt", "getsockopt",
        "sendto", "recvfrom", "sendmsg", "recvmsg", "shutdown",
        // threads and signals (Dispatch's signal sources are signalfds; GLib names its threads with prctl)
        "clone3", "clone", "set_robust_list", "rseq", "exit", "exit_group", "rt_sigaction", "rt_sigprocmask",
        "rt_sigreturn", "sigaltstack", "signalfd4", "tgkill", "prctl", "sched_getaffinity", "sched_getattr",
        "sched_setattr", "setpriority",
        // who and when
        "getpid", "gettid", "getuid", "geteuid", "getgid", "getegid", "getrandom", "clock_gettime", "clock_getres",
        "gettimeofday",
    ]
}
