"""English as a European federation writes it: day before month, a 24-hour clock.

Django's own English formats are American (``11/27/2026``, ``9:43 p.m.``); the federation's
players, directors and referees read ``27 Nov 2026`` and ``21:43``. Czech and Russian keep
Django's formats, which are already day-first and 24-hour. Only what differs is set here;
the rest falls back to Django's English module.
"""

DATE_FORMAT = "j M Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
FIRST_DAY_OF_WEEK = 1  # Monday
# ISO first: that is what a date field shows and the browser's date picker sends; a typed
# date is read day first, never month first.
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d/%m/%y", "%d.%m.%Y", "%d %b %Y", "%d %B %Y"]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M:%S.%f",
    "%Y-%m-%d %H:%M",
    "%d/%m/%Y %H:%M:%S",
    "%d/%m/%Y %H:%M",
    "%d.%m.%Y %H:%M",
]
