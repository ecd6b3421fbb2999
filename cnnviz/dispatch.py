"""One method per argument type, without keeping the instance alive: the trainer's command handlers and
the window's event router.

``functools.singledispatchmethod`` of Python 3.13.0 and 3.13.1 caches each instance's bound dispatcher
in a ``WeakKeyDictionary`` whose value, a closure, holds the instance itself: the weak key never dies,
and neither does any object that ever called the method (CPython issue gh-127750, fixed in 3.13.2 by
dropping the cache). Every stopped run's Trainer (its model, optimizer state and backups) and every
closed window's router stayed in memory for good. This is that descriptor without the cache: the
dispatch on the argument's type is ``functools.singledispatch``'s own (it caches per type, never per
instance), the binding an ordinary bound method.
"""

from __future__ import annotations

import functools
import types


class singledispatchmethod:  # noqa: N801  (named, and used, like the functools descriptor it replaces)
    """``@singledispatchmethod`` on the generic method, ``@name.register`` on each implementation (the
    first annotated parameter after ``self`` says which type it handles), as with functools'."""

    def __init__(self, func):
        self.dispatcher = functools.singledispatch(func)
        self.func = func
        functools.update_wrapper(self, func)

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __call__(self, instance, arg, *args, **kwargs):
        return self.dispatcher.dispatch(arg.__class__)(instance, arg, *args, **kwargs)

    def __get__(self, instance, owner=None):
        return self if instance is None else types.MethodType(self, instance)
