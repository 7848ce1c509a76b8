"""make vm-check, the image: a Debian 12 store terminal as a disk image QEMU boots.

A minbase root (scripts/debian_root.py) with what a real terminal runs: systemd as init, logind,
udev, D-Bus, Debian's kernel and initramfs; then the package, installed by apt with exactly its
own Depends and Recommends, and `tessera@ROLE.service` enabled. What the check adds is listed in
TEST_ONLY and is never part of the package:
  - vm-check-agent.service: a shell on the virtio-serial port the check talks through;
  - the drop-in tessera@.service.d/vm-check.conf: cage's software renderer (cage's GL path
    crashes under QEMU's emulated CPU) and the debug hook that stalls the main loop on SIGUSR1;
  - instruments to look with: systemd-coredump (coredumpctl), sqlite3 (PRAGMA integrity_check),
    and a persistent journal (/var/log/journal), so that a boot's story survives a power cut.
The filesystem is made straight from the root directory (mkfs.ext4 -d): no loop mounts."""
import glob
import os
import shutil
import subprocess

import debian_root

BASE_PACKAGES = ["systemd-sysv", "udev", "dbus", "libpam-systemd", "kmod", "linux-image-amd64",
                 "initramfs-tools"]
INSTRUMENTS = ["systemd-coredump", "sqlite3"]
AGENT_PORT = "vmcheck"
DROP_IN = """# Added by make vm-check (scripts/vm_image.py); not part of the package.
[Service]
# QEMU's virtio-gpu has no 3D here, and cage's GL fallback (Mesa's software renderer) crashes
# under the emulated CPU: pixman draws in software without GL.
Environment=WLR_RENDERER=pixman
# The debug hook of docs/operations.md: SIGUSR1 stalls tessera's main loop, for the watchdog check.
Environment=TESSERA_DEBUG_STALL_ON_SIGUSR1=1
"""
AGENT_UNIT = f"""# Added by make vm-check (scripts/vm_image.py); not part of the package.
[Unit]
Description=vm-check test channel on /dev/virtio-ports/{AGENT_PORT}

[Service]
ExecStart=/usr/local/sbin/vm-check-agent
Restart=always
RestartSec=1

[Install]
WantedBy=multi-user.target
"""
# A virtio-serial port opens once: one read-write descriptor serves as the shell's input and output.
AGENT_SCRIPT = f"""#!/bin/sh
# Added by make vm-check (scripts/vm_image.py): the check's commands arrive on this port.
port=/dev/virtio-ports/{AGENT_PORT}
while [ ! -e "$port" ]; do sleep 0.2; done
exec /bin/bash --noprofile --norc <>"$port" >&0 2>&1
"""
TEST_ONLY = ["/etc/systemd/system/tessera@.service.d/vm-check.conf", "/etc/systemd/system/vm-check-agent.service",
             "/usr/local/sbin/vm-check-agent", "/var/log/journal", "packages: " + " ".join(INSTRUMENTS)]


class Image:
    def __init__(self, work):
        self.work = work
        self.root = os.path.join(work, "root")
        self.disk = os.path.join(work, "disk.img")
        self.boot = os.path.join(work, "boot")

    @property
    def kernel(self):
        return glob.glob(os.path.join(self.boot, "vmlinuz-*"))[0]

    @property
    def initrd(self):
        return glob.glob(os.path.join(self.boot, "initrd.img-*"))[0]


def write(root, path, text, mode=0o644):
    full = root + path
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as file:
        file.write(text)
    os.chmod(full, mode)


def add_test_only(root):
    write(root, "/etc/systemd/system/tessera@.service.d/vm-check.conf", DROP_IN)
    write(root, "/etc/systemd/system/vm-check-agent.service", AGENT_UNIT)
    write(root, "/usr/local/sbin/vm-check-agent", AGENT_SCRIPT, 0o755)
    os.makedirs(root + "/var/log/journal", exist_ok=True)
    # What the installer writes on a real terminal.
    write(root, "/etc/fstab", "/dev/vda / ext4 errors=remount-ro 0 1\n")
    write(root, "/etc/hostname", "terminal\n")


def build(work, deb, newer_deb, role, say):
    """Builds the root and the disk image under `work`; returns the Image."""
    image = Image(work)
    root = image.root
    mirror = debian_root.fresh_root(root)
    try:
        say(f"image: fresh {debian_root.SUITE} minbase root from {mirror}")
        debian_root.chroot(root, "apt-get", "update", "-qq")
        debian_root.chroot(root, "apt-get", "install", "-y", "-qq", "--no-install-recommends",
                           *BASE_PACKAGES, *INSTRUMENTS)
        say(f"image: installed {' '.join(BASE_PACKAGES)}; instruments {' '.join(INSTRUMENTS)}")
        for package in (deb, newer_deb):
            shutil.copy(package, os.path.join(root, "var/tmp", os.path.basename(package)))
        # As a store's IT installs it (docs/operations.md): apt, with the package's Recommends.
        debian_root.chroot(root, "apt-get", "install", "-y", "-qq", f"/var/tmp/{os.path.basename(deb)}")
        os.remove(os.path.join(root, "var/tmp", os.path.basename(deb)))
        installed = debian_root.chroot(root, "dpkg-query", "-W", "-f=${Version}", "tessera").stdout
        say(f"image: apt installed tessera {installed} with its dependencies; "
            f"{os.path.basename(newer_deb)} waits in /var/tmp for the upgrade")
        add_test_only(root)
        debian_root.chroot(root, "systemctl", "enable", f"tessera@{role}.service")
        debian_root.chroot(root, "systemctl", "enable", "vm-check-agent.service")
        debian_root.chroot(root, "systemd-machine-id-setup")
        default = os.readlink(root + "/etc/systemd/system/default.target") \
            if os.path.islink(root + "/etc/systemd/system/default.target") else "graphical.target (systemd's default)"
        say(f"image: tessera@{role}.service enabled; default target {default}")
    finally:
        debian_root.unmount_all(root)
        os.remove(os.path.join(root, "usr/sbin/policy-rc.d"))
    say(f"image: test-only additions: {'; '.join(TEST_ONLY)}")
    shutil.rmtree(image.boot, ignore_errors=True)
    os.makedirs(image.boot)
    for pattern in ("vmlinuz-*", "initrd.img-*"):
        for path in glob.glob(os.path.join(root, "boot", pattern)):
            shutil.copy(path, image.boot)
    make_disk(image)
    return image


def make_disk(image):
    """The ext4 filesystem image, straight from the root directory (5 s; remade for each run, as
    an image stopped uncleanly is best remade rather than edited)."""
    if os.path.exists(image.disk):
        os.remove(image.disk)
    used = int(subprocess.run(["du", "-sm", image.root], capture_output=True, text=True, check=True).stdout.split()[0])
    size = f"{max(3072, used * 2)}M"
    subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "terminal", "-d", image.root, image.disk, size], check=True)
