"""Checks for uploaded images: the real type from the bytes, not the name or the browser's word.

Only JPEG, PNG and WebP are taken (SVG can carry script, so it is refused like any other type),
each at most ``SCWU_UPLOAD_MAX_BYTES``, and Pillow must be able to read it as that same type.
"""

from __future__ import annotations

from typing import IO, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _
from PIL import Image

#: Pillow's name of each accepted format, and what its file starts with.
ALLOWED_IMAGE_FORMATS = ("JPEG", "PNG", "WEBP")
# A picture larger than this many pixels is refused before it is decoded (decompression bombs).
MAX_IMAGE_PIXELS = 40_000_000


def image_format_sniff(head: bytes) -> str | None:
    """The accepted format that ``head`` (the first bytes of a file) starts with, if any.

    >>> image_format_sniff(b"\\x89PNG\\r\\n\\x1a\\n....")
    'PNG'
    >>> image_format_sniff(b"<svg xmlns=...") is None
    True
    """
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    return None


def _rewind(stream: IO[bytes]) -> None:
    if hasattr(stream, "seek"):
        stream.seek(0)


@deconstructible
class ImageUploadValidator:
    """A field validator: ``validators=[ImageUploadValidator()]`` on an ``ImageField``."""

    def __call__(self, value: Any) -> None:
        limit = settings.SCWU_UPLOAD_MAX_BYTES
        size = getattr(value, "size", None)
        if size is not None and size > limit:
            raise ValidationError(
                _("The image is %(size)s KB; at most %(limit)s KB is allowed."),
                code="too_large",
                params={"size": (size + 1023) // 1024, "limit": limit // 1024},
            )
        stream: IO[bytes] = getattr(value, "file", value)
        _rewind(stream)
        head = stream.read(16)
        _rewind(stream)
        sniffed = image_format_sniff(head)
        if sniffed is None:
            raise ValidationError(
                _("Only JPEG, PNG or WebP images are accepted."), code="wrong_type"
            )
        try:
            with Image.open(stream) as image:
                if image.width * image.height > MAX_IMAGE_PIXELS:
                    raise ValidationError(_("The image has too many pixels."), code="too_large")
                found = image.format
                image.verify()
        except ValidationError:
            raise
        except Exception as exc:  # Pillow raises many kinds for a broken or hostile file.
            raise ValidationError(
                _("The file is not a readable image."), code="unreadable"
            ) from exc
        finally:
            _rewind(stream)
        if found != sniffed:
            raise ValidationError(
                _("The file's contents do not match an image of its kind."), code="wrong_type"
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ImageUploadValidator)

    def __hash__(self) -> int:
        return hash(ImageUploadValidator)


validate_image_upload = ImageUploadValidator()


def uploaded_image_field(verbose_name: Any, *, upload_to: str) -> models.ImageField:
    """An optional image field with the checks above (club logos, country flags)."""
    return models.ImageField(
        verbose_name,
        upload_to=upload_to,
        blank=True,
        validators=[validate_image_upload],
        help_text=_("JPEG, PNG or WebP, at most 2 MB."),
    )
