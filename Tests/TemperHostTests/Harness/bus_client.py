#!/usr/bin/python3
"""A real D-Bus client of `temper serve` through python3-gi's Gio, for Temper's tests.

    bus_client.py ADDRESS exercise            call every method once; print one JSON object of what came back
    bus_client.py ADDRESS flood CLIENTS CALLS  CLIENTS connections each send CALLS Decide calls at once
    bus_client.py ADDRESS watch SECONDS        print each PropertiesChanged and ThresholdCrossed as a JSON line (time.monotonic())
    bus_client.py ADDRESS abandon SCHEDULED    schedule requests far ahead, fire calls, exit without waiting
    bus_client.py ADDRESS hit-and-run COUNT    COUNT connections each send one Schedule and leave at once
    bus_client.py ADDRESS decide FILE          Decide the request in FILE; print the decision or the error
    bus_client.py ADDRESS big SIZE...          Decide a request of SIZE bytes each (MiB with an M suffix); print each error
    bus_client.py ADDRESS connections COUNT SECONDS  COUNT connections each call Cancel; print what came back, hold
    bus_client.py ADDRESS fill CONNS COUNT SECONDS  COUNT Schedule calls far ahead over CONNS connections; print
                                               what came back, then hold the tickets for SECONDS
    bus_client.py ADDRESS players COUNT STAY   start COUNT live players; print handles and errors; with STAY 0
                                               exit at once without stopping them, else stop one, hold STAY seconds
    bus_client.py ADDRESS player-signals SECONDS  start a player, print it, then each PlayerClamped as a JSON line
    bus_client.py ADDRESS player-errors        StartPlayer, UpdatePlayer and StopPlayer with bad arguments; print the errors

ADDRESS is a D-Bus address (a private bus the test started). Output is JSON on stdout.
"""

import json
import os
import sys
import time

import gi

gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

NAME = 'org.temper.Temper1'
PATH = '/org/temper/Temper1'
IFACE = 'org.temper.Temper1.Governor'

TAP = {'id': 'tap', 'usage': 'ui', 'haptic': {'pattern': {'Version': 1.0, 'Pattern': [
    {'Event': {'Time': 0.0, 'EventType': 'HapticTransient', 'EventParameters': [
        {'ParameterID': 'HapticIntensity', 'ParameterValue': 0.8},
        {'ParameterID': 'HapticSharpness', 'ParameterValue': 0.5}]}}]}}}


def connect(address):
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def call(connection, method, signature, args, reply='(s)', interface=IFACE):
    """Returns (value, None) or (None, 'error.Name: message')."""
    try:
        result = connection.call_sync(NAME, PATH, interface, method,
                                      GLib.Variant(signature, args) if signature else None,
                                      GLib.VariantType(reply) if reply else None,
                                      Gio.DBusCallFlags.NONE, 10000, None)
        return (result.unpack() if result is not None else None), None
    except GLib.Error as error:
        name = Gio.DBusError.get_remote_error(error)
        message = error.message
        prefix = 'GDBus.Error:%s: ' % name
        return None, '%s: %s' % (name, message[len(prefix):] if message.startswith(prefix) else message)


def request(request_id, **extra):
    body = dict(TAP)
    body['id'] = request_id
    body.update(extra)
    return json.dumps(body)


