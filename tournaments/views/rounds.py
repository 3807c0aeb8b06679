"""The director's round pages: plan a round, draw it (a Celery job), review, swap, publish."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_stubs_ext import StrOrPromise

from scwu.security.redirects import safe_next
from tournaments import selectors
from tournaments.forms import (
    DrawStartForm,
    ManualDrawForm,
    RoundCreateForm,
    RoundFormatForm,
    SwapForm,
)
from tournaments.lifecycle import Action, Context, offers
from tournaments.lifecycle.rounds import round_game_started
from tournaments.models import Entry, Round, RoundStatus, Table, TableSeat
from tournaments.permissions import can_direct
from tournaments.results.playoff import playoff_seating
from tournaments.results.selectors import tournament_results
from tournaments.services import draw as draw_services
from tournaments.services import playoff as playoff_services
from tournaments.services import rounds as round_services
from tournaments.views.common import (
    ACTION_TITLES,
    act,
    confirmation,
    round_of,
    tournament_for_director,
)


@login_required
def round_list(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    form = RoundCreateForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        created = act(
            request,
            lambda: round_services.round_create(
                by=request.user,
                tournament=tournament,
                word=form.cleaned_data["word"],
                stage=form.cleaned_data["stage"],
                placka_mode=form.cleaned_data["placka_mode"],
                first_place=form.cleaned_data["first_place"],
            ),
        )
        if created is not None:
            return redirect("round-manage", slug=slug, number=created.number)
    # The play-off is shown only for a cut really tied (the basic rounds finished), enabled
    # when the lifecycle allows it now, else disabled with its reason.
    seating = playoff_seating(tournament_results(tournament, include_unreleased=True).standings)
    by = Context(by=request.user)
    listed = list(selectors.round_list(tournament))
    for r in listed:
        r.offers = [  # type: ignore[attr-defined]
            (offer, ACTION_TITLES[offer.action], ROUND_ACTION_URLS[offer.action])
            for offer in offers(r, ROUND_LIST_ACTIONS, by).values()
            if offer.shown
        ]
    return render(
        request,
        "tournaments/rounds.html",
        {
            "tournament": tournament,
            "rounds": listed,
            "form": form,
            # No stage may be created now (a finished tournament): the reasons, not a form.
            "can_create": bool(form.fields["stage"].choices),  # type: ignore[attr-defined]
            "playoff": seating if seating.tie is not None else None,
            "playoff_offer": offers(tournament, [Action.CREATE_PLAYOFF], by)["create_playoff"],
        },
        status=400 if form.errors else 200,
    )


#: The actions each round's line of the rounds page offers, and where each posts.
ROUND_LIST_ACTIONS = (Action.FINISH_ROUND, Action.REOPEN_ROUND, Action.DELETE_ROUND)
ROUND_ACTION_URLS = {
    Action.FINISH_ROUND: "round-finish",
    Action.REOPEN_ROUND: "round-reopen",
    Action.DELETE_ROUND: "round-delete",
    Action.RESET_DRAW: "round-draw-reset",
}


@login_required
@require_POST
def playoff_create(request: HttpRequest, slug: str) -> HttpResponse:
    """One action: the play-off round of the tie at the cut, seated and published."""
    tournament = tournament_for_director(request, slug)
    created = act(
        request,
        lambda: playoff_services.playoff_create(by=request.user, tournament=tournament),
        _("The play-off table is seated and published."),
    )
    if created is not None:
        return redirect("round-manage", slug=slug, number=created.number)
    return redirect("round-list", slug=slug)


@login_required
@require_POST
def round_format(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's word, when its game ends and the places it decides (until it starts)."""
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    form = RoundFormatForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for text in errors:
                messages.error(request, f"{label}: {text}" if label else str(text))
        return redirect("round-manage", slug=slug, number=number)
    act(
        request,
        lambda: round_services.round_format_set(
            by=request.user,
            round=round,
            word=form.cleaned_data["word"],
            placka_mode=form.cleaned_data["placka_mode"],
            first_place=form.cleaned_data["first_place"],
        ),
        _("The round's format is saved."),
    )
    return redirect("round-manage", slug=slug, number=number)


