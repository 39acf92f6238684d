#!/usr/bin/env python3
"""Scores Tessera's Lottie renders against Apple's: lottie-ios's snapshot tests render its sample
animations through its Core Animation engine on iOS (CoreGraphics), and keep the PNGs
(`Tests/__Snapshots__/SnapshotTests/testCoreAnimationRenderingEngine.NAME-P.png` at progress P =
0, 25, 50, 75, 100 %). This renders the same samples with `tessera render` at the same times and
sizes and compares them.

    # the fetched mirror of airbnb/lottie-ios (a bare git directory) and a release build
    LOTTIE_IOS_GIT=/work/.mirror/airbnb+lottie-ios/repo swift build -c release --product tessera
    LOTTIE_IOS_GIT=/work/.mirror/airbnb+lottie-ios/repo Scripts/lottie-fidelity.py [--only NAME...] [--keep DIR]

Progress p is the time p × (op − ip) / fr from the in point. Snapshots are 2 pixels per point,
the animation fitted (aspect kept) into 500 points on its longer side when larger; the render
takes the snapshot's size (rounded to whole pixels) and that scale (not the size over the
animation's width, which the rounding changes). Both are put over white; a frame matches when
under 1 % of its pixels differ by more than 8/255 in a channel. The score counts the 0–75 %
frames (100 % is the last frame, where players differ on what the out point shows). Needs
Pillow and NumPy.

The snapshots are drawn by `CALayer.render(in:)`, which does not draw the whole composition model
(layers turned about x or y, the luminosity blend mode): the renders are made with
`--render-in-context`, which draws what it draws.

Some snapshots are of samples that lottie-ios's tests render with value, image, text or font
providers of their own, crop to a viewport, or take at progresses or frames of their own (its
Tests/SnapshotConfiguration.swift): `SNAPSHOT_PROVIDERS` gives `tessera render` the same (--value,
--image, --text, --font, --viewport) and renders the same times. A sample configured there that
is not (a new one in the mirror) has its differing frames marked, and the score is given again
without them.

lottie-ios's snapshot tests register the fonts in its Tests/Samples/Fonts for the process
(`CTFontManagerRegisterFontsForURL`): every render gets them too (`--font-file`).

Nothing of lottie-ios is committed: the samples and fonts are read from the mirror into a
temporary folder.
"""
import argparse
import concurrent.futures
import io
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

PROGRESSES = [0, 25, 50, 75]
SNAPSHOTS = "Tests/__Snapshots__/SnapshotTests"


def git(repo, *args):
    return subprocess.run(["git", f"--git-dir={repo}", *args], capture_output=True, check=True).stdout


def over_white(image):
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64) / 255
    return rgba[..., :3] * rgba[..., 3:4] + (1 - rgba[..., 3:4])


def compare(apple, ours):
    """The share of pixels that differ by more than 8/255 in a channel, over white."""
    a, b = over_white(apple), over_white(ours)
    if a.shape != b.shape:
        return 1.0
    return float(np.mean(np.any(np.abs(a - b) > 8 / 255, axis=2)))


FONTS = "Tests/Samples/Fonts"


def font_arguments(repo, folder):
    """`--font-file` for each font of the mirror's Tests/Samples/Fonts, copied into `folder`."""
    arguments = []
    for line in git(repo, "ls-tree", "-r", "--name-only", "HEAD", FONTS).decode().splitlines():
        if line.lower().endswith((".ttf", ".otf")):
            path = os.path.join(folder, os.path.basename(line))
            with open(path, "wb") as f:
                f.write(git(repo, "show", f"HEAD:{line}"))
            arguments.append(f"--font-file={path}")
    return arguments


