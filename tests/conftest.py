"""Shared test configuration. Its presence puts this folder on ``sys.path``, so every
test module can import the shared helpers beside it (``mutations``, ``fuzz``,
``expectations``).

Hypothesis runs the same examples on every CI run (``CI`` set: derandomized, no
example database), so that a red build is reproducible; elsewhere it explores,
and remembers failures in its database.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