@login_required
def round_manage(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    return render(
        request,
        "tournaments/round_manage.html",
        {
            "tournament": tournament,
            "round": round,
            "tables": selectors.round_tables(round),
            "draw_form": DrawStartForm(initial={"method": round.draw_method}),
            "format_form": RoundFormatForm(
                tournament=tournament,
                initial={
                    "word": round.word_id,
                    "placka_mode": round.placka_mode,
                    "first_place": round.first_place,
                },
            ),
            "format_editable": round.status != RoundStatus.FINISHED
            and not round_game_started(round),
            "manual_form": ManualDrawForm(),
            "offers": offers(
                round,
                [Action.DRAW, Action.DRAW_MANUAL, Action.PUBLISH, *ROUND_ACTION_URLS],
                Context(by=request.user),
            ),
            "titles": {str(action): ACTION_TITLES[action] for action in ROUND_ACTION_URLS},
            "action_urls": {
                str(action): reverse(name, args=[slug, number])
                for action, name in ROUND_ACTION_URLS.items()
            },
            "field": selectors.entry_drawable_list(tournament),
            "status_url": reverse("round-draw-status", args=[slug, number]),
        },
    )


@login_required
@require_POST
def round_draw_start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    form = DrawStartForm(request.POST)
    if form.is_valid():
        act(
            request,
            lambda: draw_services.round_draw_start(
                by=request.user,
                round=round,
                seed=form.cleaned_data["seed"],
                method=form.cleaned_data["method"],
            ),
        )
    return redirect("round-manage", slug=slug, number=number)


def round_draw_status(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    """The small JSON the director's page polls while the draw job runs."""
    tournament = get_object_or_404(selectors.tournament_list(), slug=slug)
    if not can_direct(request.user, tournament):
        return JsonResponse(
            {"detail": _("Only the tournament's directors may do this.")}, status=403
        )
    round = round_of(tournament, number)
    return JsonResponse(
        {
            "status": round.status,
            "status_display": round.get_status_display(),
            "done": round.status != RoundStatus.DRAWING,
            "error": round.draw_error,
            "tables": round.tables.count(),
        }
    )


@login_required
@require_POST
def round_draw_manual(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    form = ManualDrawForm(request.POST)
    if form.is_valid():
        names = {e.player.nickname.casefold(): e.pk for e in selectors.entry_list(tournament)}
        tables: list[list[int]] = []
        try:
            for line in form.cleaned_data["tables"].splitlines():
                nicks = [n.strip() for n in line.replace(";", ",").split(",") if n.strip()]
                if not nicks:
                    continue
                unknown = [n for n in nicks if n.casefold() not in names]
                if unknown:
                    raise ValidationError(
                        {"tables": [_("Not entered: %(names)s.") % {"names": ", ".join(unknown)}]}
                    )
                tables.append([names[n.casefold()] for n in nicks])
        except ValidationError as exc:
            for text in exc.messages:
                messages.error(request, text)
            return redirect("round-manage", slug=slug, number=number)
        act(
            request,
            lambda: draw_services.round_draw_manual(by=request.user, round=round, tables=tables),
            _("The manual draw is checked and saved as a draft."),
        )
    return redirect("round-manage", slug=slug, number=number)


@login_required
@require_POST
def seat_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    form = SwapForm(request.POST)
    if form.is_valid():
        seat = get_object_or_404(
            TableSeat.objects.select_related("table__round"),
            pk=form.cleaned_data["seat"],
            table__round=round,
        )
        entry = get_object_or_404(
            Entry.objects.select_related("player"),
            pk=form.cleaned_data["entry"],
            tournament=tournament,
        )
        act(
            request,
            lambda: draw_services.seat_swap(by=request.user, seat=seat, entry=entry),
            _("Seats swapped; the draw is rechecked."),
        )
    return redirect("round-manage", slug=slug, number=number)


@login_required
@require_POST
def round_publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    done = act(request, lambda: draw_services.round_draw_publish(by=request.user, round=round))
    if done is not None:
        # Back to managing the round (its next steps are there), with the public list a
        # click away: the message carries its link.
        messages.success(
            request,
            format_html(
                '{} <a href="{}" id="published-table-list">{}</a>',
                _("The draw is published."),
                reverse("round-draw", args=[slug, number]),
                _("Public table list"),
            ),
        )
    return redirect("round-manage", slug=slug, number=number)


def _round_step(
    request: HttpRequest,
    slug: str,
    number: int,
    action: Action,
    call: Callable[[Round], object],
    done: StrOrPromise,
) -> HttpResponse:
    """A round's step from the rounds page or the round's page: confirmed first when it
    says what it will do, then the service; back to where it was asked."""
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    back = safe_next(request, request.POST.get("next")) or reverse("round-list", args=[slug])
    asked = confirmation(
        request,
        action,
        round,
        title=f"{ACTION_TITLES[action]}: {round.get_stage_display()} {round.number}",
        back=back,
        context=Context(by=request.user),
    )
    if asked is not None:
        return asked
    act(request, lambda: call(round), str(done))
    if action == Action.DELETE_ROUND:
        return redirect("round-list", slug=slug)
    return redirect(back)


@login_required
@require_POST
def round_finish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _round_step(
        request,
        slug,
        number,
        Action.FINISH_ROUND,
        lambda r: round_services.round_finish(by=request.user, round=r),
        _("The round is finished."),
    )


@login_required
@require_POST
def round_reopen(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _round_step(
        request,
        slug,
        number,
        Action.REOPEN_ROUND,
        lambda r: round_services.round_reopen(by=request.user, round=r),
        _("The round is in play again."),
    )


@login_required
@require_POST
def round_delete(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _round_step(
        request,
        slug,
        number,
        Action.DELETE_ROUND,
        lambda r: round_services.round_delete(by=request.user, round=r),
        _("The round is deleted."),
    )


@login_required
@require_POST
def round_draw_reset(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _round_step(
        request,
        slug,
        number,
        Action.RESET_DRAW,
        lambda r: draw_services.round_draw_reset(by=request.user, round=r),
        _("The draw is reset: draw the round again."),
    )


@login_required
@require_POST
def table_kind(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Make one of the round's tables physical or online."""
    tournament = tournament_for_director(request, slug)
    round = round_of(tournament, number)
    table_pk = request.POST.get("table", "")
    if not table_pk.isdigit():
        raise Http404(_("No such table in this round."))
    table = get_object_or_404(Table, pk=int(table_pk), round=round)
    kind = request.POST.get("kind", "")
    act(
        request,
        lambda: round_services.table_kind_set(by=request.user, table=table, kind=kind),
        _("The table's kind is changed."),
    )
    return redirect("round-manage", slug=slug, number=number)
