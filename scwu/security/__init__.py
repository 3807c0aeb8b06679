"""Security helpers: the content security policy, upload checks and the login lockout answer."""
