"""Uploaded images (club logos, country flags) are checked for real type and size."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

from scwu.models import Club, Country
from scwu.security.uploads import image_format_sniff, validate_image_upload
from tests.factories import ClubFactory, CountryFactory

SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


def image_bytes(fmt: str, size: tuple[int, int] = (8, 8)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, format=fmt)
    return out.getvalue()


def upload(name: str, content: bytes, content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type=content_type)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_real_jpeg_png_and_webp_are_accepted(fmt: str) -> None:
    validate_image_upload(upload(f"logo.{fmt.lower()}", image_bytes(fmt)))


def test_an_accepted_image_is_left_readable_from_the_start() -> None:
    file = upload("logo.png", image_bytes("PNG"))
    validate_image_upload(file)
    assert file.read(8) == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("name", "content", "content_type"),
    [
        ("logo.svg", SVG, "image/svg+xml"),
        ("logo.png", SVG, "image/png"),  # SVG disguised by its name and type
        ("logo.gif", image_bytes("GIF"), "image/gif"),
        ("logo.bmp", image_bytes("BMP"), "image/bmp"),
        ("logo.png", b"MZ\x90\x00 an executable", "image/png"),
        ("logo.png", b"", "image/png"),
    ],
)
def test_other_types_are_refused_whatever_their_name(
    name: str, content: bytes, content_type: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        validate_image_upload(upload(name, content, content_type))
    assert caught.value.code == "wrong_type"


def test_right_magic_bytes_over_garbage_are_refused() -> None:
    disguised = b"\x89PNG\r\n\x1a\n" + b"not really a picture" * 20
    with pytest.raises(ValidationError) as caught:
        validate_image_upload(upload("logo.png", disguised))
    assert caught.value.code == "unreadable"


def test_an_oversized_file_is_refused_with_its_size(settings: Any) -> None:
    settings.SCWU_UPLOAD_MAX_BYTES = 1024
    big = image_bytes("PNG", (400, 400))
    assert len(big) > 1024
    with pytest.raises(ValidationError) as caught:
        validate_image_upload(upload("logo.png", big))
    assert caught.value.code == "too_large"
    assert "at most 1 KB" in caught.value.messages[0]


def test_the_default_limit_is_two_megabytes() -> None:
    padded = image_bytes("PNG") + b"\0" * (2 * 1024 * 1024)
    with pytest.raises(ValidationError) as caught:
        validate_image_upload(upload("logo.png", padded))
    assert caught.value.code == "too_large"


def test_sniffing_reads_the_bytes_not_the_name() -> None:
    assert image_format_sniff(image_bytes("WEBP")[:16]) == "WEBP"
    assert image_format_sniff(image_bytes("JPEG")[:16]) == "JPEG"
    assert image_format_sniff(SVG[:16]) is None


@pytest.mark.django_db
def test_club_logo_and_country_flag_refuse_a_disguised_file_on_full_clean() -> None:
    club: Club = ClubFactory()
    club.logo = upload("logo.png", SVG)  # type: ignore[assignment]
    with pytest.raises(ValidationError) as club_error:
        club.full_clean()
    assert "logo" in club_error.value.message_dict
    country: Country = CountryFactory()
    country.flag_image = upload("flag.jpg", SVG)  # type: ignore[assignment]
    with pytest.raises(ValidationError) as country_error:
        country.full_clean()
    assert "flag_image" in country_error.value.message_dict


@pytest.mark.django_db
def test_admin_upload_of_svg_logo_is_refused_and_nothing_saved(
    client: Client, admin_user: User, settings: Any, tmp_path: object
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client.force_login(admin_user)
    club: Club = ClubFactory()
    url = f"/admin/scwu/club/{club.pk}/change/"
    form = {"name": club.name, "slug": club.slug, "country": club.country_id}
    refused = client.post(url, {**form, "logo": upload("logo.svg", SVG, "image/svg+xml")})
    assert refused.status_code == 200  # the form again, with the error
    club.refresh_from_db()
    assert not club.logo
    accepted = client.post(url, {**form, "logo": upload("logo.png", image_bytes("PNG"))})
    assert accepted.status_code == 302
    club.refresh_from_db()
    assert club.logo.name.startswith("clubs/logos/")
