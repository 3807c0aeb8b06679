"""The post-deal review page: the analysis of a finished deal for one seat (a recorded deal
with a full record, or a deal of an online game), with the turning point marked."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine import Card
from games.analysis import AnalysisPending, AnalysisUnavailable, deal_analysis_get

#: A choice at least this much likelier to lose than the best one is marked as a mistake.
MISTAKE = 0.1


def _lang() -> str:
    lang = (get_language() or "en")[:2]
    return lang if lang in ("en", "cs", "ru") else "en"


def _pattern(request: HttpRequest) -> str:
    stored = request.session.get("card_pattern")
    return stored if stored in ("czech", "french") else "czech"


def action_text(action: dict[str, Any], lang: str, pattern: str) -> str:
    """A pass, a card or a pack, named in the user's language and card pattern."""
    kind = action.get("type")
    if kind == "pack":
        return _("pack")
    codes = action.get("cards") if kind == "pass" else [action.get("card")]
    return ", ".join(Card.parse(str(c)).name(lang, pattern) for c in codes or [])  # type: ignore[arg-type]


def _rows(report: dict[str, Any], lang: str, pattern: str) -> list[dict[str, Any]]:
    rows = []
    for d in report["decisions"]:
        gap = round(d["chosen_loss"] - d["best_loss"], 3)
        rows.append(
            {
                **d,
                "chosen_text": action_text(d["chosen"], lang, pattern),
                "best_text": action_text(d["best"], lang, pattern),
                "gap": gap,
                "chosen_pct": round(100 * d["chosen_loss"]),
                "best_pct": round(100 * d["best_loss"]),
                "mistake": gap >= MISTAKE,
                "choices_text": [
                    (action_text(c["action"], lang, pattern), round(100 * c["loss"]))
                    for c in d["choices"]
                ],
            }
        )
    worst = max(rows, key=lambda r: r["gap"], default=None)
    if worst is not None and worst["gap"] > 0:
        worst["turning_point"] = True
    return rows


def review_page(request: HttpRequest, load: Any, title: str, api_url: str) -> HttpResponse:
    """The review page of one deal; ``load(seat)`` gives the stored report (online tables
    use it for their deals too), or says it is still being analysed."""
    seat = request.GET.get("seat") or None
    context: dict[str, Any] = {"title": title, "api_url": api_url, "seat": seat}
    try:
        report = load(seat)
    except AnalysisUnavailable as exc:
        context["error"] = exc.message
        return render(request, "games/review.html", context, status=400)
    except AnalysisPending:
        context["pending"] = True
        return render(request, "games/review.html", context)
    context["report"] = report
    context["rows"] = _rows(report, _lang(), _pattern(request))
    context["seats"] = ["A", "B", "C", "D"]
    return render(request, "games/review.html", context)


def deal_review(request: HttpRequest, deal_id: int) -> HttpResponse:
    """The review of a recorded deal (entered with its full record)."""

    def load(seat: str | None) -> dict[str, Any]:
        return deal_analysis_get(deal_id=deal_id, seat=seat, user=request.user)

    return review_page(
        request, load, _("Review of a deal"), reverse("games-api:deal-analysis", args=[deal_id])
    )
