"""A hostile bot for tests/sandbox.rs (its folder: tests/sandbox_bots): `python3 hostile.py MODE ARGS...`.

It answers the hello, then at its first decision tries what MODE names and writes what it found
to stderr as one line `FINDING key=value ...`, then exits (a forfeit, so that failures.txt keeps
the line). The limit modes cross a limit and answer that decision as a bot would, then exit at the next
one if stadt has not ended the game by then.
"""

import ctypes
import fcntl
import json
import os
import signal
import socket
import sys
import termios

MODE, ARGS = sys.argv[1], sys.argv[2:]
LIBC = ctypes.CDLL(None, use_errno=True)


def tried(fn):
    try:
        fn()
        return "yes"
    except Exception:
        return "no"


def write(path, data=b"x"):
    with open(path, "wb") as f:
        f.write(data)


def caps():
    # ARGS: a hidden results folder inside the bot's folder, a file outside its folder.
    hidden, outside = ARGS
    status = open("/proc/self/status").read()
    eff = [line.split()[1] for line in status.splitlines() if line.startswith("CapEff")][0]
    umount = LIBC.umount2(hidden.encode(), 2) == 0  # MNT_DETACH
    manifest = os.path.exists(os.path.join(hidden, "manifest.toml"))
    # MS_REMOUNT | MS_BIND on /, then on the bot's folder, read-write.
    remount = LIBC.mount(None, b"/", None, 32 | 4096, None) == 0
    remount_own = LIBC.mount(None, os.getcwd().encode(), None, 32 | 4096, None) == 0
    return {
        "caps": eff,
        "uid": os.getuid(),
        "umount": "yes" if umount else "no",
        "manifest": "yes" if manifest else "no",
        "remount": "yes" if remount or remount_own else "no",
        "outside": tried(lambda: write(outside)),
        "own": tried(lambda: write("written-by-bot")),
        "root": tried(lambda: write("/written-by-bot")),
        "dev": tried(lambda: write("/dev/written-by-bot")),
        "usr": tried(lambda: write("/usr/written-by-bot")),
        "userns": "yes" if LIBC.unshare(0x10000000) == 0 else "no",  # CLONE_NEWUSER
    }


def widen():
    # ARGS: its own bot file.
    (botfile,) = ARGS

    def rewrite():
        with open(botfile, "a") as f:
            f.write("dir = /\n")

    return {"rewrote": tried(rewrite)}


def tty():
    found = {}
    try:
        fd = os.open("/dev/tty", os.O_RDWR)
        found["tty"] = "opened"
    except OSError:
        fd = None
        found["tty"] = "refused"
    pushed = False
    for f in [fd, 0, 1, 2]:
        if f is None:
            continue
        try:
            for ch in b"echo INJECTED\n":
                fcntl.ioctl(f, termios.TIOCSTI, bytes([ch]))
            pushed = True
        except OSError:
            pass
    found["sti"] = "pushed" if pushed else "refused"
    # A session led outside the sandbox's PID namespace shows as 0.
    found["session"] = "own" if os.getsid(0) > 0 else "shared"
    return found


def inherited():
    # Files open beyond stdin, stdout and stderr, but the listing's own.
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink("/proc/self/fd/" + fd)
        except OSError:
            continue
        if int(fd) > 2 and not target.startswith("/proc"):
            found.append(fd)
    return found


def sockets():
    # ARGS: the path of a Unix socket a host program listens on.
    (path,) = ARGS

    def connect():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(2)
        s.connect(path)

    def tcp():
        socket.create_connection(("127.0.0.1", 22), timeout=2).close()

    env = sorted(k for k in os.environ if k not in ("PWD", "SHLVL", "_"))

    def proc_env():
        # Any process it can see whose environment holds stadt's variable.
        for pid in os.listdir("/proc"):
            try:
                if pid.isdigit() and b"STADT_TEST_CANARY" in open("/proc/%s/environ" % pid, "rb").read():
                    return "yes"
            except OSError:
                pass
        return "no"

    # The long list last: failures.txt keeps 300 characters of a line.
    return {
        "socket": tried(connect),
        "tcp": tried(tcp),
        "canary": os.environ.get("STADT_TEST_CANARY", "none"),
        "proc_env": proc_env(),
        "inherited": ",".join(inherited()) or "none",
        "run": "yes" if os.path.isdir("/run") else "none",
        "home": "yes" if os.path.isdir("/root") or os.path.isdir("/home") else "no",
        "env": ",".join(env),
    }