def exercise(address):
    connection = connect(address)
    other = connect(address)
    released = []
    connection.signal_subscribe(NAME, IFACE, 'Released', PATH, None, Gio.DBusSignalFlags.NONE,
                                lambda *args: released.append(args[5].unpack()), None)
    out = {}
    props, error = call(connection, 'GetAll', '(s)', (IFACE,), reply='(a{sv})', interface='org.freedesktop.DBus.Properties')
    out['properties'] = props[0] if props else error
    decision, error = call(connection, 'Decide', '(s)', (request('decided'),))
    out['decide'] = json.loads(decision[0]) if decision else error
    typed, error = call(connection, 'GetCondition', None, None, reply='(a{sv})')
    out['getCondition'] = typed[0] if typed else error
    # Due in 0.2 s: released by the service; far ahead: cancelled by us; another client may not cancel ours.
    soon, error = call(connection, 'Schedule', '(sd)', (request('soon'), time.monotonic() + 0.2), reply='(t)')
    far, _ = call(connection, 'Schedule', '(sd)', (request('far'), time.monotonic() + 600), reply='(t)')
    out['scheduleError'] = error
    out['tickets'] = [soon[0] if soon else None, far[0] if far else None]
    out['cancelByOther'] = call(other, 'Cancel', '(t)', (far[0],), reply='(b)')[0][0] if far else None
    out['cancel'] = call(connection, 'Cancel', '(t)', (far[0],), reply='(b)')[0][0] if far else None
    out['cancelAgain'] = call(connection, 'Cancel', '(t)', (far[0],), reply='(b)')[0][0] if far else None
    pattern = json.dumps(TAP['haptic']['pattern'])
    score, error = call(connection, 'Score', '(ss)', (pattern, ''))
    out['score'] = json.loads(score[0]) if score else error
    out['scoreGamepad'] = (json.loads(call(connection, 'Score', '(ss)', (pattern, 'gamepad'))[0][0]) or {}).get('status')
    out['errors'] = {
        'malformed': call(connection, 'Decide', '(s)', ('{"id": "x", ',))[1],
        'wrongKey': call(connection, 'Decide', '(s)', ('{"id": "x", "usage": "ui", "colour": 1}',))[1],
        'file': call(connection, 'Decide', '(s)', (json.dumps({'id': 'f', 'usage': 'ui', 'haptic': {'file': '/etc/shadow'}}),))[1],
        'huge': call(connection, 'Decide', '(s)', ('x' * (1 << 20),))[1],
        'hugePattern': call(connection, 'Score', '(ss)', (' ' * (2 << 20), ''))[1],
        'badTime': call(connection, 'Schedule', '(sd)', (request('t'), float('nan')), reply='(t)')[1],
        'pastTime': call(connection, 'Schedule', '(sd)', (request('t'), -5.0), reply='(t)')[1],
        'deviceFile': call(connection, 'Score', '(ss)', (pattern, '/etc/passwd'))[1],
        'unknownDevice': call(connection, 'Score', '(ss)', (pattern, 'toaster'))[1],
        'badPattern': call(connection, 'Score', '(ss)', ('{"Pattern": 3}', ''))[1],
        # Not UTF-8: a string must be, so send bytes where a string is due; the bus library refuses it.
        'notUTF8': call(connection, 'Decide', '(ay)', (b'\xff\xfe{"id"',))[1],
        'setProperty': call(connection, 'Set', '(ssv)', (IFACE, 'Tier', GLib.Variant('s', 'nominal')), reply=None,
                            interface='org.freedesktop.DBus.Properties')[1],
    }
    deadline = time.monotonic() + 5
    context = GLib.MainContext.default()
    while len(released) < 2 and time.monotonic() < deadline:
        context.iteration(False)
        time.sleep(0.01)
    out['released'] = [{'ticket': ticket, 'decision': json.loads(text)} for ticket, text in released]
    # Still alive after all that.
    out['tierAfter'] = call(connection, 'Get', '(ss)', (IFACE, 'Tier'), reply='(v)', interface='org.freedesktop.DBus.Properties')[0]
    print(json.dumps(out, default=str))


def flood(address, clients, calls):
    """Each client keeps WINDOW calls outstanding (a bus allows a connection only so many pending replies)."""
    window = 100
    loop = GLib.MainLoop()
    counts = {'sent': 0, 'ok': 0, 'rateLimited': 0, 'busy': 0, 'other': 0, 'otherErrors': []}
    remaining = {}
    pending = [clients * calls]
    body = GLib.Variant('(s)', (request('flood'),))

    def send(connection):
        remaining[connection] -= 1
        counts['sent'] += 1
        connection.call(NAME, PATH, IFACE, 'Decide', body, GLib.VariantType('(s)'), Gio.DBusCallFlags.NONE,
                        60000, None, done, None)

    def done(connection, result, _):
        try:
            reply = connection.call_finish(result)
            json.loads(reply.unpack()[0])
            counts['ok'] += 1
        except GLib.Error as error:
            name = Gio.DBusError.get_remote_error(error)
            if name == 'org.temper.Temper1.Error.RateLimited':
                key = 'busy' if 'busy' in error.message else 'rateLimited'
                counts[key] += 1
            else:
                counts['other'] += 1
                if len(counts['otherErrors']) < 5:
                    counts['otherErrors'].append(error.message)
        pending[0] -= 1
        if remaining[connection] > 0:
            send(connection)
        if pending[0] == 0:
            loop.quit()

    connections = [connect(address) for _ in range(clients)]
    start = time.monotonic()
    for connection in connections:
        remaining[connection] = calls
        for _ in range(min(window, calls)):
            send(connection)
    GLib.timeout_add_seconds(90, loop.quit)
    loop.run()
    counts['seconds'] = time.monotonic() - start
    counts['replies'] = counts['ok'] + counts['rateLimited'] + counts['busy'] + counts['other']
    print(json.dumps(counts))


