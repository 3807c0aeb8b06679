"""The federation's data: countries, clubs, players, memberships, the commission, words, bans;
and the API clients' tokens."""

from scwu.models.api_tokens import ApiToken
from scwu.models.bans import Ban
from scwu.models.clubs import Club, EliteRoster
from scwu.models.commission import CommissionMember, PlayingWord, WordReview
from scwu.models.geography import Country
from scwu.models.people import (
    ClaimInvitation,
    ClaimStatus,
    CommissionInvitation,
    NotificationKind,
    PersonSettings,
    PlayerClaim,
)
from scwu.models.players import Membership, Player

__all__ = [
    "ApiToken",
    "Ban",
    "ClaimInvitation",
    "ClaimStatus",
    "Club",
    "CommissionInvitation",
    "CommissionMember",
    "Country",
    "EliteRoster",
    "Membership",
    "NotificationKind",
    "PersonSettings",
    "Player",
    "PlayerClaim",
    "PlayingWord",
    "WordReview",
]
