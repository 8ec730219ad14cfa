#!/usr/bin/env python3
"""Says how many tests a `swift test` run skipped and why: one line per reason, from the run's Swift Testing event
stream (`swift test --event-stream-output-path FILE --event-stream-version 0`). A skipped suite counts every test
in it. Prints nothing when nothing was skipped.

Usage: scripts/skipped-tests.py EVENTS.jsonl
"""
import json
import sys
from collections import OrderedDict


def main(path):
    functions = []  # every test function's id, in the order the run listed them
    skipped = OrderedDict()  # reason -> [ids of skipped tests or suites]
    with open(path, encoding="utf-8") as events:
        for line in events:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            payload = record.get("payload", {})
            if record.get("kind") == "test" and payload.get("kind") == "function":
                functions.append(payload.get("id", ""))
            elif record.get("kind") == "event" and payload.get("kind") == "testSkipped":
                comments = payload.get("_comments") or []
                reason = "; ".join(comments) if comments else "no reason given"
                skipped.setdefault(reason, []).append(payload.get("testID", ""))
    for reason, ids in skipped.items():
        # A suite's id is a prefix of its tests' ids, a test's own id matches itself; a set, so a suite whose
        # tests are reported skipped one by one as well counts each test once.
        covered = set()
        for test_id in ids:
            inside = {f for f in functions if f == test_id or f.startswith(test_id + "/")}
            covered |= inside or {test_id}
        count = len(covered)
        print(f"skipped {count} test{'' if count == 1 else 's'}: {reason}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip())
    main(sys.argv[1])
