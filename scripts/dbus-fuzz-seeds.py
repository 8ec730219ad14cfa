#!/usr/bin/python3
"""Writes D-Bus method calls to org.temper.Temper1.Governor as message bytes, the seeds of the `dbus` fuzz target.

    scripts/dbus-fuzz-seeds.py FOLDER FILE...

Each `.json` file becomes a Decide and a Schedule call, each `.ahap` a Score call; a Cancel, a GetCondition, a
GetHeadroom, a Reserve and the three live-player calls are added. GLib's own writer makes the bytes, so the seeds are messages a real
client sends.
"""
import os
import sys

from gi.repository import Gio, GLib

INTERFACE = "org.temper.Temper1.Governor"
PLAYER = ('{"id": "engine", "usage": "game", "intensity": 0.8, "sharpness": 0.3, "volume": 0.5,'
          ' "audio": {"position": [0, 0, -2], "rendering": "2d"}}')


def message(member, body):
    call = Gio.DBusMessage.new_method_call("org.temper.Temper1", "/org/temper/Temper1", INTERFACE, member)
    if body is not None:
        call.set_body(body)
    call.set_serial(1)
    return call.to_blob(Gio.DBusCapabilityFlags.NONE)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: dbus-fuzz-seeds.py FOLDER FILE...")
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    seeds = {
        "cancel": message("Cancel", GLib.Variant("(t)", (7,))),
        "get-condition": message("GetCondition", None),
        "get-headroom": message("GetHeadroom", GLib.Variant("(d)", (30.0,))),
        "reserve": message("Reserve", GLib.Variant("(sdd)", ("game", 2.0, 10.0))),
        "start-player": message("StartPlayer", GLib.Variant("(s)", (PLAYER,))),
        "update-player": message("UpdatePlayer", GLib.Variant("(tddd)", (1, 0.6, 0.4, 0.5))),
        "stop-player": message("StopPlayer", GLib.Variant("(t)", (1,))),
    }
    for path in sys.argv[2:]:
        name = os.path.basename(path)
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read()
        if name.endswith(".ahap"):
            seeds["score-" + name] = message("Score", GLib.Variant("(ss)", (text, "")))
        else:
            seeds["decide-" + name] = message("Decide", GLib.Variant("(s)", (text,)))
            seeds["schedule-" + name] = message("Schedule", GLib.Variant("(sd)", (text, 0.0)))
    for name, data in seeds.items():
        with open(os.path.join(folder, name + ".dbus"), "wb") as file:
            file.write(bytes(data))


if __name__ == "__main__":
    main()
