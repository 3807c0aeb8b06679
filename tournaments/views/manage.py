"""The director's pages for a tournament and its entries (and self-registration)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scwu import selectors as scwu_selectors
from scwu.models import Player
from scwu.security.params import int_param, int_value, text_param
from scwu.security.redirects import safe_next
from scwu.services.players import nickname_clash
from scwu.views.forms import run_service
from tournaments import selectors
from tournaments.forms import EntryRegisterForm, NewcomerForm, SubstituteForm, TournamentForm
from tournaments.lifecycle import Action, Context, offers
from tournaments.lifecycle.tournament import status_action
from tournaments.models import Entry, EntryStatus, Season, Series, Tournament
from tournaments.permissions import require_director
from tournaments.services import entries as entry_services
from tournaments.services import tournaments as tournament_services
from tournaments.views.common import (
    ACTION_TITLES,
    act,
    ban_refusal,
    confirmation,
    tournament_for_director,
)

#: The fields choosing a series fills in (the page's script asks this page for them).
SERIES_DEFAULT_FIELDS = (
    "edition", *selectors.SERIES_CARRIED_FIELDS, "host_clubs", "team_rule", "team_mode",
)  # fmt: skip


def _form_fields(form: TournamentForm) -> dict[str, object]:
    return dict(form.cleaned_data)


def _chosen(request: HttpRequest) -> dict[str, object]:
    """The season and series the director just created or chose (``?season=<year>`` and
    ``?series=<slug>``, or ``?series_id=<pk>`` from the form's own series list), with what the
    series' next edition starts from (``selectors.series_defaults``)."""
    chosen: dict[str, object] = {}
    year = int_param(request, "season", default=None)
    season = Season.objects.filter(year=year).first() if year is not None else None
    if season is not None:
        chosen["season"] = season.pk
    slug = text_param(request, "series")
    series_pk = int_param(request, "series_id", default=None, minimum=1)
    series = (
        Series.objects.filter(slug=slug).first()
        if slug
        else Series.objects.filter(pk=series_pk).first()
        if series_pk is not None
        else None
    )
    if series is not None:
        chosen.update(selectors.series_defaults(series))
        chosen["series"] = series.pk
    return chosen


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    require_director(request.user)
    initial = _chosen(request)
    form = TournamentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        tournament = run_service(
            form,  # type: ignore[arg-type]
            lambda: tournament_services.tournament_create(by=request.user, **_form_fields(form)),
        )
        if tournament is not None:
            return redirect("tournament-detail", slug=tournament.slug)
    return render(
        request,
        "tournaments/tournament_form.html",
        {
            "form": form,
            "tournament": None,
            "series_fields": " ".join(SERIES_DEFAULT_FIELDS),
            "series_filled": "edition" in initial,
        },
        status=400 if form.errors else 200,
    )


@login_required
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        fields = _form_fields(form)
        done = run_service(
            form,  # type: ignore[arg-type]
            lambda: tournament_services.tournament_update(
                by=request.user, tournament=tournament, **fields
            ),
        )
        if done is not None:
            return redirect("tournament-detail", slug=tournament.slug)
    return render(
        request,
        "tournaments/tournament_form.html",
        {"form": form, "tournament": tournament},
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def tournament_status(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    status = request.POST.get("status", "")
    action = status_action(tournament.status, status)
    if action is not None:
        asked = confirmation(
            request,
            action,
            tournament,
            title=ACTION_TITLES.get(action, tournament.name),
            back=reverse("tournament-detail", args=[tournament.slug]),
            context=Context(by=request.user),
        )
        if asked is not None:
            return asked
    act(
        request,
        lambda: tournament_services.tournament_status_set(
            by=request.user, tournament=tournament, status=status
        ),
        _("The tournament's status has changed."),
    )
    target = safe_next(request, request.POST.get("next"))
    return redirect(target) if target else redirect("tournament-detail", slug=tournament.slug)


@login_required
def tournament_entries(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    if request.method == "POST":
        form = EntryRegisterForm(request.POST)
        if form.is_valid():
            player = form.cleaned_data["player"]
            here = request.POST.get("check_in") == "1"
            entry = act(
                request,
                lambda: entry_services.entry_register(
                    by=request.user, tournament=tournament, player=player
                ),
                "" if here else _("%(player)s is registered.") % {"player": player},
            )
            if entry is not None and here:
                _check_in_now(request, entry)
        # The search stays (register several from one search); the page then says who of
        # it is registered already rather than "No players found.".
        return redirect(f"{request.path}?{urlencode({'q': text_param(request, 'q')})}")
    return _entries_page(
        request, tournament, NewcomerForm(initial={"check_in": _desk_day(request, tournament)})
    )


def _desk_day(request: HttpRequest, tournament: Tournament) -> bool:
    """The tournament's day(s) with check-in open: who registers at the desk is here, so the
    desk offers to register and check in at once (one tap instead of two)."""
    if not tournament.start_date <= timezone.localdate() <= tournament.end_date:
        return False
    probe = Entry(tournament=tournament, status=EntryStatus.REGISTERED)
    return offers(probe, [Action.CHECK_IN], Context(by=request.user))[Action.CHECK_IN].allowed


def _check_in_now(request: HttpRequest, entry: Entry) -> None:
    act(
        request,
        lambda: entry_services.entry_check_in(by=request.user, entry=entry, checked_in=True),
        _("%(player)s is registered and checked in.") % {"player": entry.player},
    )


ENTRY_ACTIONS = (Action.CHECK_IN, Action.WITHDRAW, Action.SUBSTITUTE)
#: The desk's filter of the entries (``?name=&club=&status=``) and the registry search (``q``):
#: kept across a check-in so the page comes back as the director left it.
DESK_PARAMS = ("q", "name", "club", "status")


def _desk_filter(request: HttpRequest) -> dict[str, object]:
    status = text_param(request, "status")
    return {
        "name": text_param(request, "name").strip(),
        "club": int_param(request, "club", default=None, minimum=1),
        "status": status if status in EntryStatus.values else "",
    }


def _desk_query(request: HttpRequest) -> str:
    """The desk's parameters of this request, to carry to the next page (``?...`` or "")."""
    kept = {name: request.GET[name] for name in DESK_PARAMS if request.GET.get(name)}
    return f"?{urlencode(kept)}" if kept else ""


def _entry_row_context(
    request: HttpRequest, tournament: Tournament, entry: Entry
) -> dict[str, object]:
    entry.offers = offers(entry, ENTRY_ACTIONS, Context(by=request.user))  # type: ignore[attr-defined]
    return {
        "tournament": tournament,
        "e": entry,
        "substitute_form": SubstituteForm(entered_in=tournament),
        "desk_query": _desk_query(request),
    }


def _entries_page(
    request: HttpRequest,
    tournament: Tournament,
    newcomer_form: NewcomerForm,
    clash: Player | None = None,
) -> HttpResponse:
    search = text_param(request, "q").strip()
    matching = scwu_selectors.player_list(search=search) if search else None
    found = (
        list(matching.exclude(entries__tournament=tournament)[:12]) if matching is not None else []
    )
    for player in found:
        # A banned player is listed with the reason instead of a Register button.
        player.refused = ban_refusal(player) if player.active_bans else ""  # type: ignore[attr-defined]
    found_registered = (
        matching.filter(entries__tournament=tournament).count() if matching is not None else 0
    )
    entries = selectors.entry_list(tournament)
    desk_filter = _desk_filter(request)
    by = Context(by=request.user)
    # Every entry is on the page, those the filter leaves out hidden: the page's script can
    # then widen the filter at once, and a row stays where it was whatever is toggled.
    kept = set(
        selectors.entry_filtered(entries, **desk_filter).values_list("pk", flat=True)  # type: ignore[arg-type]
    )
    listed = list(entries)
    for entry in listed:
        entry.offers = offers(entry, ENTRY_ACTIONS, by)  # type: ignore[attr-defined]
        entry.filtered_out = entry.pk not in kept  # type: ignore[attr-defined]
    clubs = {e.club_id: e.club for e in entries if e.club is not None}
    return render(
        request,
        "tournaments/entries.html",
        {
            "tournament": tournament,
            "entries": listed,
            "total": entries.count(),
            "clubs": sorted(clubs.values(), key=lambda club: club.name.casefold()),
            "desk_filter": desk_filter,
            "filtered": any(desk_filter.values()),
            "shown": len(kept),
            "statuses": EntryStatus.choices,
            "desk_query": _desk_query(request),
            "register": offers(tournament, [Action.REGISTER], by)["register"],
            "desk_day": _desk_day(request, tournament),
            "found": found,
            "found_registered": found_registered,
            "search": search,
            "checked_in": entries.filter(status=EntryStatus.CHECKED_IN).count(),
            "substitute_form": SubstituteForm(entered_in=tournament),
            "newcomer_form": newcomer_form,
            "clash": clash,
            "clash_clubs": ", ".join(
                m.club.name for m in getattr(clash, "current_memberships", [])
            ),
        },
        status=400 if newcomer_form.errors else 200,
    )


@login_required
@require_POST
def entry_newcomer(request: HttpRequest, slug: str) -> HttpResponse:
    """The registration desk: a newcomer not yet in the registry is created and entered."""
    tournament = tournament_for_director(request, slug)
    form = NewcomerForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        entry = run_service(
            form,
            lambda: entry_services.entry_register_newcomer(
                by=request.user,
                tournament=tournament,
                nickname=data["nickname"],
                real_name=data["real_name"],
                gender=data["gender"],
                club=data["club"],
                email=data["email"],
            ),
        )
        if entry is not None:
            messages.success(
                request,
                _("%(player)s is in the registry and registered.") % {"player": entry.player},
            )
            if data["check_in"]:
                _check_in_now(request, entry)
            return redirect("tournament-entries", slug=slug)
    return _entries_page(request, tournament, form, _newcomer_clash(form, tournament))


def _newcomer_clash(form: NewcomerForm, tournament: Tournament) -> Player | None:
    """The registered player a refused newcomer's nickname duplicates, by the registry's own
    rule: the desk offers to enter that player instead (not a banned one, nor one entered
    already), through the same form as a player found by the search."""
    if "nickname" not in form.errors:
        return None
    clash = nickname_clash(str(form.data.get("nickname", "")))
    if clash is None:
        return None
    found = (
        scwu_selectors.player_list()
        .filter(pk=clash.pk)
        .exclude(entries__tournament=tournament)
        .first()
    )
    return None if found is None or getattr(found, "active_bans", False) else found


def _entry(request: HttpRequest, slug: str, pk: int) -> Entry:
    return get_object_or_404(
        Entry.objects.select_related("tournament", "player"), tournament__slug=slug, pk=pk
    )


def _in_place(request: HttpRequest) -> bool:
    """A toggle sent by the entries page's script (fetch), answered with the row, not a page."""
    return "application/json" in request.headers.get("Accept", "")


def _entry_answer(
    request: HttpRequest, entry: Entry, call: Callable[[], object], ok: str = ""
) -> HttpResponse:
    """Run an entry's toggle; answer the script with the row as it is now (and the refusal,
    if any), or a plain form POST with the entries page at the row, its filter kept."""
    if not _in_place(request):
        act(request, call, ok)
        url = reverse("tournament-entries", args=[entry.tournament.slug])
        return redirect(f"{url}{_desk_query(request)}#entry-{entry.pk}")
    errors: list[str] = []
    try:
        call()
    except ValidationError as exc:
        errors = list(exc.messages)
    entry.refresh_from_db()
    tournament = entry.tournament
    context = _entry_row_context(request, tournament, entry)
    checked_in = tournament.entries.filter(status=EntryStatus.CHECKED_IN).count()
    return JsonResponse(
        {
            "row": render_to_string("tournaments/_entry_row.html", context, request=request),
            "status": entry.status,
            "summary": render_to_string(
                "tournaments/_entries_summary.html",
                {"checked_in": checked_in, "total": tournament.entries.count()},
                request=request,
            ).strip(),
            "errors": errors,
            "message": "" if errors else ok,
        },
        status=409 if errors else 200,
    )


@login_required
@require_POST
def entry_check_in(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    entry = _entry(request, slug, pk)
    on = request.POST.get("checked_in", "1") == "1"
    return _entry_answer(
        request,
        entry,
        lambda: entry_services.entry_check_in(by=request.user, entry=entry, checked_in=on),
    )


@login_required
@require_POST
def entry_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    entry = _entry(request, slug, pk)
    classified = request.POST.get("classified") == "1"

    def call() -> object:
        return entry_services.entry_withdraw(by=request.user, entry=entry, classified=classified)

    ok = _("%(player)s has withdrawn.") % {"player": entry.player}
    if request.POST.get("next") == "detail":
        act(request, call, ok)
        return redirect("tournament-detail", slug=slug)
    return _entry_answer(request, entry, call, ok)


@login_required
@require_POST
def entry_substitute(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    entry = _entry(request, slug, pk)
    form = SubstituteForm(request.POST)
    if form.is_valid():
        player = form.cleaned_data["player"]
        act(
            request,
            lambda: entry_services.entry_substitute_add(
                by=request.user, replaces=entry, player=player
            ),
            _("%(player)s substitutes, not scoring.") % {"player": player},
        )
    url = reverse("tournament-entries", args=[slug])
    return redirect(f"{url}{_desk_query(request)}#entries")


@login_required
@require_POST
def entry_self_register(request: HttpRequest, slug: str) -> HttpResponse:
    """A player registers themself; a captain registers one of their club's players."""
    tournament = get_object_or_404(selectors.tournament_list(), slug=slug)
    chosen = int_value("player", request.POST.get("player", ""), default=None, minimum=1)
    player = (
        get_object_or_404(Player, pk=chosen)
        if chosen is not None
        else getattr(request.user, "player", None)
    )
    if player is None:
        messages.error(request, _("Your account is not linked to a player."))
    else:
        act(
            request,
            lambda: entry_services.entry_register(
                by=request.user, tournament=tournament, player=player
            ),
            _("%(player)s is registered.") % {"player": player},
        )
    return redirect("tournament-detail", slug=slug)
