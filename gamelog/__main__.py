"""Allow ``python -m gamelog``."""

from gamelog.cli import main

if __name__ == "__main__":
    main()
