"""`tessera demo` opens a real window titled Tessera; the command line behaves as documented."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from atspi_driver import find_one, running  # noqa: E402
from e2e import TESSERA_BIN, WAIT_LIMIT, Failure, Tally, scratch_dir  # noqa: E402

results = Tally()


def version():
    out = subprocess.run([TESSERA_BIN, "--version"], capture_output=True, text=True, timeout=WAIT_LIMIT)
    if out.returncode != 0 or not out.stdout.startswith("tessera ") or len(out.stdout.split()[1].split(".")) != 3:
        raise Failure(f"--version printed {out.stdout!r} (exit {out.returncode})")


def bad_role_is_usage_error():
    out = subprocess.run([TESSERA_BIN, "bogus"], capture_output=True, text=True, timeout=WAIT_LIMIT)
    if out.returncode != 2 or "unknown word 'bogus'" not in out.stderr:
        raise Failure(f"exit {out.returncode}, stderr {out.stderr!r}")


def desk_needs_number():
    out = subprocess.run([TESSERA_BIN, "desk"], capture_output=True, text=True, timeout=WAIT_LIMIT)
    if out.returncode != 2 or "--desk" not in out.stderr:
        raise Failure(f"exit {out.returncode}, stderr {out.stderr!r}")


def bad_usage_exits_2_before_any_window():
    for args, says in ((["kiosk", "--database", "mysql://host/db"], "postgresql://"),
                       (["--desk", "abc"], "--desk"), (["demo", "--database", ""], "empty")):
        out = subprocess.run([TESSERA_BIN, *args], capture_output=True, text=True, timeout=WAIT_LIMIT)
        if out.returncode != 2 or says not in out.stderr:
            raise Failure(f"{args}: exit {out.returncode}, stderr {out.stderr!r}")


def demo_window():
    with running("demo") as (process, app):
        frame = find_one(app, role="frame", name="Tessera")
        if frame.name != "Tessera":
            raise Failure(f"window title {frame.name!r}")


def bad_theme_is_reported_and_the_default_used():
    theme = os.path.join(scratch_dir("tessera-theme-"), "store.theme")
    with open(theme, "w") as out:
        out.write("[primary]\nnormal-background = #zzzzzz\n")
    with running("demo", "--theme", theme, stderr=subprocess.PIPE, text=True) as (process, app):
        find_one(app, role="push button", name="Click & Collect")
    errors = process.stderr.read()
    if f"{theme}:2: [primary] normal-background" not in errors or "falling back to the default theme" not in errors:
        raise Failure(f"stderr was {errors!r}")


def run_without_display_explains():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run(["scripts/run-demo"], capture_output=True, text=True, env=env, timeout=WAIT_LIMIT)
    if out.returncode == 0 or "no display" not in out.stderr or "xvfb-run" not in out.stderr:
        raise Failure(f"exit {out.returncode}, stderr {out.stderr!r}")


results.check("tessera --version prints a semantic version", version)
results.check("an unknown role is a usage error (exit 2)", bad_role_is_usage_error)
results.check("the desk role asks for --desk", desk_needs_number)
results.check("bad options and database URLs exit 2 with a message, before any window", bad_usage_exits_2_before_any_window)
results.check("tessera demo opens a window titled Tessera (AT-SPI)", demo_window)
results.check("a bad theme file is reported with file, line and key; the app comes up on the default theme",
              bad_theme_is_reported_and_the_default_used)
results.check("make run without a display says so and how to run headless", run_without_display_explains)
results.finish()
