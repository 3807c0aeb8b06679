"""The serving configuration: the channel layer's Redis timeout and nginx's rendered front."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from channels_redis.core import RedisChannelLayer

from scwu.config.startup import YOUNG_OBJECTS
from scwu.serving import channel_layers
from scwu.topology import Front, nginx_render


def test_the_layer_reads_redis_longer_than_its_blocking_pop() -> None:
    # redis-py 8's default socket timeout (5 s) equals the pop: idle sockets were closed.
    host = channel_layers("redis://127.0.0.1:6379/3")["default"]["CONFIG"]["hosts"][0]
    assert host["address"] == "redis://127.0.0.1:6379/3"
    assert host["socket_timeout"] > RedisChannelLayer.brpop_timeout


def test_without_redis_the_layer_is_in_memory() -> None:
    assert channel_layers("")["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"


def front(tmp_path: Path, **changes: object) -> Front:
    values: dict[str, object] = {
        "listen": "127.0.0.1:8300",
        "web": ["127.0.0.1:8301", "10.0.0.2:8001"],
        "ws": ["127.0.0.1:8302"],
        "run_dir": tmp_path,
        "static_root": tmp_path / "static",
        "media_root": tmp_path / "media",
    }
    values.update(changes)
    return Front(**values)  # type: ignore[arg-type]


def test_nginx_routes_websockets_and_pages_to_their_upstreams(tmp_path: Path) -> None:
    config = nginx_render(front(tmp_path))
    assert "listen 127.0.0.1:8300" in config
    web = config.split("upstream scwu_web {")[1].split("}")[0]
    assert "server 127.0.0.1:8301" in web and "server 10.0.0.2:8001" in web
    assert "server 127.0.0.1:8302" in config.split("upstream scwu_ws {")[1].split("}")[0]
    assert f"alias {tmp_path / 'static'}/;" in config
    assert "{" + "listen}" not in config and "{" + "run_dir}" not in config


def test_an_upstream_that_is_not_host_and_port_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="upstream"):
        nginx_render(front(tmp_path, web=["127.0.0.1:8301; include /etc/passwd"]))


def test_an_access_log_records_each_requests_time_and_cache_status(tmp_path: Path) -> None:
    quiet = nginx_render(front(tmp_path))
    assert "    access_log off;" in quiet
    logged = nginx_render(front(tmp_path, access_log=str(tmp_path / "access.log")))
    assert f"access_log {tmp_path / 'access.log'} timed;" in logged
    timed = logged.split("log_format timed")[1].split(";")[0]
    assert "$request_time" in timed and "$upstream_response_time" in timed
    assert "$upstream_cache_status" in timed


@pytest.mark.parametrize("entry", ["scwu.config.wsgi", "scwu.config.asgi"])
def test_a_server_process_loads_every_view_then_freezes_its_start_up_objects(entry: str) -> None:
    # In a process of its own, as gunicorn's and uvicorn's workers import the entry point.
    script = (
        "import gc, sys\n"
        f"import {entry}\n"
        "print(gc.get_freeze_count(), 'tournaments.views.results' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    frozen, views_loaded = done.stdout.split()
    assert int(frozen) > 50_000
    assert views_loaded == "True"


def test_the_websocket_process_sweeps_its_young_objects_less_often() -> None:
    """uvicorn's process widens the collector's youngest generation (an action's objects
    die there instead of filling the oldest one, whose sweep stops every table)."""
    script = "import gc\nimport scwu.config.asgi\nprint(gc.get_threshold()[0])\n"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert int(done.stdout) == YOUNG_OBJECTS > 700


def _directives(block: str, name: str) -> list[str]:
    return [
        line.strip().removeprefix(name).strip().rstrip(";")
        for line in block.splitlines()
        if line.strip().startswith(name + " ")
    ]


def _seconds(value: str) -> int:
    return int(value.removesuffix("s"))


def test_a_crowd_at_a_live_page_is_never_passed_to_the_site_uncached(tmp_path: Path) -> None:
    config = nginx_render(front(tmp_path))
    server = config.split("server {", 1)[1]
    # A cached page past its age is served stale while one background request renders it.
    assert "updating" in _directives(server, "proxy_cache_use_stale")[0].split()
    assert _directives(server, "proxy_cache_background_update") == ["on"]
    # A page not cached yet: the crowd waits for the one render as long as a render may take
    # (nginx passes a reader whose wait ran out to the site and keeps nothing of its answer).
    live = server.split("location ~ ^/tournaments/", 1)[1].split("}\n", 1)[0]
    assert _directives(live, "proxy_cache_lock") == ["on"]
    read_timeout = _seconds(_directives(server, "proxy_read_timeout")[0])
    assert _seconds(_directives(live, "proxy_cache_lock_timeout")[0]) >= read_timeout
