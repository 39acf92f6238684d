#!/usr/bin/env python3
"""Times Tessera against ThorVG on lottie-ios's largest sample animations (issue 33, item 6):
each file rendered at 1 thread, at the animation's own size (times --scale), the same frames by
both, process start included, and the geometric mean of the time ratios.

    pip install thorvg-python        # ThorVG's library (libthorvg) as PyPI ships it
    swift build -c release --product tessera [--static-swift-stdlib]
    LOTTIE_IOS_GIT=/work/.mirror/airbnb+lottie-ios/repo Scripts/lottie-speed.py [--count 20] [--frames 30]
        [--baseline /tmp/tessera-before]

The samples are lottie-ios's `Tests/Samples/**/*.json` (the `--count` largest files), read from
the fetched mirror into a temporary folder (nothing of lottie-ios is committed). Per file:

- Tessera: `tessera render FILE --threads 1 --frames N --fps F --size WxH --scale S --format rgba
  -o -`, frame k at the in point plus k / F seconds;
- ThorVG: Scripts/lottie-speed-thorvg.c, built here with `cc` against thorvg-python's libthorvg:
  `tvg_engine_init(0)` (no worker thread), a software canvas of the same size (ABGR8888S:
  straight alpha, as Tessera's rgba), the animation's frame k·fr / F, drawn and synced, each
  frame written out.

Both write raw RGBA frames, straight alpha, to /dev/null, so that neither pays for an encoder. F is the animation's
frame rate rounded (so, at a whole rate, every frame in turn); N is --frames, or fewer when the
animation is shorter. A first pass renders one frame of each with both and checks the size of what
comes out, and leaves out a file either cannot render. Then --rounds rounds, each timing every
file with both (which goes first alternates), wall clock around the process; the best of the
rounds is kept. CPU time (user + system, of the child) is shown too: on a loaded machine it moves
less than the wall clock. Ratios above 1 mean Tessera is slower. --baseline times a second tessera
binary (a copy of the one before a change) in the same rounds, the three in turn, and gives its
mean too: a change is judged against its baseline in the same sitting, never across sittings.

Process start counts: linked dynamically, `tessera` would spend about 15M instructions relocating
the symbols of libswiftCore, Foundation and ICU before `main`; Package.swift links the released
executable statically against them (`tessera --version`: 27.9M instructions dynamic, 13.3M static).
"""
import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

SAMPLES = "Tests/Samples/"
HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lottie-speed-thorvg.c")


def git(repo, *args):
    return subprocess.run(["git", f"--git-dir={repo}", *args], capture_output=True, check=True).stdout


def largest_samples(repo, count):
    """[(name, size in bytes)] of the `count` largest .json samples, largest first."""
    listing = git(repo, "ls-tree", "-r", "-l", "HEAD", SAMPLES).decode().splitlines()
    files = []
    for line in listing:
        meta, path = line.split("\t", 1)
        size = meta.split()[3]
        if path.endswith(".json") and size.isdigit():   # a blob missing from the mirror shows "BAD"
            files.append((path[len(SAMPLES):-len(".json")], int(size)))
    files.sort(key=lambda f: (-f[1], f[0]))
    return files[:count]


def thorvg_library(path):
    if path:
        return path
    try:
        import thorvg_python
    except ImportError:
        sys.exit("ThorVG not found: pip install thorvg-python, or give --thorvg-lib")
    return os.path.join(os.path.dirname(thorvg_python.__file__), "libthorvg-1.so")


def build_harness(library, folder):
    """The harness, linked against `library` through a link named by its SONAME in `folder` (the
    wheel ships libthorvg-1.so, whose SONAME is libthorvg-1.so.1)."""
    dynamic = subprocess.run(["readelf", "-d", library], capture_output=True, text=True, check=True).stdout
    soname = next((line.split("[")[1].split("]")[0] for line in dynamic.splitlines() if "(SONAME)" in line),
                  os.path.basename(library))
    os.symlink(os.path.abspath(library), os.path.join(folder, soname))
    out = os.path.join(folder, "lottie-speed-thorvg")
    subprocess.run(["cc", "-O2", HARNESS, "-o", out, f"-L{folder}", f"-l:{soname}", f"-Wl,-rpath,{folder}"], check=True)
    return out


