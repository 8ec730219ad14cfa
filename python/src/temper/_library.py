"""Finding and loading libtemper, with the argument and result types of every function this package calls.

The C API is Sources/TemperC/include/temper.h; each signature below is copied from it.
"""

from __future__ import annotations

import ctypes
import os
import threading
from pathlib import Path

ABI_VERSION = 1
_SONAME = f"libtemper.so.{ABI_VERSION}"

_handle = ctypes.c_void_p
_out = ctypes.POINTER(ctypes.c_void_p)
_text = ctypes.c_char_p
_string_out = ctypes.POINTER(ctypes.c_void_p)
_status = ctypes.c_int

_SIGNATURES: dict[str, tuple[list[object], object]] = {
    "temper_abi_version": ([], ctypes.c_uint32),
    "temper_version": ([], _text),
    "temper_last_error": ([], _text),
    "temper_status_name": ([ctypes.c_int], _text),
    "temper_string_free": ([ctypes.c_void_p], None),
    "temper_governor_new": ([_text, _text, _out], _status),
    "temper_governor_free": ([_handle], None),
    "temper_governor_set_condition": ([_handle, _text], _status),
    "temper_governor_condition_json": ([_handle, _string_out], _status),
    "temper_request_new": ([_text, ctypes.c_size_t, _text, _out], _status),
    "temper_request_free": ([_handle], None),
    "temper_decide": ([_handle, _handle, _out], _status),
    "temper_decision_free": ([_handle], None),
    "temper_decision_json": ([_handle, _string_out], _status),
    "temper_score_bytes": ([_handle, ctypes.c_char_p, ctypes.c_size_t, _text, _out], _status),
    "temper_score_file": ([_handle, _text, _out], _status),
    "temper_score_free": ([_handle], None),
    "temper_score_json": ([_handle, _string_out], _status),
    "temper_simulate": (
        [_text, ctypes.c_size_t, _text, _text, _text, ctypes.POINTER(ctypes.c_uint64), ctypes.c_int, _string_out],
        _status,
    ),
    "temper_calibrate_thermal": (
        [ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t, _text, _text, _text, _text, _text, _string_out, _string_out],
        _status,
    ),
}


def candidates() -> list[str]:
    """Where the library is looked for, in order: $TEMPER_LIBRARY, the copy bundled in the package (a wheel made by
    scripts/build-python-wheel.sh), the build output of scripts/build-library.sh in the checkout this package was
    installed from or runs in, and last the bare soname for the dynamic loader (an installed libtemper)."""
    found: list[str] = []
    if os.environ.get("TEMPER_LIBRARY"):
        found.append(os.environ["TEMPER_LIBRARY"])
    bundled = Path(__file__).parent / "_lib" / _SONAME
    if bundled.exists():
        found.append(str(bundled))
    # python/src/temper/_library.py in a checkout: the root is three folders up.
    for root in (Path(__file__).resolve().parents[3], Path.cwd()):
        built = root / ".build-library" / _SONAME
        if built.exists():
            found.append(str(built))
    found.append(_SONAME)
    return found


_lock = threading.Lock()
_loaded: ctypes.CDLL | None = None


def library() -> ctypes.CDLL:
    """The library, loaded once per process (a Dask worker loads it on its first task)."""
    global _loaded
    with _lock:
        if _loaded is None:
            _loaded = _load(candidates()[0])
        return _loaded


def _load(path: str) -> ctypes.CDLL:
    from . import TemperError

    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        raise TemperError("TEMPER_ERROR_FILE", f"cannot load libtemper from {path}: {error}") from None
    for name, (arguments, result) in _SIGNATURES.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = result
    if lib.temper_abi_version() != ABI_VERSION:
        raise TemperError(
            "TEMPER_ERROR_ARGUMENT",
            f"{path} has ABI {lib.temper_abi_version()}, this package speaks {ABI_VERSION}",
        )
    return lib


def check(lib: ctypes.CDLL, status: int) -> None:
    """Raises the library's last error when `status` is not TEMPER_OK."""
    if status != 0:
        from . import TemperError

        raise TemperError(lib.temper_status_name(status).decode(), lib.temper_last_error().decode())


def take_string(lib: ctypes.CDLL, pointer: ctypes.c_void_p) -> str:
    """A string the library returned through an out-parameter, freed once copied."""
    if not pointer.value:
        return ""
    try:
        return ctypes.string_at(pointer.value).decode()
    finally:
        lib.temper_string_free(pointer)
