"""Random data to every form of the site: valid, or form errors; never an exception.

The forms are discovered (every ``BaseForm`` subclass defined in our apps, once the URL conf
has imported the views), so a form added later is fuzzed too, or flagged if it cannot be
built from data alone.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import pytest
from allauth.core.context import request_context
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from django import forms
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scwu.config.urls  # noqa: F401  (imports every view, and so every form)
from tests.security.world import PLAIN, World, build_world

APPS = ("scwu", "tournaments", "games")
#: Forms that need more than data to be built: what they are given from the test world.
NEEDS_MORE_THAN_DATA: dict[str, Callable[[World], dict[str, Any]]] = {
    "games.smoke.forms.HandForm": lambda w: {"participants": list(w.smoke.participants.all())},
    "scwu.forms.EliteRosterForm": lambda w: {"club": w.club},
    "games.forms.RulingForm": lambda w: {"seats": ["A", "B", "C", "D", "E"]},
    "games.forms.CorrectionForm": lambda w: {"seats": ["A", "B", "C", "D"]},
    "games.forms.WaiverForm": lambda w: {"misdeals": [(1, "deal 2: misdeal by C")]},
    "games.forms.AppealForm": lambda w: {"rulings": [(1, "deal 3: renonc by B")]},
    "tournaments.league_forms.NightDrawForm": lambda w: {"tournament": w.running},
    "tournaments.team_forms.TeamClubForm": lambda w: {"clubs": [w.club]},
    "tournaments.team_forms.TeamForm": lambda w: {"tournament": w.registering, "club": w.club},
    "scwu.accounts.forms.LimitedAuthenticateForm": lambda w: {"user": _with_totp(w.users[PLAIN])},
}


#: Forms that run inside a request (allauth's read it from its context): the request they get.
IN_A_REQUEST = {"scwu.accounts.forms.LimitedAuthenticateForm"}


def _ambient(form_class: type[forms.BaseForm]) -> AbstractContextManager[None]:
    if _name(form_class) not in IN_A_REQUEST:
        return nullcontext()
    request = RequestFactory().post("/accounts/2fa/authenticate/")
    request.session = SessionStore()
    return request_context(request)


def _with_totp(user: Any) -> Any:
    """A signed-in person's second step needs the person, with a TOTP device to check codes on."""
    TOTP.activate(user, generate_totp_secret())
    return user


def _import_form_modules() -> None:
    for app in APPS:
        package = importlib.import_module(app)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{app}."):
            if info.name.rsplit(".", 1)[-1] == "forms" or info.name.endswith(".forms"):
                importlib.import_module(info.name)


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


def site_forms() -> list[type[forms.BaseForm]]:
    _import_form_modules()
    ours = [
        cls
        for cls in _subclasses(forms.BaseForm)
        if cls.__module__.split(".")[0] in APPS and "Meta" not in cls.__name__
    ]
    return sorted(ours, key=lambda c: f"{c.__module__}.{c.__qualname__}")


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


FORMS = site_forms()

VALUE = st.one_of(
    st.text(max_size=40),
    st.integers().map(str),
    st.sampled_from(["", "0", "-1", "1", "2026-02-30", "A", "A,B", "on", "true", "\x00"]),
)


def _data(form: forms.BaseForm) -> st.SearchStrategy[dict[str, Any]]:
    names = list(form.fields) or ["x"]  # built fields: some forms add theirs in __init__
    return st.dictionaries(st.sampled_from([*names, "unexpected"]), VALUE, max_size=len(names) + 1)


def test_every_site_form_is_discovered() -> None:
    names = {_name(cls) for cls in site_forms()}
    assert {"scwu.forms.WordProposeForm", "tournaments.forms.ManualDrawForm"} <= names
    assert set(NEEDS_MORE_THAN_DATA) <= names, "a listed form is gone: update the list"


@pytest.mark.django_db
@pytest.mark.parametrize("form_class", FORMS, ids=_name)
def test_random_data_gives_a_valid_form_or_form_errors(form_class: type[forms.BaseForm]) -> None:
    world = build_world()  # so that choices backed by the database have rows to pick
    extra = NEEDS_MORE_THAN_DATA.get(_name(form_class), lambda w: {})(world)

    @settings(
        max_examples=60,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(_data(form_class(**extra)))
    def run(data: dict[str, Any]) -> None:
        form = form_class(data=data, **extra)
        with _ambient(form_class):
            valid = form.is_valid()
        if not valid:
            assert form.errors
            for messages in form.errors.values():
                assert all(str(message) for message in messages)

    run()
