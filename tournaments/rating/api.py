"""Read-only API: ``/api/ratings/`` (everyone rated, best first) and one player's history."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu.model_serializer import ModelSerializer
from scwu.models import Player

from .models import PlayerRating
from .selectors import rating_history, rating_of


class RatingSerializer(ModelSerializer[PlayerRating]):
    player_id = serializers.IntegerField(source="player.pk", read_only=True)
    nickname = serializers.CharField(source="player.nickname", read_only=True)

    class Meta:
        model = PlayerRating
        fields = ["player_id", "nickname", "mu", "sigma", "games", "updated_at"]


class RatingPointSerializer(serializers.Serializer[object]):
    game_id = serializers.IntegerField()
    tournament = serializers.CharField()
    round_number = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="order of finish at the table, 1 best")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class PlayerRatingDetailSerializer(serializers.Serializer[object]):
    rating = RatingSerializer()
    history = RatingPointSerializer(many=True)


class RatingListApi(generics.ListAPIView[PlayerRating]):
    """Every rated player, highest rating first."""

    permission_classes = [AllowAny]
    serializer_class = RatingSerializer
    queryset = PlayerRating.objects.select_related("player").order_by("-mu", "player_id")


class PlayerRatingApi(APIView):
    """One player's rating and its history (404 if never rated)."""

    permission_classes = [AllowAny]

    @extend_schema(responses=PlayerRatingDetailSerializer)
    def get(self, request: Request, player_id: int) -> Response:
        player = get_object_or_404(Player, pk=player_id)
        rating = rating_of(player.pk)
        if rating is None:
            return Response({"detail": "This player has no rated game yet."}, status=404)
        data = {"rating": rating, "history": rating_history(player.pk)}
        return Response(PlayerRatingDetailSerializer(data).data)
