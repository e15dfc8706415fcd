"""Only here to answer an old Python in words a teacher can act on; everything else is in pyproject.toml.

pip reads `requires-python` only after it has asked the build for the project's metadata,
and then answers an old Python with its own message ("requires a different Python"). This
file runs first and says what to install instead. Keep it readable by old Pythons.
"""

import sys

if sys.version_info[:2] < (3, 11):
    sys.exit(
        "\n\npapergame needs Python 3.11 or newer, and this is Python {0}.\n"
        "Install a newer Python from https://www.python.org/downloads/ , open a new terminal, then in papergame's\n"
        "folder delete the .venv folder and type the README's quick start again.\n".format(".".join(str(part) for part in sys.version_info[:3]))
    )

from setuptools import setup  # noqa: E402

setup()
