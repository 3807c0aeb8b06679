"""No secret in the repository: tracked files carry no private keys, cloud tokens or
passwords, apart from the documented demo password and throwaway passwords in tests."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Split so that this file does not match itself.
PRIVATE_KEY = re.compile("-----BEGIN ([A-Z]+ )?" + "PRIVATE KEY-----")
TOKENS = re.compile(
    r"AKIA[0-9A-Z]{16}"  # AWS access key id
    r"|gh[pousr]_[A-Za-z0-9]{36}"  # GitHub tokens
    r"|xox[baprs]-[A-Za-z0-9-]{10,}"  # Slack tokens
    r"|sk_live_[A-Za-z0-9]{16,}"  # Stripe live keys
)
# A literal assigned to something named like a secret, in code or configuration.
ASSIGNED = re.compile(
    r"""(?ix)(password|passwd|secret|secret_key|api_key|token)\w*\s*[:=]\s*["']([^"'\s]{6,})["']"""
)
# Environment files: a value given to a secret-looking variable.
ENV_VALUE = re.compile(r"(?im)^\w*(SECRET|PASSWORD|TOKEN)\w*=(\S+)$")
ALLOWED = {
    "scwu-demo",  # the documented demo password (README)
    "dev-only-insecure-key-not-for-production",  # the debug-only key, refused outside debug
}


def tracked_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [ROOT / name for name in out.split("\0") if name and (ROOT / name).is_file()]


def _text(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data[:4096]:
        return None  # binary (compiled catalogues, images)
    return data.decode("utf-8", errors="replace")


def findings(paths: list[Path], root: Path = ROOT) -> list[str]:
    found = []
    for path in paths:
        text = _text(path)
        if text is None:
            continue
        name = str(path.relative_to(root))
        for pattern in (PRIVATE_KEY, TOKENS):
            found += [f"{name}: {m.group(0)[:20]}…" for m in pattern.finditer(text)]
        if not name.startswith("tests/"):  # tests sign in fixture users with made-up passwords
            found += [
                f"{name}: {m.group(1)}=…"
                for m in ASSIGNED.finditer(text)
                if m.group(2) not in ALLOWED
            ]
        if path.name.startswith(".env") or path.suffix == ".env":
            found += [f"{name}: {m.group(1)}" for m in ENV_VALUE.finditer(text)]
    return found


def test_tracked_files_hold_no_secrets() -> None:
    files = tracked_files()
    assert len(files) > 50  # the scan really looked at the tree
    assert findings(files) == []


def test_the_scanner_catches_what_it_looks_for(tmp_path: Path) -> None:
    planted = tmp_path / "scwu" / "settings_local.py"
    planted.parent.mkdir()
    planted.write_text(
        'DB_PASSWORD = "hunter2-real"\n'
        + "-----BEGIN RSA "
        + "PRIVATE KEY-----\n"
        + "key = 'AKIA"
        + "ABCDEFGHIJKLMNOP'\n"
    )
    leaked_env = tmp_path / ".env"
    leaked_env.write_text("DJANGO_SECRET_KEY=abc123\nDJANGO_DEBUG=0\n")
    assert len(findings([planted, leaked_env], root=tmp_path)) == 4
    env = ROOT / ".env.example"
    assert findings([env]) == [], "the example environment names variables but holds no values"