def watch(address, seconds):
    connection = connect(address)

    def changed(_connection, _sender, _path, _interface, _signal, parameters, _data):
        interface, values, _ = parameters.unpack()
        if interface == IFACE:
            print(json.dumps({'time': time.monotonic(), 'changed': values}), flush=True)

    def crossed(_connection, _sender, _path, _interface, _signal, parameters, _data):
        print(json.dumps({'time': time.monotonic(), 'crossed': list(parameters.unpack())}), flush=True)

    connection.signal_subscribe(NAME, 'org.freedesktop.DBus.Properties', 'PropertiesChanged', PATH, None,
                                Gio.DBusSignalFlags.NONE, changed, None)
    connection.signal_subscribe(NAME, IFACE, 'ThresholdCrossed', PATH, None, Gio.DBusSignalFlags.NONE, crossed, None)
    # A round trip, so the match rule is in place before the test changes anything.
    call(connection, 'Get', '(ss)', (IFACE, 'Tier'), reply='(v)', interface='org.freedesktop.DBus.Properties')
    print(json.dumps({'subscribed': True, 'time': time.monotonic()}), flush=True)
    loop = GLib.MainLoop()
    GLib.timeout_add(int(seconds * 1000), loop.quit)
    loop.run()


def abandon(address, scheduled):
    connection = connect(address)
    tickets = [call(connection, 'Schedule', '(sd)', (request('left-%d' % index), time.monotonic() + 600), reply='(t)')[0][0]
               for index in range(scheduled)]
    for _ in range(50):
        connection.call(NAME, PATH, IFACE, 'Decide', GLib.Variant('(s)', (request('mid-call'),)), None,
                        Gio.DBusCallFlags.NONE, 60000, None, None, None)
    connection.flush_sync(None)
    print(json.dumps({'tickets': tickets, 'name': connection.get_unique_name()}), flush=True)
    os._exit(0)  # no goodbye: the service must notice on its own


