"""Text the site takes in: no control characters but the three a written text may hold.

A control character (Unicode category ``Cc``: C0, DEL and C1) is never part of a name, a
slug, a reason or a record; PostgreSQL cannot even store a NUL, so one that reaches a query
is a server error instead of a refusal. Tab, line feed and carriage return stay allowed:
free text (a ruling's reason, a note) may span lines.

One definition serves the checks (:func:`has_control_characters`, the API's fields in
:mod:`scwu.api.strict`, its filters and the query parameters of :mod:`scwu.security.params`)
and the OpenAPI schema (:data:`TEXT_PATTERN`), so what the schema promises is what is
accepted.
"""

from __future__ import annotations

import re

#: The control characters refused in text, as a character class body (C0 but tab, line feed
#: and carriage return; DEL; C1).
CONTROL_CHARACTERS = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
#: The same, with the line breaks: what a single-line value (a query parameter) refuses.
LINE_CONTROL_CHARACTERS = r"\x00-\x1f\x7f-\x9f"
#: The OpenAPI (ECMA-262) pattern of a text without them.
TEXT_PATTERN = f"^[^{CONTROL_CHARACTERS}]*$"
#: The OpenAPI pattern of a single-line text (a query parameter).
LINE_PATTERN = f"^[^{LINE_CONTROL_CHARACTERS}]*$"

_CONTROL = re.compile(f"[{CONTROL_CHARACTERS}]")
_LINE_CONTROL = re.compile(f"[{LINE_CONTROL_CHARACTERS}]")


def has_control_characters(text: str, *, line_breaks: bool = True) -> bool:
    """True if ``text`` holds a control character (``line_breaks=False``: tab, line feed and
    carriage return count as control characters too).

    >>> has_control_characters("two\\nlines"), has_control_characters("a\\x00b")
    (False, True)
    >>> has_control_characters("two\\nlines", line_breaks=False)
    True
    """
    return (_CONTROL if line_breaks else _LINE_CONTROL).search(text) is not None
