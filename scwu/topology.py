"""The production topology's front: nginx, rendered from ``deploy/nginx.conf.template``.

``python -m scwu.topology nginx`` renders ``$SCWU_RUN_DIR/nginx.conf`` from the environment
and runs nginx in the foreground; SIGTERM (what honcho or systemd sends) becomes nginx's
graceful stop (SIGQUIT: finish the requests in flight, then exit).
``python -m scwu.topology render`` prints the configuration instead.

The processes behind it are in ``deploy/Procfile``; every variable is in ``.env.example``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from django.conf import settings

from scwu.env import env_list, env_str

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"


@dataclass(frozen=True)
class Front:
    """What nginx needs to know: where it listens and what is behind it."""

    listen: str
    web: list[str]
    ws: list[str]
    run_dir: Path
    static_root: Path
    media_root: Path
    workers: str = "auto"
    access_log: str = "off"
    mime_types: str = "/etc/nginx/mime.types"
    #: Requests a second per client address that carry credentials or are anonymous API
    #: calls ("5r/s"); "off" leaves the limits to the site.
    rate: str = "5r/s"

    @classmethod
    def from_env(cls) -> Front:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
        return cls(
            listen=env_str("SCWU_LISTEN", "127.0.0.1:8000"),
            web=env_list("SCWU_WEB_UPSTREAMS", ["127.0.0.1:8001"]),
            ws=env_list("SCWU_WS_UPSTREAMS", ["127.0.0.1:8002"]),
            run_dir=Path(env_str("SCWU_RUN_DIR", str(ROOT / "deploy" / "run"))).resolve(),
            static_root=Path(settings.STATIC_ROOT).resolve(),
            media_root=Path(settings.MEDIA_ROOT).resolve(),
            workers=env_str("SCWU_NGINX_WORKERS", "auto"),
            access_log=env_str("SCWU_NGINX_ACCESS_LOG", "off"),
            mime_types=env_str("SCWU_NGINX_MIME_TYPES", "/etc/nginx/mime.types"),
            rate=env_str("SCWU_NGINX_RATE", "5r/s"),
        )


def _servers(addresses: list[str]) -> str:
    if not addresses:
        raise ValueError("nginx needs at least one upstream address")
    for address in addresses:
        if not re.fullmatch(r"[\w.\-\[\]:]+:\d+|unix:/[\w./\-]+", address):
            raise ValueError(f"not a host:port or unix:/path upstream: {address!r}")
    return "\n".join(f"        server {address} max_fails=0;" for address in addresses)


LIMIT_REQ = (
    "        limit_req zone=scwu_credentials burst=20;\n"
    "        limit_req zone=scwu_anonymous_api burst=20 nodelay;\n"
    "        limit_req zone=scwu_analysis burst=5 nodelay;"
)


def _limits(rate: str) -> tuple[str, str]:
    """(the zones' rate, the server's limit_req lines); off: a zone nothing uses."""
    if rate.strip().lower() in ("off", "0", ""):
        return "1r/s", "        # (off: SCWU_NGINX_RATE)"
    if not re.fullmatch(r"\d+r/[sm]", rate.strip()):
        raise ValueError(f"SCWU_NGINX_RATE is N r/s or N r/m (5r/s) or off, not {rate!r}")
    return rate.strip(), LIMIT_REQ


def nginx_render(front: Front) -> str:
    rate, limit_req = _limits(front.rate)
    # A deal's analysis, the heaviest anonymous read: a fifth of the rate (at least 1r/s).
    number, unit = int(rate[:-3]), rate[-1]
    analysis_rate = f"{max(1, number // 5)}r/{unit}"
    values = {
        "workers": front.workers,
        "run_dir": str(front.run_dir),
        "access_log": "off" if front.access_log == "off" else f"{front.access_log} timed",
        "mime_types": front.mime_types,
        "web_servers": _servers(front.web),
        "ws_servers": _servers(front.ws),
        "listen": front.listen,
        "static_root": str(front.static_root),
        "media_root": str(front.media_root),
        "rate": rate,
        "analysis_rate": analysis_rate,
        "limit_req": limit_req,
    }
    template = TEMPLATE.read_text(encoding="utf-8")
    return re.sub(
        r"\{(" + "|".join(values) + r")\}", lambda match: values[match.group(1)], template
    )


def nginx_write(front: Front) -> Path:
    """Render into the run directory (created with nginx's temporary folders)."""
    front.run_dir.mkdir(parents=True, exist_ok=True)
    path = front.run_dir / "nginx.conf"
    path.write_text(nginx_render(front), encoding="utf-8")
    return path


def nginx_binary() -> str:
    return env_str("SCWU_NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"


def nginx_command(config: Path) -> list[str]:
    return [nginx_binary(), "-p", str(config.parent), "-c", str(config), "-e", "stderr"]


def nginx_run(front: Front) -> int:
    """nginx in the foreground until it exits; SIGTERM/SIGINT stop it gracefully."""
    config = nginx_write(front)
    subprocess.run([*nginx_command(config), "-t", "-q"], check=True)
    # A session of its own: a process manager's signal to our group reaches only us, and we
    # turn it into nginx's graceful stop.
    process = subprocess.Popen(nginx_command(config), start_new_session=True)

    def graceful(signum: int, frame: FrameType | None) -> None:
        process.send_signal(signal.SIGQUIT)

    signal.signal(signal.SIGTERM, graceful)
    signal.signal(signal.SIGINT, graceful)
    return process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scwu.topology", description=__doc__)
    parser.add_argument("what", choices=["nginx", "render"])
    args = parser.parse_args(argv)
    front = Front.from_env()
    if args.what == "render":
        sys.stdout.write(nginx_render(front))
        return 0
    return nginx_run(front)


if __name__ == "__main__":
    sys.exit(main())
