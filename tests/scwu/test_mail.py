"""Email: console by default, SMTP from the environment, and always through the Celery task."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import EmailMultiAlternatives

from scwu.mail import outbox
from scwu.mail.settings import CONSOLE_BACKEND, SMTP_BACKEND, email_settings

EMAIL_VARIABLES = (
    "EMAIL_URL",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
)


@pytest.fixture
def no_email_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in EMAIL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_nothing_set_prints_email_to_the_console(no_email_env: pytest.MonkeyPatch) -> None:
    assert email_settings()["EMAIL_BACKEND"] == CONSOLE_BACKEND


def test_email_url_names_the_smtp_server_with_starttls(no_email_env: pytest.MonkeyPatch) -> None:
    no_email_env.setenv("EMAIL_URL", "smtp://mailer:p%40ss@mail.example:2525?tls=1")
    config = email_settings()
    assert config["EMAIL_BACKEND"] == SMTP_BACKEND
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"]) == ("mail.example", 2525)
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == ("mailer", "p@ss")
    assert (config["EMAIL_USE_TLS"], config["EMAIL_USE_SSL"]) == (True, False)


def test_smtps_url_means_tls_from_the_first_byte_on_465(no_email_env: pytest.MonkeyPatch) -> None:
    no_email_env.setenv("EMAIL_URL", "smtps://mail.example")
    config = email_settings()
    assert (config["EMAIL_PORT"], config["EMAIL_USE_SSL"], config["EMAIL_USE_TLS"]) == (
        465,
        True,
        False,
    )


def test_email_host_variables_name_the_smtp_server(no_email_env: pytest.MonkeyPatch) -> None:
    no_email_env.setenv("EMAIL_HOST", "127.0.0.1")
    no_email_env.setenv("EMAIL_PORT", "8025")
    config = email_settings()
    assert config["EMAIL_BACKEND"] == SMTP_BACKEND
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"], config["EMAIL_USE_TLS"]) == (
        "127.0.0.1",
        8025,
        False,
    )


@pytest.mark.parametrize("url", ["http://mail.example", "smtp://", "smtp://mail.example:port"])
def test_a_malformed_email_url_stops_the_start_with_its_reason(
    no_email_env: pytest.MonkeyPatch, url: str
) -> None:
    no_email_env.setenv("EMAIL_URL", url)
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email_settings()


def test_queued_message_is_sent_by_the_task_with_its_html_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent_through: list[str] = []
    real_send = outbox.task_send

    def recording_send(name: str, *args: object) -> bool:
        sent_through.append(name)
        return real_send(name, *args)

    monkeypatch.setattr(outbox, "task_send", recording_send)
    message = EmailMultiAlternatives("Hello", "plain", "SCWU <a@b.example>", ["c@d.example"])
    message.attach_alternative("<p>html</p>", "text/html")

    assert outbox.queue_message(message)

    assert sent_through == [outbox.SEND_EMAIL_TASK]
    (delivered,) = mail.outbox
    assert (delivered.subject, delivered.body, delivered.to) == ("Hello", "plain", ["c@d.example"])
    assert delivered.alternatives == [("<p>html</p>", "text/html")]
