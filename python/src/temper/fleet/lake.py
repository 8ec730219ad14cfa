"""A lake of traces laid out Hive-style, ``sku=NAME/device=ID/*.jsonl``, on a local folder or any fsspec URL."""

from __future__ import annotations

import os
import re
import tempfile
from typing import Any

_PART = re.compile(r"^(sku|device)=(.+)$")


def devices(lake: str) -> list[dict[str, Any]]:
    """One cell per device: its SKU, its ID and its trace URLs, sorted, so every run sees the same cells."""
    import fsspec

    filesystem, root = fsspec.core.url_to_fs(lake)
    found: dict[tuple[str, str], list[str]] = {}
    for path in filesystem.find(root):
        if not path.endswith(".jsonl"):
            continue
        parts: dict[str, str] = {}
        for segment in path[len(root.rstrip("/")) :].split("/"):
            match = _PART.match(segment)
            if match:
                parts[match.group(1)] = match.group(2)
        if "sku" not in parts or "device" not in parts:
            continue
        found.setdefault((parts["sku"], parts["device"]), []).append(filesystem.unstrip_protocol(path))
    if not found:
        raise SystemExit(f"temper.fleet: {lake}: no traces laid out sku=NAME/device=ID/*.jsonl")
    return [{"sku": sku, "device": device, "traces": sorted(traces)} for (sku, device), traces in sorted(found.items())]


def local_copies(urls: list[str], folder: str) -> list[str]:
    """Paths libtemper can read: a local file as it is, anything else (s3://, gs://, http://) copied into
    ``folder`` first."""
    import fsspec

    paths = []
    for at, url in enumerate(urls):
        if url.startswith("file://") or "://" not in url:
            paths.append(url.removeprefix("file://"))
            continue
        target = os.path.join(folder, f"{at}-{os.path.basename(url)}")
        with fsspec.open(url, "rb") as source, open(target, "wb") as copy:
            copy.write(source.read())
        paths.append(target)
    return paths


def temporary_folder() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="temper-fleet-")
