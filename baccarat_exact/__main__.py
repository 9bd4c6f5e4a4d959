"""``python -m baccarat_exact``."""

from baccarat_exact.cli import main

main()
