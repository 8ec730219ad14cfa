extension ServeConfinement {
    /// The system calls `temper serve` makes, as strace showed them under the serve tests (D-Bus on private system and
    /// session buses, UPower, power-profiles-daemon, feedbackd, udev and thermal netlink events, metrics over HTTP
    /// and a textfile); any other fails with `EPERM`. Not here on purpose: exec, ptrace, mount, namespaces, module
    /// loading, set*id, capset, chown, bpf, keyrings, clock setting, io_uring, personality.
    static let allowedSystemCalls: [String] = [
        // memory
        "brk", "mmap", "munmap", "mprotect", "mremap", "madvise", "membarrier", "memfd_create",
        // files and folders
        "read", "write", "readv", "writev", "pread64", "pwrite64", "open", "openat", "close", "close_range", "lseek",
        "fstat", "stat", "lstat", "newfstatat", "statx", "fstatfs", "statfs", "access", "faccessat", "faccessat2",
        "getdents64", "getcwd", "readlink", "readlinkat", "rename", "renameat", "renameat2", "unlink", "unlinkat",
        "mkdir", "mkdirat", "fchmod", "umask", "fsync", "fdatasync", "fcntl", "flock", "ioctl", "dup", "dup2", "dup3",
        "rmdir", "pipe", "pipe2", "inotify_init1", "inotify_add_watch", "inotify_rm_watch",
        // waiting and events
        "poll", "ppoll", "select", "pselect6", "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait",
        "epoll_pwait2", "eventfd", "eventfd2", "timerfd_create", "timerfd_settime", "timerfd_gettime", "futex",
        "nanosleep", "clock_nanosleep", "sched_yield", "restart_syscall",
        // sockets: D-Bus (unix), udev and thermal events (netlink), metrics (inet)
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4", "getsockname", "getpeername",
        "setsockopt", "getsockopt", "sendto", "recvfrom", "sendmsg", "recvmsg", "sendmmsg", "recvmmsg", "shutdown",
        // threads, signals and the process itself
        "clone", "clone3", "set_robust_list", "get_robust_list", "set_tid_address", "rseq", "exit", "exit_group",
        "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigtimedwait", "sigaltstack", "signalfd", "signalfd4", "tgkill", "tkill",
        "kill",
        "prctl", "sched_getaffinity", "sched_getattr", "sched_setattr", "sched_getparam", "sched_getscheduler", "getpriority",
        "setpriority", "prlimit64", "getrlimit", "getrusage", "sysinfo", "uname", "getrandom",
        "capget", "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getgroups", "getresuid",
        "getresgid",
        // clocks
        "clock_gettime", "clock_getres", "gettimeofday", "time",
    ]
}
