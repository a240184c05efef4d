"""The subcommands of `evogame`, one module each (thin layers over the library)."""
