"""The playing word of a game: its letters, one per lost deal.

>>> word_letters("Herr FLICK")
'HerrFLICK'
"""

from __future__ import annotations

from engine.errors import ParseError

__all__ = ["word_letters"]


def word_letters(word: str) -> str:
    """The letters of a playing word: whitespace is ignored, repeated letters count.

    >>> word_letters("KOKOS")
    'KOKOS'
    """
    if not isinstance(word, str):
        raise ParseError(f"a playing word is text, not {word!r}")
    letters = "".join(word.split())
    if not letters:
        raise ParseError("the playing word is empty")
    return letters
