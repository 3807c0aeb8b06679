"""One environment-driven settings module.

With nothing set, the site runs embedded: SQLite, Celery tasks eager, in-memory cache and
channel layer. ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and Redis. Every
variable is documented in ``.env.example``.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Queue

from scwu.env import env_bool, env_int, env_list, env_str
from scwu.mail.settings import email_settings
from scwu.security.csp import content_security_policy
from scwu.security.secrets import secret_key_is_strong
from scwu.serving import channel_layers

# Lets generic classes such as ModelAdmin[Player] be subscripted at run time, for typing.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parents[2]

# Debug only when asked: by default only the embedded developer setup (no DATABASE_URL, no
# REDIS_URL) runs in debug (the test settings, scwu/config/settings_test.py, ask for it too);
# pointing at real services means production.
EMBEDDED = not (env_str("DATABASE_URL") or env_str("REDIS_URL"))
DEBUG = env_bool("DJANGO_DEBUG", default=EMBEDDED)

SECRET_KEY = env_str("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
if not DEBUG:
    # Outside debug we refuse to guess: a forgotten key or host list is a security hole.
    if not SECRET_KEY:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    if not secret_key_is_strong(SECRET_KEY):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is too weak: at least 50 characters, 5 of them different."
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must be set when DJANGO_DEBUG is off.")
else:
    SECRET_KEY = SECRET_KEY or "dev-only-insecure-key-not-for-production"
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["127.0.0.1", "localhost", "testserver", "[::1]"]

CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "axes",
    "csp",
    # Accounts (README "Accounts"): sign-up, verified email, reset, two-factor sign-in.
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "scwu",
    "tournaments",
    "games",
    "games.smoke",
    "games.online",
    "tournaments.rating",
]

MIDDLEWARE = [
    # First: forwarded headers are believed from SCWU_TRUSTED_PROXIES only.
    "scwu.security.proxy.TrustedProxyMiddleware",
    # Roles and posts are read once per request, however many tables a page shows (scwu/roles.py).
    "scwu.request_memo.PerRequestMemoMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # After a sign-in: the cookie that makes this browser a known source of the account.
    "scwu.security.signin.SignInDeviceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # An official without two-factor sign-in is sent to set it up (scwu/accounts/middleware.py).
    "scwu.accounts.middleware.SecondFactorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A database outage becomes a 503 with a reason rather than a 500 page.
    "scwu.health.DatabaseUnavailableMiddleware",
    # A query parameter of the wrong kind becomes a 400 naming it (scwu/security/params.py).
    "scwu.security.params.BadParameterMiddleware",
    # Last, as django-axes asks: it turns a lockout into the 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scwu.config.urls"
WSGI_APPLICATION = "scwu.config.wsgi.application"
ASGI_APPLICATION = "scwu.config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scwu.context_processors.roles",
                "scwu.context_processors.offline",
            ],
        },
    },
]

# Database: SQLite embedded; DATABASE_URL (postgres://...) switches to PostgreSQL via psycopg 3.
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            # 0: under Daphne (ASGI) every request runs in a thread of its own, so a kept
            # connection is never reused and they pile up to "too many clients" (seen in
            # the load test); Django's docs say to disable persistent connections on ASGI.
            conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
            conn_health_checks=True,
        )
    }
    # While PostgreSQL restarts a request fails fast (503, scwu.health) instead of hanging.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env_int(
        "DATABASE_CONNECT_TIMEOUT", 5
    )
    # Daphne runs every request in a thread of its own: without a pool, a burst of slow
    # requests opens a connection each, up to PostgreSQL's "too many clients". With one,
    # a request waits up to 10 s for a connection, then answers 503 (scwu.health).
    if DATABASE_POOL_SIZE := env_int("DATABASE_POOL_SIZE", 0):
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 2,
            "max_size": DATABASE_POOL_SIZE,
            "timeout": 10,
        }
        # Not a round trip to check each connection taken from the pool: that was 7 % of a
        # WebSocket process's time, one more wait on PostgreSQL for every action. The pool
        # drops a connection that failed in use, and the process's heartbeat checks the idle
        # ones (games.online.database.pool_check), so a restart of PostgreSQL costs at most
        # one failed call per pooled connection (its table's socket closes; the page
        # reconnects) instead of a round trip on every call.
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {"timeout": 20},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login lockout (django-axes): N failed sign-ins for one username from one address lock that
# pair out for a while; every sign-in path (form, admin, API basic auth) goes through it.
# Then the sign-in limits per address and per account, which refuse before any hashing and
# never hold a sign-in from the account's known browser or address (scwu/security/signin.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "scwu.security.signin.SignInGuardBackend",
    # Django's ModelBackend that also takes the account's email address as its name.
    "allauth.account.auth_backends.AuthenticationBackend",
]
AXES_FAILURE_LIMIT = env_int("SCWU_LOGIN_FAILURE_LIMIT", 5)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind the reverse proxy the client is the X-Forwarded-For hop the proxy saw, not the proxy.
AXES_CLIENT_IP_CALLABLE = "scwu.security.proxy.client_address"
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SCWU_LOGIN_LOCKOUT_MINUTES", 15))
# A refused attempt during a lockout neither counts nor restarts it (no database write).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
SCWU_LOGIN_ADDRESS_FAILURE_LIMIT = env_int("SCWU_LOGIN_ADDRESS_FAILURE_LIMIT", 30)
SCWU_LOGIN_ADDRESS_WINDOW_MINUTES = env_int("SCWU_LOGIN_ADDRESS_WINDOW_MINUTES", 15)
SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT = env_int("SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT", 20)
SCWU_LOGIN_ACCOUNT_WINDOW_MINUTES = env_int("SCWU_LOGIN_ACCOUNT_WINDOW_MINUTES", 60)
SCWU_LOGIN_KNOWN_DAYS = env_int("SCWU_LOGIN_KNOWN_DAYS", 90)
# Wrong two-factor codes for one account, from anywhere, before its codes are refused for the
# window (scwu/security/signin.py): 10 guesses of a million in 15 minutes.
SCWU_SECOND_FACTOR_FAILURE_LIMIT = env_int("SCWU_SECOND_FACTOR_FAILURE_LIMIT", 10)
SCWU_SECOND_FACTOR_WINDOW_MINUTES = env_int("SCWU_SECOND_FACTOR_WINDOW_MINUTES", 15)

# Online tables: the hard bots' thinking time per decision (milliseconds, in the table's write).
SCWU_BOT_HARD_MS = env_int("SCWU_BOT_HARD_MS", 200)
# The post-deal analysis job: sampled deals per pass candidate and per card (engine.analysis).
SCWU_ANALYSIS_PASS_SAMPLES = env_int("SCWU_ANALYSIS_PASS_SAMPLES", 24)
SCWU_ANALYSIS_PLAY_SAMPLES = env_int("SCWU_ANALYSIS_PLAY_SAMPLES", 120)
# The share of a process's time its hard bots may search, together and one at a time; past it
# they decide as medium bots (games/online/bots.py).
SCWU_BOT_THINK_SHARE = float(env_str("SCWU_BOT_THINK_SHARE", "0.25"))

# Limits nobody can exceed, however many tabs or scripts (README, Online tables: Limits).
# A table may call the referee this many times an hour (a call while one is open is refused).
SCWU_REFEREE_CALLS_PER_HOUR = env_int("SCWU_REFEREE_CALLS_PER_HOUR", 20)
# Practice games (not finished) a player may sit at; leaving one frees a place.
SCWU_PRACTICE_TABLES_PER_USER = env_int("SCWU_PRACTICE_TABLES_PER_USER", 3)
# WebSockets of spectators (seated players are never counted) per online table and per
# client address (all tables together), counted on the shared cache.
SCWU_WS_PER_TABLE = env_int("SCWU_WS_PER_TABLE", 50)
SCWU_WS_PER_ADDRESS = env_int("SCWU_WS_PER_ADDRESS", 20)
# Seconds after which a seat left connected by a WebSocket process that died (nobody vouched
# for it on a heartbeat) shows as disconnected (games/online/presence.py).
SCWU_PRESENCE_TTL = env_int("SCWU_PRESENCE_TTL", 90)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts with django-allauth (README "Accounts"; scwu/accounts/). Sign-up asks for a
# username, an email address and a password; the address must be verified before the first
# sign-in; sign-in takes the username or the address. A sign-up, reset or sign-in never tells
# whether an account exists (an email to the address says so instead).
ACCOUNT_ADAPTER = "scwu.accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_PREVENT_ENUMERATION = True
# One address per account; a new one replaces it only once verified.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[SCWU] "
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
# The sign-in page stays a sign-in page for the signed in: on a phone passed from hand to hand
# the next judge signs in over the last one's session.
ACCOUNT_AUTHENTICATED_LOGIN_REDIRECTS = False
# Sign-ins are limited by one authority, the lockout and limits above (axes and
# scwu/security/signin.py), so allauth's own sign-in limits are off; allauth limits what only it
# sees: sign-ups, reset requests, verification emails and password changes ("N/period/what",
# what = ip, key (the address asked for) or user).
ACCOUNT_RATE_LIMITS = {
    "login": None,
    "login_failed": None,
    "signup": env_str("SCWU_SIGNUP_RATE", "20/m/ip,100/h/ip"),
    "reset_password": env_str("SCWU_RESET_RATE", "20/m/ip,5/m/key,10/h/key"),
}
# Two-factor sign-in: an authenticator app's codes (TOTP) and one-time recovery codes.
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "SCWU"
MFA_FORMS = {"authenticate": "scwu.accounts.forms.LimitedAuthenticateForm"}
# Officials (administrators, directors, head referees, commission members) use their rights
# only once they sign in with a second factor (scwu/security/second_factor.py). No variable
# turns this off: only the test settings do, for the tests of other features.
SCWU_OFFICIALS_NEED_SECOND_FACTOR = True

# Internationalisation: the seeds come in three languages, so does the site.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("cs", _("Czech")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "scwu" / "locale"]
# Dates, times and figures follow the reader's language; English is written the European way
# (day-month-year, 24 hours), not Django's American default (scwu/config/formats/en/).
FORMAT_MODULE_PATH = ["scwu.config.formats"]
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "Europe/Prague")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "scwu" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("DJANGO_MEDIA_ROOT", str(BASE_DIR / "media")))
# Uploaded images (club logos, country flags): checked for real type and this size.
SCWU_UPLOAD_MAX_BYTES = env_int("SCWU_UPLOAD_MAX_BYTES", 2 * 1024 * 1024)

# Redis: cache, Celery broker/results and the channel layer. Absent: everything in-process.
REDIS_URL = env_str("REDIS_URL")
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            # Degrades to no cache while Redis is down (scwu/cache.py): the site keeps serving.
            "BACKEND": "scwu.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "scwu"),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The site's chrome (header, navigation, footer) as each language renders it: the same for
# every request of a process, so kept in the process's memory ({% cache ... using="chrome" %}
# in templates/base.html), never in Redis.
CACHES["chrome"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "scwu-chrome",
    "TIMEOUT": None,
    # A few parts per language, and a results page's tabs per tournament.
    "OPTIONS": {"MAX_ENTRIES": 5000},
}
# Redis (with a socket timeout longer than channels_redis's blocking pop) or in memory.
CHANNEL_LAYERS = channel_layers(REDIS_URL)

# The in-memory broker names a host: without one kombu warns "No hostname was supplied".
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or "memory://localhost/")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", REDIS_URL or "cache+memory://")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Deal analyses (seconds each, one job per finished deal) wait in a queue of their own, which
# every worker also consumes (no -Q): a worker takes from the queues in turn, so a backlog of
# analyses never holds the results' recomputes behind it.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue("celery"), Queue("analysis"))
CELERY_TASK_ROUTES = {"games.deal_analyse": {"queue": "analysis"}}
# Where Celery beat runs (`celery -A scwu.config beat`): results a lost task left stale catch up.
CELERY_BEAT_SCHEDULE = {
    "results-catch-up": {"task": "tournaments.results_catch_up", "schedule": 60.0},
}

# API clients sign in with a token (manage.py api_token), browsers with the session: neither
# checks a password per request. Basic auth would (a second of hashing for each made-up
# credential), so it is off unless SCWU_API_BASIC_AUTH=1 (scwu/security/basic_auth.py).
SCWU_API_BASIC_AUTH = env_bool("SCWU_API_BASIC_AUTH", default=False)
# Requests per client address (anonymous) or per user (signed in): "N/second|minute|hour|day",
# or "off" (scwu/api/throttles.py).
SCWU_API_RATES = {
    scope: None if rate.strip().lower() in ("", "off", "0") else rate
    for scope, rate in (
        ("anon", env_str("SCWU_API_RATE_ANON", "300/minute")),
        ("user", env_str("SCWU_API_RATE_USER", "1200/minute")),
    )
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "scwu.api.tokens.ApiTokenAuthentication",
        "scwu.security.basic_auth.LockoutAwareBasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_THROTTLE_CLASSES": [
        "scwu.api.throttles.AnonApiThrottle",
        "scwu.api.throttles.UserApiThrottle",
    ],
    # Bodies are JSON: a form encoding cannot say null or a list of lists as the schema does.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    # DRF's JSON, written faster (a deal's answer with the look-ahead is 60-90 KB).
    "DEFAULT_RENDERER_CLASSES": [
        "scwu.api.renderers.FastJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_FILTER_BACKENDS": ["scwu.api.filters.StrictFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "scwu.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "scwu.api.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "SCWU Tournament Manager API",
    "DESCRIPTION": "The Smoking Cat World Union: federation registry, tournaments, "
    "scorekeeping, standings and online tables.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Served from our own static files: the federation's site must not depend on a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation's shared error answers (400/401/403/404/405/429/503): scwu/api/schema.py.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "scwu.api.schema.common_responses",
        "scwu.api.schema.request_text_without_control_characters",
        "scwu.api.schema.request_objects_closed",
        "scwu.api.schema.request_alternatives",
    ],
    # One name for a choice set that several fields share (seats are named the same everywhere).
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": ["A", "B", "C", "D", "E", "F"],
        "GameStatusEnum": ["running", "finished"],
        "TournamentStatusEnum": "tournaments.models.tournament.TournamentStatus",
    },
}

# Production hardening; `manage.py check --deploy` is clean with production variables.
# Addresses or networks of our reverse proxies: only their X-Forwarded-* headers are believed
# (scwu/security/proxy.py strips them from anyone else).
SCWU_TRUSTED_PROXIES = env_list("SCWU_TRUSTED_PROXIES")
if SCWU_TRUSTED_PROXIES:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The load balancer's probe speaks plain HTTP on the inside.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_HTTPONLY = True
# Sessions are rows read through the shared cache: no query per signed-in request
# (scwu/sessions.py).
SESSION_ENGINE = "scwu.sessions"
# Every page; inline scripts carry the request's nonce (scwu/security/csp.py).
CONTENT_SECURITY_POLICY = content_security_policy()
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Email: printed to the console unless EMAIL_URL or EMAIL_HOST names an SMTP server
# (scwu/mail/settings.py); every message is sent by the Celery task scwu.send_email.
globals().update(email_settings())
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "SCWU <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Federation settings that are not stored in the database.
SCWU_WORD_REVIEW_QUORUM = env_int("SCWU_WORD_REVIEW_QUORUM", 3)
# The site's address as people reach it: the links in emails are built on it (a Celery task
# has no request to take the host from).
SCWU_SITE_URL = env_str("SCWU_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# How long an invitation's link (a role, the commission, a claim) stays valid.
SCWU_INVITATION_DAYS = env_int("SCWU_INVITATION_DAYS", 7)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "WARNING")},
}
