#!/usr/bin/env python3
"""libtemper from Python, through ctypes: score patterns, decide a request under a forced condition.

    TEMPER_LIBRARY=/usr/local/lib/libtemper.so.1 python3 temper_example.py score Examples/patterns/ui-tap.ahap
    python3 temper_example.py decide serious Examples/requests/ring-explosion-haptic.json

score prints each pattern's energy in millijoules as `temper score` computes it (scored from the file's bytes);
decide prints the outcome and the energy that plays, as `temper rewrite --request FILE --condition TIER`
decides. TEMPER_LIBRARY names the library (default: libtemper.so.1, found as the dynamic loader finds it).
"""

import ctypes
import os
import sys

ABI_VERSION = 1
OUTCOMES = ["pass", "rewritten", "fallback", "dropped"]


class TemperError(Exception):
    """A libtemper call that failed: its temper_status and the library's one-line message."""

    def __init__(self, status, message):
        super().__init__(f"{message} ({status})")
        self.status = status


def load(path=None):
    """The library, with the argument and result types of the functions used here (temper.h)."""
    lib = ctypes.CDLL(path or os.environ.get("TEMPER_LIBRARY", "libtemper.so.1"))
    handle = ctypes.c_void_p
    out = ctypes.POINTER(ctypes.c_void_p)
    text = ctypes.c_char_p
    signatures = {
        "temper_abi_version": ([], ctypes.c_uint32),
        "temper_last_error": ([], text),
        "temper_status_name": ([ctypes.c_int], text),
        "temper_governor_new": ([text, text, out], ctypes.c_int),
        "temper_governor_free": ([handle], None),
        "temper_governor_set_condition": ([handle, text], ctypes.c_int),
        "temper_request_new": ([text, ctypes.c_size_t, text, out], ctypes.c_int),
        "temper_request_free": ([handle], None),
        "temper_decide": ([handle, handle, out], ctypes.c_int),
        "temper_decision_outcome": ([handle], ctypes.c_int),
        "temper_decision_energy_after_millijoules": ([handle], ctypes.c_double),
        "temper_decision_free": ([handle], None),
        "temper_score_bytes": ([handle, ctypes.c_char_p, ctypes.c_size_t, text, out], ctypes.c_int),
        "temper_score_energy_millijoules": ([handle], ctypes.c_double),
        "temper_score_free": ([handle], None),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = result
    if lib.temper_abi_version() != ABI_VERSION:
        raise RuntimeError(f"libtemper has ABI {lib.temper_abi_version()}, this script speaks {ABI_VERSION}")
    return lib


def check(lib, status):
    if status != 0:
        raise TemperError(lib.temper_status_name(status).decode(), lib.temper_last_error().decode())


class Governor:
    """A temper_governor: the policy named default on the phone profile, freed when closed."""

    def __init__(self, lib, policy=None, device=None):
        self.lib = lib
        self.handle = ctypes.c_void_p()
        check(lib, lib.temper_governor_new(policy and policy.encode(), device and device.encode(), ctypes.byref(self.handle)))

    def close(self):
        self.lib.temper_governor_free(self.handle)

    def score(self, data, name):
        """A pattern's energy in millijoules."""
        score = ctypes.c_void_p()
        check(self.lib, self.lib.temper_score_bytes(self.handle, data, len(data), name.encode(), ctypes.byref(score)))
        try:
            return self.lib.temper_score_energy_millijoules(score)
        finally:
            self.lib.temper_score_free(score)

    def decide(self, condition, request_json):
        """The outcome and the energy that plays for a request (JSON bytes) under a forced condition."""
        check(self.lib, self.lib.temper_governor_set_condition(self.handle, condition.encode()))
        request = ctypes.c_void_p()
        check(self.lib, self.lib.temper_request_new(request_json, len(request_json), None, ctypes.byref(request)))
        decision = ctypes.c_void_p()
        try:
            check(self.lib, self.lib.temper_decide(self.handle, request, ctypes.byref(decision)))
            return (
                OUTCOMES[self.lib.temper_decision_outcome(decision)],
                self.lib.temper_decision_energy_after_millijoules(decision),
            )
        finally:
            self.lib.temper_decision_free(decision)
            self.lib.temper_request_free(request)


def main(arguments):
    if len(arguments) < 2 or arguments[0] not in ("score", "decide"):
        print("usage: temper_example.py score PATTERN... | decide CONDITION REQUEST", file=sys.stderr)
        return 2
    lib = load()
    governor = Governor(lib)
    try:
        if arguments[0] == "score":
            for path in arguments[1:]:
                with open(path, "rb") as file:
                    print(f"{path}\t{governor.score(file.read(), path)!r}")
        else:
            with open(arguments[2], "rb") as file:
                outcome, energy = governor.decide(arguments[1], file.read())
            print(f"{outcome}\t{energy!r}")
    except TemperError as error:
        print(f"temper_example.py: {error}", file=sys.stderr)
        return 1
    finally:
        governor.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
