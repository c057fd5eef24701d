"""A throwaway PostgreSQL server for the tests and the benchmarks, from the installed binaries.

``initdb`` in a temporary folder, ``pg_ctl start`` on a free port of 127.0.0.1 (and a Unix socket
in the same folder), trust authentication, ``pg_ctl stop`` and the folder removed at the end.
PostgreSQL refuses to run as root: as root (CI) the server runs as the unprivileged ``postgres``
user that Debian's package creates (``runuser -u postgres --``).

Where no binaries are found, :func:`find_bindir` returns None and the tests skip with
:data:`INSTALL_HINT`.
"""

from __future__ import annotations

import asyncio
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

INSTALL_HINT = (
    "PostgreSQL server binaries not found: install them (Debian/Ubuntu: `apt-get install postgresql`) "
    "or point FLOE_PG_BIN at the folder with initdb and pg_ctl"
)
SUPERUSER = "floe"


def find_bindir() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``: ``$FLOE_PG_BIN``, Debian's newest, or the PATH."""
    candidates = [os.environ.get("FLOE_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    found = shutil.which("initdb")
    candidates.append(str(Path(found).parent) if found else "")
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _version(path: str) -> int:
    part = Path(path).parent.name
    return int(part) if part.isdigit() else 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One running server; ``url(name)`` names a database on it, ``create_database()`` makes one."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable  # False: fsync off (tests); True: the default durability (benchmarks)
        self.folder = Path(tempfile.mkdtemp(prefix="floe-pg-"))
        self.port = 0
        self._as: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")  # KeyError: no unprivileged user to run the server
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, cwd=self.folder)

    def start(self) -> PgServer:
        data = self.folder / "data"
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = [f"-c unix_socket_directories={self.folder}", "-c listen_addresses=127.0.0.1"]
        options += ["-c max_connections=200", "-c shared_buffers=64MB"]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        for _attempt in range(5):  # another process may take the free port first
            self.port = free_port()
            try:
                self._run(
                    str(self.bindir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(self.folder / "server.log"),
                    "-w",
                    "-o",
                    " ".join([f"-p {self.port}", *options]),
                    "start",
                )
                return self
            except subprocess.CalledProcessError:
                continue
        raise RuntimeError(f"PostgreSQL did not start: see {self.folder / 'server.log'}")

    def stop(self) -> None:
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            self._run(str(self.bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def cpu_seconds(self) -> float:
        """The CPU time the server has used so far: the postmaster's, its ended backends' and its
        running processes' (Linux ``/proc``; benchmarks print it beside their own)."""
        postmaster = int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:  # the process ended meanwhile
                continue
            pid, ppid = int(stat.parent.name), int(fields[1])
            if pid == postmaster:
                total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
            elif ppid == postmaster:
                total += int(fields[11]) + int(fields[12])
        return total / tick

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    async def create_database(self) -> str:
        """A new empty database; returns its URL."""
        name = "d_" + uuid.uuid4().hex[:16]
        await self._execute(f"CREATE DATABASE {name}")
        return self.url(name)

    async def create_schema(self) -> str:
        """A new empty schema in the default database, as a URL whose ``search_path`` is it.

        Ten times quicker than a database (what the tests use, one per test).
        """
        name = "s_" + uuid.uuid4().hex[:16]
        await self._execute(f"CREATE SCHEMA {name}")
        return f"{self.url()}?search_path={name}"

    async def create_password_role(self, name: str, password: str) -> str:
        """A login role that must give ``password`` over TCP (scram, unlike the trusted
        superuser); returns the URL of the default database as that role, without the password."""
        import asyncpg

        await self._execute(f"CREATE ROLE {name} LOGIN PASSWORD '{password}'")
        hba = self.folder / "data" / "pg_hba.conf"
        hba.write_text(f"host all {name} 127.0.0.1/32 scram-sha-256\n" + hba.read_text())
        await self._execute("SELECT pg_reload_conf()")
        url = f"postgresql://{name}@127.0.0.1:{self.port}/postgres"
        for _ in range(100):  # the server reloads its rules on a signal: wait until they hold
            try:
                conn = await asyncpg.connect(url.replace("@", ":not-the-password@"))
            except asyncpg.InvalidPasswordError:
                return url
            await conn.close()
            await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start asking for the password")

    async def _execute(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(sql)
        finally:
            await conn.close()
