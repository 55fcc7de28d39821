"""The one thing pyproject.toml cannot say: the top-level layouts/ folder (one folder per
printable format, edited as a folder of the repository) ships inside the package as
`generator.formats`, so that an installed havenprint finds its formats.

Packages are found as namespace packages: the folders of data inside generator/ (locales/,
profiles/, serve/static/...) are importable to Python, and setuptools printed a "Package
would be ignored" box for each one that `find_packages` left out (about 300 lines)."""

from setuptools import find_namespace_packages, setup


def _packages(where: str = ".", **only: list[str]) -> list[str]:
    return find_namespace_packages(where=where, exclude=["*__pycache__*"], **only)


setup(
    packages=[*_packages(include=["generator", "generator.*"]), "generator.formats",
              *(f"generator.formats.{name}" for name in _packages("layouts"))],
    package_dir={"generator.formats": "layouts"},
)
