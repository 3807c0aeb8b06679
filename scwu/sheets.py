"""Tables for spreadsheets: the same header and rows as CSV (for any program) or as an Excel
workbook (``.xlsx``, for the people who open results in Excel, as chess-results users do).

Both are written from plain rows of Python values, so a file's two forms hold the same cells:
numbers stay numbers (an Excel cell one can sum), text is text. The CSV starts with a UTF-8
byte-order mark, without which Excel reads UTF-8 as its own code page and prints
"KoÄiÄÃ­ doupÄ›" for "Kočičí doupě"; its text cells are neutralised against formulas
(:mod:`scwu.security.csv_cells`). The workbook never holds a formula: a text cell that starts
with ``=`` stays text.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from scwu.security.csv_cells import csv_writer

#: What Excel (and LibreOffice) read as "this file is UTF-8".
BYTE_ORDER_MARK = "\ufeff"

XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_MEDIA_TYPE = "text/csv; charset=utf-8"

Row = Sequence[object]


def csv_text(header: Row, rows: Iterable[Row]) -> str:
    """The table as CSV text: the byte-order mark, the header, a line per row."""
    out = io.StringIO()
    out.write(BYTE_ORDER_MARK)
    writer = csv_writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _cell_value(value: object) -> object:
    """A cell as Excel stores it: exact fractions and decimals as numbers, ``None`` empty."""
    if isinstance(value, Fraction | Decimal):
        return float(value)
    if value == "":
        return None
    return value


def xlsx_bytes(
    title: str, header: Row, rows: Iterable[Row], *, number_formats: Mapping[str, str] = {}
) -> bytes:
    """The table as an Excel workbook of one sheet named ``title``.

    ``number_formats`` gives a column (by its header) a display format (``"0.0"``); the
    value stays the number.
    """
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title[:31])  # Excel's limit for a sheet's name
    bold = Font(bold=True)
    heading = []
    for name in header:
        cell = WriteOnlyCell(sheet, value=str(name))
        cell.font = bold
        heading.append(cell)
    sheet.append(heading)
    formats = [number_formats.get(str(name)) for name in header]
    for row in rows:
        cells = []
        for value, number_format in zip(row, formats, strict=True):
            cell = WriteOnlyCell(sheet, value=_cell_value(value))
            if cell.data_type == "f":  # text starting with "=": text, never a formula
                cell.data_type = "s"
            if number_format is not None and isinstance(cell.value, int | float):
                cell.number_format = number_format
            cells.append(cell)
        sheet.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
