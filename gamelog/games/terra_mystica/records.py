"""Light immutable records: tuples with named fields, cheap to define.

The engine has dozens of small value types (commands, faction boards, tiles, the
map geometry). ``dataclasses`` and ``typing.NamedTuple`` write their methods
with ``exec`` when each class is defined, which made importing the engine cost
more than replaying a game; a one-shot ``gamelog score`` pays for every class.
A :class:`Record` takes its fields from the class annotations (in order, after
the fields of its base record) and its defaults from the class attributes of the
same name, and defines nothing else per class. Instances are tuples: immutable,
compared by value, picklable.
"""

from __future__ import annotations

from typing import Any, ClassVar

try:  # the C field accessor namedtuple uses (CPython)
    from collections import _tuplegetter  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - other Pythons
    from operator import itemgetter

    def _tuplegetter(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)


class _RecordType(type):
    """Gives every record class ``__slots__ = ()`` (no per-instance dict), its
    ``_fields`` and ``_defaults``, and a C accessor per field."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        namespace.setdefault("__slots__", ())
        inherited: tuple[str, ...] = ()
        defaults: dict[str, Any] = {}
        for base in bases:
            inherited = getattr(base, "_fields", inherited)
            defaults.update(getattr(base, "_defaults", {}))
        own = [
            field
            for field, kind in namespace.get("__annotations__", {}).items()
            if not str(kind).startswith(("ClassVar", "typing.ClassVar"))
        ]
        for field in own:
            if field in namespace:
                defaults[field] = namespace.pop(field)
        fields = inherited + tuple(own)
        for index, field in enumerate(fields):
            namespace[field] = _tuplegetter(index, field)
        namespace["_fields"] = fields
        namespace["_defaults"] = defaults
        return super().__new__(mcls, name, bases, namespace)


class Record(tuple, metaclass=_RecordType):
    """Subclass with annotated fields::

    class Build(Record):
        text: str
        hex: str
        internal: ClassVar[bool] = False   # ClassVar: not a field
    """

    _fields: ClassVar[tuple[str, ...]]
    _defaults: ClassVar[dict[str, Any]]

    def __new__(cls, *values: Any, **named: Any) -> Any:
        fields = cls._fields
        if not named and len(values) == len(fields):
            return tuple.__new__(cls, values)
        if len(values) > len(fields):
            raise TypeError(f"{cls.__name__} takes {len(fields)} fields, got {len(values)}")
        full = list(values)
        for name in fields[len(values) :]:
            if name in named:
                full.append(named.pop(name))
            elif name in cls._defaults:
                full.append(cls._defaults[name])
            else:
                raise TypeError(f"{cls.__name__} is missing field {name!r}")
        if named:
            raise TypeError(f"{cls.__name__} has no field {next(iter(named))!r}")
        return tuple.__new__(cls, full)

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def _replace(self, **changes: Any) -> Any:
        return tuple.__new__(
            type(self),
            [changes.get(name, value) for name, value in zip(self._fields, self, strict=True)],
        )

    def __repr__(self) -> str:
        inside = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True)
        )
        return f"{type(self).__name__}({inside})"