def timed(command, output):
    """(wall seconds, child CPU seconds, exit status) of one run, standard output to `output`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(command, stdout=output, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, run.returncode, run.stderr.decode(errors="replace").strip()


def commands(args, harness, path, plan, frames):
    width, height, fps, step = plan

    def tessera(binary):
        return [binary, "render", path, "--threads", "1", "--frames", str(frames), "--fps", str(fps),
                "--size", f"{width}x{height}", "--scale", repr(args.scale), "--format", "rgba", "-o", "-", "-q"]

    thorvg = [harness, path, str(width), str(height), str(frames), repr(step)]
    runs = {"tessera": tessera(args.tessera), "thorvg": thorvg}
    if args.baseline:
        runs["baseline"] = tessera(args.baseline)
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tessera", default=".build/release/tessera")
    parser.add_argument("--baseline", help="another tessera binary to time in the same rounds (the one before a change)")
    parser.add_argument("--thorvg-lib", help="libthorvg to link (default: thorvg-python's)")
    parser.add_argument("--count", type=int, default=20, help="how many of the largest samples (default 20)")
    parser.add_argument("--frames", type=int, default=30, help="frames per file, at most (default 30)")
    parser.add_argument("--scale", type=float, default=1.0, help="pixels per point of the composition (default 1)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the best is kept (default 3)")
    parser.add_argument("--only", nargs="*", help="sample names (Issues/issue_2330) instead of the largest")
    args = parser.parse_args()
    repo = os.environ.get("LOTTIE_IOS_GIT")
    if not repo:
        sys.exit("set LOTTIE_IOS_GIT to the git directory of a lottie-ios mirror")
    samples = largest_samples(repo, 10**6 if args.only else args.count)
    if args.only:
        samples = [s for s in samples if s[0] in args.only]

    with tempfile.TemporaryDirectory() as folder:
        harness = build_harness(thorvg_library(args.thorvg_lib), folder)
        plans = {}
        for name, size in samples:
            data = git(repo, "show", f"HEAD:{SAMPLES}{name}.json")
            path = os.path.join(folder, name.replace("/", "-") + ".json")
            with open(path, "wb") as f:
                f.write(data)
            document = json.loads(data)
            width, height = round(document["w"] * args.scale), round(document["h"] * args.scale)
            fps = max(1, round(document["fr"]))
            frames = max(1, min(args.frames, math.floor((document["op"] - document["ip"]) * fps / document["fr"])))
            plan = (width, height, fps, document["fr"] / fps)
            # One frame of each, to a file whose size says that a whole frame came out.
            problems = []
            for who, command in commands(args, harness, path, plan, 1).items():
                check = os.path.join(folder, "check.rgba")
                with open(check, "wb") as out:
                    _, _, status, error = timed(command, out)
                if status != 0 or os.path.getsize(check) != width * height * 4:
                    problems.append(f"{who}: exit {status} {error.splitlines()[-1] if error else ''}".strip())
            if problems:
                print(f"left out  {name}: " + "; ".join(problems))
                continue
            plans[name] = (path, size, plan, frames)

        best = {name: {} for name in plans}
        with open(os.devnull, "wb") as null:
            for round_ in range(args.rounds):
                for index, (name, (path, _, plan, frames)) in enumerate(plans.items()):
                    order = list(commands(args, harness, path, plan, frames).items())
                    turn = (round_ + index) % len(order)
                    order = order[turn:] + order[:turn]
                    for who, command in order:
                        wall, cpu, status, error = timed(command, null)
                        if status != 0:
                            sys.exit(f"{who} failed on {name}: {error}")
                        previous = best[name].get(who)
                        if previous is None or wall < previous[0]:
                            best[name][who] = (wall, cpu)

    baseline = f" {'base ms':>10} {'B/V':>6}" if args.baseline else ""
    print(f"{'sample':<36} {'KB':>5} {'size':>9} {'frames':>6} {'Tessera ms':>10} {'ThorVG ms':>10} {'T/V':>6}"
          f" {'T/V cpu':>7}{baseline}")
    ratios, cpu_ratios, base_ratios, base_cpu_ratios = [], [], [], []
    for name, (path, size, plan, frames) in plans.items():
        (tw, tc), (vw, vc) = best[name]["tessera"], best[name]["thorvg"]
        ratios.append(tw / vw)
        cpu_ratios.append(tc / vc if vc > 0 else float("nan"))
        line = (f"{name:<36} {size // 1024:>5} {plan[0]:>4}x{plan[1]:<4} {frames:>6} {tw * 1000:>10.1f} {vw * 1000:>10.1f}"
                f" {ratios[-1]:>6.2f} {cpu_ratios[-1]:>7.2f}")
        if args.baseline:
            bw, bc = best[name]["baseline"]
            base_ratios.append(bw / vw)
            base_cpu_ratios.append(bc / vc if vc > 0 else float("nan"))
            line += f" {bw * 1000:>10.1f} {base_ratios[-1]:>6.2f}"
        print(line)
    for label, wall, cpu in [("Tessera", ratios, cpu_ratios), ("baseline", base_ratios, base_cpu_ratios)]:
        if not wall:
            continue
        mean = geometric_mean(wall)
        print(f"geometric mean of {label} / ThorVG over {len(wall)} files, best of {args.rounds} rounds: "
              f"{mean:.3f} wall clock, {geometric_mean(cpu):.3f} CPU time ({'Tessera faster' if mean < 1 else 'ThorVG faster'})")


def geometric_mean(ratios):
    valid = [r for r in ratios if r == r and r > 0]
    return math.exp(sum(math.log(r) for r in valid) / len(valid)) if valid else float("nan")


if __name__ == "__main__":
    main()
