#!/usr/bin/python3
"""Drives Temper's real-daemon test environment, one JSON command per stdin line, one JSON reply per line.

Runs under `umockdev-wrapper` so its umockdev testbed is live. It owns everything it starts: a private
dbus-daemon system bus, the real upowerd under the testbed, and python-dbusmock's power-profiles-daemon.
Every child gets PR_SET_PDEATHSIG, and stdin reaching EOF (the test process ended, even by crashing) tears
everything down, so nothing outlives a test run. The machine's real system bus is never used.
"""

import ctypes
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

HERE = os.path.dirname(os.path.abspath(__file__))
PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True)


def _die_with_parent():
    # A test runner may start us with signals blocked or ignored; daemons must see SIGTERM.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Driver:
    def __init__(self):
        self.workdir = tempfile.mkdtemp(prefix='temper-harness-')
        self.testbed = UMockdev.Testbed.new()
        self.bus_process = None
        self.bus_address = None
        self.upowerd = None
        self.profiles = None
        self.session_bus = None
        self.session_address = None
        self.feedbackd = None
        self.polkitd = None
        self.upower_log = open(os.path.join(self.workdir, 'upowerd.log'), 'w')

    # ---- environment -------------------------------------------------------------------------------

    def testbed_env(self, with_bus=True):
        """The environment a process needs to run against the testbed (and the private bus)."""
        env = {
            'UMOCKDEV_DIR': self.testbed.get_root_dir(),
            'LD_PRELOAD': 'libumockdev-preload.so.0',
        }
        if with_bus and self.bus_address:
            env['DBUS_SYSTEM_BUS_ADDRESS'] = self.bus_address
        return env

    def _child_env(self, preload, extra=None):
        env = dict(os.environ)
        env.pop('DBUS_SESSION_BUS_ADDRESS', None)
        if not preload:
            env.pop('LD_PRELOAD', None)
            env.pop('UMOCKDEV_DIR', None)
        else:
            env.update(self.testbed_env(with_bus=False))
        # Before start_bus there is no private bus; a daemon started then must find none rather than fall
        # back to the machine's real system bus.
        env['DBUS_SYSTEM_BUS_ADDRESS'] = self.bus_address or 'unix:path=%s/no-bus-yet' % self.workdir
        env.update(extra or {})
        return env

    # ---- the bus and daemons -----------------------------------------------------------------------

    def start_bus(self):
        # Again after stop_bus: the same socket path, so clients that knew the old bus find the new one.
        socket_path = os.path.join(self.workdir, 'system_bus_socket')
        if os.path.exists(socket_path):
            os.unlink(socket_path)
        with open(os.path.join(HERE, 'system-bus.conf.in')) as template:
            config = template.read().replace('@SOCKET_PATH@', socket_path)
        config_path = os.path.join(self.workdir, 'system-bus.conf')
        with open(config_path, 'w') as handle:
            handle.write(config)
        self.bus_process = subprocess.Popen(
            ['dbus-daemon', '--config-file=' + config_path, '--nofork', '--print-address=1'],
            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=self._child_env(preload=False),
            preexec_fn=_die_with_parent, text=True)
        # Without the guid: a bus restarted on the same socket has a new one, and GDBus refuses a mismatch.
        self.bus_address = self.bus_process.stdout.readline().strip().split(',guid=')[0]
        if not self.bus_address:
            raise RuntimeError('dbus-daemon printed no address')
        return {'address': self.bus_address}

    def stop_bus(self):
        """Kills the private bus, as a crashed dbus-daemon would leave it. The daemons on it exit when they see it
        gone; that is waited for (then they are killed, past 10 s), because on a loaded machine one could still be
        exiting when the test starts it again, and start_* would keep the dying process instead of starting one
        on the new bus."""
        if self.bus_process is not None:
            self.bus_process.kill()
            self.bus_process.wait()
            self.bus_process = None
        for name in ('upowerd', 'profiles'):
            process = getattr(self, name)
            if process is None:
                continue
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            setattr(self, name, None)
        return {}

    def _wait_for_name(self, name, timeout=10):
        subprocess.run(['gdbus', 'wait', '--system', '--timeout', str(timeout), name],
                       env=self._child_env(preload=False), check=True, stdin=subprocess.DEVNULL)

    def start_upowerd(self):
        # A daemon that died with its bus is started afresh.
        if self.upowerd is not None and self.upowerd.poll() is not None:
            self.upowerd = None
        if self.upowerd is not None:
            return {'pid': self.upowerd.pid}
        conf = os.path.join(self.workdir, 'UPower.conf')
        if not os.path.exists(conf):
            shutil.copy('/etc/UPower/UPower.conf', conf)
        history = os.path.join(self.workdir, 'history')
        os.makedirs(history, exist_ok=True)
        self.upowerd = subprocess.Popen(
            ['/usr/libexec/upowerd', '-v', '-r'],
            env=self._child_env(preload=True, extra={
                'UPOWER_CONF_FILE_NAME': conf, 'UPOWER_HISTORY_DIR': history}),
            stdout=self.upower_log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent)
        self._wait_for_name('org.freedesktop.UPower')
        return {'pid': self.upowerd.pid}

    def stop_upowerd(self):
        if self.upowerd is not None:
            self.upowerd.kill()
            self.upowerd.wait()
            self.upowerd = None
        return {}

    # power-profiles-daemon's names: the legacy one (python-dbusmock's template) and the one ppd >= 0.20 and
    # tuned-ppd own (our template next to this file, the same API under the new name).
    PROFILE_NAMES = {
        'legacy': ('net.hadess.PowerProfiles', '/net/hadess/PowerProfiles', 'power_profiles_daemon'),
        'upower': ('org.freedesktop.UPower.PowerProfiles', '/org/freedesktop/UPower/PowerProfiles',
                   os.path.join(HERE, 'power_profiles_upower.py')),
    }

    def start_power_profiles(self, profile='balanced', name='legacy', degraded=''):
        if self.profiles is not None and self.profiles.poll() is not None:
            self.profiles = None
        if self.profiles is None:
            bus_name, _, template = self.PROFILE_NAMES[name]
            self.profiles_name = name
            self.profiles = subprocess.Popen(
                ['/usr/bin/python3', '-m', 'dbusmock', '--system', '--template', template,
                 '--parameters', json.dumps({'ActiveProfile': profile, 'PerformanceDegraded': degraded})],
                env=self._child_env(preload=False), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
            self._wait_for_name(bus_name)
        return {'pid': self.profiles.pid}

    def start_real_power_profiles(self, lap_detected=False):
        """The real power-profiles-daemon under the testbed: its platform_profile driver finds the ACPI
        profile files this writes (umockdev cannot add /sys/firmware devices, so they are plain files in the
        testbed's root, which ppd honours through UMOCKDEV_DIR), and a ThinkPad's dytc_lapmode degrades the
        performance profile (`lap-detected`)."""
        if self.profiles is not None and self.profiles.poll() is None:
            return {'pid': self.profiles.pid}
        acpi = os.path.join(self.testbed.get_root_dir(), 'sys', 'firmware', 'acpi')
        os.makedirs(acpi, exist_ok=True)
        with open(os.path.join(acpi, 'platform_profile_choices'), 'w') as handle:
            handle.write('low-power balanced performance\n')
        with open(os.path.join(acpi, 'platform_profile'), 'w') as handle:
            handle.write('balanced\n')
        if lap_detected:
            self.add_device('platform', 'thinkpad_acpi', attributes={'dytc_lapmode': '1\n'})
        self.profiles_name = 'legacy'
        self.profiles = subprocess.Popen(
            ['/usr/libexec/power-profiles-daemon', '-v', '-r'], env=self._child_env(preload=True),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent)
        self._wait_for_name('net.hadess.PowerProfiles')
        return {'pid': self.profiles.pid}

    def set_profile(self, profile):
        bus_name, path, _ = self.PROFILE_NAMES[getattr(self, 'profiles_name', 'legacy')]
        subprocess.run(['gdbus', 'call', '--system', '--dest', bus_name,
                        '--object-path', path,
                        '--method', 'org.freedesktop.DBus.Properties.Set',
                        bus_name, 'ActiveProfile', "<'%s'>" % profile],
                       env=self._child_env(preload=False), check=True, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL)
        return {}

    def start_session_bus(self):
        """A private session bus (for `temper serve --session` and feedbackd)."""
        if self.session_bus is None:
            self.session_bus = subprocess.Popen(
                ['dbus-daemon', '--session', '--nofork', '--print-address=1',
                 '--address=unix:path=' + os.path.join(self.workdir, 'session_bus_socket')],
                stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=self._child_env(preload=False),
                preexec_fn=_die_with_parent, text=True)
            self.session_address = self.session_bus.stdout.readline().strip()
            if not self.session_address:
                raise RuntimeError('the session dbus-daemon printed no address')
        return {'address': self.session_address}

    def start_feedbackd(self):
        """The real feedbackd on the private session bus: no haptic hardware, a temporary config home and
        in-memory settings, so the user's own feedbackd settings are never touched."""
        if self.feedbackd is None:
            self.start_session_bus()
            config = os.path.join(self.workdir, 'feedbackd-config')
            os.makedirs(config, exist_ok=True)
            env = self._child_env(preload=False, extra={
                'DBUS_SESSION_BUS_ADDRESS': self.session_address, 'XDG_CONFIG_HOME': config,
                'GSETTINGS_BACKEND': 'memory'})
            self.feedbackd = subprocess.Popen(['/usr/libexec/feedbackd'], env=env, stdout=self.upower_log,
                                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                              preexec_fn=_die_with_parent)
            subprocess.run(['gdbus', 'wait', '--address', self.session_address, '--timeout', '10',
                            'org.sigxcpu.Feedback'], env=env, check=True, stdin=subprocess.DEVNULL)
        return {'pid': self.feedbackd.pid, 'address': self.session_address}

    def start_polkitd(self, actions, rules):
        """The real polkitd on the private system bus, reading only `actions` (policy files) and `rules` (JavaScript
        rules, beside the distribution's own defaults): it reads fixed folders, so it runs in a mount namespace of
        its own with the test's folders bound over them and the machine's polkit left as it is. Needs root."""
        if self.polkitd is None:
            folders = {}
            for name, files in (('actions', actions), ('rules', rules)):
                folders[name] = os.path.join(self.workdir, 'polkit-' + name)
                os.makedirs(folders[name], exist_ok=True)
                for file_name, text in files.items():
                    with open(os.path.join(folders[name], file_name), 'w') as handle:
                        handle.write(text)
                os.chmod(folders[name], 0o755)
            script = ('mount --bind "$1" /usr/share/polkit-1/actions && mount --bind "$2" /etc/polkit-1/rules.d '
                      '&& exec /usr/lib/polkit-1/polkitd --no-debug')
            self.polkitd = subprocess.Popen(
                ['unshare', '--mount', '--propagation', 'private', '--', '/bin/sh', '-c', script, 'polkitd',
                 folders['actions'], folders['rules']],
                env=self._child_env(preload=False), stdout=self.upower_log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
            self._wait_for_name('org.freedesktop.PolicyKit1')
        return {'pid': self.polkitd.pid}

    # ---- fake hardware -----------------------------------------------------------------------------

    def add_device(self, subsystem, name, parent=None, attributes=None, properties=None, uevent=False):
        flat_attributes = [item for pair in (attributes or {}).items() for item in pair]
        flat_properties = [item for pair in (properties or {}).items() for item in pair]
        path = self.testbed.add_device(subsystem, name, parent, flat_attributes, flat_properties)
        if not path:
            raise RuntimeError('umockdev refused device %s/%s' % (subsystem, name))
        if uevent:
            self.testbed.uevent(path, 'add')
        return {'path': path}

    def set_attributes(self, path, attributes, uevent=True):
        for name, value in attributes.items():
            self.testbed.set_attribute(path, name, value)
        if uevent:
            self.testbed.uevent(path, 'change')
        return {}

    def remove_attribute(self, path, name):
        os.unlink(os.path.join(self.testbed.get_root_dir(), path.lstrip('/'), name))
        return {}

    def remove_device(self, path):
        self.testbed.uevent(path, 'remove')
        self.testbed.remove_device(path)
        return {}

    def environment(self):
        return {'env': self.testbed_env(), 'root': self.testbed.get_root_dir(), 'workdir': self.workdir}

    def upower_log_text(self):
        self.upower_log.flush()
        with open(os.path.join(self.workdir, 'upowerd.log')) as handle:
            return {'text': handle.read()[-4000:]}

    # ---- teardown ----------------------------------------------------------------------------------

    def close(self):
        for process in (self.polkitd, self.feedbackd, self.upowerd, self.profiles, self.bus_process, self.session_bus):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=3)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.upowerd = self.profiles = self.bus_process = self.session_bus = self.feedbackd = self.polkitd = None
        self.upower_log.close()
        self.testbed = None
        shutil.rmtree(self.workdir, ignore_errors=True)


def main():
    # The test runner may start us with every signal blocked; let SIGTERM end us (and our children).
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    driver = Driver()
    commands = {
        'start_bus': driver.start_bus,
        'stop_bus': driver.stop_bus,
        'start_upowerd': driver.start_upowerd,
        'stop_upowerd': driver.stop_upowerd,
        'start_power_profiles': driver.start_power_profiles,
        'start_real_power_profiles': driver.start_real_power_profiles,
        'set_profile': driver.set_profile,
        'start_session_bus': driver.start_session_bus,
        'start_feedbackd': driver.start_feedbackd,
        'start_polkitd': driver.start_polkitd,
        'add_device': driver.add_device,
        'set_attributes': driver.set_attributes,
        'remove_attribute': driver.remove_attribute,
        'remove_device': driver.remove_device,
        'environment': driver.environment,
        'upower_log': driver.upower_log_text,
    }
    try:
        print(json.dumps({'ok': True, 'ready': True}), flush=True)
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            operation = request.pop('op')
            if operation == 'quit':
                break
            try:
                reply = {'ok': True}
                reply.update(commands[operation](**request))
            except Exception as error:  # the test sees the failure as a reply, not a dead driver
                reply = {'ok': False, 'error': '%s: %s' % (type(error).__name__, error)}
            print(json.dumps(reply), flush=True)
    finally:
        driver.close()


if __name__ == '__main__':
    time.tzset()
    main()
