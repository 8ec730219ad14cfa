// The system calls `temper serve` makes about its own process, one typed wrapper each, for the calls Swift cannot
// make itself: prctl(2) and seccomp_rule_add(3) are variadic, capset(2) has no libc wrapper, SCMP_ACT_ERRNO is
// a function-like macro, and dl_iterate_phdr(3) takes a C callback over ELF headers. Each returns what the call
// returns (0, or -1 with errno; libseccomp: 0 or -errno) unless it says otherwise.
#pragma once

#include <seccomp.h>
#include <stdint.h>

/// prctl(PR_SET_NO_NEW_PRIVS, 1): no exec can grant privileges again (set-user-ID, file capabilities).
int temper_prctl_set_no_new_privs(void);

/// prctl(PR_CAPBSET_DROP, capability): removes `capability` from the bounding set, for this thread and its
/// future children and threads (needs CAP_SETPCAP, so drop the bounding set before the effective set).
int temper_prctl_capbset_drop(int capability);

/// prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL).
int temper_prctl_cap_ambient_clear_all(void);

/// The highest capability number this kernel knows (the last one PR_CAPBSET_READ accepts).
int temper_last_capability(void);

/// capset(2) with empty effective, permitted and inheritable sets (capability version 3): this thread, and the
/// threads and children it starts later, keep no capability.
int temper_capset_clear(void);

/// SCMP_ACT_ERRNO(error): a filtered call fails with `error` instead of running.
uint32_t temper_seccomp_action_errno(uint16_t error);

/// seccomp_rule_add(filter, SCMP_ACT_ALLOW, syscall, 0): allows `syscall` with any arguments.
int temper_seccomp_allow(scmp_filter_ctx filter, int syscall);

/// Whether this code was built with a sanitizer (ThreadSanitizer, AddressSanitizer), whose runtime makes system
/// calls of its own.
_Bool temper_built_with_sanitizer(void);

/// madvise(MADV_PAGEOUT) over the whole pages of every loadable segment of the running program that is not writable
/// (its code and constants; never its data or its relocated, read-only-after-start data, whose pages are private
/// copies): the kernel takes those pages back, and the code that runs afterwards faults its own pages in again.
/// Returns 0, or an errno value (EINVAL on a kernel before Linux 5.4, which has no MADV_PAGEOUT).
int temper_page_out_program_code(void);
