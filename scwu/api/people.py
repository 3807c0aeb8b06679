"""The people's API: ask to be a registry player, and where the signed-in player sits."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu.models import Player, PlayerClaim
from scwu.services import claims
from tournaments import matchday


class ClaimInputSerializer(serializers.Serializer[Any]):
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True, default=None
    )
    nickname = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
    real_name = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
    message = serializers.CharField(max_length=500, required=False, default="", allow_blank=True)


class ClaimSerializer(serializers.ModelSerializer[PlayerClaim]):
    class Meta:
        model = PlayerClaim
        fields = ["id", "player", "nickname", "status", "created_at"]


class SeatSerializer(serializers.Serializer[Any]):
    tournament = serializers.CharField(source="table.round.tournament.slug")
    round = serializers.IntegerField(source="table.round.number")
    table = serializers.IntegerField(source="table.number")
    table_id = serializers.IntegerField()
    seat = serializers.CharField(source="position")


class ClaimApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ClaimInputSerializer, responses={201: ClaimSerializer})
    def post(self, request: Request) -> Response:
        """Ask to be a registry player (``player``), or a new one (``nickname``)."""
        data = ClaimInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        claim = claims.claim_request(by=request.user, **data.validated_data)
        return Response(ClaimSerializer(claim).data, status=status.HTTP_201_CREATED)


class MySeatsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: SeatSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The signed-in player's seats in the running tournaments (published draws)."""
        me: Any = request.user
        player = Player.objects.filter(user=me).first()
        seats = matchday.seat_list_for_player(player) if player is not None else []
        return Response(SeatSerializer(seats, many=True).data)
