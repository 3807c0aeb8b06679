"""The site's email: where it goes (``settings``) and how a message leaves (``outbox``)."""
