"""A real local SMTP server (aiosmtpd) that keeps what it receives, for the integration run."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


class Mailbox:
    """What the server received, in order; the tests wait on it."""

    def __init__(self) -> None:
        self._messages: list[EmailMessage] = []
        self._arrived = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        with self._arrived:
            self._messages.append(message)  # type: ignore[arg-type]
            self._arrived.notify_all()
        return "250 Message accepted for delivery"

    def wait_for(self, to: str, seconds: float = 60, subject: str = "") -> EmailMessage:
        """The first message to ``to`` whose subject contains ``subject``; fails after
        ``seconds``."""
        deadline = time.monotonic() + seconds
        with self._arrived:
            while True:
                for message in self._messages:
                    if to in str(message.get("To", "")) and subject in str(
                        message.get("Subject", "")
                    ):
                        return message
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no email to {to} ({subject!r}) within {seconds} s")
                self._arrived.wait(left)


@contextlib.contextmanager
def smtp_mailbox(host: str, port: int) -> Iterator[Mailbox]:
    box = Mailbox()
    controller = Controller(box, hostname=host, port=port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()
