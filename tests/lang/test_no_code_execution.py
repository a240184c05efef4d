"""Nothing in a rule file is ever run as Python: code in names, strings, variables or
comments is refused by the lexer or kept as plain data, and no evaluator is ever called."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from contextlib import contextmanager, suppress

import pytest

from evogame.cli import main
from evogame.lang import RecycleError, parse_bytes, parse_text, to_text
from evogame.lang.ast import NameLit, Var, walk
from evogame.lang.sexpr import keywords
from tests.conftest import BASE_ACTION, BASE_GAME

BASE = BASE_GAME
ACTION = BASE_ACTION
PAYLOAD = "__import__('os').system('touch PWNED')"


def act(action: str) -> str:
    return BASE.replace(ACTION, action)


@contextmanager
def nothing_runs():
    """Fail if the block calls eval, exec, compile, os.system, a subprocess, or imports a
    module that is not loaded yet."""
    parse_bytes(BASE.encode())  # build the parser and load the codecs first (lark compiles once)
    calls: list[str] = []

    def trap(name: str):
        def called(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} called while reading a rule file")

        return called

    real_import = builtins.__import__

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and name not in sys.modules:
            calls.append(f"import {name}")
            raise AssertionError(f"import {name} while reading a rule file")
        return real_import(name, globals, locals, fromlist, level)

    with pytest.MonkeyPatch.context() as mp:
        for name in ("eval", "exec", "compile", "breakpoint"):
            mp.setattr(builtins, name, trap(name))
        for name in ("system", "popen", "execv", "execve", "spawnv", "fork"):
            if hasattr(os, name):
                mp.setattr(os, name, trap(f"os.{name}"))
        mp.setattr(subprocess, "Popen", trap("subprocess.Popen"))
        mp.setattr(builtins, "__import__", guarded_import)
        yield calls
    assert calls == []


@pytest.fixture
def no_eval(monkeypatch, tmp_path):
    """Run in an empty directory; afterwards, the payloads' marker file does not exist."""
    monkeypatch.chdir(tmp_path)
    yield
    assert not (tmp_path / "PWNED").exists()


REFUSED = [
    pytest.param(act(f"(shuffle (game iloc {PAYLOAD}))"), id="import-in-a-name"),
    pytest.param(act(f"(set (game str X) {PAYLOAD})"), id="import-as-a-string"),
    pytest.param(act("(set (game str X) \"__import__('os')\")"), id="python-string-literal"),
    pytest.param(act("(set (game str X) `touch PWNED`)"), id="backquotes"),
    pytest.param(act("(set (game str X) $(touch PWNED))"), id="shell-substitution"),
    pytest.param(act("(eval (game iloc STOCK))"), id="eval-keyword"),
    pytest.param(act("(exec (game iloc STOCK))"), id="exec-keyword"),
    pytest.param(act("(__class__ (game iloc STOCK))"), id="dunder-keyword"),
    pytest.param(act("(all player '__class__ (turn pass))"), id="dunder-variable"),
    pytest.param(act("(all player 'os.system (turn pass))"), id="dotted-variable"),
    pytest.param(act("(set (game str X) {'a': 1})"), id="python-dict"),
    pytest.param(act("(set (game sto X) (+ 1 (lambda)))"), id="lambda"),
    pytest.param(act("(set (game sto X) 1e309)"), id="float-literal"),
    pytest.param(act("(set (game str X) \\x41)"), id="escape"),
    pytest.param(BASE.replace("(game\n", "(game\n#!/bin/sh\n"), id="shebang-inside"),
]


@pytest.mark.parametrize("source", REFUSED)
def test_python_is_refused_by_the_lexer(no_eval, source):
    with pytest.raises(RecycleError) as info, nothing_runs():
        parse_text(source)
    assert str(info.value).startswith("<string>:")


DATA = [
    pytest.param(act("(set (game str EVAL) EXEC)"), id="names-eval-exec"),
    pytest.param(act("(shuffle (game iloc SYSTEM))"), id="name-system"),
    pytest.param(act("(all player 'EVAL (shuffle ('EVAL iloc IMPORT)))"), id="variable-eval"),
    pytest.param(act("(let (OS, SYSTEM) 'EXEC (all 'EXEC 'POPEN (turn pass)))"), id="let-exec"),
    pytest.param(f";; {PAYLOAD}\n" + BASE.replace("\n", f" ;; {PAYLOAD}\n"), id="comments"),
    pytest.param(BASE + f";; `touch PWNED` $(touch PWNED) {PAYLOAD}", id="last-line-comment"),
]


@pytest.mark.parametrize("source", DATA)
def test_python_looking_names_are_data(no_eval, source):
    with nothing_runs():
        game = parse_text(source)
        text = to_text(game)
        again = parse_text(text)
    assert again == game
    assert "__import__" not in text and "`" not in text
    words = {n.value for n in walk(game) if isinstance(n, NameLit)}
    words |= {n.name for n in walk(game) if isinstance(n, Var)}
    assert words <= KNOWN_WORDS  # the words are kept as they were written, as data


KNOWN_WORDS = {"STOCK", "SCORE", "RANK", "A", "TWO", "X"} | {
    "EVAL",
    "EXEC",
    "SYSTEM",
    "IMPORT",
    "OS",
    "POPEN",
}


def test_the_trap_works():
    """The guard is not vacuous: it catches a call to eval or a fresh import."""
    with pytest.raises(AssertionError), nothing_runs():
        builtins.eval("1")
    with pytest.raises(AssertionError), nothing_runs():
        __import__("antigravity_is_not_loaded")


def test_every_keyword_dispatch_is_safe(no_eval):
    """The elaborator finds handlers by keyword name; every keyword in every position either
    parses or gives a RecycleError (no AttributeError, no other method reached)."""
    for k in keywords():
        for source in (
            act(f"({k} (game iloc STOCK))"),
            act(f"(shuffle ({k} (game iloc STOCK)))"),
            act(f"(shuffle (game {k} STOCK))"),
            act(f"((== {k} 1) (turn pass))"),
            BASE.replace("(scoring max", f"(scoring {k}"),
        ):
            with nothing_runs(), suppress(RecycleError):
                parse_text(source)


def test_command_line_with_a_payload_file(no_eval, tmp_path, capsys):
    path = tmp_path / "evil.rcy"
    path.write_bytes(act(f"(shuffle (game iloc {PAYLOAD}))").encode())
    with nothing_runs():
        assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:5:28: ")
    with nothing_runs():
        assert main(["fmt", "--write", str(path)]) == 1
    assert b"__import__" in path.read_bytes()  # a refused file is never rewritten


def test_bytes_that_look_like_pickles_or_bytecode(no_eval):
    for data in (b"\x80\x04\x95" + b"cos\nsystem\n" * 4, b"\xa7\r\r\n" + bytes(40)):
        with pytest.raises(RecycleError), nothing_runs():
            parse_bytes(data)
