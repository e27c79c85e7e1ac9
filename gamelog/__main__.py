"""Allow ``python -m gamelog``."""

from gamelog.cli import run

if __name__ == "__main__":
    run()
