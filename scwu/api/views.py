"""Federation API: read-only collections, and one small class per write operation."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu import selectors
from scwu.api import serializers as s
from scwu.api.filters import StrictFilterSet
from scwu.api.query import SLUG
from scwu.models import Club, Country, PlayingWord
from scwu.services import bans, clubs, players, words


class CountryViewSet(viewsets.ReadOnlyModelViewSet[Country]):
    queryset = Country.objects.all()
    serializer_class = s.CountrySerializer
    filterset_fields = ["iso2", "iso3"]


class ClubViewSet(viewsets.ReadOnlyModelViewSet[Any]):
    serializer_class = s.ClubSerializer
    lookup_field = "slug"
    lookup_value_regex = SLUG
    filterset_fields = {"country__iso3": ["exact"], "name": ["icontains"]}

    def get_queryset(self) -> Any:
        return selectors.club_list()


class PlayerFilter(StrictFilterSet):
    search = filters.CharFilter(method="filter_search", label="nickname or real name contains")
    club = filters.CharFilter(field_name="memberships__club__slug", label="club slug (any time)")

    def filter_search(self, queryset: Any, name: str, value: str) -> Any:
        return queryset.filter(nickname__icontains=value) | queryset.filter(
            real_name__icontains=value
        )


class PlayerViewSet(viewsets.ReadOnlyModelViewSet[Any]):
    serializer_class = s.PlayerSerializer
    filterset_class = PlayerFilter

    def get_queryset(self) -> Any:
        return selectors.player_list().prefetch_related("memberships__club").distinct()


class PlayerCreateApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.PlayerCreateInputSerializer, responses={201: s.PlayerSerializer})
    def post(self, request: Request) -> Response:
        data = s.PlayerCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = players.player_create(by=request.user, **data.validated_data)
        return Response(s.PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class WordViewSet(viewsets.ReadOnlyModelViewSet[Any]):
    serializer_class = s.PlayingWordSerializer
    filterset_fields = ["status", "theme", "language"]

    def get_queryset(self) -> Any:
        return selectors.word_list()


class WordProposeApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.WordProposeInputSerializer, responses={201: s.PlayingWordSerializer})
    def post(self, request: Request) -> Response:
        data = s.WordProposeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        word = words.word_propose(by=request.user, **data.validated_data)
        return Response(s.PlayingWordSerializer(word).data, status=status.HTTP_201_CREATED)


class WordReviewApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.WordReviewInputSerializer, responses={201: s.PlayingWordSerializer})
    def post(self, request: Request, pk: int) -> Response:
        word = get_object_or_404(PlayingWord, pk=pk)
        data = s.WordReviewInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        words.word_review(by=request.user, word=word, **data.validated_data)
        word.refresh_from_db()
        return Response(s.PlayingWordSerializer(word).data, status=status.HTTP_201_CREATED)


class WordRetireApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.PlayingWordSerializer})
    def post(self, request: Request, pk: int) -> Response:
        word = get_object_or_404(PlayingWord, pk=pk)
        words.word_retire(by=request.user, word=word)
        return Response(s.PlayingWordSerializer(word).data)


class BanListApi(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: s.BanSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(s.BanSerializer(selectors.ban_active_list(), many=True).data)

    @extend_schema(request=s.BanInputSerializer, responses={201: s.BanSerializer})
    def post(self, request: Request) -> Response:
        data = s.BanInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ban = bans.ban_impose(by=request.user, **data.validated_data)
        return Response(s.BanSerializer(ban).data, status=status.HTTP_201_CREATED)


class EliteRosterSetApi(APIView):
    """A club's elite roster for a season, set by its captain or an administrator."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.EliteRosterInputSerializer, responses={200: s.EliteRosterSerializer})
    def post(self, request: Request, slug: str) -> Response:
        data = s.EliteRosterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        roster = clubs.elite_roster_set(
            by=request.user, club=get_object_or_404(Club, slug=slug), **data.validated_data
        )
        return Response(s.EliteRosterSerializer(roster).data)
