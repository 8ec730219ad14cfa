'''python-dbusmock template: power-profiles-daemon under the name ppd >= 0.20 and tuned-ppd own,
org.freedesktop.UPower.PowerProfiles (the shipped template serves only the legacy net.hadess name).
Written for Temper's tests; only the properties Temper reads.'''

import dbus

BUS_NAME = 'org.freedesktop.UPower.PowerProfiles'
MAIN_OBJ = '/org/freedesktop/UPower/PowerProfiles'
MAIN_IFACE = 'org.freedesktop.UPower.PowerProfiles'
SYSTEM_BUS = True


def load(mock, parameters):
    mock.AddProperties(MAIN_IFACE, dbus.Dictionary({
        'ActiveProfile': parameters.get('ActiveProfile', 'balanced'),
        'PerformanceDegraded': parameters.get('PerformanceDegraded', ''),
        'Profiles': dbus.Array([
            dbus.Dictionary({'Profile': 'power-saver', 'Driver': 'dbusmock'}, signature='sv'),
            dbus.Dictionary({'Profile': 'balanced', 'Driver': 'dbusmock'}, signature='sv'),
        ], signature='a{sv}'),
    }, signature='sv'))
