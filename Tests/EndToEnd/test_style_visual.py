#!/usr/bin/python3
"""Visual regression for the button styles: renders `tessera gallery --output` for each theme
and compares every PNG with Tests/EndToEnd/reference/<theme>/ using ImageMagick `compare`.

A file passes when its size matches and at most 0.5 % of its pixels differ by more than 3 %
(anti-aliasing noise). On failure the diff image is written to $TESSERA_VISUAL_DIFF_DIR
(default .build/visual-diff/<theme>/<name>). Run under scripts/headless; the binary is
$TESSERA_BIN (default .build/debug/tessera). To accept a deliberate change, regenerate:
    scripts/headless .build/debug/tessera gallery --theme <theme> --output Tests/EndToEnd/reference/<theme>
Prints "N passed, M failed" last and exits non-zero on any failure.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import WAIT_LIMIT, Tally  # noqa: E402
from visual import matches  # noqa: E402

BINARY = os.environ.get("TESSERA_BIN", ".build/debug/tessera")
HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "reference")
DIFF_DIR = os.environ.get("TESSERA_VISUAL_DIFF_DIR", os.path.join(".build", "visual-diff"))
THEMES = ["default", "high-contrast"]
tally = Tally()
check = tally.expect


def check_theme(theme, output):
    render = subprocess.run([BINARY, "gallery", "--theme", theme, "--output", output], capture_output=True, text=True,
                            timeout=WAIT_LIMIT)
    check(render.returncode == 0, f"{theme}: gallery rendered (exit {render.returncode}) {render.stderr.strip()}")
    expected_dir = os.path.join(REFERENCE, theme)
    expected = sorted(f for f in os.listdir(expected_dir) if f.endswith(".png"))
    produced = sorted(f for f in os.listdir(output) if f.endswith(".png")) if os.path.isdir(output) else []
    check(len(expected) >= 19, f"{theme}: {len(expected)} reference images")
    check(produced == expected, f"{theme}: the same files as the references")
    for name in expected:
        rendered = os.path.join(output, name)
        reference = os.path.join(expected_dir, name)
        if not os.path.exists(rendered):
            check(False, f"{theme}/{name}: rendered")
            continue
        ok, found = matches(reference, rendered, os.path.join(DIFF_DIR, theme, name.replace(".png", "-diff.png")))
        check(ok, f"{theme}/{name}: {found}")


def main():
    for theme in THEMES:
        with tempfile.TemporaryDirectory(prefix=f"tessera-visual-{theme}-") as output:
            check_theme(theme, output)


if __name__ == "__main__":
    tally.run(main)