def score_sample(repo, tessera, name, json_bytes, folder, keep, fonts):
    """[(progress, share of differing pixels or None when not rendered, message)]."""
    path = os.path.join(folder, name.replace("/", "-") + ".json")
    with open(path, "wb") as f:
        f.write(json_bytes)
    try:
        document = json.loads(json_bytes)
        duration = (document["op"] - document["ip"]) / document["fr"]
        # lottie-ios's snapshotSize(for:): the longer side (the height for a square) clamped to
        # 500 points, the other in proportion, at 2 pixels per point. The image's size is that
        # rounded to whole pixels, so the scale comes from the points, not from the image.
        longer = max(document["w"], document["h"])
        scale = 2 * min(longer, 500) / longer
    except Exception as error:  # noqa: BLE001 - any malformed sample is reported, not fatal
        return [(p, None, f"unreadable: {error}") for p in PROGRESSES]
    results = []
    extra = provider_arguments(repo, name, folder)
    for p, time in snapshot_times(name, document, duration):
        snapshot = f"{SNAPSHOTS}/testCoreAnimationRenderingEngine.{name.replace('/', '-')}-{p}.png"
        try:
            apple = Image.open(io.BytesIO(git(repo, "show", f"HEAD:{snapshot}")))
        except subprocess.CalledProcessError:
            continue
        out = os.path.join(folder, f"{name.replace('/', '-')}-{p}.png")
        command = [tessera, "render", path, "--time", repr(time), "--size", f"{apple.width}x{apple.height}",
                   "--scale", repr(scale), "--background", "white", "-q", "-o", out, *extra, *fonts, *reference_renderer_options()]
        run = subprocess.run(command, capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            results.append((p, None, run.stderr.strip().splitlines()[-1] if run.stderr.strip() else f"exit {run.returncode}"))
            continue
        share = compare(apple, Image.open(out))
        results.append((p, share, ""))
        if keep:
            os.makedirs(keep, exist_ok=True)
            apple.save(os.path.join(keep, f"{name.replace('/', '-')}-{p}-apple.png"))
            Image.open(out).save(os.path.join(keep, f"{name.replace('/', '-')}-{p}-tessera.png"))
    return results


def reference_renderer_options():
    """The snapshots are drawn by `CALayer.render(in:)` (lottie-ios's
    Tests/Utils/Snapshotting+presentationLayer.swift renders the presentation layer into a
    `CGContext`), not composited on screen: Tessera draws as it does."""
    return ["--render-in-context"]


# lottie-ios's snapshot configuration (its Tests/SnapshotConfiguration.swift), per sample, as
# `tessera render` options: the value providers (colors as #RRGGBB[AA], keyframes FRAME:VALUE;…),
# image, text and font providers and viewports its snapshots were made with.
BLACK, RED = "#000000", "#FF0000"
SWITCH = ["Checkmark Outlines.Group 1.Stroke 1.Color=" + BLACK, "Checkmark Outlines 2.Group 1.Stroke 1.Color=" + BLACK,
          "X Outlines.Group 1.Stroke 1.Color=" + BLACK,
          # LottieColor(r: 0.76, g: 0.76, b: 0.76) at frame 75: 0.76 × 255 = 193.8, written C2.
          "Switch Outline Outlines.Fill 1.Color=0:#000000;75:#C2C2C2;150:#000000"]
SNAPSHOT_PROVIDERS = {
    "Nonanimating/Text_Color": {"values": ["**.TEXT.Color=" + RED]},
    "Nonanimating/keypathTest": {"values": ["**.Stroke 1.Color=" + BLACK, "**.Fill 1.Color=" + RED]},
    "Switch": {"values": SWITCH},
    "Issues/issue_1837_opacity": {"values": ["Dark Gray Solid 1.Transform.Opacity=10"]},
    "Issues/issue_1837_scale_rotation": {"values": ["H2.Transform.Scale=200,150", "H2.Transform.Rotation=90"]},
    "Issues/issue_2042": {"values": ["MASTER.Transform.Position=214,120"]},
    "Issues/issue_1664": {"values": ["**.base_color.**.Color=" + BLACK]},
    "Issues/issue_1854": {"values": ["**.Colors=#00000000@0,#FFFFFF80@0.3,#FFFFFFFF@1"]},
    # (0.5, 0.5, 1) and (0.2, 0.6, 0.7): 127.5 written 80, 178.5 written B3.
    "Issues/issue_2677": {"values": ["**.**.**.Colors=#8080FF@0.1,#3399B3@0.5"]},
    "Issues/issue_1847": {"values": ["**.Stroke 1.**.Color=" + RED]},
    "Issues/issue_2150": {"values": ["**.Color=" + RED]},
    "Issues/issue_2094": {"values": ["**.Stroke Width=2"]},
    "Issues/issue_2262": {"values": ["**.Accent.**.Color=" + BLACK]},
    "TypeFace/G": {"values": ["G 2.Ellipse 1.Stroke 1.Color=" + RED, "G Outlines 3.G.Fill 1.Color=" + RED,
                              "Shape Layer 18.Shape 1.Stroke 2.Color=" + RED]},
    # HardcodedImageProvider: the one image for every asset, aspect filled.
    "Nonanimating/dog": {"image": "Tests/Samples/Images/dog.png", "progresses": [0]},
    "Nonanimating/dog_landscape": {"image": "Tests/Samples/Images/dog-landscape.jpeg", "progresses": [0]},
    "Issues/issue_1722": {"texts": ["**=Bounce-bounce"]},
    "Issues/issue_1949_full_paths": {"texts": ["ENVELOPE-FRONT.sender_username=Lottie", "ENVELOPE-FRONT.From=Airbnb (front)",
                                              "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.sender_username=Airbnb (back)",
                                              "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.custom_text=Text providers are cool!"],
                                    "progresses": [30, 75]},
    "Issues/issue_1949_short_paths": {"texts": ["sender_username=Lottie", "From=Airbnb", "custom_text=Text providers are cool!"],
                                     "progresses": [30, 75]},
    "Issues/issue_2209": {"frames": [4.999, 5.0, 9.9999999, 10]},
    "Issues/issue_2226": {"frames": [19.25, 113]},
    # Chalkduster, an Apple font, is not here: the text is set in the font found for the name.
    "Nonanimating/Text_Glyph": {"font": "Chalkduster:36"},
    # CGRect(x: 0, y: 0, width: 85, height: 85).insetBy(dx: 10, dy: 10)
    "Issues/issue_2310": {"viewport": "10,10,65,65"},
}

# Why frames of samples configured above still differ, where it is known (as KNOWN_CAUSES).
CONFIGURED_CAUSES = {
    "Nonanimating/Text_Glyph": ("fonts", "text in Chalkduster, the font lottie-ios's test provides (an Apple font)"),
    "Nonanimating/dog": ("tessera", "an image scaled down: CoreGraphics' minification is not bilinear, and not modelled"),
    "Nonanimating/dog_landscape": ("tessera", "an image filling its layer (aspect fill), magnified: interpolated as CoreGraphics "
                                   "interpolates (1.2 % off, 7.2 % with bilinear); the rest not found"),
}


def snapshot_times(name, document, duration):
    """[(the snapshot's suffix, seconds from the in point)]: progress P % (0, 25, 50, 75, or the
    sample's own progresses), or frame F (`Frame-4`) where lottie-ios snapshots frames."""
    configuration = SNAPSHOT_PROVIDERS.get(name, {})
    if "frames" in configuration:
        return [(f"Frame-{int(f)}", (f - document["ip"]) / document["fr"]) for f in configuration["frames"]]
    return [(p, p / 100 * duration) for p in configuration.get("progresses", PROGRESSES)]


def provider_arguments(repo, name, folder):
    """The `tessera render` options that configure sample `name` as lottie-ios's snapshot tests do."""
    configuration = SNAPSHOT_PROVIDERS.get(name, {})
    arguments = [f"--value={v}" for v in configuration.get("values", [])]
    arguments += [f"--text={t}" for t in configuration.get("texts", [])]
    if "image" in configuration:
        image = os.path.join(folder, name.replace("/", "-") + "-" + os.path.basename(configuration["image"]))
        with open(image, "wb") as f:
            f.write(git(repo, "show", f"HEAD:{configuration['image']}"))
        arguments += [f"--image=*={image}", "--image-gravity=resizeAspectFill"]
    if "font" in configuration:
        arguments.append(f"--font={configuration['font']}")
    if "viewport" in configuration:
        arguments.append(f"--viewport={configuration['viewport']}")
    return arguments


PROVIDED = ("customValueProviders", "customImageProvider", "customTextProvider", "customFontProvider",
            "customViewportFrame")


def provided_samples(repo):
    """The samples lottie-ios's snapshot tests render with a value, image, text or font provider of
    the test's own, or cropped to a viewport (Tests/SnapshotConfiguration.swift's customMapping):
    what the snapshot shows is not in the file, so no player of the file alone can match it."""
    try:
        source = git(repo, "show", "HEAD:Tests/SnapshotConfiguration.swift").decode()
    except subprocess.CalledProcessError:
        return set()
    mapping = source[source.find("customMapping"):]
    mapping = mapping[:mapping.find("\n  ]\n")]
    # Each entry starts with its quoted name at the start of a line: `"Issues/issue_1837_opacity": .custom…`.
    entries = re.split(r'\n\s*"([^"]+)":', mapping)
    return {entries[i] for i in range(1, len(entries) - 1, 2) if any(key in entries[i + 1] for key in PROVIDED)}


# The text of lottie-ios's pr_2436 samples, in its registered test font: drawn as render(in:) draws a
# text layer's backing store (glyph origins on its pixels, minified by CoreGraphics' resampling), the
# samples with one text layer match; the one with two cross-fading layers does not.
CEREAL_OVERLAID = ("text in Airbnb Cereal (lottie-ios's test font, registered) drawn as CoreGraphics draws the text layer's "
                   "backing store; two text layers, Book and Medium, cross-fade over each other: not found (1.4 % at 0 %, "
                   "was 1.9 %); text animators (lottie-ios's Core Animation engine skips them too)")

# Why the other samples' frames differ, where it is known: found by looking at both renders and
# at lottie-ios's Core Animation engine, and checked where the check is named. "lottie-ios": the
# snapshot shows what lottie-ios's engine does short of the file (Tessera draws the file);
# "fonts": text drawn with Apple's fonts (lottie-ios's engine never draws a file's glyphs);
# "tessera": what Tessera does not do yet.
KNOWN_CAUSES = {
    "LottieFiles/fireworks": ("lottie-ios", "per-dimension easing: lottie-ios eases every dimension with the first one's "
                              "handles (with the file's y handles set to x's, Tessera's frames match exactly)"),
    "Issues/issue_1887": ("lottie-ios", "lottie-ios's render groups draw a stroke once per fill listed before it: twice, "
                          "once above the fill"),
    "Issues/pr_1632_1": ("lottie-ios", "a hold keyframe followed by an eased one: lottie-ios makes a one-value discrete "
                         "CAKeyframeAnimation of it, which Core Animation leaves unapplied (the base opacity, 100 %, shows)"),
    "Issues/pr_1632_2": ("lottie-ios", "a hold segment of two keyframes, left unapplied as in pr_1632_1"),
    "Issues/issue_2066": ("lottie-ios", "a hold segment left unapplied as in pr_1632_1: the face's null untransformed, at "
                          "scale 1, not -0.27 (with its transform so set, Tessera's 25 % frame matches, 0.2 % off)"),
    "Issues/issue_1717": ("lottie-ios", "gradient layers the precomposition's size (1644x7208) plus 10,000 points: Core "
                          "Animation stretches the unit-square gradient and tilts it; Tessera keeps them square"),
    "Issues/issue_2094": ("lottie-ios", "a layer with a negative x scale: lottie-ios animates its whole transform as matrices, "
                          "which Core Animation interpolates by decomposition, the rotation from 180 to 450 degrees the short way "
                          "(-90) and the translation in a straight line (with the transform so interpolated, Tessera's 25 % frame "
                          "matches, 0.1 % off)"),
    "TypeFace/C": ("lottie-ios", "frame 16, where layers begin and end: the snapshot shows the layers of just before it (Core "
                   "Animation's time a rounding short of the frame; Tessera's frame 15.999 matches, 0.8 % off)"),
    "Issues/issue_2545": ("fonts", "SF Pro text, animated (lottie-ios shows the first keyframe's text)"),
    "Issues/pr_2436_text_animator_overlaid": ("unknown", CEREAL_OVERLAID),
    "Issues/pr_2559": ("fonts", "\"AirbnbCereal-Medium\" is no registered font's PostScript name (the test font's is "
                       "AirbnbCerealApp-Medium): CoreText sets it in Helvetica, not installed here; 3D layers and drop "
                       "shadows over it"),
    "Nonanimating/Text_AnimatedProperties": ("fonts", "text in Avenir Next"),
    "Nonanimating/Text_NoAscentOrLineHeight": ("fonts", "text in Avenir Next"),
    "Nonanimating/Text_NoGlyph": ("fonts", "text in Avenir Next"),
    "Nonanimating/verifyLineHeight": ("fonts", "text in Oswald"),
    "Nonanimating/blend_mode_test": ("fonts", "Helvetica labels (render(in:) draws the luminosityBlendMode layer as a normal "
                                     "one, as --render-in-context does)"),
    "Issues/issue_1855": ("tessera", "WebP images (Tessera decodes PNG and JPEG)"),
    "Issues/issue_1882": ("tessera", "images turned and scaled by about 1: the magnified ones interpolated as CoreGraphics "
                          "interpolates (1.2 % off, 1.9 % bilinear), the minified ones bilinear (CoreGraphics' minification "
                          "not modelled)"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tessera", default=".build/release/tessera")
    parser.add_argument("--only", nargs="*", help="sample names (Issues/issue_1169), all by default")
    parser.add_argument("--keep", help="a folder for both renders of each frame")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    repo = os.environ.get("LOTTIE_IOS_GIT")
    if not repo:
        sys.exit("set LOTTIE_IOS_GIT to the git directory of a lottie-ios mirror")
    names = [line[len("Tests/Samples/"):-len(".json")] for line in git(repo, "ls-tree", "-r", "--name-only", "HEAD", "Tests/Samples").decode().splitlines()
             if line.endswith(".json")]
    if args.only:
        names = [n for n in names if n in args.only]
    with tempfile.TemporaryDirectory() as folder, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        fonts = font_arguments(repo, folder)
        jobs = {}
        for name in names:
            try:
                data = git(repo, "show", f"HEAD:Tests/Samples/{name}.json")
            except subprocess.CalledProcessError:
                continue
            jobs[name] = pool.submit(score_sample, repo, args.tessera, name, data, folder, args.keep, fonts)
        matched = total = 0
        differing = []
        for name, job in sorted(jobs.items()):
            for p, share, message in job.result():
                total += 1
                if share is not None and share < 0.01:
                    matched += 1
                else:
                    differing.append((name, p, share, message))
    provided = provided_samples(repo) - set(SNAPSHOT_PROVIDERS)
    causes = {}
    for name, p, share, message in differing:
        cause = (("providers", "a snapshot made with lottie-ios's own providers or viewport") if name in provided
                 else KNOWN_CAUSES.get(name) or CONFIGURED_CAUSES.get(name, ("unknown", "")))
        causes[cause[0]] = causes.get(cause[0], 0) + 1
        print(f"differs  {name} {p}{'%' if isinstance(p, int) else ''}: " + (f"{share * 100:.1f} % of pixels" if share is not None else message)
              + (f"  ({cause[0]}: {cause[1]})" if cause[1] else ""))
    print(f"matched {matched} of {total} frames ({100 * matched / max(total, 1):.1f} %)")
    print("  differing frames by cause: " + ", ".join(f"{k} {v}" for k, v in sorted(causes.items(), key=lambda c: -c[1])))
    provided_total = sum(len(job.result()) for name, job in jobs.items() if name in provided)
    provided_differing = sum(1 for d in differing if d[0] in provided)
    if provided_total:
        rest_total, rest_matched = total - provided_total, matched - (provided_total - provided_differing)
        print(f"  {provided_total} frames of {sum(1 for n in jobs if n in provided)} samples are snapshots with lottie-ios's "
              f"value, image, text or font providers or a viewport ({provided_total - provided_differing} of them match); "
              f"without them: matched {rest_matched} of {rest_total} frames ({100 * rest_matched / max(rest_total, 1):.1f} %)")


if __name__ == "__main__":
    main()
