#!/usr/bin/env python3
"""Per-frame costs from two callgrind runs of the bench: one of 1 frame, one of 3 (after the same
setup), so that (3-frame - 1-frame) / 2 is one steady frame.

    objcopy --strip-debug .build/release/bench /tmp/bench     # valgrind fails on the debug info
    for f in 1 3; do
      valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/tmp/cg.$f \\
        /tmp/bench --scene layer-tree --frames $f --warmup 0 --threads 1
    done
    Scripts/callgrind-frame.py functions /tmp/cg.1 /tmp/cg.3            # self cost, by function
    Scripts/callgrind-frame.py functions /tmp/cg.1 /tmp/cg.3 --inclusive
    Scripts/callgrind-frame.py callers /tmp/cg.1 /tmp/cg.3 swift_retain  # who calls it, how often

With --branch-sim=yes, `functions` also gives the mispredicted conditional branches (Bcm), and
`branches FILE FUNCTION` (a run with --dump-instr=yes too) lists a function's worst branches by
address, to read against `objdump -d`. Mispredictions cost this rasterizer more time than their
instruction counts suggest: check a change with perf samples, not instructions alone.
"""
import argparse
import collections
import re
import subprocess


def function_costs(path, inclusive):
    """{function: [event totals]} and the event names, from callgrind_annotate."""
    out = subprocess.run(["callgrind_annotate", "--threshold=100", f"--inclusive={'yes' if inclusive else 'no'}", path],
                         capture_output=True, text=True, check=True).stdout
    events, costs = [], {}
    for line in out.splitlines():
        if line.startswith("Events shown:"):
            events = line.split(":", 1)[1].split()
            continue
        # "1,234 (5.0%)  2,345 (1.0%)  .  name" : numbers with percentages, or "." for none.
        fields = re.findall(r"([\d,]+) \([^)]*\)|(?<!\S)\.(?!\S)", line)
        if not events or len(fields) < len(events):
            continue
        rest = re.sub(r"^\s*(?:(?:[\d,]+ \([^)]*\)|\.)\s+){%d}" % len(events), "", line)
        if rest == line:
            continue
        values = [int(f.replace(",", "")) if f else 0 for f in fields[:len(events)]]
        costs[rest.strip()] = values
    return events, costs


def per_frame(one, three):
    keys = set(one) | set(three)
    zero = [0] * len(next(iter(three.values())))
    return {k: [(b - a) / 2 for a, b in zip(one.get(k, zero), three.get(k, zero))] for k in keys}


def show_functions(args):
    events, one = function_costs(args.one, args.inclusive)
    _, three = function_costs(args.three, args.inclusive)
    frame = per_frame(one, three)
    sort = events.index(args.sort) if args.sort in events else 0
    rows = sorted(frame.items(), key=lambda kv: kv[1][sort], reverse=True)[:args.count]
    print("  ".join(f"{e:>10}" for e in events) + "  function (per frame)")
    for name, values in rows:
        print("  ".join(f"{v / 1e6:9.3f}M" if e == "Ir" else f"{v / 1e3:9.1f}k" for e, v in zip(events, values))
              + "  " + re.sub(r"^\?\?\?:", "", name)[:140])


def call_costs(path, callee):
    """{caller: (calls, inclusive Ir of the calls)} for calls to functions whose name starts with `callee`."""
    names, calls, costs = {}, collections.Counter(), collections.Counter()
    current = called = None
    count, pending = 0, False

    def name(token):
        m = re.match(r"\((\d+)\)(?: (.*))?", token)
        if not m:
            return token
        if m.group(2):
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), "?")

    with open(path) as file:
        for line in file:
            if line.startswith("fn="):
                current = name(line[3:].strip())
            elif line.startswith("cfn="):
                called = name(line[4:].strip())
            elif line.startswith("calls="):
                count, pending = int(line[6:].split()[0]), True
            elif pending and line[:1].isdigit() or pending and line[:1] in "+-*":
                if called and called.startswith(callee):
                    calls[current] += count
                    costs[current] += int(line.split()[1])
                pending = False
    return calls, costs


def show_callers(args):
    calls1, costs1 = call_costs(args.one, args.callee)
    calls3, costs3 = call_costs(args.three, args.callee)
    rows = {k: ((calls3[k] - calls1[k]) / 2, (costs3[k] - costs1[k]) / 2) for k in set(calls3) | set(calls1)}
    for caller, (calls, cost) in sorted(rows.items(), key=lambda kv: kv[1][1], reverse=True)[:args.count]:
        print(f"{cost / 1e6:9.3f}M {calls:9.0f} calls  {caller[:140]}")


def show_branches(args):
    """Mispredicted conditional branches of one function, by instruction address (whole run)."""
    names, missed, executed = {}, collections.Counter(), collections.Counter()
    inside, pending, address = False, False, 0
    with open(args.file) as file:
        for line in file:
            if line.startswith(("fn=", "cfn=")):
                m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if m and m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("fn="):
                    inside = m is not None and args.function in names.get(m.group(1), "")
                continue
            if line.startswith("calls="):
                pending = True
                continue
            if not line[:1].isdigit() and line[:1] not in "+-*":
                continue
            fields = line.split()
            position = fields[0]
            if position.startswith("0x"):
                address = int(position, 16)
            elif position[0] in "+-":
                address += int(position)
            if pending:
                pending = False
                continue
            values = [int(v) for v in fields[2:]]   # positions: instr line; events: Ir Bc Bcm Bi Bim
            if inside and len(values) >= 3:
                executed[address] += values[1]
                missed[address] += values[2]
    print(f"mispredicted in all: {sum(missed.values())}")
    for address, count in missed.most_common(args.count):
        print(f"{address:#x}  {count:9d} of {executed[address]:9d}  ({100 * count / max(executed[address], 1):.0f}%)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(required=True)
    functions = sub.add_parser("functions", help="per-frame cost by function")
    functions.add_argument("one"), functions.add_argument("three")
    functions.add_argument("--inclusive", action="store_true")
    functions.add_argument("--sort", default="Ir", help="event to sort by (Ir, Bcm, ...)")
    functions.add_argument("--count", type=int, default=30)
    functions.set_defaults(run=show_functions)
    callers = sub.add_parser("callers", help="per-frame calls to a function, by caller")
    callers.add_argument("one"), callers.add_argument("three"), callers.add_argument("callee")
    callers.add_argument("--count", type=int, default=20)
    callers.set_defaults(run=show_callers)
    branches = sub.add_parser("branches", help="a function's mispredicted branches by address")
    branches.add_argument("file"), branches.add_argument("function")
    branches.add_argument("--count", type=int, default=15)
    branches.set_defaults(run=show_branches)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
