#!/usr/bin/env python3
"""Renders SVG files with rsvg-convert on a canvas padded around their viewBox and reports any that draw
outside it (text or shapes the image edge would clip).

Usage: svg_overflow.py FILE.svg ...   Prints one line per file that overflows; exit 1 if any does,
2 when rsvg-convert or Pillow is missing (install librsvg2-bin and pillow; scripts/setup.sh does).
"""
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

PAD = 200  # px of margin on every side: anything drawn there would be clipped in the real image

def main(paths):
    if shutil.which("rsvg-convert") is None:
        print("rsvg-convert not found (apt-get install librsvg2-bin)", file=sys.stderr)
        return 2
    try:
        from PIL import Image
    except ImportError:
        print("Pillow not found (pip install pillow)", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            text = open(path, encoding="utf-8").read()
            m = re.search(r'width="([0-9.]+)" height="([0-9.]+)" viewBox="0 0 ([0-9.]+) ([0-9.]+)"', text)
            if not m:
                print(f"{path}: no width/height/viewBox='0 0 W H' on the root element")
                failures += 1
                continue
            w, h = float(m.group(3)), float(m.group(4))
            padded = text.replace(m.group(0), f'width="{w + 2 * PAD}" height="{h + 2 * PAD}" '
                                              f'viewBox="{-PAD} {-PAD} {w + 2 * PAD} {h + 2 * PAD}"', 1)
            svg = os.path.join(tmp, "padded.svg")
            png = os.path.join(tmp, "padded.png")
            open(svg, "w", encoding="utf-8").write(padded)
            subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
            image = Image.open(png).convert("RGBA")
            alpha = image.getchannel("A")
            # Whole pixels covering the image, so an anti-aliased fractional edge is not taken for overflow.
            inner = (PAD, PAD, math.ceil(PAD + w), math.ceil(PAD + h))
            # Blank the image's own area; whatever is left was drawn outside it.
            alpha.paste(0, inner)
            box = alpha.point(lambda a: 255 if a > 16 else 0).getbbox()
            if box:
                left, top, right, bottom = (box[0] - PAD, box[1] - PAD, box[2] - PAD, box[3] - PAD)
                print(f"{path}: drawn outside the {w:g}×{h:g} image, within x {left}…{right}, y {top}…{bottom}")
                failures += 1
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
