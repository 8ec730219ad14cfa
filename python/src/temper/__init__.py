"""Temper in-process: score patterns, simulate scenarios, fit thermal figures and decide requests through libtemper.

Every call runs in this process through ctypes (no subprocess), with the same code the `temper` command runs, so
each returns what the matching command prints as JSON:

- :func:`score` is one pattern's entry of ``temper score --format json``;
- :func:`simulate` is ``temper simulate --json``;
- :func:`calibrate_thermal` is ``temper calibrate thermal --json``;
- :class:`Governor` decides requests as ``temper rewrite --json`` does.

A failing call raises :class:`TemperError` with the library's message naming the input (and the JSON path or YAML
line:column where it has one). The library is found as :func:`temper._library.candidates` says.
"""

from __future__ import annotations

import ctypes
import json
import os
import threading
from typing import Any, Mapping, Sequence, Union

from . import _library

__all__ = ["TemperError", "Governor", "score", "simulate", "calibrate_thermal", "version", "library_path"]

PathOrBytes = Union[str, "os.PathLike[str]", bytes]


class TemperError(Exception):
    """A libtemper call that failed: ``status`` is the temper_status's name (``TEMPER_ERROR_SCENARIO``) and the
    message is the library's own line."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        # Picklable, so an error raised on a Dask worker reaches the client as itself.
        return (TemperError, (self.status, self.message))


def version() -> str:
    """Temper's release of the loaded library (as ``temper --version``)."""
    return str(_library.library().temper_version().decode())


def library_path() -> str:
    """The path the library is loaded from (the first of the candidates)."""
    return _library.candidates()[0]


def _text(value: str | None) -> bytes | None:
    return None if value is None else os.fsencode(value)


def _object(text: str) -> dict[str, Any]:
    """The JSON object the library returned."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise TemperError("TEMPER_ERROR_INTERNAL", f"the library returned {type(value).__name__}, not a JSON object")
    return value


class Governor:
    """A policy and a device profile (names or YAML paths, as ``temper`` takes them) deciding requests and scoring
    patterns. Safe to share between threads; freed with :meth:`close` or when collected."""

    def __init__(self, policy: str | None = None, device: str | None = None) -> None:
        self._lib = _library.library()
        self._handle = ctypes.c_void_p()
        _library.check(self._lib, self._lib.temper_governor_new(_text(policy), _text(device), ctypes.byref(self._handle)))

    def close(self) -> None:
        """Frees the governor; later calls fail."""
        if self._handle.value:
            self._lib.temper_governor_free(self._handle)
            self._handle = ctypes.c_void_p()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self) -> "Governor":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def condition(self) -> dict[str, Any]:
        """The condition requests are decided under: ``{"tier", "lowPower", "reasons"}``."""
        out = ctypes.c_void_p()
        _library.check(self._lib, self._lib.temper_governor_condition_json(self._handle, ctypes.byref(out)))
        return _object(_library.take_string(self._lib, out))

    @condition.setter
    def condition(self, condition: str) -> None:
        """Forces the condition: ``"serious"`` or ``"serious,low-power"`` (as ``temper rewrite --condition``)."""
        _library.check(self._lib, self._lib.temper_governor_set_condition(self._handle, condition.encode()))

    def decide(self, request: Mapping[str, Any] | str | bytes, base_directory: str | None = None) -> dict[str, Any]:
        """Decides one request (a dict, or its JSON) under the governor's condition: the decision as
        ``temper rewrite --request FILE --condition C --json`` prints it. A request naming its pattern by
        ``{"file": …}`` needs ``base_directory``, the folder the file must be inside."""
        if isinstance(request, Mapping):
            data = json.dumps(request).encode()
        elif isinstance(request, str):
            data = request.encode()
        else:
            data = bytes(request)
        parsed = ctypes.c_void_p()
        _library.check(
            self._lib, self._lib.temper_request_new(data, len(data), _text(base_directory), ctypes.byref(parsed))
        )
        decision = ctypes.c_void_p()
        try:
            _library.check(self._lib, self._lib.temper_decide(self._handle, parsed, ctypes.byref(decision)))
        finally:
            self._lib.temper_request_free(parsed)
        try:
            out = ctypes.c_void_p()
            _library.check(self._lib, self._lib.temper_decision_json(decision, ctypes.byref(out)))
            return _object(_library.take_string(self._lib, out))
        finally:
            self._lib.temper_decision_free(decision)

    def score(self, pattern: PathOrBytes, name: str | None = None) -> dict[str, Any]:
        """Scores a pattern file (a path; waveforms beside an AHAP included) or bytes on the governor's device: the
        pattern's entry of ``temper score --format json``."""
        score = ctypes.c_void_p()
        if isinstance(pattern, (bytes, bytearray, memoryview)):
            data = bytes(pattern)
            status = self._lib.temper_score_bytes(self._handle, data, len(data), _text(name), ctypes.byref(score))
        else:
            status = self._lib.temper_score_file(self._handle, os.fsencode(pattern), ctypes.byref(score))
        _library.check(self._lib, status)
        try:
            out = ctypes.c_void_p()
            _library.check(self._lib, self._lib.temper_score_json(score, ctypes.byref(out)))
            return _object(_library.take_string(self._lib, out))
        finally:
            self._lib.temper_score_free(score)


