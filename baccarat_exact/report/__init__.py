"""Reports: one model per command, rendered as a table, CSV or JSON; documents and ``check``."""
