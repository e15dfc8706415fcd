"""How the `papergame` command starts: an old Python and Ctrl-C are answered before anything else is imported.

The console script calls `main` here, not `cli.main`: importing click and the CLI takes
tens of milliseconds, and Ctrl-C pressed meanwhile would otherwise print a traceback.
This module imports nothing but `sys` until the interrupt is caught, and must stay
readable by old Pythons (no syntax newer than 3.6), so that one can say what to install.
"""

import sys

OLDEST = (3, 11)


def too_old(version=None):
    """The message for a Python older than papergame needs, or None.

    >>> too_old((3, 9, 6)).splitlines()[0]
    'papergame needs Python 3.11 or newer, and this is Python 3.9.6.'
    >>> too_old((3, 11, 0)) is None
    True
    """
    version = tuple(version or sys.version_info[:3])
    if version[:2] >= OLDEST:
        return None
    return ("papergame needs Python {0}.{1} or newer, and this is Python {2}.\n"
            "Install a newer Python from https://www.python.org/downloads/ , then, in papergame's folder, delete the\n"
            ".venv folder and make it again with the new Python (see the README's quick start)."
            ).format(OLDEST[0], OLDEST[1], ".".join(str(part) for part in version))


def main(args=None):
    """Run the command line; Ctrl-C at any moment stops it with one line and exit status 130."""
    own_process = args is None  # the console script, not a caller in a process of its own
    try:
        message = too_old()
        if message is not None:
            sys.stderr.write(message + "\n")
            return 1
        if own_process:
            spare_the_collector()
        from papergame.cli import main as command_line

        return command_line(args=args, prog_name="papergame")
    except KeyboardInterrupt:
        return stopped()
    except SystemExit as done:  # click ends every command so
        if own_process:
            leave_now(done.code)  # (returns only when the usual way out is needed)
        raise
    finally:
        if own_process:
            import gc

            # Everything left is freed when Python stops; the collector need not look
            # through it all for cycles first (a twentieth of a build's instructions).
            gc.freeze()


def leave_now(code):
    """End the process with exit status `code` now that the command is done, without Python's teardown.

    Every file a command writes is complete, flushed to disk and closed before it says so; what
    Python's own exit would do after that is free every object one by one, a tenth of a default
    build's time. So: flush the two streams, run the exit handlers (as Python would), and stop.
    Anything unusual (a status that is not a number, a stream that cannot be flushed, such as a
    closed pipe, or other threads still running) takes the usual way out, which reports it as ever.
    """
    if code is not None and not isinstance(code, int):
        return
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    import atexit
    import os

    atexit._run_exitfuncs()
    os._exit(code or 0)


GC_THRESHOLDS = (100000, 20, 100)  # Python's are (700, 10, 10)


def spare_the_collector():
    """A command builds its pages in a fraction of a second, making hundreds of thousands of
    small objects and hardly any cycles: the collector looking for cycles every 700 new
    objects (Python's default) only costs time, so it looks every 100,000 instead. A default
    kit leaves about 49,000 more objects than it frees (the eight-port kit 102,000), so it
    never runs during a build: at 20,000 it ran twice, each time visiting every young object
    and what it refers to (about 20,000 and 100,000), scattered in memory: 12 to 29 ms of a
    build on the 2-core machine, for a few hundred objects freed."""
    import gc

    gc.set_threshold(*GC_THRESHOLDS)


def stopped():
    """One line and status 130 (the words live in papergame.errors, which the CLI says them with too)."""
    try:
        from papergame.errors import say_stopped
    except KeyboardInterrupt:  # a second Ctrl-C
        return 130
    return say_stopped()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
