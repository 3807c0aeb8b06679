"""A bounded crawl of the site as one client sees it, for tests that check every page at once.

From the start pages, follow every same-site link (anchors: pages and the export files they
link to) and, if asked, every address of the site in JSON answers (the API's root and its
hyperlinks).
Addresses with ids are sampled: a few per address shape (the address with its numbers
blanked), so the crawl stays small while every kind of page is reached. ``api_answers`` adds
the API's GET paths from its schema, filled with given values.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.test import Client

#: Addresses not followed: the admin (Django's own), sign-out, the language switch and files.
SKIPPED = ("/admin/", "/accounts/logout", "/i18n/", "/static/", "/media/")
#: Pages visited per address shape (the address with its numbers blanked).
PER_SHAPE = 3
#: What the test client's absolute addresses start with (the API's hyperlinks).
SITE = "http://testserver"


@dataclass
class Crawl:
    #: Each address visited that answered, with its body.
    pages: dict[str, bytes] = field(default_factory=dict)
    #: (status, address, the address that linked to it) for each 4xx/5xx answer.
    failures: list[tuple[int, str, str]] = field(default_factory=list)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [value for name, value in attrs if name == "href" and value]


def shape(path: str) -> str:
    return re.sub(r"\d+", "N", path.split("?")[0])


def _json_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_strings(item)


def _links(content_type: str, body: bytes, follow_json: bool) -> list[str]:
    if "text/html" in content_type:
        parser = _Links()
        parser.feed(body.decode())
        return parser.hrefs
    if follow_json and "json" in content_type:
        try:
            data = json.loads(body)
        except ValueError:
            return []
        return [text for text in _json_strings(data) if text.startswith((SITE + "/", "/api/"))]
    return []


def crawl(
    client: Client,
    starts: Iterable[str] = ("/",),
    max_pages: int = 1500,
    follow_json: bool = False,
    per_shape: int = PER_SHAPE,
    shape_of: Callable[[str], str] = shape,
    skip: Callable[[str], bool] | None = None,
) -> Crawl:
    """Every page reachable from ``starts`` by same-site links, ``per_shape`` per address shape
    (``shape_of`` says an address's shape); with ``follow_json``, the site's addresses in JSON
    answers too (the API's links). Links that ``skip`` refuses are not followed."""
    result = Crawl()
    seen: set[str] = set()
    shapes: dict[str, int] = {}
    todo: list[tuple[str, str]] = [(start, "") for start in reversed(list(starts))]
    while todo and len(seen) < max_pages:
        path, parent = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code >= 400:
            result.failures.append((response.status_code, path, parent))
            continue
        if response.status_code in (301, 302):
            todo.append((response["Location"], path))
            continue
        body = b"".join(response.streaming_content) if response.streaming else response.content
        result.pages[path] = body
        for href in _links(response.get("Content-Type", ""), body, follow_json):
            link = href.split("#")[0].removeprefix(SITE)
            if not link.startswith("/") or link.startswith("//") or link in seen:
                continue
            if any(part in link for part in SKIPPED) or (skip is not None and skip(link)):
                continue
            link_shape = shape_of(link)
            if shapes.get(link_shape, 0) >= per_shape:
                continue
            shapes[link_shape] = shapes.get(link_shape, 0) + 1
            todo.append((link, path))
    return result


def api_get_paths(client: Client, values: Mapping[str, Sequence[object]]) -> list[str]:
    """The API schema's GET paths, each parameter filled with every value given for it (a
    path with a parameter not given is left out)."""
    schema = json.loads(client.get("/api/schema/?format=json").content)
    paths: list[str] = []
    for template, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        names = re.findall(r"\{(\w+)\}", template)
        if any(name not in values for name in names):
            continue
        for filling in itertools.product(*(list(values[name]) for name in names)):
            path = template
            for name, value in zip(names, filling, strict=True):
                path = path.replace("{" + name + "}", str(value))
            paths.append(path)
    return paths


def api_answers(client: Client, values: Mapping[str, Sequence[object]]) -> dict[str, bytes]:
    """The body of every API GET path (filled from ``values``) that answers 200."""
    answers = {}
    for path in api_get_paths(client, values):
        response = client.get(path)
        if response.status_code == 200:
            answers[path] = response.content
    return answers
