"""Accounts on django-allauth: the site's adapter (email through the worker, the client's
address, the sign-in stages) and the second factor officials must have."""
