#!/usr/bin/python3
"""The idle cost of `temper serve`: CPU time, wakeups per minute and memory while nothing changes.

    umockdev-wrapper /usr/bin/python3 Benchmarks/serve-idle-cost.py [--seconds 600] [--binary PATH]

Builds the 16-sensor umockdev testbed (Tests/TemperHostTests/Harness/host-16-sensors.umockdev), a private
system bus with the real upowerd and python-dbusmock's power-profiles-daemon, starts `temper serve` on that
bus at the default 1 s sample interval, waits 10 s, then measures for --seconds:

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
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version('UMockdev', '1.0')
from gi.repository import UMockdev  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, 'Tests', 'TemperHostTests', 'Harness')
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
    binary = options.binary or next(
        path for path in (os.path.join(ROOT, '.build', 'release', 'temper'), os.path.join(ROOT, '.build', 'debug', 'temper'))
        if os.path.exists(path))

    work = tempfile.mkdtemp(prefix='temper-idle-')
    testbed = UMockdev.Testbed.new()
    testbed.add_from_file(os.path.join(HARNESS, 'host-16-sensors.umockdev'))
    children = []
    try:
        socket_path = os.path.join(work, 'system_bus_socket')
        with open(os.path.join(HARNESS, 'system-bus.conf.in')) as template:
            config = template.read().replace('@SOCKET_PATH@', socket_path)
        with open(os.path.join(work, 'bus.conf'), 'w') as handle:
            handle.write(config)
        plain = dict(os.environ)
        for key in ('LD_PRELOAD', 'UMOCKDEV_DIR', 'DBUS_SESSION_BUS_ADDRESS'):
            plain.pop(key, None)
        bus = subprocess.Popen(['dbus-daemon', '--config-file=' + os.path.join(work, 'bus.conf'), '--nofork',
                                '--print-address=1'], stdout=subprocess.PIPE, env=plain, text=True)
        children.append(bus)
        address = bus.stdout.readline().strip()
        plain['DBUS_SYSTEM_BUS_ADDRESS'] = address
        mocked = dict(plain, UMOCKDEV_DIR=testbed.get_root_dir(), LD_PRELOAD='libumockdev-preload.so.0')
        conf = os.path.join(work, 'UPower.conf')
        shutil.copy('/etc/UPower/UPower.conf', conf)
        os.makedirs(os.path.join(work, 'history'))
        children.append(subprocess.Popen(['/usr/libexec/upowerd', '-r'], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL,
                                         env=dict(mocked, UPOWER_CONF_FILE_NAME=conf,
                                                  UPOWER_HISTORY_DIR=os.path.join(work, 'history'))))
        children.append(subprocess.Popen(['/usr/bin/python3', '-m', 'dbusmock', '--system', '--template',
                                          'power_profiles_daemon'], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, env=plain))
        for name in ('org.freedesktop.UPower', 'net.hadess.PowerProfiles'):
            subprocess.run(['gdbus', 'wait', '--system', '--timeout', '10', name], env=plain, check=True)
        serve_log = os.path.join(work, 'serve.log')
        with open(serve_log, 'w') as log:
            serve = subprocess.Popen([binary, 'serve'], env=mocked, stdout=subprocess.DEVNULL, stderr=log)
        children.append(serve)
        if subprocess.run(['gdbus', 'wait', '--system', '--timeout', '20', 'org.temper.Temper1'], env=plain).returncode != 0:
            with open(serve_log) as log:
                sys.exit('temper serve did not take org.temper.Temper1 within 20 s; it said:\n' + log.read()[-2000:])
        time.sleep(10)
        cpu0, switches0, start = cpu_seconds(serve.pid), switches(serve.pid), time.monotonic()
        time.sleep(options.seconds)
        cpu1, switches1, end = cpu_seconds(serve.pid), switches(serve.pid), time.monotonic()
        elapsed = end - start
        mem = memory(serve.pid)
        tier = subprocess.run(['busctl', '--address=' + address, 'get-property', 'org.temper.Temper1',
                               '/org/temper/Temper1', 'org.temper.Temper1.Governor', 'Tier'],
                              capture_output=True, text=True).stdout.strip()
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
            'tier': tier,
        }))
    finally:
        for child in reversed(children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    child.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
