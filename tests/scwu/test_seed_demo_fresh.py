"""`manage.py seed_demo` on a fresh database under the shipped second-factor rule.

The test settings turn the rule off; `make demo` runs with it on, and the demo's director
has no authenticator app, so the seeders' services refused the first tournament.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test.utils import override_settings

from tournaments.models import Tournament


@pytest.mark.django_db
def test_seed_demo_runs_with_the_second_factor_rule_on() -> None:
    with override_settings(SCWU_OFFICIALS_NEED_SECOND_FACTOR=True):
        call_command("seed_demo", verbosity=0)
        # The command does not leave the rule off behind it.
        assert settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR is True
    assert Tournament.objects.exists()
