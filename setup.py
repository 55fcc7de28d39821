"""The one thing pyproject.toml cannot say: the top-level layouts/ folder (one folder per
printable format, edited as a folder of the repository) ships inside the package as
`generator.formats`, so that an installed havenprint finds its formats."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["generator", "generator.*"]), "generator.formats"],
    package_dir={"generator.formats": "layouts"},
)
