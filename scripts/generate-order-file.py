#!/usr/bin/python3
"""Writes packaging/temper.order, the order in which scripts/build-release.sh lays out the functions of `temper`.

    scripts/build-release.sh
    umockdev-wrapper /usr/bin/python3 scripts/generate-order-file.py [--binary PATH] [--seconds 20] [--out FILE]

Why: a statically linked `temper` has 20 MiB of code, and the 5,000 functions that `temper serve` runs are spread
across all of it. The kernel maps a program's file in pages (on recent kernels, in whole page-cache folios), so
touching one function makes its neighbours resident too, and a serve that runs 1.3 MB of code kept 12 MiB of
the binary resident. Listing the functions serve runs, the idle loop's first, makes the linker (lld's
--symbol-ordering-file) put them side by side at the start of .text, where they share pages.

How: runs the binary's `serve` under valgrind's callgrind on the 16-sensor testbed (Benchmarks/serve_testbed.py,
private buses only), reads every property, calls Decide, Schedule, Cancel and Score once and has callgrind write
that profile (start-up and the request paths), then idles for --seconds at the default 1 s sample and has it
write a second (the sample loop). Every instruction that ran is mapped to the code section the linker put it in
(the link map build-release.sh writes beside the binary), and the sections are listed, the idle loop's first,
each group hottest first, each by a name that moves it. Names that later vanish from the code are ignored by
the linker, so a stale file costs memory, never a build; run this again after large changes.
"""

import argparse
import bisect
import collections
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'Benchmarks'))
from serve_testbed import ServeTestbed  # noqa: E402

# A name defined by several sections is listed only if none of them is larger than this.
SMALL_SECTION_BYTES = 16 * 1024


def exercise(bed):
    for name in ('Tier', 'LowPower', 'Reasons', 'HeadroomSeconds', 'Condition', 'Policy'):
        bed.get_property(name)
    with open(os.path.join(ROOT, 'Examples', 'requests', 'ring-explosion-haptic.json')) as handle:
        request = handle.read()
    with open(os.path.join(ROOT, 'Examples', 'patterns', 'ui-tap.ahap')) as handle:
        pattern = handle.read()
    bed.call('Decide', 's', request)
    ticket = bed.call('Schedule', 'sd', request, '30').split()[-1]
    bed.call('Cancel', 't', ticket)
    bed.call('Schedule', 'sd', request, '0.5')
    bed.call('Score', 'ss', pattern, 'phone')


def dump_profile(pid, output, timeout_seconds=600):
    """Asks callgrind (through vgdb) to write what it has counted since the last dump, and returns the file."""
    before = set(glob.glob(output + '.*'))
    subprocess.run(['callgrind_control', '--dump', str(pid)], check=True, capture_output=True)
    deadline = time.monotonic() + timeout_seconds
    while time.monotonic() < deadline:
        written = set(glob.glob(output + '.*')) - before
        if written:
            time.sleep(1)  # callgrind writes the file in pieces
            return written.pop()
        time.sleep(0.5)
    sys.exit('generate-order-file: callgrind wrote no profile within %d s' % timeout_seconds)


def executed_instructions(callgrind_output):
    """Instruction address → instructions run there, from callgrind's --dump-instr=yes output. Positions are
    `instr line`; an address is absolute (0x…), relative to the previous one (+n, -n) or the same (*)."""
    runs, last = collections.Counter(), 0
    with open(callgrind_output) as handle:
        for line in handle:
            if line.startswith('calls='):
                line = next(handle, '')  # the call site's cost line: counted with its instruction
            if not line[:1] or not (line[0].isdigit() or line[0] in '+-*'):
                continue
            fields = line.split()
            position = fields[0]
            if position == '*':
                address = last
            elif position[0] in '+-':
                address = last + int(position, 0)
            else:
                address = int(position, 0)
            last = address
            if len(fields) >= 3:
                runs[address] += int(fields[2])
    return runs


