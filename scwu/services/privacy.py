"""A person's data: everything the site holds about them (downloaded as JSON), and erasure.

Erasure keeps the federation's history valid: results, standings and records hang on the
registry record's id, so the record stays and only what names the person goes (the
nickname becomes a pseudonym, the real name and gender are cleared). The account is closed
the same way: its row stays as a pseudonymous tombstone (``erased-<id>``, no email, no
password, inactive), because the audit trail is append-only and names who acted by account;
after erasure it names the pseudonym. What only serves the person (settings, claims, API
keys, sessions, email addresses and second factors) is deleted."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.db.models.fields.files import FieldFile
from django.utils import timezone

from scwu.models import ClaimInvitation, CommissionInvitation, CommissionMember, Player

#: Never exported, even to their owner: secrets and their digests.
SECRET_FIELDS = frozenset({"password", "digest", "secret", "session_key", "session_data"})
#: Rows that hang on a player's entry and describe them (their seats, places, results).
EXPANDED = frozenset({"tournaments.entry"})
#: Rows that serve only the account's owner: deleted with the account.
OWN_ROWS = frozenset(
    {
        "scwu.apitoken",
        "scwu.personsettings",
        "scwu.playerclaim",
        "account.emailaddress",
        "mfa.authenticator",
        "socialaccount.socialaccount",
        "usersessions.usersession",
    }
)


def pseudonym(player_or_user_id: int, *, account: bool = False) -> str:
    """The name that replaces an erased person's (stable, so pages stay consistent)."""
    return f"erased-{player_or_user_id}" if account else f"Erased {player_or_user_id}"


def _row(obj: models.Model) -> dict[str, Any]:
    row: dict[str, Any] = {"model": obj._meta.label_lower}
    for field in obj._meta.concrete_fields:
        if field.name not in SECRET_FIELDS:
            value = getattr(obj, field.attname)
            row[field.attname] = value.name or "" if isinstance(value, FieldFile) else value
    return row


def _reverse_rows(obj: models.Model) -> list[models.Model]:
    """Every row of any model that points at ``obj`` by a foreign key or one-to-one."""
    found: list[models.Model] = []
    for rel in obj._meta.get_fields(include_hidden=True):
        if not (rel.auto_created and not rel.concrete and (rel.one_to_many or rel.one_to_one)):
            continue
        model = rel.related_model
        assert isinstance(model, type) and issubclass(model, models.Model)
        field = rel.field  # type: ignore[union-attr]
        found.extend(model._base_manager.filter(**{field.name: obj}).order_by("pk"))
    return found


def personal_data(user: User) -> dict[str, Any]:
    """Everything stored about ``user`` and their registry player (dates and decimals as
    Python values: encode with Django's JSON encoder)."""
    rows: list[dict[str, Any]] = []
    subjects: list[models.Model] = [user]
    player = Player.objects.filter(user=user).first()
    if player is not None:
        subjects.append(player)
    for subject in subjects:
        for obj in _reverse_rows(subject):
            if obj._meta.label_lower == "scwu.player":
                continue
            rows.append(_row(obj))
            if obj._meta.label_lower in EXPANDED:
                rows.extend(_row(inner) for inner in _reverse_rows(obj))
    invitations = (
        [
            _row(inv)
            for model in (ClaimInvitation, CommissionInvitation)
            for inv in model.objects.filter(email__iexact=user.email).exclude(email="")
        ]
        if user.email
        else []
    )
    return {
        "exported_at": timezone.now(),
        "account": {**_row(user), "groups": list(user.groups.values_list("name", flat=True))},
        "player": _row(player) if player is not None else None,
        "related": rows,
        "invitations": invitations,
    }


@transaction.atomic
def person_pseudonymise(user: User) -> Player | None:
    """Erase ``user`` and their registry player as the module says; the player (now a
    pseudonym) or None. The caller refreshes what caches the old name."""
    user = User.objects.select_for_update().get(pk=user.pk)
    email = user.email
    player = Player.objects.select_for_update().filter(user=user).first()
    for obj in _reverse_rows(user):
        if obj._meta.label_lower in OWN_ROWS:
            obj.delete()
    CommissionMember.objects.filter(user=user).update(active=False, chair=False)
    if email:
        for model in (ClaimInvitation, CommissionInvitation):
            model.objects.filter(email__iexact=email).update(email="erased@invalid")
    if player is not None:
        player.nickname = pseudonym(player.pk)
        player.real_name = ""
        player.gender = ""
        player.user = None
        player.save()
        _log_entries_rename(Player, player.pk, player.nickname)
    user.username = pseudonym(user.pk, account=True)
    user.email = ""
    user.first_name = ""
    user.last_name = ""
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    _log_entries_rename(User, user.pk, user.username)
    return player


def _log_entries_rename(model: type[models.Model], pk: int, name: str) -> None:
    """The admin's change log names objects as they were: after erasure, by the pseudonym."""
    LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(model), object_id=str(pk)
    ).update(object_repr=name)
