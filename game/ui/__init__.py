"""Our small widget set, theme and procedural drawing."""
