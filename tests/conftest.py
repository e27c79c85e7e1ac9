"""Shared test configuration. Its presence puts this folder on ``sys.path``, so every
test module can import the shared helpers beside it (``mutations``)."""
