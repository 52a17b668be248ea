"""A throwaway PostgreSQL cluster for the server's storage tests (no system cluster is touched).

``initdb`` refuses to run as root, so the cluster is made and run as the ``postgres`` user,
in a temporary directory, on a free loopback port, with ``fsync=off`` (the tests check
what is committed, not the disk). Each test gets its own fresh database from
:meth:`Cluster.database`. Needs root and Debian's PostgreSQL server binaries;
:func:`missing` says why a machine cannot run it.
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.web.conftest import free_port

INITDB = "/usr/lib/postgresql/*/bin/initdb"


def missing() -> str | None:
    """Why no throwaway cluster can be started here, or ``None``."""
    if not glob.glob(INITDB):
        return f"PostgreSQL tests need the server binaries ({INITDB}; apt-get install postgresql)"
    if os.geteuid() != 0:
        return "PostgreSQL tests need root (the cluster is made and run as the postgres user)"
    if shutil.which("su") is None:
        return "PostgreSQL tests need su to run the cluster as the postgres user"
    return None


def as_postgres(command: list[str]) -> None:
    subprocess.run(["su", "postgres", "-c", shlex.join(command)], check=True, capture_output=True, timeout=60)


class Cluster:
    """A cluster in a temporary directory; :meth:`stop` removes every trace of it."""

    def __init__(self) -> None:
        self.bin = Path(sorted(glob.glob(INITDB))[-1]).parent
        self.folder = Path(tempfile.mkdtemp(prefix="skyhall-pg-"))
        shutil.chown(self.folder, "postgres")
        self.port = free_port()
        self.created = 0
        data = str(self.folder / "data")
        as_postgres([str(self.bin / "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"])
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off"
        log = str(self.folder / "log")
        as_postgres([str(self.bin / "pg_ctl"), "-D", data, "-o", options, "-l", log, "-w", "start"])

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        self.created += 1
        name = f"test_{self.created}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres", autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            as_postgres(
                [str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"]
            )
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
