"""Nicknames people can tell apart.

* stored NFKC-normalised with single spaces (``ｔｏｎｄａ`` is ``tonda``);
* invisible characters (zero-width spaces and joiners, direction marks, control and
  private-use characters, variation selectors) are refused;
* a nickname that looks like an existing one is refused: two nicknames clash when their
  confusable *skeletons* (UTS #39, from Unicode's ``confusables.txt`` shipped in
  ``scwu/security/unicode/``) are equal, ignoring case and accents as the nickname key does.
  ``Tondа`` (Cyrillic ``а``), ``Tondɑ`` (Latin alpha), ``T0nda`` (digit zero) and ``lvan``
  next to ``Ivan`` all clash.

Digits count as the letters they look like (``0`` as ``O``, ``1`` as ``l``), as UTS #39 says:
a nickname is read off a phone or a printed seat card, where ``T0nda`` passes for ``Tonda``.
Because nicknames are compared without case, ``0`` clashes with ``o`` as well as ``O``.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

#: Unicode's data file for UTS #39, unchanged (its licence lies beside it).
CONFUSABLES_FILE = Path(__file__).with_name("unicode") / "confusables.txt"
#: Unicode categories never shown as a glyph of their own.
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


def _is_invisible(ch: str) -> bool:
    if unicodedata.category(ch) in INVISIBLE_CATEGORIES:
        return True
    # Variation selectors and the Hangul/Braille blanks that render as nothing.
    code = ord(ch)
    return (
        0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or ch in "\u115f\u1160\u3164\uffa0\u2800\u180e"
    )


def nickname_normalise(raw: str) -> str:
    """NFKC with single spaces; ``ValidationError`` on ``nickname`` if anything is invisible."""
    value = " ".join(unicodedata.normalize("NFKC", raw).split())
    if any(_is_invisible(ch) for ch in value):
        raise ValidationError(
            {"nickname": [_("A nickname cannot contain invisible or control characters.")]},
            code="invisible",
        )
    return value


#: Format characters that are not Default_Ignorable_Code_Point (they show a glyph).
_VISIBLE_FORMAT = {
    *"\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2",
    *"\U000110bd\U000110cd",
    *(chr(code) for code in range(0x13430, 0x13460)),  # Egyptian hieroglyph format controls
}


def _is_default_ignorable(ch: str) -> bool:
    """Unicode's Default_Ignorable_Code_Point, which ``unicodedata`` does not expose: format
    characters, variation selectors, the Hangul fillers, the combining grapheme joiner, the
    Mongolian free variation selectors and the tag plane (DerivedCoreProperties.txt)."""
    code = ord(ch)
    return (
        (unicodedata.category(ch) == "Cf" and ch not in _VISIBLE_FORMAT)
        or 0xFE00 <= code <= 0xFE0F
        or 0x180B <= code <= 0x180F
        or 0xE0000 <= code <= 0xE0FFF
        or ch in "\u034f\u115f\u1160\u3164\uffa0"
    )


def confusable_pairs() -> Iterator[tuple[str, str]]:
    """Each line of ``confusables.txt`` as (source character, its prototype).

    A line reads ``0251 ;\t0061 ;\tMA\t# ( ɑ → a ) ...``: source, prototype (one or more
    code points), type (always MA since Unicode 9), comment."""
    with CONFUSABLES_FILE.open(encoding="utf-8-sig") as lines:
        for line in lines:
            data = line.split("#", 1)[0].strip()
            if data:
                source, prototype = (field.strip() for field in data.split(";")[:2])
                yield chr(int(source, 16)), "".join(chr(int(c, 16)) for c in prototype.split())


@functools.cache
def _prototypes() -> dict[int, str]:
    """``confusables.txt`` as a translation table for ``str.translate``."""
    return {ord(source): prototype for source, prototype in confusable_pairs()}


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, default-ignorable characters removed, every
    character replaced by its prototype from ``confusables.txt``, NFD again. Two strings
    with one skeleton are confusable.

    >>> skeleton("Tond\u0251") == skeleton("Tonda")
    True
    >>> skeleton("T0nda")
    'TOnda'
    """
    decomposed = unicodedata.normalize("NFD", text)
    visible = "".join(ch for ch in decomposed if not _is_default_ignorable(ch))
    return unicodedata.normalize("NFD", visible.translate(_prototypes()))


def _bare(text: str) -> str:
    """Case folded, accents and spaces dropped: the nickname key's indifferences."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())


def _look(text: str) -> str:
    """The skeleton without case or accents, repeated until it settles (case folding can
    make a character that has a prototype of its own, and a prototype can be upper case:
    ``0`` becomes ``O``, then ``o``)."""
    for _round in range(8):
        settled = _bare(skeleton(text))
        if settled == text:
            break
        text = settled
    return text


@functools.lru_cache(maxsize=8192)
def nickname_looks(nickname: str) -> frozenset[str]:
    """What a nickname looks like: two nicknames that share a look are confusable.

    Both the nickname as written and case folded: ``Ivan`` looks like ``lvan`` (a capital I is
    an l), and ``іvan`` (Cyrillic і) like ``Ivan`` once case does not count.

    >>> bool(nickname_looks("T0nda") & nickname_looks("Tonda"))
    True
    >>> bool(nickname_looks("Tonda") & nickname_looks("Tomas"))
    False
    """
    return frozenset({_look(nickname), _look(nickname.casefold())})
