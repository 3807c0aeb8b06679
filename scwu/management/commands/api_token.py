from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scwu.models import ApiToken
from scwu.services.api_tokens import api_token_create, api_token_revoke


class Command(BaseCommand):
    help = (
        "API tokens (Authorization: Token <key>): create one for a user (the key is printed "
        "once), list a user's tokens, or revoke one by its prefix."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["create", "list", "revoke"])
        parser.add_argument("username")
        parser.add_argument("prefix", nargs="?", help="revoke: the token's prefix (from list)")
        parser.add_argument("--name", default="api", help="create: what the key is for")
        parser.add_argument(
            "--days", type=int, help="create: valid this many days (default: until revoked)"
        )

    def handle(self, *args: Any, action: str, username: str, **options: Any) -> None:
        try:
            user = get_user_model().objects.get(username=username)
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user {username!r}") from None
        if action == "create":
            _, key = api_token_create(user=user, name=options["name"], days=options["days"])
            self.stdout.write(key)
        elif action == "list":
            for token in ApiToken.objects.filter(user=user):
                expires = token.expires.isoformat() if token.expires else "never"
                self.stdout.write(f"{token.prefix}\t{token.name}\texpires {expires}")
        else:
            if not options["prefix"] or not api_token_revoke(user=user, prefix=options["prefix"]):
                raise CommandError("no such token (give a prefix from `api_token list`)")
            self.stdout.write(f"revoked {options['prefix']}")
