"""One module per CLI command; ``baccarat_exact.cli`` mounts them on the typer app."""