def input_sections(link_map):
    """The code sections the linker laid out, from its -Map: [(start, end, [symbols])], sorted by start."""
    sections, current = [], None
    with open(link_map) as handle:
        for line in handle:
            fields = line.split()
            if len(fields) == 5 and ':(.text' in fields[4]:
                start = int(fields[0], 16)
                current = (start, start + int(fields[2], 16), [])
                sections.append(current)
            elif len(fields) == 5 and fields[4].startswith(('<internal>', '/')):
                current = None  # another output section's input, or a non-code one
            elif len(fields) == 5 and current is not None:
                current[2].append(fields[4])
    sections.sort()
    return sections


def ordered_sections(idle_runs, start_runs, sections):
    """For each code section that ran, a name that moves it: first what the idle sample loop ran, hottest first,
    then what only start-up and the calls ran, hottest first. The loop's code is what stays resident for days, so
    it gets the first pages to itself; start-up's code follows, touched once. The linker moves every section
    that defines a listed name, so a name defined once is best. Many small functions (outlined copies,
    specialisations) are private copies each object keeps under one name: such a name is listed when every
    section defining it is small, as moving them all costs little; a name that a large section (a whole object
    built without function sections) also defines is not, as it would drag that object along."""
    definers = collections.defaultdict(list)
    for start, end, names in sections:
        for name in names:
            definers[name].append(end - start)
    starts = [section[0] for section in sections]

    def heat_of(runs):
        heat = collections.Counter()
        for address, count in runs.items():
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0 and address < sections[index][1]:
                heat[index] += count
        return heat

    idle, start = heat_of(idle_runs), heat_of(start_runs)
    ranked = sorted(idle.items(), key=lambda item: (-item[1], item[0]))
    ranked += sorted(((index, count) for index, count in start.items() if index not in idle),
                     key=lambda item: (-item[1], item[0]))
    ordered = []
    for index, _ in ranked:
        movable = [name for name in sections[index][2] if max(definers[name]) <= SMALL_SECTION_BYTES
                   or len(definers[name]) == 1]
        if movable:
            ordered.append(min(movable, key=lambda name: (sum(definers[name]), name)))
    return ordered, len(idle)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--binary', default=os.path.join(ROOT, '.build', 'release', 'temper'),
                        help='an unstripped release build (scripts/build-release.sh)')
    parser.add_argument('--map', default=None, help="the binary's link map (default: BINARY.map, which "
                        'scripts/build-release.sh writes)')
    parser.add_argument('--seconds', type=float, default=20, help='seconds to idle after the calls')
    parser.add_argument('--out', default=os.path.join(ROOT, 'packaging', 'temper.order'))
    options = parser.parse_args()
    link_map = options.map or options.binary + '.map'
    for path in (options.binary, link_map):
        if not os.path.exists(path):
            sys.exit('generate-order-file: %s is missing (run scripts/build-release.sh)' % path)
    if not shutil.which('valgrind'):
        sys.exit('generate-order-file: valgrind is not installed (apt-get install valgrind)')
    work = tempfile.mkdtemp(prefix='temper-order-')
    try:
        # valgrind cannot read the split DWARF 5 of a Swift build; the symbol table is all it needs.
        profiled = os.path.join(work, 'temper')
        subprocess.run(['strip', '--strip-debug', '-o', profiled, options.binary], check=True)
        output = os.path.join(work, 'callgrind.out')
        wrapper = ['valgrind', '--tool=callgrind', '--dump-instr=yes', '--callgrind-out-file=' + output]
        print('generate-order-file: running temper serve under callgrind (start-up takes a minute)', file=sys.stderr)
        with ServeTestbed(profiled, wrapper=wrapper, name_timeout_seconds=600) as bed:
            exercise(bed)
            start_profile = dump_profile(bed.serve.pid, output)
            time.sleep(options.seconds)
            idle_profile = dump_profile(bed.serve.pid, output)
        ordered, idle_count = ordered_sections(executed_instructions(idle_profile),
                                               executed_instructions(start_profile), input_sections(link_map))
        with open(options.out, 'w') as handle:
            handle.write('# The functions `temper serve` runs, its idle loop\'s first: lld --symbol-ordering-file input for\n'
                         '# scripts/build-release.sh. Generated by scripts/generate-order-file.py; do not edit.\n')
            handle.write('\n'.join(ordered) + '\n')
        print('generate-order-file: %d sections (%d of them run by the idle loop) into %s'
              % (len(ordered), idle_count, os.path.relpath(options.out, ROOT)), file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
