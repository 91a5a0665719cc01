"""What a batch run is asked to do, and the errors that stop it before or while it runs."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

Engine = Literal["process", "dask"]


class BatchError(Exception):
    """The run can't start or go on (bad arguments, a cluster that fails): the CLI exits with status 2."""


class BatchOutputError(BatchError):
    """The results can't be written (a full disk, no permission, a file system that refuses the file)."""


class BatchUsageError(BatchError):
    """The arguments can't work (missing output directory, output would be overwritten, ...)."""


@dataclass(frozen=True)
class BatchOptions:
    workers: int | None = None  # None: every core this process may use
    engine: Engine = "process"
    scheduler: str | None = None  # dask: address of an existing scheduler; None starts a local cluster
    lang: str = "en"
    time_limit: float | None = None  # seconds per record for CP-SAT
    triggers: bool = False  # a legal record's result also lists the triggers its declaration causes
    chunk_size: int = 64  # records per task of the process pool
    partition_lines: int = 5000  # dask: lines per partition of a plain file (a gzip file is one partition)
    resume: bool = False
    overwrite: bool = False
    local_cluster_processes: bool = True  # dask local cluster: worker processes (False: threads, for tests)


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