def hit_and_run(address, count):
    """Each connection sends Schedule and closes without waiting for the answer, so the service may learn that
    the client left before it has reserved the ticket. Even ones are far ahead (only `client.gone` can decide
    them), odd ones are due now."""
    names = set()
    for index in range(count):
        connection = connect(address)
        target = time.monotonic() + 600 if index % 2 == 0 else 0.0
        connection.call(NAME, PATH, IFACE, 'Schedule', GLib.Variant('(sd)', (request('run-%d' % index), target)), None,
                        Gio.DBusCallFlags.NONE, 60000, None, None, None)
        connection.flush_sync(None)
        names.add(connection.get_unique_name())
        connection.close_sync(None)
    print(json.dumps({'sent': count, 'farAhead': (count + 1) // 2, 'clients': len(names)}))


def decide(address, path):
    with open(path) as source:
        body = json.dumps(json.load(source))
    decision, error = call(connect(address), 'Decide', '(s)', (body,))
    print(json.dumps({'decision': json.loads(decision[0]) if decision else None, 'error': error}))


def big(address, sizes):
    connection = connect(address)
    results = {}
    for size in sizes:
        count = int(size[:-1]) << 20 if size.endswith('M') else int(size)
        _, error = call(connection, 'Decide', '(s)', ('x' * count,))
        results[size] = error.split(':')[0] if error else 'answered'
    print(json.dumps({'results': results}))


def fill(address, connections, count, seconds):
    links = [connect(address) for _ in range(connections)]
    counts = {'ok': 0, 'queueFull': 0, 'other': []}
    for index in range(count):
        _, error = call(links[index % connections], 'Schedule', '(sd)',
                        (request('fill-%d' % index), time.monotonic() + 1800), reply='(t)')
        if error is None:
            counts['ok'] += 1
        elif error.startswith('org.temper.Temper1.Error.QueueFull'):
            counts['queueFull'] += 1
        elif len(counts['other']) < 5:
            counts['other'].append(error)
    print(json.dumps(counts), flush=True)
    time.sleep(seconds)


def connections(address, count, seconds):
    """COUNT connections each call Cancel once (cheap, and counted against the caller's user); print what came back,
    then hold the connections for SECONDS."""
    links = [connect(address) for _ in range(count)]
    counts = {'ok': 0, 'rateLimited': 0, 'other': []}
    for link in links:
        _, error = call(link, 'Cancel', '(t)', (0,), reply='(b)')
        if error is None:
            counts['ok'] += 1
        elif error.startswith('org.temper.Temper1.Error.RateLimited'):
            counts['rateLimited'] += 1
        elif len(counts['other']) < 5:
            counts['other'].append(error)
    print(json.dumps(counts), flush=True)
    time.sleep(seconds)


ENGINE = {'id': 'engine', 'usage': 'game', 'intensity': 0.8, 'sharpness': 0.3}


def players(address, count, stay):
    connection = connect(address)
    handles, errors = [], []
    for index in range(count):
        body = dict(ENGINE, id='engine-%d' % index)
        value, error = call(connection, 'StartPlayer', '(s)', (json.dumps(body),))
        if error:
            errors.append(error)
        else:
            handles.append(json.loads(value[0])['handle'])
    out = {'handles': handles, 'errors': errors, 'name': connection.get_unique_name()}
    if stay <= 0:
        connection.flush_sync(None)
        print(json.dumps(out), flush=True)
        os._exit(0)  # no goodbye: the service must notice on its own
    if handles:
        out['stopped'] = call(connection, 'StopPlayer', '(t)', (handles[0],), reply='(b)')[0][0]
        out['stoppedAgain'] = call(connection, 'StopPlayer', '(t)', (handles[0],), reply='(b)')[0][0]
    print(json.dumps(out), flush=True)
    time.sleep(stay)


def player_signals(address, seconds):
    connection = connect(address)

    def clamped(_connection, _sender, _path, _interface, _signal, parameters, _data):
        handle, text = parameters.unpack()
        print(json.dumps({'time': time.monotonic(), 'handle': handle, 'clamped': json.loads(text)}), flush=True)

    connection.signal_subscribe(NAME, IFACE, 'PlayerClamped', PATH, None, Gio.DBusSignalFlags.NONE, clamped, None)
    value, error = call(connection, 'StartPlayer', '(s)', (json.dumps(ENGINE),))
    print(json.dumps({'started': json.loads(value[0]) if value else None, 'error': error}), flush=True)
    loop = GLib.MainLoop()
    GLib.timeout_add(int(seconds * 1000), loop.quit)
    loop.run()


def player_errors(address):
    connection = connect(address)
    out = {}
    for name, body in [('notJSON', '{"id": '), ('noIntensity', json.dumps({'id': 'p', 'usage': 'game'})),
                       ('hugeIntensity', '{"id": "p", "usage": "game", "intensity": 1e308}'),
                       ('loopWithoutPattern', json.dumps(dict(ENGINE, loopSeconds=1))),
                       ('unknownKey', json.dumps(dict(ENGINE, speed=2)))]:
        out[name] = call(connection, 'StartPlayer', '(s)', (body,))[1]
    handle = json.loads(call(connection, 'StartPlayer', '(s)', (json.dumps(ENGINE),))[0][0])['handle']
    for name, values in [('nan', (float('nan'), 0.5, 0.5)), ('negative', (0.5, -0.25, 0.5)),
                         ('huge', (0.5, 0.5, 1e308)), ('infinite', (float('inf'), 0.5, 0.5))]:
        out[name] = call(connection, 'UpdatePlayer', '(tddd)', (handle,) + values)[1]
    out['unknownHandle'] = call(connection, 'UpdatePlayer', '(tddd)', (handle + 1000, 0.5, 0.5, 0.5))[1]
    value, error = call(connection, 'UpdatePlayer', '(tddd)', (handle, 1.0, 0.9, 0.5))
    out['update'] = json.loads(value[0]) if value else error
    other = connect(address)
    out['notOwner'] = call(other, 'UpdatePlayer', '(tddd)', (handle, 0.5, 0.5, 0.5))[1]
    out['stopByOther'] = call(other, 'StopPlayer', '(t)', (handle,), reply='(b)')[0][0]
    out['stop'] = call(connection, 'StopPlayer', '(t)', (handle,), reply='(b)')[0][0]
    print(json.dumps(out), flush=True)


def main():
    address, command = sys.argv[1], sys.argv[2]
    if command == 'exercise':
        exercise(address)
    elif command == 'flood':
        flood(address, int(sys.argv[3]), int(sys.argv[4]))
    elif command == 'watch':
        watch(address, float(sys.argv[3]))
    elif command == 'abandon':
        abandon(address, int(sys.argv[3]))
    elif command == 'hit-and-run':
        hit_and_run(address, int(sys.argv[3]))
    elif command == 'decide':
        decide(address, sys.argv[3])
    elif command == 'big':
        big(address, sys.argv[3:])
    elif command == 'connections':
        connections(address, int(sys.argv[3]), float(sys.argv[4]))
    elif command == 'fill':
        fill(address, int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
    elif command == 'players':
        players(address, int(sys.argv[3]), float(sys.argv[4]))
    elif command == 'player-signals':
        player_signals(address, float(sys.argv[3]))
    elif command == 'player-errors':
        player_errors(address)
    else:
        sys.exit('unknown command ' + command)


if __name__ == '__main__':
    main()
