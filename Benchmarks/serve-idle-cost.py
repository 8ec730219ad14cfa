#!/usr/bin/python3
"""The idle cost of `temper serve`: CPU time, wakeups per minute and memory while nothing changes.

    umockdev-wrapper /usr/bin/python3 Benchmarks/serve-idle-cost.py [--seconds 600] [--binary PATH]

Starts `temper serve` on the 16-sensor umockdev testbed (serve_testbed.py: a private system bus with the real
upowerd and python-dbusmock's power-profiles-daemon) at the default 1 s sample interval, waits 10 s, then
measures for --seconds:

- CPU: user + system time from /proc/PID/stat, as a share of one core;
- wakeups: context switches of all the process's threads (voluntary + involuntary, /proc/PID/task/*/status)
  per minute; a process asleep in poll/futex wakes once per switch-in;
- memory: VmRSS at the end, split into anonymous (heap, stacks) and file-backed (mapped libraries and
  data), and VmHWM (peak).

Goals (issue 11): at most 0.05 % of one core, no wakeup between samples (so about 60 samples a minute, each
costing a few switches between the sampling task and the runtime's threads), RSS at most 20 MB.
Everything runs under the testbed's LD_PRELOAD, which makes every sysfs open a little dearer than on bare
hardware. Prints one JSON object.
"""

import argparse
import json
import os
import sys
import time

from serve_testbed import ServeTestbed, default_binary

TICKS = os.sysconf('SC_CLK_TCK')


def cpu_seconds(pid):
    with open('/proc/%d/stat' % pid) as handle:
        fields = handle.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def switches(pid):
    """Context switches per thread, keyed by thread id and name."""
    counts = {}
    for task in os.listdir('/proc/%d/task' % pid):
        try:
            with open('/proc/%d/task/%s/comm' % (pid, task)) as handle:
                name = handle.read().strip()
            with open('/proc/%d/task/%s/status' % (pid, task)) as handle:
                counts[task + ' ' + name] = sum(int(line.split()[1]) for line in handle
                                                if line.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')))
        except FileNotFoundError:
            pass
    return counts


def memory(pid):
    values = {}
    with open('/proc/%d/status' % pid) as handle:
        for line in handle:
            key, _, rest = line.partition(':')
            if key in ('VmRSS', 'VmHWM', 'RssAnon', 'RssFile', 'Threads'):
                values[key] = int(rest.split()[0])
    return values


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--seconds', type=float, default=600)
    parser.add_argument('--binary', default=None)
    options = parser.parse_args()
    binary = options.binary or default_binary()
    with ServeTestbed(binary) as bed:
        pid = bed.serve.pid
        time.sleep(10)
        cpu0, switches0, start = cpu_seconds(pid), switches(pid), time.monotonic()
        time.sleep(options.seconds)
        cpu1, switches1, end = cpu_seconds(pid), switches(pid), time.monotonic()
        elapsed = end - start
        mem = memory(pid)
        print(json.dumps({
            'binary': binary,
            'seconds': round(elapsed, 1),
            'cpuSeconds': round(cpu1 - cpu0, 3),
            'cpuPercentOfOneCore': round(100 * (cpu1 - cpu0) / elapsed, 4),
            'wakeupsPerMinute': round((sum(switches1.values()) - sum(switches0.values())) * 60 / elapsed, 1),
            'wakeupsPerMinuteByThread': {name: round((count - switches0.get(name, 0)) * 60 / elapsed, 1)
                                         for name, count in switches1.items()},
            'samplesPerMinute': 60,
            'rssMiB': round(mem['VmRSS'] / 1024, 1),
            'peakRssMiB': round(mem['VmHWM'] / 1024, 1),
            'anonymousRssMiB': round(mem['RssAnon'] / 1024, 1),
            'fileRssMiB': round(mem['RssFile'] / 1024, 1),
            'threads': mem['Threads'],
            'tier': bed.get_property('Tier'),
        }))


if __name__ == '__main__':
    sys.exit(main())
