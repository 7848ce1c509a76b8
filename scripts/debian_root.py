"""A fresh Debian 12 root for make deb-check and make vm-check, from the archive this machine's apt uses.

`debootstrap --variant=minbase bookworm` runs once into a tarball (cached under .build/deb-check);
each root is unpacked from it. apt's downloaded packages are cached there too, so the two checks
fetch each package once. Needs root (debootstrap, chroot, mount)."""
import glob
import os
import re
import shutil
import subprocess

SUITE = "bookworm"
CACHE = os.path.abspath(".build/deb-check")
TARBALL = os.path.join(CACHE, "minbase-bookworm.tgz")
ARCHIVES = os.path.join(CACHE, "apt-archives")
# Services a package's maintainer scripts would start in the root run on this machine instead
# (seatd's init script, for one): policy-rc.d's 101 means "not allowed" to invoke-rc.d.
POLICY_RC_D = "#!/bin/sh\n# Written by scripts/debian_root.py: no service starts while packages install in a root.\nexit 101\n"


def run(*command, **options):
    return subprocess.run(command, check=True, text=True, **options)


def archive_uri():
    """The Debian archive this machine's apt uses for the bookworm suite (deb822 or one-line format)."""
    for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")) + ["/etc/apt/sources.list"] + \
            sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
        if not os.path.exists(path):
            continue
        text = open(path).read()
        for stanza in re.split(r"\n\s*\n", text):
            fields = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, re.M))
            if SUITE in fields.get("Suites", "").split() and "deb" in fields.get("Types", "").split():
                return fields["URIs"].split()[0]
        for line in text.splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[0] == "deb" and parts[2] == SUITE and "[" not in parts[1]:
                return parts[1]
    raise RuntimeError(f"no '{SUITE}' archive in /etc/apt/sources.list*")


def mounted(root):
    return [line.split()[1] for line in open("/proc/mounts") if line.split()[1].startswith(root + "/")]


def unmount_all(root):
    for point in sorted(mounted(root), key=len, reverse=True):
        subprocess.run(["umount", "-l", point], check=False)


def fresh_root(root):
    """Unpacks a minbase root at `root` (removing what was there) and mounts /proc, /dev, /sys and
    the apt cache into it; returns the archive's URI. Call unmount_all(root) when done."""
    unmount_all(root)
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(CACHE, exist_ok=True)
    mirror = archive_uri()
    if not os.path.exists(TARBALL):
        scratch = os.path.join(CACHE, "tarball-work")
        shutil.rmtree(scratch, ignore_errors=True)
        run("debootstrap", "--variant=minbase", f"--make-tarball={TARBALL}", SUITE, scratch, mirror,
            stdout=subprocess.DEVNULL)
        shutil.rmtree(scratch, ignore_errors=True)
    run("debootstrap", "--variant=minbase", f"--unpack-tarball={TARBALL}", SUITE, root, mirror,
        stdout=subprocess.DEVNULL)
    run("mount", "-t", "proc", "proc", os.path.join(root, "proc"))
    for target in ("dev", "sys"):
        run("mount", "--rbind", "/" + target, os.path.join(root, target))
    os.makedirs(os.path.join(ARCHIVES, "partial"), exist_ok=True)
    run("mount", "--bind", ARCHIVES, os.path.join(root, "var/cache/apt/archives"))
    shutil.copy("/etc/resolv.conf", os.path.join(root, "etc/resolv.conf"))
    policy = os.path.join(root, "usr/sbin/policy-rc.d")
    with open(policy, "w") as file:
        file.write(POLICY_RC_D)
    os.chmod(policy, 0o755)
    return mirror


def chroot(root, *command, user=None, env=None, check_status=True):
    """Runs a command inside `root` (as `user` if given) and returns its CompletedProcess."""
    prefix = ["chroot", root]
    if user:
        prefix += ["runuser", "-u", user, "--"]
    environment = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root", "LANG": "C.UTF-8",
                   "DEBIAN_FRONTEND": "noninteractive", **(env or {})}
    result = subprocess.run([*prefix, "env", "-i", *[f"{k}={v}" for k, v in environment.items()], *command],
                            text=True, capture_output=True)
    if check_status and result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result
