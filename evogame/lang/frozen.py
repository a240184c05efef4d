"""Frozen, slotted dataclasses made with one compile for a whole module.

On Python 3.11, ``@dataclass(frozen=True, slots=True)`` compiles six generated methods
per class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``): about 2 ms a class, so the 94 AST classes cost a quarter of a second
of every command's start-up. Here a module marks its classes with `frozen` and calls
`seal` once after the last one:

* `frozen` lets `dataclass` find the fields and write ``__slots__`` (it compiles
  nothing when ``init``, ``repr`` and ``eq`` are off and the class is not frozen), then
  adds the methods that need no generated code: ``__setattr__``/``__delattr__`` that
  raise `FrozenInstanceError`, ``__repr__``, and the ``__getstate__``/``__setstate__``
  that ``dataclass`` gives a frozen, slotted class (a list of field values in field order,
  so pickles are byte for byte the same);
* `seal` compiles every marked class's ``__init__``, ``__eq__`` and ``__hash__`` in one
  ``exec``, written as ``dataclass`` writes them (the same parameters, defaults and
  annotations; equality and hash over the fields with ``compare=True``, in field order),
  and records the classes as frozen dataclasses.

A class is not usable until `seal` has run: its module must not build instances before.
"""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

_PENDING: list[type] = []
# What `dataclass(frozen=True, slots=True)` records, so that `dataclasses` (and a frozen
# subclass made with `dataclass`) sees the classes as it would have.
_FROZEN_PARAMS = dataclass(frozen=True, slots=True)(type("_Params", (), {})).__dataclass_params__


def _setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _repr(self: Any) -> str:
    inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
    return f"{type(self).__qualname__}({inner})"


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)


def frozen(cls: T) -> T:
    """Mark `cls` as a frozen, slotted dataclass; its module calls `seal` after its last."""
    doc = cls.__dict__.get("__doc__")
    cls.__doc__ = doc or "-"  # else dataclass documents it by `inspect` (slow); seal does
    cls = dataclass(init=False, repr=False, eq=False, slots=True)(cls)
    cls.__doc__ = doc
    cls.__setattr__ = _setattr
    cls.__delattr__ = _delattr
    cls.__repr__ = _repr
    cls.__getstate__ = _getstate
    cls.__setstate__ = _setstate
    _PENDING.append(cls)
    return cls


def _methods(k: int, cls: type, env: dict[str, Any]) -> list[str]:
    """Source of class number k's __init__, __eq__ and __hash__ (names _i k, _e k, _h k)."""
    flds = fields(cls)
    params: list[str] = []
    kw: list[str] = []
    body: list[str] = []
    for f in flds:
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: default_factory is not supported")
        if f.default is MISSING:
            p = f.name
        else:
            env[f"_d{k}_{f.name}"] = f.default
            p = f"{f.name}=_d{k}_{f.name}"
        (kw if f.kw_only else params).append(p)
        body.append(f"    _os(self,{f.name!r},{f.name})")
    sig = ", ".join(["self", *params, *(["*", *kw] if kw else [])])
    cmp = "".join(f"self.{f.name}," for f in flds if f.compare)
    oth = "".join(f"other.{f.name}," for f in flds if f.compare)
    return [
        f"def _i{k}({sig}):",
        *(body or ["    pass"]),
        f"def _e{k}(self, other):",
        "    if other.__class__ is self.__class__:",
        f"        return ({cmp})==({oth})",
        "    return NotImplemented",
        f"def _h{k}(self):",
        f"    return hash(({cmp}))",
    ]


def seal() -> None:
    """Compile the methods of every class marked since the last call, in one exec."""
    classes = list(_PENDING)
    _PENDING.clear()
    env: dict[str, Any] = {"_os": object.__setattr__}
    lines: list[str] = []
    for k, cls in enumerate(classes):
        lines += _methods(k, cls, env)
    exec("\n".join(lines), env)  # our own generated methods, never rule text
    for k, cls in enumerate(classes):
        for name, attr in (("__init__", "_i"), ("__eq__", "_e"), ("__hash__", "_h")):
            fn = env[f"{attr}{k}"]
            fn.__name__ = name
            fn.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, fn)
        ann = {f.name: f.type for f in fields(cls)}
        cls.__init__.__annotations__ = {**ann, "return": None}
        cls.__dataclass_params__ = _FROZEN_PARAMS
    for cls in classes:
        if cls.__doc__ is None:  # as dataclass documents a class without a docstring
            cls.__doc__ = _signature_doc(cls)


def _signature_doc(cls: type) -> str:
    """``Name(a: 'int', b: 'Node | None' = None, *, span: 'Span | None' = None)``: the text
    of ``cls.__name__ + str(inspect.signature(cls))`` that dataclass writes, without
    `inspect` (which costs more than all the rest of `seal`)."""

    def param(f) -> str:
        return f"{f.name}: {f.type!r}" + ("" if f.default is MISSING else f" = {f.default!r}")

    flds = fields(cls)
    params = [param(f) for f in flds if not f.kw_only]
    kw = [param(f) for f in flds if f.kw_only]
    return f"{cls.__name__}({', '.join([*params, *(['*', *kw] if kw else [])])})"