def keyring():
    # ARGS: the name of a key in the session keyring of whoever started stadt.
    (name,) = ARGS
    numbers = {"x86_64": 250, "aarch64": 219}
    nr = numbers[os.uname().machine]
    LIBC.syscall.restype = ctypes.c_long
    # KEYCTL_SEARCH (10) in KEY_SPEC_SESSION_KEYRING (-3).
    found = LIBC.syscall(nr, 10, ctypes.c_long(-3), b"user", name.encode(), 0)
    return {"key": "found" if found >= 0 else "none"}


def syscalls():
    # Each call's errno (0 when it went through): the seccomp filter refuses them with EPERM (1).
    numbers = {
        "x86_64": {"io_uring_setup": 425, "perf_event_open": 298, "ptrace": 101, "keyctl": 250},
        "aarch64": {"io_uring_setup": 425, "perf_event_open": 241, "ptrace": 117, "keyctl": 219},
    }[os.uname().machine]
    LIBC.syscall.restype = ctypes.c_long
    params = ctypes.create_string_buffer(256)
    attr = ctypes.create_string_buffer(128)
    calls = {
        "io_uring_setup": (numbers["io_uring_setup"], 1, params),
        "perf_event_open": (numbers["perf_event_open"], attr, 0, -1, -1, 0),
        "ptrace": (numbers["ptrace"], 0, 0, 0, 0),  # PTRACE_TRACEME
        "keyctl": (numbers["keyctl"], 0, ctypes.c_long(-3), 0),  # KEYCTL_GET_KEYRING_ID
    }
    found = {}
    for name, args in calls.items():
        ctypes.set_errno(0)
        r = LIBC.syscall(*args)
        found[name] = ctypes.get_errno() if r < 0 else 0
    ctypes.set_errno(0)
    r = LIBC.ioctl(0, termios.TIOCSTI, ctypes.c_char_p(b"x"))
    found["tiocsti"] = ctypes.get_errno() if r < 0 else 0
    return found


def limit():
    # Crosses the limit MODE names; returns when it has (the bot then answers its move).
    kind = ARGS[0]
    if kind == "memory":
        blocks = []
        try:
            while True:
                blocks.append(bytearray(16 << 20))
        except MemoryError:
            return {"memory": "refused at %d MiB" % (16 * len(blocks))}
    if kind == "processes":
        children = 0
        try:
            while children < 100000:
                pid = os.fork()
                if pid == 0:
                    signal.pause()
                    os._exit(0)
                children += 1
        except OSError:
            return {"processes": "refused after %d" % children}
    if kind in ("scratch", "shm"):
        folder = "/tmp" if kind == "scratch" else "/dev/shm"
        written = 0
        try:
            with open(os.path.join(folder, "fill"), "wb") as f:
                while True:
                    f.write(b"\0" * (1 << 20))
                    f.flush()
                    written += 1
        except OSError:
            return {kind: "full after %d MiB" % written}
    if kind == "file-size":
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        write("/tmp/big", b"\0" * (3 << 20))
    return {kind: "not crossed"}


def main():
    crossed = False
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "hello":
            print(json.dumps({"type": "ready"}), flush=True)
        elif m["type"] == "decide":
            if MODE == "limit":
                if crossed:
                    # Still playing: stadt did not end the game for the limit (it could not tell).
                    sys.exit(7)
                crossed = True
                found = limit()
                print("FINDING " + " ".join("%s=%s" % kv for kv in found.items()), file=sys.stderr, flush=True)
                print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
                continue
            modes = {"caps": caps, "widen": widen, "tty": tty, "sockets": sockets, "keyring": keyring, "syscalls": syscalls}
            found = modes[MODE]()
            print("FINDING " + " ".join("%s=%s" % kv for kv in found.items()), file=sys.stderr, flush=True)
            sys.exit(7)


main()
