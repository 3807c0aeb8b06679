"""Creating the play-off at a cut (the final's or the small final's): one action of the
director (the round, its one table and its publication). Who is seated is the results'
decision (:mod:`tournaments.results.playoff`); whether it may happen now, the lifecycle's."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import PlayingWord
from scwu.roles import AnyUser
from tournaments.lifecycle import Action, Context, require
from tournaments.models import Round, RoundStage, Tournament
from tournaments.models.rounds import DrawMethod
from tournaments.permissions import require_director
from tournaments.services.draw import playoff_field, round_draw_manual, round_draw_publish
from tournaments.services.rounds import round_create


@transaction.atomic
def playoff_create(
    *, by: AnyUser | None, tournament: Tournament, word: PlayingWord | None = None
) -> Round:
    """Create and publish a PLAYOFF round seating the players tied at the first tied cut
    (one action of the director: the round, its one table and its publication).

    ``word`` defaults to the word of the last basic round. Directors only. The seats go
    through the draw services, which know a play-off's field (``playoff_field``).
    """
    require_director(by, tournament)
    require(Action.CREATE_PLAYOFF, tournament, Context(by=by, stage=RoundStage.PLAYOFF))
    if word is None:
        last_basic = (
            Round.objects.filter(tournament=tournament, stage=RoundStage.BASIC)
            .select_related("word")
            .order_by("-number")
            .first()
        )
        if last_basic is None:
            raise ValidationError(
                {"word": [_("Choose the play-off's playing word.")]}, code="required"
            )
        word = last_basic.word
    round_ = round_create(
        by=by,
        tournament=tournament,
        word=word,
        stage=RoundStage.PLAYOFF,
        draw_method=DrawMethod.MANUAL,
    )
    tied, fillers = playoff_field(round_)
    round_draw_manual(by=by, round=round_, tables=[tied + fillers])
    round_ = round_draw_publish(by=by, round=round_)
    round_.draw_report = {**round_.draw_report, "playoff_for": tied, "fillers": fillers}
    round_.save(update_fields=["draw_report"])
    return round_