_scorers_lock = threading.Lock()
_scorers: dict[str | None, Governor] = {}


def score(path_or_bytes: PathOrBytes, device: str = "phone", name: str | None = None) -> dict[str, Any]:
    """One pattern's entry of ``temper score --device DEVICE --format json``: energy (mJ), breakdown, events,
    warnings. A path is scored as the command scores the file; bytes are read as the format ``name``'s extension
    or the content says (an AHAP's waveform files are then costed as their duration). One governor per device is
    kept for the process."""
    with _scorers_lock:
        governor = _scorers.get(device)
        if governor is None:
            governor = _scorers[device] = Governor(None, device)
    return governor.score(path_or_bytes, name=name)


def simulate(
    scenario: str | os.PathLike[str],
    device: str | None = None,
    policy: str | None = None,
    seed: int | None = None,
    sensitivity: bool = False,
) -> dict[str, Any]:
    """What ``temper simulate SCENARIO --json`` prints: the scenario run with its policy and with the policy off.
    ``scenario`` is a path or YAML text (text with a newline or a ``:`` that is not a file; anything else is a
    path, and a missing one raises ``TEMPER_ERROR_FILE``); ``device``, ``policy``
    and ``seed`` replace the scenario's (``--device``, ``--policy``, ``--seed``) and ``sensitivity`` adds the
    reruns with each assumed thermal figure ±30 % (``--sensitivity``). Blocks about half a second per simulated
    hour."""
    lib = _library.library()
    file: bytes | None = None
    text = os.fspath(scenario)
    if "\n" not in text and os.path.exists(text):
        file = os.fsencode(os.path.abspath(text))
        with open(text, "rb") as handle:
            data = handle.read()
    elif "\n" not in text and ":" not in text:
        # One line with no key: a path that is not there, not a scenario.
        raise TemperError("TEMPER_ERROR_FILE", f"{text}: cannot read the scenario: there is no such file")
    else:
        data = text.encode()
    if seed is not None and not 0 <= seed < 2**64:
        raise TemperError("TEMPER_ERROR_ARGUMENT", f"seed {seed} is not in 0...2^64-1")
    seed_value = None if seed is None else ctypes.byref(ctypes.c_uint64(seed))
    device = os.path.abspath(device) if device is not None and os.path.isfile(device) else device
    policy = os.path.abspath(policy) if policy is not None and os.path.isfile(policy) else policy
    out = ctypes.c_void_p()
    status = lib.temper_simulate(
        data, len(data), file, _text(device), _text(policy), seed_value, int(sensitivity), ctypes.byref(out)
    )
    _library.check(lib, status)
    return _object(_library.take_string(lib, out))


def calibrate_thermal(
    trace: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    device: str | None = None,
    ambient: str | float | None = None,
    internal: str | None = None,
    skin: str | None = None,
    power: str | None = None,
    profile: bool = False,
) -> dict[str, Any]:
    """What ``temper calibrate thermal TRACE... --json`` prints: each fitted thermal figure as
    ``{value, low, high}`` (95 % interval), ``rmseCelsius``, ``goodnessOfFit`` and ``warnings``. The options are
    the command's: ``device`` (the profile to start from), ``ambient`` (``24``, ``"24±0.5"``), ``internal``,
    ``skin`` and ``power`` (which readings to use). With ``profile=True`` the result also holds ``"profile"``: the
    YAML ``--out`` writes (the base profile with the fitted thermal section)."""
    lib = _library.library()
    traces = [trace] if isinstance(trace, (str, os.PathLike)) else list(trace)
    paths = (ctypes.c_char_p * len(traces))(*(os.fsencode(path) for path in traces))
    fit = ctypes.c_void_p()
    yaml = ctypes.c_void_p()
    status = lib.temper_calibrate_thermal(
        paths,
        len(traces),
        _text(device),
        None if ambient is None else str(ambient).encode(),
        _text(internal),
        _text(skin),
        _text(power),
        ctypes.byref(fit),
        ctypes.byref(yaml) if profile else None,
    )
    _library.check(lib, status)
    result = _object(_library.take_string(lib, fit))
    if profile:
        result["profile"] = _library.take_string(lib, yaml)
    return result
