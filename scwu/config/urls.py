from allauth.account.decorators import secure_admin_login
from allauth.account.views import LoginView
from csp.decorators import csp_update
from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from scwu.health import healthz
from scwu.security.csp import API_DOCS_POLICY_UPDATE
from scwu.views import accounts, claims, federation, people, privacy

# The docs pages under the content security policy: Swagger UI split (no inline script).
api_docs = csp_update(API_DOCS_POLICY_UPDATE)(
    SpectacularSwaggerSplitView.as_view(url_name="schema")
)
api_redoc = csp_update(API_DOCS_POLICY_UPDATE)(SpectacularRedocView.as_view(url_name="schema"))

urlpatterns = [
    path("", federation.home, name="home"),
    path("healthz", healthz, name="healthz"),
    # Browsers ask for /favicon.ico whatever the page links: send them to the site's icon.
    path("favicon.ico", federation.favicon, name="favicon"),
    path("players/", federation.player_directory, name="player-list"),
    path("players/<int:pk>/", federation.player_detail, name="player-detail"),
    path("clubs/", federation.club_directory, name="club-list"),
    path("clubs/<slug:slug>/", federation.club_detail, name="club-detail"),
    path("clubs/<slug:slug>/roster/", federation.club_roster, name="club-roster"),
    path("words/", federation.word_register, name="word-list"),
    path("words/propose/", federation.word_propose, name="word-propose"),
    path("words/<int:pk>/", federation.word_detail, name="word-detail"),
    path("words/<int:pk>/review/", federation.word_review, name="word-review"),
    path("people/claim/", claims.claim, name="people-claim"),
    path("people/claim/<int:pk>/withdraw/", claims.claim_withdraw, name="people-claim-withdraw"),
    path("people/claims/", claims.claims_to_decide, name="people-claims"),
    path("people/claims/<int:pk>/decide/", claims.claim_decide, name="people-claim-decide"),
    path("people/settings/", people.person_settings, name="people-settings"),
    path("people/unsubscribe/<str:token>/", people.unsubscribe, name="people-unsubscribe"),
    path("people/invitations/<str:token>/", people.invitation_accept, name="invitation-accept"),
    path("commission/invite/", people.commission_invite, name="commission-invite"),
    path("privacy/", privacy.privacy, name="privacy"),
    path("people/my-data.json", privacy.my_data, name="people-data"),
    path("people/erase/", privacy.erase, name="people-erase"),
    # allauth's pages (README "Accounts"); sign-in and sign-out keep their names, and
    # signing out also clears what the site kept on a shared phone.
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", accounts.SignOutView.as_view(), name="logout"),
    path("accounts/", include("allauth.urls")),
    # Exempt from CSRF: the worst a forged post can do is switch a visitor's language, and a
    # token in every page's language form would set a cookie on every public page, which
    # caches then cannot share (scwu.httpcache.public_page).
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("api/redoc/", api_redoc, name="api-redoc"),
    path("api/", include(("scwu.api.urls", "api"))),
    path("api/", include(("tournaments.api.urls", "tournaments-api"))),
    path("api/", include(("games.api.urls", "games-api"))),
    path("api/", include(("tournaments.rating.urls", "rating-api"))),
    path("smoke/", include("games.smoke.urls")),
    path("online/", include("games.online.urls")),
    path("api/smoke/", include(("games.smoke.api_urls", "smoke-api"))),
    path("", include("tournaments.urls")),
    path("", include("games.urls")),
]
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

# The admin signs in through the site's sign-in (its limits, the second factor), not its own.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

# Under /api/ a path that matches nothing answers JSON like every other API error.
handler404 = "scwu.api.errors.not_found"
handler403 = "scwu.views.federation.forbidden"
