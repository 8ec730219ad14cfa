// dl_iterate_phdr is a GNU extension of <link.h>.
#define _GNU_SOURCE

#include "temper_process.h"

#include <errno.h>
#include <link.h>
#include <linux/capability.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int temper_prctl_set_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

int temper_prctl_capbset_drop(int capability) { return prctl(PR_CAPBSET_DROP, capability, 0, 0, 0); }

int temper_prctl_cap_ambient_clear_all(void) { return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); }

int temper_last_capability(void) {
    int capability = CAP_LAST_CAP;
    // A newer kernel than these headers knows more: ask it.
    while (prctl(PR_CAPBSET_READ, capability + 1, 0, 0, 0) >= 0) capability += 1;
    return capability;
}

int temper_capset_clear(void) {
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {{0}};
    return (int)syscall(SYS_capset, &header, data);
}

uint32_t temper_seccomp_action_errno(uint16_t error) { return SCMP_ACT_ERRNO(error); }

int temper_seccomp_allow(scmp_filter_ctx filter, int syscall) { return seccomp_rule_add(filter, SCMP_ACT_ALLOW, syscall, 0); }

_Bool temper_built_with_sanitizer(void) {
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
    return 1;
#endif
#endif
    return 0;
}

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif

static int page_out_read_only_segments(struct dl_phdr_info *info, size_t size, void *result) {
    (void)size;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_W)) continue;
        // Whole pages inside the segment only: a page it shares with a writable neighbour stays.
        uintptr_t start = (info->dlpi_addr + header->p_vaddr + page - 1) & ~(page - 1);
        uintptr_t end = (info->dlpi_addr + header->p_vaddr + header->p_memsz) & ~(page - 1);
        if (end > start && madvise((void *)start, end - start, MADV_PAGEOUT) != 0) {
            *(int *)result = errno;
            return 1;
        }
    }
    return 1;  // the first object is the program itself; its libraries are shared with other processes
}

int temper_page_out_program_code(void) {
    int result = 0;
    dl_iterate_phdr(page_out_read_only_segments, &result);
    return result;
}
