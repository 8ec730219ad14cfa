#!/usr/bin/python3
"""Calls `temper serve`'s Decide once per request, through python3-gi's Gio, for Temper's tests.

    decide_requests.py ADDRESS FILE    FILE holds a JSON list of requests (objects); prints one JSON object:
                                       {"results": [{"decision": {...}} or {"error": "Name: message"}, ...]}

ADDRESS is a D-Bus address (a private bus the test started).
"""

import json
import sys

import gi

gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402


def main():
    address, path = sys.argv[1], sys.argv[2]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    with open(path, encoding='utf-8') as handle:
        requests = json.load(handle)
    results = []
    for request in requests:
        try:
            reply = connection.call_sync('org.temper.Temper1', '/org/temper/Temper1', 'org.temper.Temper1.Governor', 'Decide',
                                         GLib.Variant('(s)', (json.dumps(request),)), GLib.VariantType('(s)'),
                                         Gio.DBusCallFlags.NONE, 10000, None)
            results.append({'decision': json.loads(reply.unpack()[0])})
        except GLib.Error as error:
            results.append({'error': '%s: %s' % (Gio.DBusError.get_remote_error(error), error.message)})
    print(json.dumps({'results': results}))


if __name__ == '__main__':
    main()
