"""`papergame bundle`: papergame as a static, offline web page (Pyodide in a Web Worker).

`writer` makes the folder (downloads pinned in `pins.toml`, checked by hash); `worker` is
the Python the Web Worker calls; `files/` holds the page's back end, the worker and the
service worker, and the stand-in for Pillow that only the bundle installs.
"""
