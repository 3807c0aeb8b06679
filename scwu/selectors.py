"""Reads of the federation's data, shared by pages, the API and other apps."""

from __future__ import annotations

import datetime as dt

from django.db.models import Count, Prefetch, Q, QuerySet

from scwu.models import Ban, Club, Membership, Player, PlayingWord
from scwu.models.commission import Verdict, WordStatus
from scwu.models.players import nickname_key


def player_club_at(player: Player, on: dt.date) -> Club | None:
    """The club ``player`` belonged to on ``on``: results keep the club at the time."""
    membership = (
        Membership.objects.select_related("club", "club__country")
        .filter(player=player, start__lte=on)
        .filter(Q(end__isnull=True) | Q(end__gte=on))
        .order_by("-start")
        .first()
    )
    return membership.club if membership else None


def player_list(*, search: str = "", club: Club | None = None) -> QuerySet[Player]:
    today = dt.date.today()
    current = (
        Membership.objects.filter(start__lte=today)
        .filter(Q(end__isnull=True) | Q(end__gte=today))
        .select_related("club", "club__country")
    )
    qs = (
        Player.objects.prefetch_related(
            Prefetch("memberships", queryset=current, to_attr="current_memberships")
        )
        .annotate(active_bans=Count("bans", filter=Q(bans__lifted_on__isnull=True)))
        .order_by("nickname_key")
    )
    if search:
        # Matched on the stored search key (no case, no diacritics): "bo" finds "Bóža" on
        # SQLite and PostgreSQL alike.
        key = nickname_key(search)
        qs = qs.filter(
            Q(search_key__contains=key)
            | Q(nickname_key__contains=key)  # players written in bulk, without a search key
            | Q(real_name__icontains=search)
        )
    if club is not None:
        qs = qs.filter(memberships__club=club, memberships__end__isnull=True)
    return qs


def club_list() -> QuerySet[Club]:
    return Club.objects.select_related("country", "captain").annotate(
        member_count=Count("memberships", filter=Q(memberships__end__isnull=True))
    )


def club_members(club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("player").order_by("end", "player__nickname_key")


def word_list(*, status: str | None = None, theme: str | None = None) -> QuerySet[PlayingWord]:
    qs = (
        PlayingWord.objects.select_related("proposed_by")
        .prefetch_related("reviews__member__user")
        .annotate(approvals=Count("reviews", filter=Q(reviews__verdict=Verdict.APPROVE)))
    )
    if status:
        qs = qs.filter(status=status)
    if theme:
        qs = qs.filter(theme=theme)
    return qs


def word_approved_list() -> QuerySet[PlayingWord]:
    return PlayingWord.objects.filter(status=WordStatus.APPROVED)


def ban_active_list() -> QuerySet[Ban]:
    return Ban.objects.select_related("player").filter(lifted_on__isnull=True)
