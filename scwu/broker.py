"""Sending Celery tasks without letting a broker outage fail the request that sends them.

Tasks are sent on commit, after the user's write is already stored: an exception there
would turn a recorded deal into an error page (and a retry). So a send that cannot reach
the broker is logged and reported to the caller, which keeps the work recoverable (for the
results, ``ResultsState.requested > computed`` until a later run catches up).

A job whose caller waits on it (a round's draw) is queued with :func:`task_send_or_refuse`
instead: an unreachable broker refuses the request (:class:`BrokerUnavailable`), its
transaction rolls back, and the same request can be sent again.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, current_app
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("scwu.broker")

BROKER_DOWN = (KombuOperationalError, RedisConnectionError, RedisTimeoutError, OSError)


def task_named(name: str) -> Task[Any, Any]:
    """The registered task called ``name``. Services queue tasks by name: the tasks modules
    import the services they call, so a service never imports a tasks module back."""
    return current_app.tasks[name]


def task_send(task: Task[Any, Any] | str, *args: Any, countdown: float | None = None) -> bool:
    """Queue ``task(*args)`` (a task or its name); ``False`` (and a warning) when the broker
    is unreachable."""
    if isinstance(task, str):
        task = task_named(task)
    try:
        # Nobody waits on these results; not subscribing to them also spares the request
        # the result backend's own reconnect loop (20 tries, a second apart) when Redis is down.
        options: dict[str, Any] = {"ignore_result": True}
        if countdown is not None:
            options["countdown"] = countdown
        task.apply_async(args, **options)
    except BROKER_DOWN as exc:
        logger.warning("task %s%r not queued, broker unreachable: %s", task.name, args, exc)
        return False
    return True


class BrokerUnavailable(ValidationError):
    """A job the request depends on could not be queued: nothing was started or stored,
    and the same request may be sent again (the API answers 503 with ``Retry-After``)."""

    def __init__(self, field: str = "detail") -> None:
        message = _("The job queue is unreachable, so nothing was started: try again in a moment.")
        super().__init__({field: [message]}, code="broker_unavailable")


def task_send_or_refuse(task: Task[Any, Any] | str, *args: Any, field: str = "detail") -> None:
    """Queue ``task(*args)`` or raise :class:`BrokerUnavailable` (naming ``field``)."""
    if not task_send(task, *args):
        raise BrokerUnavailable(field)
