#!/usr/bin/env python3
"""Issue 33's benchmarks, measured once and written in docs/performance.md.

  scripts/bench-import.py [BINARY]      BINARY defaults to .build/release/temper

1. Import throughput: a plain CSV of 150,000 rows (time, temperature, power) read by `temper import --columns`
   (trace written to /dev/null), against the floor of Python's csv module reading the same file and converting
   the three fields to float. Both in CPU seconds (user + system) of a child process, best of 3; rows per second.
2. Fit time: a one-hour, 1 s recording of a two-node device under power steps (0.1 °C quantised), imported,
   then `temper calibrate thermal` (the one-sensor fit: one and two nodes) and `temper forecast` (two fits and
   the scoring) timed the same way.
"""
import os
import resource
import subprocess
import sys
import tempfile

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/temper"
ROWS = 150_000


def cpu(command):
    """CPU seconds (user + system) of `command` as a child, best of 3."""
    best = None
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = spent if best is None else min(best, spent)
    return best


def device(seconds):
    """Rows (time, die temperature, watts) of a two-node device under power steps every 150 s."""
    die, board, rows = 30.0, 30.0, []
    for second in range(seconds):
        watts = [1.0, 5, 2, 6, 0.5][(second // 150) % 5]
        for _ in range(10):
            die += 0.1 * (watts - (die - board) / 1.5) / 6
            board += 0.1 * ((die - board) / 1.5 - (board - 25) / 4) / 80
        rows.append(f"{second},{round(die, 1)},{watts}\n")
    return rows


with tempfile.TemporaryDirectory() as folder:
    table = os.path.join(folder, "rows.csv")
    with open(table, "w") as file:
        file.write("seconds,die,watts\n")
        file.writelines(device(ROWS))
    floor = cpu([sys.executable, "-c",
                 "import csv,sys\nn=0\nfor row in csv.reader(open(sys.argv[1])):\n"
                 "    n+=1\n    if n>1: t,c,w=float(row[0]),float(row[1]),float(row[2])\n", table])
    imported = cpu([BINARY, "import", table, "--columns", "time=seconds,temperature=die,power=watts", "--out", "/dev/null"])
    print(f"import: {ROWS} rows, temper {imported:.3f} s CPU ({ROWS / imported:,.0f} rows/s), "
          f"Python csv floor {floor:.3f} s ({ROWS / floor:,.0f} rows/s), temper/floor {imported / floor:.2f}x")

    hour = os.path.join(folder, "hour.csv")
    trace = os.path.join(folder, "hour.jsonl")
    with open(hour, "w") as file:
        file.write("seconds,die,watts\n")
        file.writelines(device(3600))
    subprocess.run([BINARY, "import", hour, "--columns", "time=seconds,temperature=die,power=watts", "--out", trace],
                   check=True, stdout=subprocess.DEVNULL)
    fit = cpu([BINARY, "calibrate", "thermal", trace])
    forecast = cpu([BINARY, "forecast", trace])
    print(f"one hour at 1 s (3600 samples): calibrate thermal {fit:.3f} s CPU, forecast {forecast:.3f} s CPU")
