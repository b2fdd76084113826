"""The package version: it must equal the version of the libgosparse it loads."""

__version__ = "0.1.0"
