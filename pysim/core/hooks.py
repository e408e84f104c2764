"""One way to fill a hook list: rule areas register functions at import time, in order."""


def add(registry, fn):
    """Append fn to a hook list, or replace the one registered under the same name: a module
    imported twice (tests, reloads) must not run its hook twice."""
    key = (fn.__module__, fn.__qualname__)
    for i, old in enumerate(registry):
        if (old.__module__, old.__qualname__) == key:
            registry[i] = fn
            return fn
    registry.append(fn)
    return fn
