"""CMYK through an ICC output profile (littleCMS, through Pillow's ImageCms): the profile a
shop file names as its output intent, colours converted through it, and the black-ink-only
grey as light as a given colour."""

from __future__ import annotations

import functools
import io
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from generator import PACKAGE_DIR
from generator.content.bounded_read import read_limited
from generator.engine import remembered
from generator.errors import ContentError
from generator.layout.paints import RGB

if TYPE_CHECKING:
    from PIL import ImageCms

PROFILES_DIR = PACKAGE_DIR / "profiles"
DEFAULT_PROFILE = PROFILES_DIR / "havenprint-fogra39.icc"
DEFAULT_CONDITION = "FOGRA39"  # the characterization the default profile is built from
CUSTOM_CONDITION = "Custom"  # a shop's own profile: identified by the profile it embeds
CMYK = tuple[int, int, int, int]  # ink percentages, 0..100
_HEADER = 128
MAX_PROFILE_BYTES = 50_000_000  # press profiles are a few megabytes


class ProfileError(ValueError):
    """A file that is not a CMYK output profile; the message says what it is instead."""


@dataclass(frozen=True)
class CmykProfile:
    path: Path
    data: bytes
    description: str
    condition: str  # the output intent's OutputConditionIdentifier
    _inks: dict[RGB, CMYK] = field(default_factory=dict, compare=False, repr=False)
    _blacks: dict[RGB, int] = field(default_factory=dict, compare=False, repr=False)

    @functools.cached_property
    def compressed(self) -> bytes:
        """The profile as a PDF stream's FlateDecode data: compressed once per process."""
        return zlib.compress(self.data)

    @functools.cached_property
    def _cms(self) -> ImageCms.ImageCmsProfile:
        from PIL import ImageCms  # littleCMS: only where colours are converted

        return ImageCms.ImageCmsProfile(io.BytesIO(self.data))

    @functools.cached_property
    def _from_srgb(self) -> ImageCms.ImageCmsTransform:
        from PIL import ImageCms

        return ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), self._cms, "RGB", "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

    @functools.cached_property
    def _black_ramp(self) -> list[float]:
        """L* of black ink alone at 0, 1, ... 100 %, as printed on this profile's paper."""
        from PIL import ImageCms

        to_lab = ImageCms.buildTransform(
            self._cms, ImageCms.createProfile("LAB"), "CMYK", "LAB",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        ramp = Image.new("CMYK", (101, 1))
        ramp.putdata([(0, 0, 0, round(k * 2.55)) for k in range(101)])
        lab = to_lab.apply(ramp).tobytes()  # L, a, b, L, a, b...
        return [lightness * 100 / 255 for lightness in lab[::3]]

    def cmyk(self, rgb: RGB) -> CMYK:
        """An sRGB colour in this profile's inks (relative colorimetric, black point
        compensated), in whole percent."""
        if rgb not in self._inks:  # a few colours per kit, each asked for on every page
            pixel = Image.new("RGB", (1, 1), tuple(round(channel * 255) for channel in rgb))
            inks = self._from_srgb.apply(pixel).tobytes()  # C, M, Y, K, from 0 to 255
            cyan, magenta, yellow, black = (round(ink * 100 / 255) for ink in inks)
            self._inks[rgb] = (cyan, magenta, yellow, black)
        return self._inks[rgb]

    def black_for(self, rgb: RGB) -> int:
        """The percentage of black ink alone that prints as light as `rgb` (its L*), so that
        text keeps its contrast when it loses its hue."""
        if rgb not in self._blacks:
            target, ramp = srgb_lightness(rgb), self._black_ramp
            self._blacks[rgb] = min(range(101), key=lambda k: abs(ramp[k] - target))
        return self._blacks[rgb]


def srgb_lightness(rgb: RGB) -> float:
    """CIE L* of an sRGB colour (D65 white; L* is the same under D50 for neutral greys)."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    return 116 * luminance ** (1 / 3) - 16 if luminance > 216 / 24389 else luminance * 24389 / 27


@remembered(8)
def load_profile(path: Path = DEFAULT_PROFILE) -> CmykProfile:
    """The profile at `path`; ProfileError unless it is an ICC profile for a CMYK printer."""
    try:  # a regular file of a sensible size: a pipe would wait for ever
        data = read_limited(path, MAX_PROFILE_BYTES)
    except ContentError as error:
        raise ProfileError(error.problems[0].message) from None
    problem = header_problem(data)
    if problem:
        raise ProfileError(problem)
    from PIL import ImageCms

    try:
        description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data)))
    except (OSError, ImageCms.PyCMSError):
        raise ProfileError("littleCMS cannot read this ICC profile") from None
    condition = DEFAULT_CONDITION if path == DEFAULT_PROFILE else CUSTOM_CONDITION
    return CmykProfile(path, data, description.strip() or path.name, condition)


def header_problem(data: bytes) -> str | None:
    """What makes `data` unusable as a PDF/X output intent's profile, from its header: the
    ICC signature, a CMYK colour space, the output (printer) class."""
    if len(data) < _HEADER or data[36:40] != b"acsp":
        return "not an ICC profile (no 'acsp' signature in its header)"
    space, device_class = data[16:20].decode("latin-1"), data[12:16].decode("latin-1")
    if space != "CMYK":
        return (f"an ICC profile for {space.strip()} colour, not CMYK: a print shop's "
                "profile describes its press and paper in CMYK")
    if device_class != "prtr":
        return (f"a CMYK profile of class '{device_class}', not an output (printer) "
                "profile: PDF/X needs the profile of the press and paper")
    return None
