"""The pygame application: main loop, scene stack, display scaling, settings."""
