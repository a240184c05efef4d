"""Build the native VM once per source version and load it with ctypes.

The VM is a plain C library (no Python API), compiled by the system C compiler into a
per-user cache keyed by the hash of its sources and flags, so a fresh machine builds it on
first use (about a second) and never again; no per-game compile. Where no compiler is
found, `load` returns None and the caller runs the Python engine (one notice on stderr).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import sys
from pathlib import Path

from evogame.native.lower import header_source

HERE = Path(__file__).resolve().parent
SOURCES = ("vm_core.h", "vm.c")
FLAGS = ("-O2", "-shared", "-fPIC", "-std=gnu11", "-fno-strict-aliasing")

_LIB: ctypes.CDLL | None = None
_TRIED = False
_WHY = ""
_GAME_LIBS: dict[Path, ctypes.CDLL] = {}


def cache_dir() -> Path:
    """Where the built library is kept: $EVOGAME_CACHE, else $XDG_CACHE_HOME/evogame, else
    ~/.cache/evogame."""
    if os.environ.get("EVOGAME_CACHE"):
        return Path(os.environ["EVOGAME_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "evogame"


def _compiler() -> str | None:
    for cc in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if cc and shutil.which(cc):
            return cc
    return None


def library_path(
    prefix: str = "", flags: tuple[str, ...] = FLAGS, build: bool = True
) -> Path | None:
    """Build (if needed) and return the path of the VM library, or None with `why()` set.

    `prefix`, C placed before the VM's source, makes a game's compiled tier
    (evogame/native/compiled.py); empty, the library is the VM itself. With `build` False,
    only a library already in the cache is returned (None: not built yet)."""
    global _WHY
    cc = _compiler()
    if cc is None:
        _WHY = "no C compiler found (set CC)"
        return None
    header = header_source()
    h = hashlib.sha256()
    for name in SOURCES:
        h.update((HERE / name).read_bytes())
    h.update(header.encode())
    h.update(prefix.encode())
    h.update(" ".join((cc, *flags)).encode())
    kind = "game" if prefix else "vm"
    out = cache_dir() / f"evogame-{kind}-{h.hexdigest()[:16]}.so"
    if out.exists():
        return out
    if not build:
        return None
    out.parent.mkdir(parents=True, exist_ok=True)
    import subprocess  # only to build: a cached library (the usual start) needs neither
    import tempfile

    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        t = Path(tmp)
        for name in SOURCES:
            shutil.copy(HERE / name, t / name)
        (t / "vm_ops.h").write_text(header)
        src = t / "vm.c"
        if prefix:
            src = t / "game.c"
            src.write_text(prefix + '\n#include "vm.c"\n')
        so = t / "vm.so"
        r = subprocess.run([cc, *flags, "-o", str(so), str(src)], capture_output=True, text=True)
        if r.returncode != 0:
            _WHY = f"the C compiler failed: {r.stderr.strip()[:2000]}"
            return None
        os.replace(so, out)  # atomic: concurrent builders never load a half-written file
    return out


def load() -> ctypes.CDLL | None:
    """The loaded VM library (built on first use), or None when it cannot be built."""
    global _LIB, _TRIED
    if _TRIED:
        return _LIB
    _TRIED = True
    path = library_path()
    if path is None:
        return None
    _LIB = declare(ctypes.CDLL(str(path)))
    return _LIB


#: The VM built for opcode coverage: every node it dispatches marks its offset in a byte
#: array (`vm_ophits`). Tests only (`evogame.native.differential.executed`): the marks
#: cost a compare and a store per node, and the default build has none.
OPHITS_FLAGS = (*FLAGS, "-DEVOGAME_OPHITS")
_OPHITS: list[ctypes.CDLL | None] = []


def ophits_library() -> ctypes.CDLL | None:
    """The VM library with executed-node marks (built on first use; its own cache entry),
    or None when it cannot be built."""
    if not _OPHITS:
        path = library_path(flags=OPHITS_FLAGS)
        lib = None if path is None else declare(ctypes.CDLL(str(path)))
        if lib is not None:
            lib.vm_ophits.restype = None
            lib.vm_ophits.argtypes = [ctypes.c_void_p, ctypes.c_int64]
        _OPHITS.append(lib)
    return _OPHITS[0]


def ophits_tier_library(prefix: str) -> ctypes.CDLL | None:
    """A game's compiled tier (`prefix`: evogame/native/compiled.py) built with the
    executed-node marks, as `ophits_library` is the VM's (tests only; its own cache entry),
    or None when it cannot be built."""
    path = library_path(prefix, OPHITS_FLAGS)
    if path is None:
        return None
    lib = load_game_library(path)
    lib.vm_ophits.restype = None
    lib.vm_ophits.argtypes = [ctypes.c_void_p, ctypes.c_int64]
    return lib


def declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Give `lib`'s entry points (the VM's, or a compiled game's: the same) their C types."""
    p, i64, vp = ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p
    lib.vm_new.restype = p
    lib.vm_new.argtypes = [vp, i64, ctypes.c_char_p, i64]
    lib.vm_free.restype = None
    lib.vm_free.argtypes = [p]
    i32 = ctypes.c_int32
    lib.vm_play.restype = i64
    lib.vm_play.argtypes = [p, vp, i64, i32, vp, vp, vp, i32, i32, i32, i32, i32, i64, i64]
    lib.vm_play.argtypes += [vp, vp, vp, vp, vp, vp, i64, vp, vp, i64, vp, vp, i32, vp]
    lib.vm_set_weak_seats.restype = None
    lib.vm_set_weak_seats.argtypes = [i64]
    lib.vm_set_arena_limit.restype = None
    lib.vm_set_arena_limit.argtypes = [p, i64]
    lib.vm_set_rollout_policy.restype = None
    lib.vm_set_rollout_policy.argtypes = [ctypes.c_int32]
    lib.vm_set_memo_off.restype = None
    lib.vm_set_memo_off.argtypes = [p, ctypes.c_int32]
    lib.vm_moves.restype = i64
    lib.vm_moves.argtypes = [p, i64, vp, vp, i64, i64, i64, i64, vp, vp, vp, ctypes.c_char_p]
    lib.vm_silent.restype = i64
    lib.vm_silent.argtypes = [p, i64, vp, ctypes.c_uint64, i64, i64, vp, ctypes.c_char_p]
    lib.vm_careful.restype = i64
    lib.vm_careful.argtypes = [p, i32, ctypes.c_uint64, i64, i64, i64, i64, vp, vp, vp]
    lib.vm_careful.argtypes += [ctypes.c_char_p]
    lib.vm_settled.restype = i64
    lib.vm_settled.argtypes = [p, i32, ctypes.c_uint64, i64, i64, i64, i32, vp, vp, vp]
    lib.vm_settled.argtypes += [ctypes.c_char_p]
    lib.vm_coverage.restype = None
    lib.vm_coverage.argtypes = [p, vp]
    lib.vm_error.restype = None
    lib.vm_error.argtypes = [p, ctypes.c_char_p]
    lib.vm_crash_test.restype = i64
    lib.vm_crash_test.argtypes = [p]
    lib.vm_set_deadline.restype = None
    lib.vm_set_deadline.argtypes = [ctypes.c_double]
    lib.vm_rng_test.restype = None
    lib.vm_rng_test.argtypes = [ctypes.c_uint64, i64, i64, vp]
    lib.vm_shuffle_test.restype = None
    lib.vm_shuffle_test.argtypes = [ctypes.c_uint64, ctypes.c_int32, ctypes.c_int32, vp]
    lib.vm_tier2_nodes.restype = i64
    lib.vm_tier2_nodes.argtypes = [p, ctypes.c_char_p, i64]
    # batch statistics (issue 38): vm_play_stats, and its games' seeds
    lib.vm_seed_run.restype = None
    lib.vm_seed_run.argtypes = [vp, i64, ctypes.c_uint64, ctypes.c_uint64]
    lib.vm_play_stats.restype = i64
    lib.vm_play_stats.argtypes = [p, i64, vp, vp, vp, i32, i32, i32, vp, i64, i64]
    lib.vm_play_stats.argtypes += [vp, vp, vp, vp, vp, vp, i64, i64, vp]
    return lib


def load_game_library(path: Path) -> ctypes.CDLL:
    """A compiled game's library (evogame/native/compiled.py), loaded once per process."""
    if path not in _GAME_LIBS:
        _GAME_LIBS[path] = declare(ctypes.CDLL(str(path)))
    return _GAME_LIBS[path]


def loaded_libraries() -> list[ctypes.CDLL]:
    """Every native library this process has loaded: the VM's and compiled games'."""
    return ([_LIB] if _LIB is not None else []) + list(_GAME_LIBS.values())


def loaded() -> ctypes.CDLL | None:
    """The VM library if this process has loaded it (never builds it)."""
    return _LIB


def why() -> str:
    """Why the VM is unavailable (empty when it loaded)."""
    return _WHY


def notice() -> None:
    """The one-line notice shown when the native back end is asked for and cannot run."""
    print(f"evogame: native engine unavailable ({why()}); using the Python engine", file=sys.stderr)
