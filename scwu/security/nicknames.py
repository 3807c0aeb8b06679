"""Nicknames people can tell apart.

* stored NFKC-normalised with single spaces (``ｔｏｎｄａ`` is ``tonda``);
* invisible characters (zero-width spaces and joiners, direction marks, control and
  private-use characters, variation selectors) are refused;
* a nickname that looks like an existing one (``Tondа`` with a Cyrillic ``а``) is refused:
  both are reduced to a *skeleton* (case folded, accents dropped, look-alike Cyrillic and
  Greek letters mapped to the Latin letter they imitate) and compared.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

#: Cyrillic and Greek letters (after case folding) that look like a Latin letter.
LOOKALIKES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
        "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ı": "i",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "μ": "u", "ω": "w",
    }
)  # fmt: skip
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


def nickname_skeleton(nickname: str) -> str:
    """What a nickname looks like: two nicknames with one skeleton are confusable.

    >>> nickname_skeleton("Tond\\u0430") == nickname_skeleton("TONDA")
    True
    """
    decomposed = unicodedata.normalize("NFKD", nickname.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(bare.translate(LOOKALIKES).split())
