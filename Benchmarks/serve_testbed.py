"""`temper serve` on the 16-sensor umockdev testbed, for the scripts that measure or profile it.

Run under `umockdev-wrapper /usr/bin/python3`. Builds the testbed (Tests/TemperHostTests/Harness/host-16-sensors.umockdev),
a private system bus with the real upowerd and python-dbusmock's power-profiles-daemon, and starts
`temper serve` on that bus at the default 1 s sample interval, optionally under a wrapper command such as
valgrind. Nothing touches the machine's own system bus.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile

import gi

gi.require_version('UMockdev', '1.0')
from gi.repository import UMockdev  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, 'Tests', 'TemperHostTests', 'Harness')
GOVERNOR = ('org.temper.Temper1', '/org/temper/Temper1', 'org.temper.Temper1.Governor')


def default_binary():
    candidates = (os.path.join(ROOT, '.build', 'release', 'temper'), os.path.join(ROOT, '.build', 'debug', 'temper'))
    return next((path for path in candidates if os.path.exists(path)), None) or sys.exit('no temper binary is built')


class ServeTestbed:
    """A context manager: `with ServeTestbed(binary) as bed:` gives `bed.serve` (the process) and `bed.address`."""

    def __init__(self, binary, wrapper=(), name_timeout_seconds=20):
        self.binary = binary
        self.wrapper = list(wrapper)
        self.name_timeout_seconds = name_timeout_seconds
        self.children = []

    def __enter__(self):
        self.work = tempfile.mkdtemp(prefix='temper-serve-bed-')
        try:
            self._start()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _start(self):
        self.testbed = UMockdev.Testbed.new()
        self.testbed.add_from_file(os.path.join(HARNESS, 'host-16-sensors.umockdev'))
        socket_path = os.path.join(self.work, 'system_bus_socket')
        with open(os.path.join(HARNESS, 'system-bus.conf.in')) as template:
            config = template.read().replace('@SOCKET_PATH@', socket_path)
        with open(os.path.join(self.work, 'bus.conf'), 'w') as handle:
            handle.write(config)
        plain = dict(os.environ)
        for key in ('LD_PRELOAD', 'UMOCKDEV_DIR', 'DBUS_SESSION_BUS_ADDRESS'):
            plain.pop(key, None)
        bus = self._spawn(['dbus-daemon', '--config-file=' + os.path.join(self.work, 'bus.conf'), '--nofork',
                           '--print-address=1'], env=plain, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = bus.stdout.readline().strip()
        plain['DBUS_SYSTEM_BUS_ADDRESS'] = self.address
        self.plain_env = plain
        mocked = dict(plain, UMOCKDEV_DIR=self.testbed.get_root_dir(), LD_PRELOAD='libumockdev-preload.so.0')
        conf = os.path.join(self.work, 'UPower.conf')
        shutil.copy('/etc/UPower/UPower.conf', conf)
        os.makedirs(os.path.join(self.work, 'history'))
        self._spawn(['/usr/libexec/upowerd', '-r'], env=dict(mocked, UPOWER_CONF_FILE_NAME=conf,
                                                            UPOWER_HISTORY_DIR=os.path.join(self.work, 'history')))
        self._spawn(['/usr/bin/python3', '-m', 'dbusmock', '--system', '--template', 'power_profiles_daemon'], env=plain)
        for name in ('org.freedesktop.UPower', 'net.hadess.PowerProfiles'):
            subprocess.run(['gdbus', 'wait', '--system', '--timeout', '10', name], env=plain, check=True)
        self.serve_log = os.path.join(self.work, 'serve.log')
        with open(self.serve_log, 'w') as log:
            self.serve = self._spawn(self.wrapper + [self.binary, 'serve'], env=mocked, stderr=log)
        waited = subprocess.run(['gdbus', 'wait', '--system', '--timeout', str(self.name_timeout_seconds), GOVERNOR[0]],
                                env=plain)
        if waited.returncode != 0:
            with open(self.serve_log) as log:
                sys.exit('temper serve did not take %s within %d s; it said:\n%s'
                         % (GOVERNOR[0], self.name_timeout_seconds, log.read()[-2000:]))

    def _spawn(self, command, env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=False):
        child = subprocess.Popen(command, env=env, stdout=stdout, stderr=stderr, text=text)
        self.children.append(child)
        return child

    def busctl(self, *arguments):
        """`busctl` on the private bus; returns its standard output, or exits with its error."""
        result = subprocess.run(['busctl', '--address=' + self.address] + list(arguments), capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit('busctl %s failed: %s' % (' '.join(arguments[:2]), result.stderr.strip()))
        return result.stdout.strip()

    def get_property(self, name):
        return self.busctl('get-property', *GOVERNOR, name)

    def call(self, method, signature, *arguments):
        return self.busctl('call', *GOVERNOR, method, signature, *arguments)

    def __exit__(self, *exception):
        for child in reversed(self.children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    child.kill()
        shutil.rmtree(self.work, ignore_errors=True)
        return False
